package main

import (
	"fmt"
	"path/filepath"
	"slices"
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
	load func(path string, dir bool) ([]checkCase, error)
}

// caseGames are the games `mythos check` knows; the first is the default.
var caseGames = []caseGame{
	{"lcg", []string{"lcg"}, loadLCGCases},
	{"ah3", []string{"ah3"}, loadAH3Cases},
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
// the game named by an element of the path, else the first game.
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
	return &caseGames[0], nil
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
