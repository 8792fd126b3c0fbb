package ah3

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// Config chooses the table: who plays, and how long a game may run.
type Config struct {
	// Investigators names the investigator of each seat (1 to 6 seats).
	Investigators []string
	// RoundCap ends the game as truncated after this many rounds (0: 30).
	RoundCap int
	// Choose lets each player choose their investigator at setup (AH3 110.1:
	// a PromptInvestigator per seat, seat 0 first, among the sheets not yet
	// taken) instead of taking the one Investigators names; Investigators
	// then only gives the number of seats.
	Choose bool
	// Start is a curriculum start (start.go); the zero value is the real
	// setup.
	Start Start
}

// Game is the static description of one scenario and table, shared by every
// state made from it (and by their clones). It is immutable.
type Game struct {
	Sc       *content.Scenario
	Cfg      Config
	info     game.Info
	inv      []int             // investigator sheet per seat at setup
	kinds    []content.Monster // monster kinds: the scenario's, then the epic monsters
	epicKind [MaxArchive]int16 // archive number → monster kind of its epic monster, or -1
	epicNum  []int16           // monster kind → archive number (epic) or 0
	variants [MaxArchive][]int16
	dist     [MaxSpaces][MaxSpaces]int8
	nSpaces  int
	hood     [MaxSpaces]int8 // neighborhood of each space, -1 for a street
	// per asset card: is it a named condition card, and its name's index
	condName []int8
	conds    []string
	roundCap int16
}

// NewGame checks a scenario against the engine's fixed layout and a table
// configuration, and prepares what every state of it shares.
func NewGame(sc *content.Scenario, cfg Config) (*Game, error) {
	if sc == nil {
		return nil, fmt.Errorf("ah3: no scenario")
	}
	n := len(cfg.Investigators)
	if n < 1 || n > MaxSeats {
		return nil, fmt.Errorf("ah3: %d investigators, want 1 to %d (AH3 110)", n, MaxSeats)
	}
	if len(sc.Investigators) > MaxInvestigator || len(sc.Assets) > MaxAssetDefs || len(sc.Spaces) > MaxSpaces || len(sc.Neighborhoods) > MaxHoods {
		return nil, fmt.Errorf("ah3: the content exceeds the engine's layout (%d sheets, %d assets, %d spaces, %d neighborhoods)", len(sc.Investigators), len(sc.Assets), len(sc.Spaces), len(sc.Neighborhoods))
	}
	if st := cfg.Start; st.Clues < 0 || st.Clues > MaxStartClues || st.SheetClues < 0 || st.SheetClues > MaxStartClues {
		return nil, fmt.Errorf("ah3: start clues %d and sheet clues %d, want 0 to %d each", st.Clues, st.SheetClues, MaxStartClues)
	}
	g := &Game{Sc: sc, Cfg: cfg, nSpaces: len(sc.Spaces), roundCap: int16(cfg.RoundCap)}
	if g.roundCap <= 0 {
		g.roundCap = 30
	}
	names := make([]string, n)
	for i, name := range cfg.Investigators {
		k := -1
		for j, v := range sc.Investigators {
			if v.Name == name {
				k = j
			}
		}
		if k < 0 {
			return nil, fmt.Errorf("ah3: unknown investigator %q", name)
		}
		for _, o := range g.inv {
			if o == k {
				return nil, fmt.Errorf("ah3: investigator %q chosen twice (AH3 110.1)", name)
			}
		}
		g.inv = append(g.inv, k)
		names[i] = name
		if cfg.Choose {
			names[i] = fmt.Sprintf("seat %d", i) // chosen at setup (AH3 110.1)
		}
	}
	for i := range g.epicKind {
		g.epicKind[i] = -1
	}
	g.kinds = append(g.kinds, sc.Monsters...)
	g.epicNum = make([]int16, len(sc.Monsters))
	for i, a := range sc.Archive {
		if a.Number >= MaxArchive {
			return nil, fmt.Errorf("ah3: archive number %d, the engine holds 1..%d", a.Number, MaxArchive-1)
		}
		g.variants[a.Number] = append(g.variants[a.Number], int16(i))
		if a.Monster != nil {
			g.epicKind[a.Number] = int16(len(g.kinds))
			g.kinds = append(g.kinds, *a.Monster)
			g.epicNum = append(g.epicNum, int16(a.Number))
		}
	}
	counts := map[content.AssetPile]int{}
	for i, a := range sc.Assets {
		counts[a.Pile] += a.Copies
		g.condName = append(g.condName, -1)
		if a.Kind == content.Condition {
			k := -1
			for j, c := range g.conds {
				if c == a.Condition {
					k = j
				}
			}
			if k < 0 {
				k = len(g.conds)
				g.conds = append(g.conds, a.Condition)
			}
			g.condName[i] = int8(k)
		}
	}
	for _, p := range []content.AssetPile{content.ItemDeck, content.SpellDeck, content.AllyDeck} {
		if counts[p] > MaxPile {
			return nil, fmt.Errorf("ah3: the %s deck has %d cards, the engine holds %d", content.AssetPileNames[p], counts[p], MaxPile)
		}
	}
	if len(sc.MonsterDeck) > MaxPile || len(sc.Headlines) > 64 {
		return nil, fmt.Errorf("ah3: too many monsters or headlines for the engine's layout")
	}
	// Distances for monster movement (AH3 202.2d, 202.2g).
	for i := 0; i < MaxSpaces; i++ {
		g.hood[i] = -1
		for j := 0; j < MaxSpaces; j++ {
			g.dist[i][j] = 127
		}
	}
	for i, sp := range sc.Spaces {
		g.hood[i] = int8(sp.Neighborhood)
		g.dist[i][i] = 0
		queue := []int{i}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range sc.Spaces[x].Adjacent {
				if g.dist[i][y] == 127 {
					g.dist[i][y] = g.dist[i][x] + 1
					queue = append(queue, y)
				}
			}
		}
	}
	g.info = game.Info{Name: "ArkhamHorror3", Agents: n, AgentNames: names, Actions: NumActions, ActionNames: ActionNames(), PromptKinds: promptNames}
	return g, nil
}

// New prepares a game of sc for cfg and sets it up with seed: the usual way
// to start a game. logging switches the event log on.
func New(sc *content.Scenario, cfg Config, seed uint64, logging bool) (*State, error) {
	g, err := NewGame(sc, cfg)
	if err != nil {
		return nil, err
	}
	return g.New(seed, logging), nil
}

// New sets up a fresh game with seed and runs it to the first decision.
func (g *Game) New(seed uint64, logging bool) *State {
	s := &State{g: g}
	s.Reset(seed, logging)
	return s
}

// Reset starts a new game with seed in s's storage (AH3 100), its log on
// or off (env.GameEnv's Reset finds it).
func (s *State) Reset(seed uint64, logging bool) {
	s.rng.Seed(seed)
	s.log.Enabled = logging
	s.log.Reset()
	s.stack.Clear()
	s.Data = Data{}
	s.setup()
	s.run()
}

// Apply answers the prompt with option choice and runs the rules to the next
// decision (game.State).
func (s *State) Apply(choice int) error {
	if s.Over() {
		return &game.IllegalError{Choice: choice}
	}
	if err := game.CheckChoice(&s.prompt, choice); err != nil {
		return err
	}
	s.stack.Answer(choice)
	s.run()
	return nil
}

// run resolves frames until a decision or the end of the game.
func (s *State) run() {
	for {
		c := game.Resolve(&s.stack, s, handlers[:])
		if c == game.Wait {
			return
		}
		if s.Over() {
			// Cards in the middle of an encounter go back where they belong.
			for i := range s.stack.Frames {
				if f := s.stack.Frames[i]; f.Op == opEncounterEnd {
					s.doEncounterEnd(&f)
				}
			}
			s.stack.Clear()
			s.prompt.Reset(game.NoAgent, game.PromptNone, -1)
			return
		}
		// The stack ran dry: the next round (AH3 205.1).
		s.push(opRound, -1, 0, 0, 0, 0)
	}
}

// answer returns the code and args of the chosen option of a frame's prompt.
func (s *State) answer(f *game.Frame) game.Option { return s.prompt.Options[f.Answer] }

// ask opens a prompt for the frame and returns Wait; options are added by
// the caller before returning.
func (s *State) ask(who int8, kind game.PromptKind, src int32) {
	s.prompt.Reset(game.AgentID(who), kind, src)
}

func (s *State) push(op uint16, who int8, src, tgt, a, b int32) *game.Frame {
	return s.stack.Push(op, game.AgentID(who), src, tgt, a, b)
}

func (s *State) sc() *content.Scenario { return s.g.Sc }

// end finishes the game with an outcome.
func (s *State) end(o uint8) game.Control {
	if s.Outcome == OutcomeNone {
		s.Outcome = o
		s.event(EvEnd, -1, int32(o), 0, 0)
	}
	return game.Halt
}

// Seat returns seat i's investigator sheet at setup.
func (g *Game) Seat(i int) int { return g.inv[i] }

// RulesActive reports whether archive card 1 (Surge) and 2 (Anomalies) are
// in the codex.
func (s *State) RulesActive() (surge, anomalies bool) {
	return s.rule(content.RuleSurge), s.rule(content.RuleAnomalies)
}
