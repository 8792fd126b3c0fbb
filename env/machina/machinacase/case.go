// Package machinacase runs Machina Arcana's rules cases: scripted
// situations written in YAML (docs/rules-cases.md, docs/machina-content.md
// "Rules cases", the cases in env/machina/testdata/cases). A case is loaded
// and checked (LoadRulesCases), its table staged through the engine's case
// hooks (env/machina/caseapi.go), its answers played, and the state compared
// with its expectations, as env/lcg/lcgcase and env/ah3/ah3case do for the
// other games.
package machinacase

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/machina"
	"github.com/mythos-rl/mythos/env/machina/content"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// A RulesCase is a scripted situation of the rules written in YAML: a board
// drawn as text, figures, forced dice and deck tops, a list of answers, and
// the state expected afterwards (docs/machina-content.md, "Rules cases").
type RulesCase struct {
	Name string `yaml:"name,required"`
	Rule string `yaml:"rule,required"`
	// Game names the game of the case (docs/rules-cases.md): machina, or
	// absent.
	Game    string     `yaml:"game"`
	Skip    string     `yaml:"skip"`
	Setup   CaseSetup  `yaml:"setup"`
	Actions []string   `yaml:"actions"`
	Expect  CaseExpect `yaml:"expect"`
	File    string     `yaml:"-"`
	Line    int
	// content is the shipped content with the case's extra files
	// (Setup.Content), loaded with the case; nil for none.
	content *machina.Content
}

// CaseSetup is the table before the first answer.
type CaseSetup struct {
	Pioneers     []string      `yaml:"pioneers"`
	Seed         uint64        `yaml:"seed"`
	Easy         bool          `yaml:"easy"`
	VeryEasy     bool          `yaml:"very_easy"`
	Cooperative  bool          `yaml:"cooperative"`
	Map          string        `yaml:"map"`
	Seats        []CaseSeat    `yaml:"seats"`
	Monsters     []CaseMonster `yaml:"monsters"`
	Dice         []int         `yaml:"dice"`
	Phase        string        `yaml:"phase"`
	Turn         int           `yaml:"turn"`
	Danger       *int          `yaml:"danger"`
	Level        int           `yaml:"level"`
	Lair         int           `yaml:"lair"`
	Horror       int           `yaml:"horror"`
	Chapter      int           `yaml:"chapter"`
	HorrorEvent  string        `yaml:"horror_event"`
	PioneerEvent string        `yaml:"pioneer_event"`
	EventTop     []string      `yaml:"event_top"`
	ItemTop      []string      `yaml:"item_top"`
	MonsterTop   []string      `yaml:"monster_top"`
	Exit         []int         `yaml:"exit"`
	Entrance     []int         `yaml:"entrance"`
	MonsterSide  bool          `yaml:"monster_side"`
	Mods         []CaseMod     `yaml:"mods"`
	Finale       bool          `yaml:"finale"`
	Tokens       *int          `yaml:"tokens"`
	RitualHP     []int         `yaml:"ritual_health"`
	Campaign     int           `yaml:"campaign"` // games in the campaign (MA §5.4)
	Game         int           `yaml:"game"`     // the campaign's game being played, 0-based
	// Level5Death sets Config.Level5Death (MA §22.16): death is offered at
	// monster level 5 beside the discards.
	Level5Death bool `yaml:"level5_death"`
	// Content lists extra content files (docs/machina-content.md), paths
	// relative to the case file, loaded beside the shipped content: a test
	// monster, item or tile written for the case.
	Content []string `yaml:"content"`
	// Tiles lays chosen tiles on chosen slots of the 2×2 window (MA §11.3)
	// instead of the starting board; TileStack puts chosen tiles on top of
	// the tile stack, the first listed drawn first (MA §4.5, §11.2).
	Tiles     []CaseTile `yaml:"tiles"`
	TileStack []CaseTile `yaml:"tile_stack"`
	// MonsterDeck cuts the monster deck to this many cards (the top ones;
	// the rest go to the box), before monster_top; DestroyedPile puts
	// monsters on the destroyed-monster pile, in order (MA §4.4, §6.5.1,
	// §7.6).
	MonsterDeck   *int     `yaml:"monster_deck"`
	DestroyedPile []string `yaml:"destroyed_pile"`
}

// CaseTile is a tile of the content with the face up (0 or 1) and, when laid,
// its slot of the window (0 top left, 1 top right, 2 bottom left, 3 bottom
// right, MA §23.2) and its clockwise quarter turns.
type CaseTile struct {
	ID   string `yaml:"id,required"`
	Face int    `yaml:"face"`
	Slot int    `yaml:"slot"`
	Rot  int    `yaml:"rot"`
	Line int
}

// CaseSeat places a pioneer and sets its values.
type CaseSeat struct {
	Seat        int      `yaml:"seat"`
	At          []int    `yaml:"at"`
	Off         bool     `yaml:"off"`
	Dead        bool     `yaml:"dead"`
	Health      *int     `yaml:"health"`
	Stamina     *int     `yaml:"stamina"`
	Inspiration *int     `yaml:"inspiration"`
	Inventory   []string `yaml:"inventory"`
	Equip       []string `yaml:"equip"`
	Personal    []string `yaml:"personal"`
}

// CaseMonster puts a monster on the board.
type CaseMonster struct {
	ID     string `yaml:"id"`
	At     []int  `yaml:"at"`
	Wounds int    `yaml:"wounds"`
}

// CaseMod is a continuous effect in force on a pioneer: by default its own
// pioneer marker (MA §18.5); with Horror a horror marker (MA §18.7), the
// continuous effect of a monster (Monster: the monster card's id, its
// first ability the source) or of a horror event, which ends when the
// horror markers return at the next horror phase (MA §6.3, §22.22).
type CaseMod struct {
	Seat    int    `yaml:"seat"`
	Stat    string `yaml:"stat"`
	Amount  int    `yaml:"amount"`
	Horror  bool   `yaml:"horror"`
	Monster string `yaml:"monster"`
	Line    int
}

// CaseExpect is what the state must show afterwards; absent fields are not
// checked.
type CaseExpect struct {
	Seats    []CaseSeatExpect    `yaml:"seats"`
	Monsters []CaseMonsterExpect `yaml:"monsters"`
	Cells    []CaseCellExpect    `yaml:"cells"`
	Doors    []CaseDoorExpect    `yaml:"doors"`
	Danger   *int                `yaml:"danger"`
	Level    *int                `yaml:"level"`
	Lair     *int                `yaml:"lair"`
	Horror   *int                `yaml:"horror"`
	Chapter  *int                `yaml:"chapter"`
	Phase    string              `yaml:"phase"`
	Round    *int                `yaml:"round"`
	Over     *bool               `yaml:"over"`
	Result   *int                `yaml:"result"`
	Order    []string            `yaml:"order"`
	Pile     []string            `yaml:"destroyed_pile"`
	Deck     *int                `yaml:"monster_deck"` // the monster deck's size
	Markers  *int                `yaml:"horror_markers"`
	Side     *bool               `yaml:"monster_side"`
	Event    string              `yaml:"pioneer_event"`
	Horrors  string              `yaml:"horror_event"`
	Tiles    *int                `yaml:"tiles"`
	Prompt   *CasePrompt         `yaml:"prompt"`
	Dice     *int                `yaml:"dice_left"`
	Discard  []string            `yaml:"item_discard"`
	Tokens   *int                `yaml:"tokens"`
	Rituals  []int               `yaml:"ritual_health"`
	Game     *int                `yaml:"game"`
	// FinaleProgress is machina.State.FinaleProgress, to 3 decimals.
	FinaleProgress *float64 `yaml:"finale_progress"`
}

// CaseSeatExpect checks one pioneer.
type CaseSeatExpect struct {
	Seat        int      `yaml:"seat"`
	At          []int    `yaml:"at"`
	Health      *int     `yaml:"health"`
	Stamina     *int     `yaml:"stamina"`
	Inspiration *int     `yaml:"inspiration"`
	Alive       *bool    `yaml:"alive"`
	OnBoard     *bool    `yaml:"on_board"`
	Defence     *int     `yaml:"defence"`
	Will        *int     `yaml:"will"`
	Inventory   []string `yaml:"inventory"`
	Equipped    []string `yaml:"equipped"`
	Personal    []string `yaml:"personal"`
	Markers     *int     `yaml:"markers"` // its pioneer markers in use (MA §18.5)
}

// CaseMonsterExpect checks one monster.
type CaseMonsterExpect struct {
	ID     string `yaml:"id"`
	At     []int  `yaml:"at"`
	Wounds *int   `yaml:"wounds"`
	Zone   string `yaml:"zone"`
	// Defence and Will: its effective characteristics now (MA §7.2).
	Defence *int `yaml:"defence"`
	Will    *int `yaml:"will"`
}

// CaseCellExpect checks one cell.
type CaseCellExpect struct {
	At        []int  `yaml:"at"`
	Destroyed *int   `yaml:"destroyed"`
	Lit       *bool  `yaml:"lit"`
	Kind      string `yaml:"kind"` // the kind it counts as now (MA §12.18): chest, explosive barrel, …
}

// CaseDoorExpect checks one edge.
type CaseDoorExpect struct {
	At   []int  `yaml:"at"`
	Side string `yaml:"side"`
	Edge string `yaml:"edge"`
}

// CasePrompt checks the current prompt.
type CasePrompt struct {
	Kind  string   `yaml:"kind"`
	Actor *int     `yaml:"actor"`
	Has   []string `yaml:"has"`
	Lacks []string `yaml:"lacks"`
	Count *int     `yaml:"count"`
}

// CaseGame is the value of the `game:` key for Machina Arcana cases
// (docs/rules-cases.md, "The game key").
const CaseGame = "machina"

// LoadRulesCases reads a YAML file of rules cases, a list or a mapping of
// `game: machina` and `cases:` (casefile.CasesNode); a case without a name
// or a rule, naming another game, or with a name used twice is an error
// (casefile.CheckHeaders); errors name the file and line.
func LoadRulesCases(path string) ([]*RulesCase, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	list, err := casefile.CasesNode(path, data, CaseGame)
	if err != nil {
		return nil, err
	}
	var cases []*RulesCase
	if err := content.DecodeNode(path, list, &cases); err != nil {
		return nil, err
	}
	hs := make([]casefile.Header, len(cases))
	for i, c := range cases {
		c.File = path
		hs[i] = casefile.Header{Name: c.Name, Rule: c.Rule, Game: c.Game, Line: c.Line}
	}
	if err := casefile.CheckHeaders(path, CaseGame, hs); err != nil {
		return nil, err
	}
	for _, c := range cases {
		if !strings.Contains(c.Rule, "MA §") {
			return nil, fmt.Errorf("%s:%d: rule must name a section as MA §N", path, c.Line)
		}
		if err := c.validate(); err != nil {
			return nil, err
		}
	}
	return cases, nil
}

func cellAt(xy []int) (int, error) {
	if len(xy) != 2 || xy[0] < 0 || xy[1] < 0 || xy[0] >= machina.Size || xy[1] >= machina.Size {
		return -1, fmt.Errorf("a cell is [x, y] on the canvas, got %v", xy)
	}
	return machina.Cell(xy[0], xy[1]), nil
}

// Run plays the case on the shipped content and returns every difference.
func (c *RulesCase) Run(ct *machina.Content) error {
	if c.content != nil {
		ct = c.content // the shipped content and the case's own files
	}
	s, err := c.stage(ct)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	for i, a := range c.Actions {
		if err := applyNamed(s, a); err != nil {
			return fmt.Errorf("action %d %q: %w\n%s", i+1, a, err, promptText(s))
		}
	}
	return c.check(s)
}

// Outcome runs the case on ct (unless it is skipped) and returns its result
// as `mythos check` prints it.
func (c *RulesCase) Outcome(ct *machina.Content) casefile.Outcome {
	r := casefile.Outcome{Status: casefile.Pass, Where: c.File + ":" + strconv.Itoa(c.Line)}
	if c.Skip != "" {
		r.Status = casefile.Skip
	} else if err := c.Run(ct); err != nil {
		r.Status, r.Diff = casefile.Fail, []string{err.Error()}
	}
	return r
}

// promptText writes the current prompt and its options.
func promptText(s *machina.State) string {
	var b strings.Builder
	p := s.Prompt()
	fmt.Fprintf(&b, "prompt %s for %d:", machina.PromptKindNames()[p.Kind], p.Actor)
	for i, o := range p.Options {
		fmt.Fprintf(&b, " [%s: %s]", machina.ActionNames()[o.Code], s.Describe(i))
	}
	return b.String()
}

// applyNamed answers the prompt with the option named (State.ActionByName),
// or with "Advance KIND" answers the first option until a prompt of that
// kind comes.
func applyNamed(s *machina.State, name string) error {
	if strings.HasPrefix(name, "Advance ") {
		kind := strings.TrimPrefix(name, "Advance ")
		for i := 0; i < 2000 && !s.Over(); i++ {
			if machina.PromptKindNames()[s.Prompt().Kind] == kind {
				return nil
			}
			if err := s.Apply(0); err != nil {
				return err
			}
		}
		return fmt.Errorf("no %s prompt came", kind)
	}
	code, err := s.ActionByName(name)
	if err != nil {
		return err
	}
	i := s.Prompt().Find(code)
	if i < 0 {
		return fmt.Errorf("not an option now")
	}
	return s.Apply(i)
}
