package content

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// sections are the top-level keys a content file may hold.
var sections = []string{"scenario", "investigators", "items", "spells", "allies", "conditions", "specials", "starting", "monsters", "neighborhood_cards", "street_cards", "anomaly_cards", "event_cards", "headlines", "archive"}

// raw is a whole content directory before compilation.
type raw struct {
	scenario      *rawScenario
	scenarioFile  string
	investigators []rawInvestigator
	assets        []rawAsset
	assetPile     []AssetPile
	monsters      []rawMonster
	encounters    []rawEncounter
	headlines     []rawHeadline
	archive       []rawArchive
}

// Errors is every problem found in a content directory, one per line, each
// "file:line: what".
type Errors []string

func (e Errors) Error() string { return strings.Join(e, "\n") }

// Load reads every *.yaml file of dir in fsys (in name order), checks it and
// compiles it into a Scenario. Every error names file:line and the
// constraint that broke.
func Load(fsys fs.FS, dir string) (*Scenario, error) { return LoadWith(fsys, dir, nil) }

// LoadWith is Load with extra content files read after the directory's
// (paths of the operating system, e.g. a test monster or card written for
// a rules case): their sections join the directory's as if the files were
// in it, and their errors name them.
func LoadWith(fsys fs.FS, dir string, extra []string) (*Scenario, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() && (strings.HasSuffix(e.Name(), ".yaml") || strings.HasSuffix(e.Name(), ".yml")) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no .yaml files", dir)
	}
	r := &raw{}
	var errs Errors
	l := &loader{r: r}
	for _, n := range names {
		p := path.Join(dir, n)
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		errs = append(errs, l.file(p, data)...)
	}
	for _, p := range extra {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		errs = append(errs, l.file(p, data)...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return compile(l)
}

type loader struct {
	r *raw
}

var lineRE = regexp.MustCompile(`line (\d+): `)

// yamlErr turns a yaml.v3 error into file:line messages.
func yamlErr(file string, err error) Errors {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		var out Errors
		for _, m := range te.Errors {
			out = append(out, file+":"+strings.Replace(strings.TrimPrefix(m, "line "), ": ", ": ", 1))
		}
		return out
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := lineRE.FindStringSubmatch(msg); m != nil {
		return Errors{file + ":" + m[1] + ": " + strings.Replace(msg, m[0], "", 1)}
	}
	return Errors{file + ": " + msg}
}

func (l *loader) file(file string, data []byte) Errors {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return yamlErr(file, err)
	}
	if len(root.Content) == 0 {
		return nil
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return Errors{fmt.Sprintf("%s:%d: a content file is a mapping of sections (%s)", file, doc.Line, strings.Join(sections, ", "))}
	}
	var errs Errors
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		at := func(line int) string { return fmt.Sprintf("%s:%d", file, line) }
		switch k.Value {
		case "scenario":
			if l.r.scenario != nil {
				errs = append(errs, at(k.Line)+": a second scenario section (the first is in "+l.r.scenarioFile+")")
				continue
			}
			var s rawScenario
			if e := strict(file, v, &s); e != nil {
				errs = append(errs, e...)
				continue
			}
			s.line = k.Line
			// Lines of the adjacency pairs and the neighborhoods.
			s.adjLine = childLines(v, "adjacent")
			for i, ln := range childLines(v, "neighborhoods") {
				if i < len(s.Neighborhoods) {
					s.Neighborhoods[i].line = ln
				}
			}
			for i, ln := range childLines(v, "streets") {
				if i < len(s.Streets) {
					s.Streets[i].line = ln
				}
			}
			l.r.scenario, l.r.scenarioFile = &s, file
		case "investigators":
			errs = append(errs, list(l, file, v, &l.r.investigators, func(x *rawInvestigator, f string, ln int) { x.file, x.line = f, ln })...)
		case "items", "spells", "allies", "conditions", "specials", "starting":
			pile := AssetPile(indexOf(AssetPileNames[:], k.Value))
			errs = append(errs, list(l, file, v, &l.r.assets, func(x *rawAsset, f string, ln int) { x.file, x.line = f, ln })...)
			for len(l.r.assetPile) < len(l.r.assets) {
				l.r.assetPile = append(l.r.assetPile, pile)
			}
		case "monsters":
			errs = append(errs, list(l, file, v, &l.r.monsters, func(x *rawMonster, f string, ln int) { x.file, x.line = f, ln })...)
		case "neighborhood_cards", "street_cards", "anomaly_cards", "event_cards":
			kind := EncounterKind(indexOf(EncounterKindNames[:], strings.TrimSuffix(k.Value, "_cards")))
			errs = append(errs, list(l, file, v, &l.r.encounters, func(x *rawEncounter, f string, ln int) { x.file, x.line, x.kind = f, ln, kind })...)
		case "headlines":
			errs = append(errs, list(l, file, v, &l.r.headlines, func(x *rawHeadline, f string, ln int) { x.file, x.line = f, ln })...)
		case "archive":
			errs = append(errs, list(l, file, v, &l.r.archive, func(x *rawArchive, f string, ln int) { x.file, x.line = f, ln })...)
		default:
			errs = append(errs, fmt.Sprintf("%s:%d: unknown section %q (want one of %s)", file, k.Line, k.Value, strings.Join(sections, ", ")))
		}
	}
	return errs
}

func indexOf(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}

// childLines returns the line of each item of the sequence under key in a
// mapping node.
func childLines(m *yaml.Node, key string) []int {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key && m.Content[i+1].Kind == yaml.SequenceNode {
			var out []int
			for _, c := range m.Content[i+1].Content {
				out = append(out, c.Line)
			}
			return out
		}
	}
	return nil
}

// list decodes a sequence of items strictly, appending them to dst and
// recording each one's file and line.
func list[T any](l *loader, file string, n *yaml.Node, dst *[]T, setLine func(*T, string, int)) Errors {
	if n.Kind != yaml.SequenceNode {
		return Errors{fmt.Sprintf("%s:%d: a section is a list of entries", file, n.Line)}
	}
	var errs Errors
	for _, item := range n.Content {
		var x T
		if e := strict(file, item, &x); e != nil {
			errs = append(errs, e...)
			continue
		}
		setLine(&x, file, item.Line)
		*dst = append(*dst, x)
	}
	return errs
}

// strict decodes n into v after checking that every mapping key is a field
// of v's type (recursively), so that a misspelt key is an error.
func strict(file string, n *yaml.Node, v any) Errors {
	if errs := checkKeys(file, n, reflect.TypeOf(v).Elem()); len(errs) > 0 {
		return errs
	}
	if err := n.Decode(v); err != nil {
		return yamlErr(file, err)
	}
	return nil
}

var nodeType = reflect.TypeOf(yaml.Node{})

func checkKeys(file string, n *yaml.Node, t reflect.Type) Errors {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		if t == nodeType {
			return nil
		}
		if n.Kind != yaml.MappingNode {
			if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
				return nil
			}
			return Errors{fmt.Sprintf("%s:%d: want a mapping, got %s", file, n.Line, kindName(n))}
		}
		var errs Errors
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			f, ok := fieldByTag(t, k.Value)
			if !ok {
				errs = append(errs, fmt.Sprintf("%s:%d: unknown key %q (known: %s)", file, k.Line, k.Value, strings.Join(tags(t), ", ")))
				continue
			}
			errs = append(errs, checkKeys(file, n.Content[i+1], f.Type)...)
		}
		return errs
	case reflect.Slice:
		if n.Kind == yaml.SequenceNode {
			var errs Errors
			for _, c := range n.Content {
				errs = append(errs, checkKeys(file, c, t.Elem())...)
			}
			return errs
		}
	}
	return nil
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return strconv.Quote(n.Value)
	}
	return "something else"
}

func fieldByTag(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if tag := strings.Split(f.Tag.Get("yaml"), ",")[0]; tag == key && f.IsExported() {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func tags(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		if tag := strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0]; tag != "" && tag != "-" {
			out = append(out, tag)
		}
	}
	return out
}
