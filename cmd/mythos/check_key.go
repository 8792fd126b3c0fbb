package main

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/mythos-rl/mythos/internal/casefile"
)

// gameKey reads the game a case file names with `game:` (docs/rules-cases.md,
// "The game key"): casefile.GameKey, the runners' shared reading.
func gameKey(path string) (string, int, error) { return casefile.GameKey(path) }

// gameNamed is the case game of a name.
func gameNamed(name string) (*caseGame, error) {
	for i := range caseGames {
		if caseGames[i].name == name {
			return &caseGames[i], nil
		}
	}
	return nil, fmt.Errorf("no game %q", name)
}

// loadCasesOf loads the cases of a path, picking each file's game by its
// game key when it has one (a --game flag that disagrees is an error), else
// by gameOfCases (the flag, the path, the default). A directory none of
// whose files names a game loads as one, as before the key.
func loadCasesOf(path string, dir bool, flag string) ([]checkCase, error) {
	files := []string{path}
	if dir {
		var err error
		if files, err = filepath.Glob(filepath.Join(path, "*.yaml")); err != nil {
			return nil, err
		}
		sort.Strings(files)
	}
	keys := make([]string, len(files))
	named := false
	for i, f := range files {
		k, line, err := gameKey(f)
		if err != nil {
			return nil, err
		}
		if k != "" && flag != "" && k != flag {
			return nil, fmt.Errorf("%s:%d: game %s, but --game %s", f, line, k, flag)
		}
		keys[i], named = k, named || k != ""
	}
	if !named {
		g, err := gameOfCases(path, flag)
		if err != nil {
			return nil, err
		}
		return g.load(path, dir)
	}
	var all []checkCase
	for i, f := range files {
		g, err := gameOfCases(f, flag)
		if keys[i] != "" {
			g, err = gameNamed(keys[i])
		}
		if err != nil {
			return nil, err
		}
		cs, err := g.load(f, false)
		all = append(all, cs...)
		if err != nil {
			return all, err
		}
	}
	return all, nil
}
