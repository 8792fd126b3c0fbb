// Package ah3case runs AH3 rules cases: scripted games in YAML with a setup
// (forced dice, mythos tokens and deck tops), a list of answers, and the state
// expected afterwards. Cases live in env/ah3/testdata/cases; the format is
// in docs/ah3-rulings.md ("Rules cases").
package ah3case

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// Case is one scripted game.
type Case struct {
	Name string `yaml:"name"`
	Rule string `yaml:"rule"`
	// Game names the game of the case (docs/rules-cases.md, "The game
	// key"): ah3, or absent.
	Game    string   `yaml:"game"`
	Skip    string   `yaml:"skip"`
	Setup   Setup    `yaml:"setup"`
	Actions []string `yaml:"actions"`
	Expect  Expect   `yaml:"expect"`
	File    string   `yaml:"-"`
	Line    int      `yaml:"-"`
	// scenario is the shipped scenario with the case's extra content files
	// (Setup.Content), loaded with the case; nil for none.
	scenario *content.Scenario
}

// Setup says how to prepare the game before the actions.
type Setup struct {
	Content       []string            `yaml:"content"`       // extra content files, relative to the case file, loaded beside the shipped scenario
	Investigators []string            `yaml:"investigators"` // default Jenny Barnes, Tommy Muldoon
	Choose        []string            `yaml:"choose"`        // players choose at setup (AH3 110.1): these sheets, seat 0 first
	Seed          uint64              `yaml:"seed"`
	Start         string              `yaml:"start"`         // action (default), monster, encounter, mythos
	KeepMonsters  bool                `yaml:"keep_monsters"` // keep the map's monsters (default: cleared)
	Seats         []SeatSetup         `yaml:"seats"`
	Doom          map[string]int      `yaml:"doom"`          // by space; other spaces 0 when given
	SpaceMarkers  map[string]int      `yaml:"space_markers"` // markers by space (AH3 443)
	Clues         map[string]int      `yaml:"clues"`         // by neighborhood; others 0 when given
	Anomaly       []string            `yaml:"anomaly"`       // neighborhoods with an anomaly
	Monsters      []MonsterSetup      `yaml:"monsters"`
	Codex         []int               `yaml:"codex"`   // replaces the codex when given
	Variant       map[int]string      `yaml:"variant"` // archive number → card name
	SheetDoom     int                 `yaml:"sheet_doom"`
	SheetClues    int                 `yaml:"sheet_clues"`
	Dice          []int               `yaml:"dice"`    // the next dice, in order
	Cup           []string            `yaml:"cup"`     // the next mythos tokens, in order
	Top           map[string][]string `yaml:"top"`     // pile → cards put on top (first on top)
	Bottom        map[string][]string `yaml:"bottom"`  // pile → cards put at the bottom (last at the bottom)
	Reserve       []string            `yaml:"reserve"` // the Reserve, in slot order
	Empty         []string            `yaml:"empty"`   // piles emptied (headline only)
	Gone          []string            `yaml:"gone"`    // investigator sheets already defeated
	Rumor         string              `yaml:"rumor"`
	Markers       int                 `yaml:"markers"`
}

// SeatSetup changes one seat.
type SeatSetup struct {
	Seat        int            `yaml:"seat"`
	Space       string         `yaml:"space"`
	Money       *int           `yaml:"money"`
	Clues       *int           `yaml:"clues"`
	Remnants    *int           `yaml:"remnants"`
	Damage      *int           `yaml:"damage"`
	Horror      *int           `yaml:"horror"`
	Tokens      map[string]int `yaml:"tokens"`
	ClearAssets bool           `yaml:"clear_assets"`
	Assets      []string       `yaml:"assets"`
	Delayed     bool           `yaml:"delayed"`
	Used        []string       `yaml:"used"` // standard actions already used this round
}

// MonsterSetup puts a monster on the board.
type MonsterSetup struct {
	Monster string `yaml:"monster"`
	Space   string `yaml:"space"`
	Status  string `yaml:"status"`  // ready (default), exhausted, engaged
	Engaged int    `yaml:"engaged"` // the seat, with status engaged
	Damage  int    `yaml:"damage"`
}

// Expect is what the state must be after the actions.
type Expect struct {
	Round        *int              `yaml:"round"`
	Lead         *int              `yaml:"lead"` // the seat holding the lead token (AH3 409)
	Phase        string            `yaml:"phase"`
	Outcome      string            `yaml:"outcome"` // none, win, loss, truncated
	SheetDoom    *int              `yaml:"sheet_doom"`
	SheetClues   *int              `yaml:"sheet_clues"`
	Doom         map[string]int    `yaml:"doom"`
	SpaceMarkers map[string]int    `yaml:"space_markers"`
	Clues        map[string]int    `yaml:"clues"`
	Anomaly      map[string]bool   `yaml:"anomaly"`
	Codex        []int             `yaml:"codex"`
	Seats        []SeatExpect      `yaml:"seats"`
	Monsters     []MonsterExpect   `yaml:"monsters"`
	MonsterCount *int              `yaml:"monster_count"`
	Prompt       *PromptExpect     `yaml:"prompt"`
	Rumor        *string           `yaml:"rumor"`
	EventDiscard *string           `yaml:"event_discard_top"`
	Top          map[string]string `yaml:"top"` // pile → its top card
	PileSize     map[string]int    `yaml:"pile_size"`
	Reserve      *int              `yaml:"reserve"`   // cards in the Reserve
	Log          []string          `yaml:"log"`       // lines the event log must contain (substrings)
	LogLacks     []string          `yaml:"log_lacks"` // substrings no line of the event log may contain
}

// SeatExpect checks one seat.
type SeatExpect struct {
	Seat         int            `yaml:"seat"`
	Investigator *string        `yaml:"investigator"` // a name, or "none"
	Space        string         `yaml:"space"`
	Money        *int           `yaml:"money"`
	Clues        *int           `yaml:"clues"`
	Remnants     *int           `yaml:"remnants"`
	Damage       *int           `yaml:"damage"`
	Horror       *int           `yaml:"horror"`
	Tokens       map[string]int `yaml:"tokens"`
	Delayed      *bool          `yaml:"delayed"`
	Active       *bool          `yaml:"active"`
	Has          []string       `yaml:"has"` // asset names (or condition names)
	Lacks        []string       `yaml:"lacks"`
	Assets       *int           `yaml:"assets"` // how many
}

// MonsterExpect checks that a monster with these properties is on the board.
type MonsterExpect struct {
	Monster string `yaml:"monster"`
	Space   string `yaml:"space"`
	Status  string `yaml:"status"`
	Engaged *int   `yaml:"engaged"`
	Damage  *int   `yaml:"damage"`
	Absent  bool   `yaml:"absent"` // no such monster is on the board
}

// PromptExpect checks the open prompt.
type PromptExpect struct {
	Kind  string   `yaml:"kind"`
	Actor *int     `yaml:"actor"`
	Has   []string `yaml:"has"`
	Lacks []string `yaml:"lacks"`
	Count *int     `yaml:"count"`
}

// LoadFile reads the cases of one YAML file; errors name file and line.
func LoadFile(path string) ([]*Case, error) { return casefile.LoadFile(path, Parse) }

// LoadDir reads every *.yaml file of a directory in name order.
func LoadDir(dir string) ([]*Case, error) { return casefile.LoadDir(dir, LoadFile) }

// Game is the value of the `game:` key for AH3 cases (docs/rules-cases.md,
// "The game key").
const Game = "ah3"

// Parse reads the cases of a YAML document: a list of cases, or a mapping
// of `game: ah3` and `cases:` (casefile.DecodeFile), rejecting unknown
// keys; a case without a name or a rule, naming another game, or with a
// name used twice is an error (casefile.CheckHeaders). Each case's extra
// content files load with it, beside the shipped scenario.
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
	loaded := map[string]*content.Scenario{}
	for _, c := range cases {
		if len(c.Setup.Content) == 0 {
			continue
		}
		paths, err := casefile.ContentPaths(file, c.Line, c.Setup.Content)
		if err != nil {
			return nil, err
		}
		key := strings.Join(paths, "\x00")
		if sc, ok := loaded[key]; ok {
			c.scenario = sc
			continue
		}
		sc, err := content.LoadWith(content.Shipped(), content.DefaultScenario, paths)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: content: %v", file, c.Line, err)
		}
		c.scenario, loaded[key] = sc, sc
	}
	return cases, nil
}
