package main

import (
	"path/filepath"
	"sort"

	"github.com/mythos-rl/mythos/env/machina/content"
	"github.com/mythos-rl/mythos/env/machina/machinacase"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// Machina Arcana's rules cases: a path with a machina element
// (env/machina/testdata/cases), or --game machina.
func init() {
	caseGames = append(caseGames, caseGame{"machina", []string{"machina"}, "MA", loadMachinaCases})
}

// loadMachinaCases loads Machina Arcana rules cases (env/machina/machinacase)
// from a file, or from the *.yaml files of a directory; they run on the
// shipped content.
func loadMachinaCases(path string, dir bool) ([]checkCase, error) {
	ct, err := content.Shipped()
	if err != nil {
		return nil, err
	}
	files := []string{path}
	if dir {
		if files, err = filepath.Glob(filepath.Join(path, "*.yaml")); err != nil {
			return nil, err
		}
		sort.Strings(files)
	}
	var out []checkCase
	for _, f := range files {
		cs, err := machinacase.LoadRulesCases(f)
		if err != nil {
			return out, err
		}
		for _, c := range cs {
			out = append(out, checkCase{Name: c.Name, Rule: c.Rule, Skip: c.Skip, Run: func() casefile.Outcome { return c.Outcome(ct) }})
		}
	}
	return out, nil
}
