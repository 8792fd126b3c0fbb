package serve

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mythos-rl/mythos/env"
)

// quoteMax is the most bytes of a client's string that an error message
// quotes; a longer one is cut there and marked with "…" and its length.
const quoteMax = 64

// clip quotes a string the client sent, at most its first quoteMax bytes.
func clip(s string) string {
	if len(s) <= quoteMax {
		return strconv.Quote(s)
	}
	return clipped(s)
}

// clipped is clip of a string over quoteMax bytes.
func clipped(s string) string {
	cut := quoteMax
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("… (%d bytes)", len(s))
}

// clipOptions renders options as "key=value,…" with every key and value
// clipped when long, in key order.
func clipOptions(o env.Options) string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = short(k) + "=" + short(o[k])
	}
	return strings.Join(parts, ",")
}

// short is s as it is when short, else clipped.
func short(s string) string {
	if len(s) <= quoteMax {
		return s
	}
	return clipped(s)
}

// optionTexts lists the keys and values of o, for scrub.
func optionTexts(o env.Options) []string {
	texts := make([]string, 0, 2*len(o))
	for k, v := range o {
		texts = append(texts, k, v)
	}
	return texts
}

// specTexts lists an agent spec and its parts (name, options, keys and
// values), for scrub.
func specTexts(spec string) []string {
	texts := []string{spec}
	name, rest, _ := strings.Cut(spec, ":")
	texts = append(texts, name, rest)
	for _, kv := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(kv, "=")
		texts = append(texts, kv, k, v)
	}
	return texts
}

// scrub replaces, in an error message from another package, every long
// string the client sent (raw or quoted) by its clipped form, so that no
// message echoes more than quoteMax bytes of a client's input.
func scrub(msg string, texts ...string) string {
	// Longest first, so that a part never spoils the whole.
	sort.Slice(texts, func(i, j int) bool { return len(texts[i]) > len(texts[j]) })
	for _, t := range texts {
		if len(t) <= quoteMax {
			continue
		}
		c := clipped(t)
		msg = strings.ReplaceAll(msg, strconv.Quote(t), c)
		msg = strings.ReplaceAll(msg, t, c)
	}
	return msg
}
