package env

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/encode/ah3obs"
	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// AH3ID is the env id of the shipped Arkham Horror Third Edition scenario:
// ArkhamHorror3/<the scenario's name>-v0.
var AH3ID = "ArkhamHorror3/" + ah3ScenarioName() + "-v0"

// ah3ScenarioName is the shipped scenario's name (CamelCase, from its
// scenario.yaml); a broken shipped content still registers, and Build
// reports the error.
func ah3ScenarioName() string {
	if sc, err := content.Default(); err == nil && sc.Name != "" {
		return sc.Name
	}
	return "DrownedLantern"
}

// ah3Potentials are the AH3 shaping terms (docs/shaping.md); each reads the
// public state of env/ah3.
var ah3Potentials = []PotentialTerm{
	{Name: "clues", Doc: "clues the team holds plus those on the scenario sheet, over the clue need of the codex's clue path (1 per investigator when it has none), in [0, 1]", Value: func(s game.State) float64 { return ah3CluePotential(s.(*ah3.State)) }},
	{Name: "doom", Doc: "minus the doom on the scenario sheet over the codex's doom threshold (12 when it has none), in [-1, 0]", Value: func(s game.State) float64 { return ah3DoomPotential(s.(*ah3.State)) }},
	{Name: "board_doom", Doc: "minus the doom on the board's spaces over 4 per neighborhood, in [-1, 0]", Value: func(s game.State) float64 { return ah3BoardDoomPotential(s.(*ah3.State)) }},
	{Name: "damage", Doc: "minus the harm taken in [-1, 0]: per investigator, the mean of damage/health and horror/sanity, 1 without an investigator in play", Value: func(s game.State) float64 { return ah3DamagePotential(s.(*ah3.State)) }},
}

func init() {
	Register(Entry{
		ID:          AH3ID,
		Description: "Arkham Horror Third Edition, the original scenario The Drowned Lantern (or a content directory), cooperative, 1-6 investigators; team reward +1 win, -1 loss",
		Options: append([]OptionDoc{
			{Name: "investigators", Default: "2", Doc: "a count 1-6 (the first N investigators of the content: Jenny Barnes, Tommy Muldoon, Marie Lambeau, Wendy Adams, Calvin Wright, Rex Murphy in the shipped one), or comma-separated investigator names (case-insensitive; a first name or any unique part will do)"},
			{Name: "content", Default: "", Doc: "a content directory of YAML files to load instead of the shipped scenario (format: docs/ah3-content.md); errors name file:line"},
			{Name: "round_cap", Default: "30", Doc: "the game stops as truncated (score 0) after this many rounds"},
			{Name: "start_clues", Default: "0", Doc: "curriculum: extra clues each investigator holds at the end of setup (0-10; docs/shaping.md)"},
			{Name: "start_sheet_clues", Default: "0", Doc: "curriculum: clues on the scenario sheet at the end of setup, checked against the codex as a research is (0-10; a clue path they meet is spent and its next archive card read before round 1; docs/shaping.md)"},
			{Name: "choose_investigators", Default: "false", Doc: "each player chooses an investigator at setup, seat 0 first, among the sheets not yet taken (AH3 110.1); investigators then only gives the number of seats"},
		}, ShapingOptions(ah3Potentials)...),
		Build:      buildAH3,
		Potentials: ah3Potentials,
	})
}

// ah3Content loads the content option: the shipped scenario when empty.
func ah3Content(dir string) (*content.Scenario, error) {
	if strings.TrimSpace(dir) == "" {
		return content.Default()
	}
	dir = filepath.Clean(dir)
	if st, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("option content=%s: %w", dir, err)
	} else if !st.IsDir() {
		return nil, fmt.Errorf("option content=%s: not a directory", dir)
	}
	var (
		sc  *content.Scenario
		err error
	)
	if filepath.IsLocal(dir) {
		// Relative: the errors name the files as the user wrote the path.
		sc, err = content.Load(os.DirFS("."), filepath.ToSlash(dir))
	} else {
		sc, err = content.Load(os.DirFS(filepath.Dir(dir)), filepath.Base(dir))
		if err != nil {
			err = fmt.Errorf("in %s:\n%w", filepath.Dir(dir), err)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("option content=%s: %w", dir, err)
	}
	return sc, nil
}

// ah3Investigators reads the investigators option against a content.
func ah3Investigators(v string, sc *content.Scenario) ([]string, error) {
	t := strings.TrimSpace(v)
	if n, err := strconv.Atoi(t); err == nil {
		if n < 1 || n > ah3.MaxSeats || n > len(sc.Investigators) {
			return nil, fmt.Errorf("option investigators=%d: want a count 1 to %d, or investigator names", n, min(ah3.MaxSeats, len(sc.Investigators)))
		}
		names := make([]string, n)
		for i := range names {
			names[i] = sc.Investigators[i].Name
		}
		return names, nil
	}
	var names []string
	for _, want := range strings.Split(v, ",") {
		w := strings.ToLower(strings.TrimSpace(want))
		found := ""
		for _, inv := range sc.Investigators {
			name := strings.ToLower(inv.Name)
			if name == w {
				found = inv.Name
				break
			}
			if w != "" && strings.Contains(name, w) {
				if found != "" {
					return nil, fmt.Errorf("option investigators: %q names both %s and %s", want, found, inv.Name)
				}
				found = inv.Name
			}
		}
		if found == "" {
			known := make([]string, len(sc.Investigators))
			for i, inv := range sc.Investigators {
				known[i] = inv.Name
			}
			return nil, fmt.Errorf("option investigators: no investigator %q (known: %s)", want, strings.Join(known, ", "))
		}
		names = append(names, found)
	}
	return names, nil
}

// buildAH3 makes the AH3 game for env options; games of the built-in
// content are shared by the envs of the same options (see shared).
func buildAH3(opts Options) (*Game, error) {
	if opts.Str("content", "") == "" {
		return shared("ah3", opts, func() (*Game, error) { return buildAH3Game(opts) })
	}
	return buildAH3Game(opts)
}

// buildAH3Game builds the AH3 game for env options.
func buildAH3Game(opts Options) (*Game, error) {
	sc, err := ah3Content(opts.Str("content", ""))
	if err != nil {
		return nil, err
	}
	invs, err := ah3Investigators(opts.Str("investigators", "2"), sc)
	if err != nil {
		return nil, err
	}
	rc, err := opts.Int("round_cap", 30)
	if err != nil {
		return nil, err
	}
	if rc < 1 {
		return nil, fmt.Errorf("option round_cap=%d: want 1 or more", rc)
	}
	choose, err := opts.Bool("choose_investigators", false)
	if err != nil {
		return nil, err
	}
	var start ah3.Start
	for _, o := range []struct {
		name string
		v    *int
	}{{"start_clues", &start.Clues}, {"start_sheet_clues", &start.SheetClues}} {
		if *o.v, err = opts.Int(o.name, 0); err != nil {
			return nil, err
		}
		if *o.v < 0 || *o.v > ah3.MaxStartClues {
			return nil, fmt.Errorf("option %s=%d: want 0 to %d", o.name, *o.v, ah3.MaxStartClues)
		}
	}
	g, err := ah3.NewGame(sc, ah3.Config{Investigators: invs, RoundCap: rc, Choose: choose, Start: start})
	if err != nil {
		return nil, err
	}
	if start.SheetClues > 0 && ah3WonAtSetup(g) {
		// Enough clues to meet the whole clue path: no game is left to play.
		return nil, fmt.Errorf("option start_sheet_clues=%d: the scenario is won at setup; want fewer", start.SheetClues)
	}
	enc, err := ah3obs.New(g)
	if err != nil {
		return nil, err
	}
	return &Game{
		Info:    g.Info(),
		New:     func(seed uint64, logging bool) game.State { return g.New(seed, logging) },
		Encoder: enc,
	}, nil
}

// ah3WonAtSetup plays one game of g through its setup (the starting
// choices, each seat's first option) and reports whether it ended there:
// a start whose sheet clues meet the codex's whole clue path.
func ah3WonAtSetup(g *ah3.Game) bool {
	s := g.New(0, false)
	for !s.Over() && s.Round == 0 {
		if s.Apply(0) != nil {
			return false
		}
	}
	return s.Over()
}
