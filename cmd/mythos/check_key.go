package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"gopkg.in/yaml.v3"
)

// gameKey reads the game a case file names with `game:` (docs/rules-cases.md,
// "The game key"): the key of its cases (a file is a list of cases) or of a
// file that is one mapping. It returns "" when no case names one; cases
// that disagree, or an unknown game, are an error naming file and line.
func gameKey(path string) (game string, line int, err error) {
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
			if _, err := gameNamed(v.Value); err != nil {
				return "", 0, fmt.Errorf("%s:%d: game %q: want one of lcg, ah3, machina", path, v.Line, v.Value)
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
