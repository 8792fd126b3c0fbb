package lcgcase

import (
	"regexp"
	"strings"
)

// unicodeMark matches a glyph's code point in a glossary heading: " (U+F2183)".
var unicodeMark = regexp.MustCompile(`\s*\(U\+[0-9A-F]+\)`)

// GlossaryEntries lists the English names of the glossary entries (the "###"
// headings of section 3 "Glossary A–Z") of the rules spec text, in order:
// "Ability", "Act Deck and Agenda Deck", "Activate (action)"… A case covers
// an entry when its rule names "§3 " followed by the entry.
func GlossaryEntries(spec string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(spec, "\n") {
		switch {
		case strings.HasPrefix(line, "## 3."):
			in = true
		case strings.HasPrefix(line, "## ") && in:
			return out
		case in && strings.HasPrefix(line, "### "):
			name := strings.TrimPrefix(line, "### ")
			if i := strings.Index(name, " (UA:"); i >= 0 {
				name = name[:i]
			}
			out = append(out, strings.TrimSpace(unicodeMark.ReplaceAllString(name, "")))
		}
	}
	return out
}
