package ah3

import (
	"github.com/mythos-rl/mythos/env/game"
)

// Phase of the round (AH3 200).
type Phase uint8

// Phases.
const (
	PhaseSetup Phase = iota
	PhaseAction
	PhaseMonster
	PhaseEncounter
	PhaseMythos
)

var phaseNames = [...]string{"setup", "action", "monster", "encounter", "mythos"}

// String names the phase.
func (p Phase) String() string { return phaseNames[p] }

// Monster statuses (AH3 445.2).
const (
	Ready uint8 = iota
	Exhausted
	Engaged
)

// Investigator sheet statuses (AH3 483.7a).
const (
	SheetAvailable uint8 = iota
	SheetInPlay
	SheetDefeated
	SheetDevoured
	SheetRetired
)

// Outcomes.
const (
	OutcomeNone uint8 = iota
	OutcomeWin
	OutcomeLoss
	OutcomeTruncated
)

// Pile is an ordered deck of card indices; C[0] is the top.
type Pile struct {
	C [MaxPile]int16
	N uint8
}

// Cards returns the cards, top first.
func (p *Pile) Cards() []int16 { return p.C[:p.N] }

// PushTop puts a card on top.
func (p *Pile) PushTop(c int16) {
	if int(p.N) >= MaxPile {
		return
	}
	copy(p.C[1:p.N+1], p.C[:p.N])
	p.C[0] = c
	p.N++
}

// PushBottom puts a card at the bottom.
func (p *Pile) PushBottom(c int16) {
	if int(p.N) >= MaxPile {
		return
	}
	p.C[p.N] = c
	p.N++
}

// PopTop takes the top card, or -1.
func (p *Pile) PopTop() int16 {
	if p.N == 0 {
		return -1
	}
	c := p.C[0]
	copy(p.C[:p.N-1], p.C[1:p.N])
	p.N--
	return c
}

// PopBottom takes the bottom card, or -1.
func (p *Pile) PopBottom() int16 {
	if p.N == 0 {
		return -1
	}
	p.N--
	return p.C[p.N]
}

// Remove takes the card c out of the pile, reporting whether it was there.
func (p *Pile) Remove(c int16) bool {
	for i := 0; i < int(p.N); i++ {
		if p.C[i] == c {
			copy(p.C[i:p.N-1], p.C[i+1:p.N])
			p.N--
			return true
		}
	}
	return false
}

// Asset is one asset an investigator owns.
type Asset struct {
	Card    int16 // index into Scenario.Assets
	Damage  int8  // AH3 492.8
	Horror  int8  // AH3 485.8
	Used    bool  // its component action was used this round (AH3 455.3)
	UsedAP  bool  // used during this action phase (AH3 452.4)
	Locked  bool  // received in trade after use: unusable until the next action phase (AH3 452.4)
	Flipped bool  // a condition whose back has been revealed (AH3 479.7)
}

// Seat is one player and the investigator they play.
type Seat struct {
	Inv      int8 // investigator sheet, or -1 (defeated, awaiting a replacement or out)
	Space    int8
	Damage   int8
	Horror   int8
	Money    int16
	Clues    int16
	Remnants int16
	Tokens   [5]int8 // skill tokens per skill (AH3 491)
	Delayed  bool    // AH3 424
	Active   bool    // activation token on its active side (AH3 420)
	Used     uint16  // action types used this round: bit k = standard action k, bit 8+k = ability k (AH3 417.4)
	Taken    int8    // actions taken in this action-phase turn (AH3 201.1)
	Prevent  bool    // once-per-round prevention used
	NAssets  int8
	Assets   [MaxAssets]Asset
}

// Monster is one monster on the board.
type Monster struct {
	Kind    int16 // index into the game's monster kinds, -1 for a free slot
	Space   int8
	Status  uint8
	Engaged uint8 // bit per seat (several only for a Massive monster, AH3 454)
	Damage  int8
	Health  int8 // base + Elite (AH3 495)
	Acted   bool // activated in this monster phase
}

// Data is the plain data of a state: fixed-size values only, so that a copy
// is a clone and its bytes are canonical.
type Data struct {
	Round   int16
	Phase   Phase
	Outcome uint8
	N       int8 // seats
	NStart  int8 // investigators at the start (AH3 495.3)
	Lead    int8 // the seat holding the lead token (AH3 409)

	Seats [MaxSeats]Seat
	Sheet [MaxInvestigator]uint8 // investigator sheet statuses

	Doom     [MaxSpaces]int8 // AH3 406
	Clues    [MaxHoods]int8  // clues in each neighborhood's centre (AH3 472.5)
	Anomaly  [MaxHoods]bool  // AH3 402.3a
	Monsters [MaxMonsters]Monster

	SheetDoom  int16 // doom on the scenario sheet
	SheetClues int16 // clues researched onto the scenario sheet (AH3 431)

	Street, Event, EventDiscard, MonsterDeck Pile
	SetAside                                 Pile // set-aside monsters (AH3 457), unordered
	Headlines, HeadlineDiscard               Pile
	Items, Spells, Allies, Anomalies         Pile
	Hood                                     [MaxHoods]Pile
	Reserve                                  [ReserveSize]int16 // -1 empty (AH3 411)
	Avail                                    [MaxAssetDefs]int8 // copies of special, starting and condition cards in their piles
	HeadlineIn                               [64]bool           // headlines chosen for this game (AH3 106.1)

	Cup   [7]int8 // tokens left in the mythos cup (AH3 204.3)
	Drawn [7]int8

	Codex    [MaxCodex]int16 // archive card indices in the codex, in order (AH3 437)
	NCodex   int8
	Variant  [MaxArchive]int16 // archive number → the card used for it (hidden until revealed)
	Revealed uint32            // bit per archive number
	Rumor    int16             // the Rumor headline in the codex, or -1 (AH3 423.7)
	Markers  int8              // markers on the Rumor (AH3 443)

	// SpaceMarkers are the markers cards place in spaces (AH3 443.2: their
	// meaning is the card's).
	SpaceMarkers [MaxSpaces]int8
	// Attached is the archive card tucked under each neighborhood deck
	// (AH3 403.5h), or -1.
	Attached [MaxHoods]int16

	// The test in progress (AH3 470).
	Dice      [MaxDice]uint8
	NDice     int8
	TestSeat  int8
	TestSkill int8
	TestKind  int8   // the standard action the test is part of, or -1
	TestSix   bool   // each 6 counts as 2 successes (gear)
	RerollBy  uint16 // assets whose once-per-test reroll was used (bit per slot)
	LastSucc  int8   // successes of the last test
	LastPass  bool

	// The encounter in progress (AH3 438).
	EncCard   int16
	EncFrom   int8 // the neighborhood deck it came from, -1 street, -2 anomaly
	ClueTaken bool

	// Forced results for scripted rules cases: dice and mythos tokens.
	Forced     [16]uint8
	NForced    int8
	ForcedCup  [8]int8
	NForcedCup int8
}

// State is a whole game of AH3: plain data, deterministic, cheap to clone.
type State struct {
	g      *Game
	rng    game.RNG
	log    game.Log
	stack  game.Stack
	prompt game.Prompt
	Data
}

var _ game.State = (*State)(nil)

// Game returns the static game description shared by clones.
func (s *State) Game() *Game { return s.g }

// Info describes the game (game.State).
func (s *State) Info() *game.Info { return &s.g.info }

// Prompt is the decision the game waits for (game.State).
func (s *State) Prompt() *game.Prompt { return &s.prompt }

// Over reports whether the game has ended (game.State).
func (s *State) Over() bool { return s.Outcome != OutcomeNone }

// Score is +1 for a win, −1 for a loss, 0 otherwise (game.State).
func (s *State) Score() float64 {
	switch s.Outcome {
	case OutcomeWin:
		return 1
	case OutcomeLoss:
		return -1
	}
	return 0
}

// Returns writes the team score to every seat (game.State).
func (s *State) Returns(dst []float64) {
	for i := range dst {
		dst[i] = s.Score()
	}
}

// RNG is the state's random source (game.State).
func (s *State) RNG() *game.RNG { return &s.rng }

// Log is the state's event log (game.State).
func (s *State) Log() *game.Log { return &s.log }

// Clone returns a deep copy (game.State).
func (s *State) Clone() game.State { return s.CloneState() }

// CloneState is Clone with the concrete type.
func (s *State) CloneState() *State {
	c := &State{}
	s.CloneInto(c)
	return c
}

// CloneInto copies s into c, reusing c's storage.
func (s *State) CloneInto(c *State) {
	c.g = s.g
	c.rng = s.rng
	c.Data = s.Data
	s.log.CloneInto(&c.log)
	s.stack.CloneInto(&c.stack)
	c.prompt.Actor, c.prompt.Kind, c.prompt.Source = s.prompt.Actor, s.prompt.Kind, s.prompt.Source
	c.prompt.Options = append(c.prompt.Options[:0], s.prompt.Options...)
}

// Truncated reports whether the game stopped at the round cap.
func (s *State) Truncated() bool { return s.Outcome == OutcomeTruncated }
