package lcgcase

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/mythos-rl/mythos/internal/casefile"
)

// Game is the value of a case file's top-level `game:` key for this
// runner's cases (issue 22: a case file names its game, so that `mythos
// check FILE` works on a file anywhere).
const Game = "lcg"

// File is the mapping form of a case file: the game it is for and its
// cases.
//
//	game: lcg
//	cases:
//	  - name: …
//
// A file that is a bare list of cases (the form of every file under
// env/lcg/testdata/cases) is read as before.
type File struct {
	Game  string  `yaml:"game"`
	Cases []*Case `yaml:"cases"`
}

// decodeFile reads either form of a case file and returns the cases and
// the line each starts on. In the mapping form `game` is required and must
// be "lcg"; any other key is an error; every error names file and line.
func decodeFile(file string, data []byte) ([]*Case, []int, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil || len(root.Content) != 1 || root.Content[0].Kind != yaml.MappingNode {
		return casefile.Decode[*Case](file, data) // a list, or an error it reports with its line
	}
	m := root.Content[0]
	var game, cases *yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		switch k := m.Content[i]; k.Value {
		case "game":
			game = m.Content[i+1]
		case "cases":
			cases = m.Content[i+1]
		default:
			return nil, nil, fmt.Errorf("%s:%d: top-level key %q: a case file is a list of cases or a mapping of game and cases", file, k.Line, k.Value)
		}
	}
	switch {
	case game == nil:
		return nil, nil, fmt.Errorf("%s:%d: a case file that is a mapping names its game (game: %s)", file, m.Line, Game)
	case game.Kind != yaml.ScalarNode || strings.TrimSpace(game.Value) != Game:
		return nil, nil, fmt.Errorf("%s:%d: game %q: this runner reads Arkham Horror LCG cases (game: %s)", file, game.Line, game.Value, Game)
	case cases == nil || cases.Kind != yaml.SequenceNode:
		return nil, nil, fmt.Errorf("%s:%d: cases: want a list of cases", file, m.Line)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f File
	if err := dec.Decode(&f); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			msgs := make([]string, len(te.Errors))
			for i, msg := range te.Errors {
				msgs[i] = file + ": " + msg
			}
			return nil, nil, errors.New(strings.Join(msgs, "\n"))
		}
		return nil, nil, fmt.Errorf("%s: %s", file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(f.Cases) == 0 {
		return nil, nil, fmt.Errorf("%s:%d: no cases", file, cases.Line)
	}
	lines := make([]int, len(f.Cases))
	for i, n := range cases.Content {
		if i < len(lines) {
			lines[i] = n.Line
		}
	}
	return f.Cases, lines, nil
}
