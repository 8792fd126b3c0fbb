package casefile

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Header is what every case has, whatever its game: its name, the rule it
// tests, the game it names ("" for none) and the line it starts on.
type Header struct {
	Name, Rule, Game string
	Line             int
}

// CheckHeaders checks the cases of one file for game: each has a name and
// a rule, names no other game, and no two share a name. Errors name file
// and line.
func CheckHeaders(file, game string, hs []Header) error {
	seen := map[string]int{}
	for _, h := range hs {
		where := fmt.Sprintf("%s:%d", file, h.Line)
		switch {
		case strings.TrimSpace(h.Name) == "":
			return fmt.Errorf("%s: case without a name", where)
		case h.Game != "" && h.Game != game:
			return fmt.Errorf("%s: case %q names game %q: this runner reads %s cases (game: %s)", where, h.Name, h.Game, Title(game), game)
		case strings.TrimSpace(h.Rule) == "":
			return fmt.Errorf("%s: case %q has no rule: name the spec section or card it tests", where, h.Name)
		}
		if l, ok := seen[h.Name]; ok {
			return fmt.Errorf("%s: case %q is also at line %d: names must be unique", where, h.Name, l)
		}
		seen[h.Name] = h.Line
	}
	return nil
}

// ContentPaths resolves the extra content files a case at file:line names
// (`setup: content:`, relative to the case file) to paths on disk; an empty
// or absolute path is an error naming file and line.
func ContentPaths(file string, line int, rel []string) ([]string, error) {
	paths := make([]string, len(rel))
	for i, p := range rel {
		if p == "" || filepath.IsAbs(p) {
			return nil, fmt.Errorf("%s:%d: content: %q: want a file relative to the case file", file, line, p)
		}
		paths[i] = filepath.Join(filepath.Dir(file), filepath.FromSlash(p))
	}
	return paths, nil
}
