package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/mythos-rl/mythos/env/ah3/ah3case"
	"github.com/mythos-rl/mythos/env/lcg/lcgcase"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// checkCase is one rules case of any game, ready to run.
type checkCase struct {
	Name, Rule, Skip string
	Run              func() casefile.Outcome
}

// caseGame loads the rules cases of one game.
type caseGame struct {
	name string
	// dirs are path elements that mark a case file of this game
	// (env/ah3/testdata/cases → "ah3").
	dirs []string
	// cite is how this game's cases cite its spec in their rule field
	// ("LCG §3 Spawn", "AH3 441.1", "MA §12.6"): the word before the section.
	cite string
	load func(path string, dir bool) ([]checkCase, error)
}

// caseGames are the games `mythos check` knows; the first is the default.
var caseGames = []caseGame{
	{"lcg", []string{"lcg"}, "LCG", loadLCGCases},
	{"ah3", []string{"ah3"}, "AH3", loadAH3Cases},
}

// caseGameNames names the games of caseGames, in order.
func caseGameNames() []string {
	names := make([]string, len(caseGames))
	for i, g := range caseGames {
		names[i] = g.name
	}
	return names
}

// gameOfCases picks the game of a case path: the --game flag when set, else
// the game named by an element of the path, else the game whose spec the
// first case's rule cites, else the first game.
func gameOfCases(path, flag string) (*caseGame, error) {
	if flag != "" {
		for i := range caseGames {
			if caseGames[i].name == flag {
				return &caseGames[i], nil
			}
		}
		return nil, fmt.Errorf("--game %s: want one of %s", flag, strings.Join(caseGameNames(), ", "))
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	elems := strings.Split(filepath.ToSlash(abs), "/")
	for i := range caseGames {
		for _, d := range caseGames[i].dirs {
			if slices.Contains(elems, d) {
				return &caseGames[i], nil
			}
		}
	}
	if g := gameCitedIn(path); g != nil {
		return g, nil
	}
	return &caseGames[0], nil
}

// ruleLine is a case's rule field: `rule: AH3 441.1; ...`, or `- rule: ...`.
var ruleLine = regexp.MustCompile(`(?m)^[\s-]*rule:\s*['"]?([A-Za-z0-9]+)`)

// gameCitedIn is the game whose spec the first rule field of a case file (or
// of the first YAML file of a directory that has one) cites, or nil: a case
// file copied out of the repository, with no game key, still runs as its
// game (docs/rules-cases.md, "The game key").
func gameCitedIn(path string) *caseGame {
	files := []string{path}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		files, _ = filepath.Glob(filepath.Join(path, "*.yaml"))
		sort.Strings(files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if m := ruleLine.FindSubmatch(data); m != nil {
			for i := range caseGames {
				if caseGames[i].cite == string(m[1]) {
					return &caseGames[i]
				}
			}
		}
	}
	return nil
}

func loadLCGCases(path string, dir bool) ([]checkCase, error) {
	var (
		cs  []*lcgcase.Case
		err error
	)
	if dir {
		cs, err = lcgcase.LoadDir(path)
	} else {
		cs, err = lcgcase.LoadFile(path)
	}
	out := make([]checkCase, len(cs))
	for i, c := range cs {
		out[i] = checkCase{Name: c.Name, Rule: c.Rule, Skip: c.Skip, Run: func() casefile.Outcome { return lcgcase.Run(c).Outcome() }}
	}
	return out, err
}

func loadAH3Cases(path string, dir bool) ([]checkCase, error) {
	var (
		cs  []*ah3case.Case
		err error
	)
	if dir {
		cs, err = ah3case.LoadDir(path)
	} else {
		cs, err = ah3case.LoadFile(path)
	}
	out := make([]checkCase, len(cs))
	for i, c := range cs {
		out[i] = checkCase{Name: c.Name, Rule: c.Rule, Skip: c.Skip, Run: func() casefile.Outcome { return ah3case.Run(c).Outcome() }}
	}
	return out, err
}
