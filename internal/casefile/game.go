package casefile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"gopkg.in/yaml.v3"
)

// Games are the values of the `game:` key (docs/rules-cases.md, "The game
// key"), one per case runner: env/lcg/lcgcase, env/ah3/ah3case and
// Machina's runner.
var Games = []string{"lcg", "ah3", "machina"}

// gameTitles name the games in errors.
var gameTitles = map[string]string{"lcg": "Arkham Horror LCG", "ah3": "AH3", "machina": "Machina Arcana"}

// Title names game in errors ("Arkham Horror LCG" for lcg).
func Title(game string) string {
	if t, ok := gameTitles[game]; ok {
		return t
	}
	return game
}

// knownGame reports whether g is one of Games.
func knownGame(g string) bool {
	for _, x := range Games {
		if x == g {
			return true
		}
	}
	return false
}

// CasesNode returns the list of cases of a case file for game, in either
// form: a bare list of cases, or a mapping of `game: GAME` and `cases:`
// (the list). In the mapping form `game` is required and must be game, any
// other key is an error, and `cases` must be a non-empty list; every error
// names file and line. A document that is no mapping is returned as it is
// (its decoder reports what is wrong, with the line).
func CasesNode(file string, data []byte, game string) (*yaml.Node, error) {
	n, _, err := casesNode(file, data, game)
	return n, err
}

// casesNode is CasesNode, reporting whether the file is the mapping form.
func casesNode(file string, data []byte, game string) (*yaml.Node, bool, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, false, fmt.Errorf("%s: %s", file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(root.Content) != 1 {
		return nil, false, fmt.Errorf("%s: no cases", file)
	}
	m := root.Content[0]
	if m.Kind != yaml.MappingNode {
		return m, false, nil
	}
	var g, cases *yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		switch k := m.Content[i]; k.Value {
		case "game":
			g = m.Content[i+1]
		case "cases":
			cases = m.Content[i+1]
		default:
			return nil, false, fmt.Errorf("%s:%d: top-level key %q: a case file is a list of cases or a mapping of game and cases", file, k.Line, k.Value)
		}
	}
	switch {
	case g == nil:
		return nil, false, fmt.Errorf("%s:%d: a case file that is a mapping names its game (game: %s)", file, m.Line, game)
	case g.Kind != yaml.ScalarNode || strings.TrimSpace(g.Value) != game:
		return nil, false, fmt.Errorf("%s:%d: game %q: this runner reads %s cases (game: %s)", file, g.Line, g.Value, Title(game), game)
	case cases == nil || cases.Kind != yaml.SequenceNode:
		return nil, false, fmt.Errorf("%s:%d: cases: want a list of cases", file, m.Line)
	case len(cases.Content) == 0:
		return nil, false, fmt.Errorf("%s:%d: no cases", file, cases.Line)
	}
	return cases, true, nil
}

// DecodeFile reads the cases of a case file for game in either form
// (CasesNode), decoding them strictly (unknown keys are errors), and
// returns with them the line each starts on. Errors name file and line.
func DecodeFile[T any](file string, data []byte, game string) ([]T, []int, error) {
	list, mapped, err := casesNode(file, data, game)
	if err != nil {
		return nil, nil, err
	}
	if !mapped {
		return Decode[T](file, data) // the bare list (or what its decoder rejects)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f struct {
		Game  string `yaml:"game"`
		Cases []T    `yaml:"cases"`
	}
	if err := dec.Decode(&f); err != nil {
		return nil, nil, decodeError(file, err)
	}
	lines := make([]int, len(f.Cases))
	for i, n := range list.Content {
		if i < len(lines) {
			lines[i] = n.Line
		}
	}
	return f.Cases, lines, nil
}

// decodeError names file in a yaml.v3 decoding error (each of a
// TypeError's lines).
func decodeError(file string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs := make([]string, len(te.Errors))
		for i, m := range te.Errors {
			msgs[i] = file + ": " + m
		}
		return errors.New(strings.Join(msgs, "\n"))
	}
	return fmt.Errorf("%s: %s", file, strings.TrimPrefix(err.Error(), "yaml: "))
}

// GameKey reads the game a case file names with `game:`: the key of its
// cases (a file that is a list) or of the file (one mapping). It returns ""
// when none names one; cases that disagree, or a game not in Games, are an
// error naming file and line. `mythos check` dispatches a file by it.
func GameKey(path string) (game string, line int, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", 0, err
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil || len(root.Content) == 0 {
		return "", 0, nil // the game's own loader reports the syntax error
	}
	var items []*yaml.Node
	switch doc := root.Content[0]; doc.Kind {
	case yaml.SequenceNode:
		items = doc.Content
	case yaml.MappingNode:
		items = []*yaml.Node{doc}
	}
	for _, it := range items {
		if it.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(it.Content); i += 2 {
			k, v := it.Content[i], it.Content[i+1]
			if k.Value != "game" {
				continue
			}
			if !knownGame(v.Value) {
				return "", 0, fmt.Errorf("%s:%d: game %q: want one of %s", path, v.Line, v.Value, strings.Join(Games, ", "))
			}
			if game != "" && v.Value != game {
				return "", 0, fmt.Errorf("%s:%d: game %s, but line %d says game %s", path, v.Line, v.Value, line, game)
			}
			if game == "" {
				game, line = v.Value, v.Line
			}
		}
	}
	return game, line, nil
}
