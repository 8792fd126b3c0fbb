package env

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Options configure an env at make time, as text so that they travel the same
// way from Go, the command line and gRPC: {"investigators": "2"}.
type Options map[string]string

// OptionDoc documents one option an env accepts.
type OptionDoc struct {
	Name    string
	Default string
	Doc     string
	// Needs, when set, is the option this one depends on: "name=item" (the
	// comma-separated list of option name holds item) or "name" (option
	// name is given, not empty). Make refuses an option given without what
	// it needs, as it refuses an unknown one: an option that would mean
	// nothing must not pass silently.
	Needs string
}

// missing returns d.Needs when o does not give it, else "".
func (d *OptionDoc) missing(o Options) string {
	if d.Needs == "" {
		return ""
	}
	name, item, list := strings.Cut(d.Needs, "=")
	if list && o.HasItem(name, item) || !list && strings.TrimSpace(o[name]) != "" {
		return ""
	}
	return d.Needs
}

// Common options every env accepts; Make applies them as wrappers.
var commonOptions = []OptionDoc{
	{Name: "skip_trivial", Default: "false", Doc: "answer prompts that have a single legal option automatically"},
	{Name: "max_steps", Default: "0", Doc: "truncate an episode after this many decisions (0: no limit)"},
	{Name: "flat", Default: "false", Doc: "one float32 vector `flat` per observation instead of named fields (env.Flat)"},
}

// String returns the options as sorted key=value pairs.
func (o Options) String() string {
	keys := o.Keys()
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + o[k]
	}
	return strings.Join(parts, ",")
}

// Keys returns the option names in sorted order.
func (o Options) Keys() []string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ParseOptions reads "k=v,k2=v2" (the command-line form). A part without "="
// continues the previous value, so lists need no quoting:
// "investigators=roland,daisy,difficulty=easy". An empty value, an empty
// list item or a name given twice is an error that names the option: a typo
// must not silently fall back to the default or to the last value.
func ParseOptions(s string) (Options, error) {
	o := Options{}
	if strings.TrimSpace(s) == "" {
		return o, nil
	}
	last := ""
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, "=")
		k = strings.TrimSpace(k)
		if !ok {
			if last == "" {
				return nil, fmt.Errorf("option %q: want name=value", part)
			}
			item := strings.TrimSpace(part)
			if item == "" {
				return nil, fmt.Errorf("option %s=%q: empty item in the list", last, o[last]+",")
			}
			o[last] += "," + item
			continue
		}
		if k == "" {
			return nil, fmt.Errorf("option %q: want name=value", part)
		}
		if _, dup := o[k]; dup {
			return nil, fmt.Errorf("option %s given twice (%s=%s and %s=%s)", k, k, o[k], k, strings.TrimSpace(v))
		}
		if v = strings.TrimSpace(v); v == "" {
			return nil, fmt.Errorf("option %s has no value (want %s=VALUE; leave it out for the default)", k, k)
		}
		o[k] = v
		last = k
	}
	return o, nil
}

// Int reads an integer option, or def when absent.
func (o Options) Int(name string, def int) (int, error) {
	v, ok := o[name]
	if !ok || v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("option %s=%q: not an integer", name, v)
	}
	return n, nil
}

// Bool reads a boolean option, or def when absent.
func (o Options) Bool(name string, def bool) (bool, error) {
	v, ok := o[name]
	if !ok || v == "" {
		return def, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("option %s=%q: not true or false", name, v)
	}
	return b, nil
}

// Str reads a text option, or def when absent.
func (o Options) Str(name, def string) string {
	if v, ok := o[name]; ok && v != "" {
		return v
	}
	return def
}

// CommonOptionNames lists the options every env accepts (applied by Wrap).
func CommonOptionNames() []string {
	names := make([]string, len(commonOptions))
	for i, d := range commonOptions {
		names[i] = d.Name
	}
	return names
}

// Without returns a copy of o without the named keys.
func (o Options) Without(names ...string) Options {
	out := Options{}
	for k, v := range o {
		out[k] = v
	}
	for _, n := range names {
		delete(out, n)
	}
	return out
}

// Only returns an error naming the first option of o (in sorted order) that
// is not among names, or nil when o has no other keys.
func (o Options) Only(names ...string) error {
	for _, k := range o.Keys() {
		if !slices.Contains(names, k) {
			return fmt.Errorf("unknown option %q (known: %s)", k, strings.Join(names, ", "))
		}
	}
	return nil
}

// check is Only over the names of docs, with the env id in the error. The
// common case, every key known, allocates nothing (env.Make runs it each
// time); the map's order only decides whether to build the error, which
// Only writes in sorted order.
func (o Options) check(id string, docs []OptionDoc) error {
	for k := range o {
		if !slices.ContainsFunc(docs, func(d OptionDoc) bool { return d.Name == k }) {
			names := make([]string, len(docs))
			for i, d := range docs {
				names[i] = d.Name
			}
			return fmt.Errorf("%s: %w", id, o.Only(names...))
		}
	}
	for k := range o {
		if i := slices.IndexFunc(docs, func(d OptionDoc) bool { return d.Name == k }); docs[i].missing(o) != "" {
			return o.needsError(id, docs)
		}
	}
	return nil
}

// needsError is the error of the first option of o (in sorted order) given
// without an option it needs (see OptionDoc.Needs).
func (o Options) needsError(id string, docs []OptionDoc) error {
	for _, k := range o.Keys() {
		i := slices.IndexFunc(docs, func(d OptionDoc) bool { return d.Name == k })
		if i < 0 {
			continue
		}
		if need := docs[i].missing(o); need != "" {
			return fmt.Errorf("%s: option %s=%s applies only with %s (given: %s)", id, k, o[k], need, o)
		}
	}
	return nil
}

// HasItem reports whether the comma-separated list of option name holds
// item (spaces, case and '-' for '_' aside).
func (o Options) HasItem(name, item string) bool {
	for _, v := range strings.Split(o[name], ",") {
		if strings.EqualFold(strings.TrimSpace(strings.ReplaceAll(v, "-", "_")), item) {
			return true
		}
	}
	return false
}
