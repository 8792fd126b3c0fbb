package lcgcase

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/mythos-rl/mythos/internal/casefile"
)

// LoadFile reads the cases of one YAML file. Errors name the file and line.
func LoadFile(path string) ([]*Case, error) { return casefile.LoadFile(path, Parse) }

// LoadDir reads every *.yaml file of a directory, in name order.
func LoadDir(dir string) ([]*Case, error) { return casefile.LoadDir(dir, LoadFile) }

// Parse reads the cases of a YAML document: a list of cases, or a mapping
// that names its game, `game: lcg`, and holds the list under `cases:`
// (casefile.DecodeFile). Unknown keys are rejected (yaml.v3 KnownFields); a
// case without a name or a rule, naming another game, or with a name used
// twice in the file, is an error (casefile.CheckHeaders).
func Parse(file string, data []byte) ([]*Case, error) {
	cases, lines, err := casefile.DecodeFile[*Case](file, data, Game)
	if err != nil {
		return nil, err
	}
	hs := make([]casefile.Header, len(cases))
	for i, c := range cases {
		if c == nil {
			return nil, fmt.Errorf("%s:%d: case %d is empty", file, lines[i], i+1)
		}
		c.File, c.Line = file, lines[i]
		hs[i] = casefile.Header{Name: c.Name, Rule: c.Rule, Game: c.Game, Line: c.Line}
	}
	if err := casefile.CheckHeaders(file, Game, hs); err != nil {
		return nil, err
	}
	for _, c := range cases {
		if err := c.Expect.checkExactCounts(); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
	}
	return cases, nil
}

// actionKeys are the keys an action mapping may use.
var actionKeys = yamlKeys(reflect.TypeOf(Action{}))

func yamlKeys(t reflect.Type) map[string]bool {
	m := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		tag := strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0]
		if tag != "" && tag != "-" {
			m[tag] = true
		}
	}
	return m
}

// UnmarshalYAML reads an action written as a string ("Move Hallway") or as
// a mapping ({do: Ability, target: Knife, ability: 1}); a mapping's keys are
// checked like KnownFields does.
func (a *Action) UnmarshalYAML(n *yaml.Node) error {
	a.Line = n.Line
	switch n.Kind {
	case yaml.ScalarNode:
		return a.parse(n.Value)
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if !actionKeys[k.Value] {
				return fmt.Errorf("line %d: field %s not found in type lcgcase.Action (want one of %s)", k.Line, k.Value, strings.Join(sortedKeys(actionKeys), ", "))
			}
		}
		type plain Action
		var p plain
		if err := n.Decode(&p); err != nil {
			return err
		}
		line := a.Line
		*a = Action(p)
		a.Line = line
		if a.Do == "" && a.Option == nil && a.Advance == "" && a.Tokens == nil {
			return fmt.Errorf("line %d: an action needs do, option, advance or tokens", n.Line)
		}
		return nil
	}
	return fmt.Errorf("line %d: an action is a string or a mapping", n.Line)
}

// parse reads the string form "VERB [TARGET]".
func (a *Action) parse(s string) error {
	s = strings.TrimSpace(s)
	verb, rest, _ := strings.Cut(s, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(verb) {
	case "":
		return fmt.Errorf("line %d: empty action", a.Line)
	case "option":
		n, err := strconv.Atoi(rest)
		if err != nil {
			return fmt.Errorf("line %d: %q: Option needs an option index", a.Line, s)
		}
		a.Option = &n
	case "advance":
		if rest == "" {
			return fmt.Errorf("line %d: %q: Advance needs a prompt kind", a.Line, s)
		}
		a.Advance = rest
	default:
		a.Do, a.Target = verb, rest
	}
	return nil
}

// String writes the action back in its short form.
func (a Action) String() string {
	switch {
	case a.Option != nil:
		return fmt.Sprintf("Option %d", *a.Option)
	case a.Advance != "":
		s := "Advance " + a.Advance
		if a.Phase != "" {
			s += " (phase " + a.Phase + ")"
		}
		return s
	case a.Do == "" && a.Tokens != nil:
		return "Tokens " + strings.Join(a.Tokens, ", ")
	}
	s := a.Do
	if a.Target != "" {
		s += " " + a.Target
	}
	if a.Ability != nil {
		s += fmt.Sprintf(" #%d", *a.Ability)
	}
	return s
}

func sortedKeys(m map[string]bool) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
