// Package lcg is the rules engine of Arkham Horror: The Card Game (LCG): a
// pure, deterministic state machine over the kernel in env/game, with The
// Gathering (Night of the Zealot, scenario 1) as its first scenario.
//
// Every rule in code cites the spec section it implements
// (../shared/rules/arkham-lcg.md); rulings on gaps are in docs/lcg-rulings.md.
package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Limits of the fixed layout (also the maxima of the action vocabulary).
const (
	MaxInvestigators = 4  // seats
	MaxLocations     = 16 // location slots of a scenario (the campaign's largest, The Devourer Below, fits)
	MaxHand          = 16 // hand slots addressable by actions (more cards in hand: a panic)
	MaxEnemies       = 24 // enemy slots addressable by actions: every enemy card of the largest scenario fits (TestEveryEnemyCardFits)
	MaxPlay          = 12 // play-area slots addressable by actions (more: a panic)
	MaxThreat        = 8  // threat-area slots addressable by actions and observed
	// maxThreatCards is what a threat area holds (more: a panic): The Devourer
	// Below's act 1b can engage six cultists at once (ruling R-THREAT16).
	maxThreatCards = 16
	MaxChoice      = 16 // generic choices
	HandSize       = 8  // LCG §5.2 4.5
)

// Zone says where a card instance is (LCG §3 In Play and Out of Play).
type Zone uint8

// Zones.
const (
	ZoneNone         Zone = iota
	ZoneInvestigator      // an investigator card, in its seat
	ZoneDeck              // an investigator's deck
	ZoneHand              // an investigator's hand
	ZoneDiscard           // an investigator's discard pile
	ZonePlay              // an investigator's play area
	ZoneThreat            // an investigator's threat area (engaged enemies, treacheries)
	ZoneBoard             // in play at a location: locations, unengaged enemies, attachments, story assets
	ZoneEncDeck           // the encounter deck
	ZoneEncDiscard        // the encounter discard pile
	ZoneSetAside          // set aside
	ZoneVictory           // the victory display
	ZoneRemoved           // removed from the game
	ZoneLimbo             // being resolved (a drawn encounter card, an event being played, a committed card)
)

var zoneNames = [...]string{"none", "investigator", "deck", "hand", "discard", "play area", "threat area", "board", "encounter deck", "encounter discard", "set aside", "victory display", "removed", "limbo"}

// String names the zone.
func (z Zone) String() string {
	if int(z) < len(zoneNames) {
		return zoneNames[z]
	}
	return "zone?"
}

// Phase of the round (LCG §5).
type Phase uint8

// Phases.
const (
	PhaseSetup Phase = iota
	PhaseMythos
	PhaseInvestigation
	PhaseEnemy
	PhaseUpkeep
)

var phaseNames = [...]string{"setup", "mythos", "investigation", "enemy", "upkeep"}

// String names the phase.
func (p Phase) String() string { return phaseNames[p] }

// Inst is one card instance: a card definition and where and how it is.
type Inst struct {
	Def       cards.ID
	Zone      Zone
	Owner     int8 // seat of the owning investigator; -1 for encounter cards
	Ctrl      int8 // seat whose area holds it (play/threat/hand…), or the engaged investigator; -1 none
	Loc       int8 // location slot for cards on the board (and for locations, their own slot); -1 none
	Exhausted bool
	Revealed  bool // locations: revealed side up
	Damage    int8
	Horror    int8
	Clues     int8
	Doom      int8
	Uses      int8  // uses of the card's Uses kind (LCG §3 Uses), or resources on it
	Kw        uint8 // keywords gained (kwXxx bits, keywords.go; LCG §3 Keywords)
	Host      int16 // instance it is attached to, or -1
}

// Investigator is one seat's investigator and areas.
type Investigator struct {
	Card       int16 // instance of the investigator card
	Def        cards.ID
	Loc        int8 // location slot
	Damage     int8
	Horror     int8
	Clues      int8
	Resources  int16
	Actions    int8 // actions left this turn (LCG §5.2 2.2.1)
	TomeAction int8 // Daisy Walker's extra action for Tome abilities
	TookTurn   bool // mini-card flipped (LCG §5.2 2.2.2)
	Out        uint8
	Mulligan   bool // mulligan taken
	// Per-period limits.
	UsedRound uint8 // bits: limit-once-per-round abilities used this round
	UsedTurn  uint8 // bits: once per turn
	UsedPhase uint8 // bits: once per phase
	// Restricted bonus: the first move/fight/evade each round (Frozen in Fear) paid.
	FrozenPaid bool
	// Skill bonuses until the end of the phase (Encyclopedia) per skill.
	PhaseBonus [4]int8
	// Lasting effects on the investigator (bits lastXxx, lasting.go; LCG §3
	// Lasting Effects), each expiring at the end of its turn, phase or round.
	Lasting uint16
	// Recorded when the game ends (LCG §3 Trauma, §3 Experience): trauma
	// suffered and experience lost by card effects (Cover Up, Hospital Debts).
	MentalTrauma, PhysicalTrauma, XPPenalty int8
	Deck                                    []int16
	Hand                                    []int16
	Discard                                 []int16
	Play                                    []int16
	Threat                                  []int16
}

// Elimination reasons (LCG §3 Elimination, §3 Defeated).
const (
	OutNone uint8 = iota
	OutDamage
	OutHorror
	OutBoth
	OutResigned
	OutDefeated // by a card ability
)

// Resolutions of a scenario (LCG §12.5).
const (
	ResNone         uint8 = iota
	ResR1                 // act deck
	ResR2                 // act deck
	ResR3                 // agenda deck
	ResNoResolution       // all investigators eliminated
)

// State is the whole game: plain data, deterministic, cheap to clone.
type State struct {
	info *game.Info // static, shared by clones (immutable)
	cfg  *config    // static, shared by clones (immutable)

	rng    game.RNG
	log    game.Log
	stack  game.Stack
	prompt game.Prompt

	Round  int16
	Phase  Phase
	Lead   int8
	Active int8 // investigator taking a turn, or -1 (LCG §3 Active Player)
	N      int8 // investigators who started (LCG §3 Per Investigator)

	Inv   [MaxInvestigators]Investigator
	Cards []Inst

	Board      []int16 // scenario cards in play outside threat areas
	Enemies    []int16 // enemies in play, in the order they entered (index = enemy slot)
	EncDeck    []int16
	EncDiscard []int16
	SetAside   []int16
	Victory    []int16
	Removed    []int16
	Limbo      []int16

	LocInst [MaxLocations]int16  // location slot → instance (-1 none)
	Conn    [MaxLocations]uint16 // directed connections, bit k = connects to slot k

	Scenario   uint8 // the scenario being played (index of the registered ScenarioDefs, scenario.go)
	Act        int8  // index into the scenario's acts
	Agenda     int8  // index into the scenario's agendas
	AgendaDoom int8

	Bag      []int8 // chaos bag contents (token codes)
	Revealed []int8 // tokens revealed in the current test(s)
	Tests    []SkillTest

	// BlankSlots has bit k set while the enemy in slot k has a blank printed
	// text box until the end of the phase (Mind Wipe; LCG §3 Blank).
	BlankSlots uint32

	// Events are the timing points in resolution (triggers.go), innermost
	// last; its capacity is maxEvents and it never grows.
	Events []event

	Resolution uint8
	over       bool

	// Campaign is the campaign log (campaign.go): the scenario's resolution
	// records its entries when the game ends.
	Campaign CampaignLog
	// Camp is the campaign-play state (campaign_play.go); zero in a
	// standalone game.
	Camp CampaignPlay

	// trigLive has a bit per triggered ability (triggers.go) whose card has
	// an instance in this game (derived from Cards by newInst).
	trigLive uint64
	// hookLive says some card of this game has constant-ability hooks
	// (card_hooks.go; derived from Cards by newInst).
	hookLive bool
	// trigOpt maps each option of the open reaction prompt of a trigger
	// frame to its triggered ability (triggers.go).
	trigOpt [maxTrigOpts]int8
	// forced is a test hook: tokens to reveal next, in order.
	forced []int8
	// scratch buffers (not state; never shared between clones)
	scratch []int16
}

// Info implements game.State.
func (s *State) Info() *game.Info { return s.info }

// Prompt implements game.State.
func (s *State) Prompt() *game.Prompt { return &s.prompt }

// Over implements game.State.
func (s *State) Over() bool { return s.over }

// RNG implements game.State.
func (s *State) RNG() *game.RNG { return &s.rng }

// Log implements game.State.
func (s *State) Log() *game.Log { return &s.log }

// Won reports whether the scenario ended with a resolution from the act deck.
func (s *State) Won() bool { return s.resolution(s.Resolution).Won }

// Score implements game.State: +1 for an act-deck resolution, −1 for an
// agenda-deck resolution or when every investigator is eliminated, 0 while
// the game goes on (LCG §12.6, §3 Standalone Mode).
func (s *State) Score() float64 {
	if s.Camp.On {
		// Campaign play: the scenarios' graded rewards so far (campaign_play.go).
		return float64(s.Camp.Score) / 1000
	}
	if !s.over {
		return 0
	}
	if s.Won() {
		return 1
	}
	return -1
}

// Returns implements game.State: every seat gets the team's score.
func (s *State) Returns(dst []float64) {
	sc := s.Score()
	for i := range dst {
		dst[i] = sc
	}
}

// Clone implements game.State: a deep copy sharing no mutable memory.
func (s *State) Clone() game.State { return s.CloneState() }

// CloneState is Clone with the concrete type.
func (s *State) CloneState() *State {
	c := new(State)
	s.CloneInto(c)
	return c
}

func cp(dst, src []int16) []int16 {
	if src == nil {
		return dst[:0]
	}
	return append(dst[:0], src...)
}

// CloneInto copies s into c, reusing c's storage.
func (s *State) CloneInto(c *State) {
	inv := c.Inv
	cardsBuf, board, enemies := c.Cards, c.Board, c.Enemies
	encDeck, encDisc, setAside, victory, removed, limbo := c.EncDeck, c.EncDiscard, c.SetAside, c.Victory, c.Removed, c.Limbo
	bag, revealed, tests, forced, scratch := c.Bag, c.Revealed, c.Tests, c.forced, c.scratch
	events := c.Events
	if cap(events) < maxEvents {
		events = make([]event, 0, maxEvents)
	}
	log, stack, prompt := c.log, c.stack, c.prompt

	*c = *s
	c.scratch = scratch[:0]
	for i := range c.Inv {
		c.Inv[i].Deck = cp(inv[i].Deck, s.Inv[i].Deck)
		c.Inv[i].Hand = cp(inv[i].Hand, s.Inv[i].Hand)
		c.Inv[i].Discard = cp(inv[i].Discard, s.Inv[i].Discard)
		c.Inv[i].Play = cp(inv[i].Play, s.Inv[i].Play)
		c.Inv[i].Threat = cp(inv[i].Threat, s.Inv[i].Threat)
	}
	c.Cards = append(cardsBuf[:0], s.Cards...)
	c.Board = cp(board, s.Board)
	c.Enemies = cp(enemies, s.Enemies)
	c.EncDeck = cp(encDeck, s.EncDeck)
	c.EncDiscard = cp(encDisc, s.EncDiscard)
	c.SetAside = cp(setAside, s.SetAside)
	c.Victory = cp(victory, s.Victory)
	c.Removed = cp(removed, s.Removed)
	c.Limbo = cp(limbo, s.Limbo)
	c.Bag = append(bag[:0], s.Bag...)
	c.Revealed = append(revealed[:0], s.Revealed...)
	c.Tests = append(tests[:0], s.Tests...)
	c.forced = append(forced[:0], s.forced...)
	c.Events = append(events[:0], s.Events...)
	c.log = log
	s.log.CloneInto(&c.log)
	c.stack = stack
	s.stack.CloneInto(&c.stack)
	c.prompt = prompt
	c.prompt.Actor, c.prompt.Kind, c.prompt.Source = s.prompt.Actor, s.prompt.Kind, s.prompt.Source
	c.prompt.Options = append(prompt.Options[:0], s.prompt.Options...)
}

// MarshalBinary implements game.State: the canonical bytes of the state.
func (s *State) MarshalBinary() ([]byte, error) {
	var w game.Writer
	w.B = make([]byte, 0, 4096)
	w.RNG(&s.rng)
	w.I32(int32(s.Round))
	w.U8(uint8(s.Phase))
	w.U8(uint8(s.Lead))
	w.U8(uint8(s.Active))
	w.U8(uint8(s.N))
	for i := range s.Inv {
		v := &s.Inv[i]
		w.I32(int32(v.Card))
		w.I32(int32(v.Def))
		w.U8(uint8(v.Loc))
		w.U8(uint8(v.Damage))
		w.U8(uint8(v.Horror))
		w.U8(uint8(v.Clues))
		w.I32(int32(v.Resources))
		w.U8(uint8(v.Actions))
		w.U8(uint8(v.TomeAction))
		w.Bool(v.TookTurn)
		w.U8(v.Out)
		w.Bool(v.Mulligan)
		w.U8(v.UsedRound)
		w.U8(v.UsedTurn)
		w.U8(v.UsedPhase)
		w.Bool(v.FrozenPaid)
		game.Ints(&w, v.PhaseBonus[:])
		w.I32(int32(v.Lasting))
		w.U8(uint8(v.MentalTrauma))
		w.U8(uint8(v.PhysicalTrauma))
		w.U8(uint8(v.XPPenalty))
		game.Ints(&w, v.Deck)
		game.Ints(&w, v.Hand)
		game.Ints(&w, v.Discard)
		game.Ints(&w, v.Play)
		game.Ints(&w, v.Threat)
	}
	w.Int(len(s.Cards))
	for i := range s.Cards {
		c := &s.Cards[i]
		w.I32(int32(c.Def))
		w.U8(uint8(c.Zone))
		w.U8(uint8(c.Owner))
		w.U8(uint8(c.Ctrl))
		w.U8(uint8(c.Loc))
		w.Bool(c.Exhausted)
		w.Bool(c.Revealed)
		w.U8(uint8(c.Damage))
		w.U8(uint8(c.Horror))
		w.U8(uint8(c.Clues))
		w.U8(uint8(c.Doom))
		w.U8(uint8(c.Uses))
		w.U8(c.Kw)
		w.I32(int32(c.Host))
	}
	game.Ints(&w, s.Board)
	game.Ints(&w, s.Enemies)
	game.Ints(&w, s.EncDeck)
	game.Ints(&w, s.EncDiscard)
	game.Ints(&w, s.SetAside)
	game.Ints(&w, s.Victory)
	game.Ints(&w, s.Removed)
	game.Ints(&w, s.Limbo)
	game.Ints(&w, s.LocInst[:])
	game.Ints(&w, s.Conn[:])
	w.U8(uint8(s.Act))
	w.U8(uint8(s.Agenda))
	w.U8(uint8(s.AgendaDoom))
	game.Ints(&w, s.Bag)
	game.Ints(&w, s.Revealed)
	w.Int(len(s.Tests))
	for i := range s.Tests {
		s.Tests[i].write(&w)
	}
	w.I32(int32(s.BlankSlots))
	w.Int(len(s.Events))
	for i := range s.Events {
		s.Events[i].write(&w)
	}
	game.Ints(&w, s.trigOpt[:])
	w.U8(s.Resolution)
	w.Bool(s.over)
	w.U8(s.Scenario)
	w.I32(int32(s.Campaign.Records))
	w.Int(int(s.Campaign.NCards))
	for _, c := range s.Campaign.Cards[:s.Campaign.NCards] {
		w.U8(uint8(c.Key))
		w.I32(int32(c.Card))
	}
	s.Camp.write(&w)
	game.Ints(&w, s.forced)
	w.Stack(&s.stack)
	w.Prompt(&s.prompt)
	w.Log(&s.log)
	return w.B, nil
}

// card returns the definition of a card instance.
func (s *State) card(id int16) *cards.Card { return def(s.Cards[id].Def) }

// inGame reports whether seat i is still in the game.
func (s *State) inGame(i int) bool { return i < int(s.N) && s.Inv[i].Out == OutNone }

// finish ends the scenario with a resolution (LCG §12.5).
func (s *State) finish(res uint8) {
	if s.over {
		return
	}
	s.gameEnds()
	s.Resolution = res
	s.over = true
	for _, k := range s.resolution(res).Log {
		s.Campaign.Record(k) // the campaign guide's "record in your campaign log"
	}
	if h := s.scen().Finish; h != nil {
		h(s, res) // the lists a resolution records (cards named under an entry)
	}
	s.log.Add(evResolution, -1, int32(res), 0, 0)
}

// cont turns a handler's control into Halt once the game is over.
func (s *State) cont(c game.Control) game.Control {
	if s.over {
		return game.Halt
	}
	return c
}
