package machina

import "github.com/mythos-rl/mythos/env/game"

// Phase of the round (MA §6).
type Phase uint8

// Phases.
const (
	PhaseSetup Phase = iota
	PhasePioneers
	PhaseLair
	PhaseHorror
	PhaseMonsters
	PhaseOver
)

var phaseNames = [...]string{"setup", "pioneers", "lair", "horror", "monsters", "over"}

// String names the phase.
func (p Phase) String() string { return phaseNames[p] }

// Where a card is.
type Zone uint8

// Zones of item, monster and event cards.
const (
	ZoneAside     Zone = iota // set aside: not yet added (higher levels)
	ZoneDeck                  // in its deck
	ZoneDiscard               // item discard pile, destroyed-monster pile, event discard pile
	ZoneBoxed                 // out of the game
	ZoneInventory             // a pioneer's inventory (items)
	ZoneEquipped              // equipped by a pioneer (items)
	ZonePlay                  // on the board (monsters)
	ZonePersonal              // a pioneer's personal event
	ZoneLimbo                 // revealed while an effect resolves (gain an item, workbench)
	ZoneVault                 // out of the game face down: boxed at random, unseen (hidden information)
)

var zoneNames = [...]string{"aside", "deck", "discard", "boxed", "inventory", "equipped", "play", "personal", "limbo", "vault"}

// String names the zone.
func (z Zone) String() string { return zoneNames[z] }

// Creature ids: pioneers are their seat (0..3); monsters are MonsterBase + the
// monster card's index; cell creatures (barrels, ritual cells) are CellBase +
// the cell.
const (
	MonsterBase = 8
	CellBase    = 1000
	NoCreature  = -1
)

// Pioneer is one seat's pioneer (MA §3.1, §3.6, §7).
type Pioneer struct {
	Card                int16 // index in Content.Pioneers
	Alive, OnBoard      bool
	Acted               bool // took its turn this round (MA §6.1)
	Pos                 int16
	HP, Stamina, Insp   int8
	Kills               int8 // monsters killed (statistics)
	PersonalN           int8
	Personal            [4]int16 // personal events in order of gain
	FreeCellCostApplied bool
}

// Monster is the state of one monster card (MA §3.2, §7.6): where it is, and
// its figure while in play.
type Monster struct {
	Zone    Zone
	Pos     int16
	Wounds  int8
	Stamina int8 // stamina left in its current turn (MA §19.2)
	// Controller is the pioneer seat that controls it this turn (MA §10.3),
	// or -1.
	Controller int8
}

// ItemState is where one item card is (MA §13.1).
type ItemState struct {
	Zone  Zone
	Owner int8  // pioneer seat for inventory and equipped
	Host  int16 // the item it is attached to, or -1 for a main item
	Ext   bool  // attached as an extension (else an upgrade)
}

// EventState is where one event card is (MA §15).
type EventState struct {
	Zone  Zone
	Owner int8 // personal events
}

// Mod is a continuous effect (MA §18.4, §18.5, §18.7): a modifier on one
// creature until its expiry, marked with a pioneer marker (Owner ≥ 0) or a
// horror marker (Owner = -1).
type Mod struct {
	Target int16 // creature
	Stat   Stat
	N      int8
	Owner  int8
	Marker bool // this record holds the marker (two-target effects hold one, MA §17.8)
	// From and To: with Stat statCellAs (Target -1), every cell of kind From
	// counts as kind To while the record lasts (MA §12.18).
	From, To CellKind
	Src      int32 // the ability reference
}

// TileRef is a tile in the stack: its index and the face that is up. Seen
// marks a tile that went back to the stack flipped (MA §11.3, §14.5): its face
// is known; the faces of the stack built at setup are not (MA §4.5). Group
// is non-zero for the tiles that went back together in one shuffle (the exit
// and the board clearing, MA §14.5, §22.20): everybody knows which tiles and
// faces the group holds, nobody the order within it, so Determinize permutes
// a group's run of slots. Adjacent groups always carry different numbers.
type TileRef struct {
	Tile  int16
	Face  uint8
	Seen  bool
	Group uint8
}

// Ritual is a finale's attack-only cell creature (MA §21.6).
type Ritual struct {
	Cell  int16
	HP    int8
	Start int8 // its health when the finale began: the pioneers who started it
}

// State is a game of Machina Arcana: plain data, with one seeded RNG. It
// implements game.State.
type State struct {
	ct   *Content // read-only, shared
	sc   *Scenario
	info *game.Info
	cfg  Config

	rng    game.RNG
	log    game.Log
	stack  game.Stack
	prompt game.Prompt

	Round  int16
	Phase  Phase
	over   bool
	result int8 // +1 victory, -1 defeat, 0 truncated or running

	// The chapter machine (MA §14).
	Chapters   []int8 // chapter indices of the scenario played, in order
	ChapterPos int8
	InFinale   bool
	Lair       int8
	Horror     int8
	Danger     int8
	Level      int8 // monster level 1..5 (MA §6.5.1)
	Progress   [MaxAbilities]int8
	Tokens     int8 // the finale's clock (MA §21.6)
	Rituals    []Ritual

	// Board is the map. The engine keeps a cache of its geometry (geo)
	// and a stamp of it: code that writes Board itself calls BoardChanged
	// before the state is used again.
	Board    Board
	geo      geometry       // the board's geometry, cached (geometry.go)
	stamp    uint64         // the board's stamp (boardstamp.go)
	Occ      [NumCells]int8 // the creature on each cell, or -1
	Entrance [2]int16       // entrance token cells, or -1 (MA §14.4)
	Exit     [2]int16       // exit token cells, or -1 (MA §14.5)
	Tiles    []TileRef      // the tile stack; the top is the last element (MA §4.5)

	N  int8 // pioneers
	P  [MaxPioneers]Pioneer
	Mx [MaxMonsters]Monster

	Order       []int8 // the monster order: monster card indices (MA §6.4)
	MonsterDeck []int8 // top is last
	MonsterPile []int8 // destroyed-monster pile, top is last
	Items       [MaxItems]ItemState
	ItemDecks   [numDecks][]int16 // top is last
	ItemDiscard []int16
	Events      [MaxEvents]EventState
	EventDecks  [2][]int16 // pioneer, horror; top is last
	EventPiles  [2][]int16 // discard piles; top (last) is the current event unless personal
	Limbo       []int16    // items revealed by gain an item / workbench
	// Progress tokens on item and event cards (MA §18.3).
	ItemProgress  [MaxItems]int8
	EventProgress [MaxEvents]int8
	Mods          []Mod
	Forced        []int8 // forced die results for rules cases, used first
	Active        int8   // the pioneer whose turn it is, or -1
	ActiveMon     int8   // the monster whose turn it is, or -1
	MonsterSide   bool   // some pioneer has died: monsters are unpredictable (MA §19.1)
	BoostUsed     int8   // scratch: inspiration spent on the current roll
	Roll          int8   // scratch: the current attack roll
	LastDeath     int8   // statistics: the seat of the last pioneer to die
	// HitQueue holds the hits waiting for their order (R-EVADERS,
	// hitorder.go): a stack of groups.
	HitQueue []int16
	// The campaign (MA §5.4): the game being played (0-based) and, in the
	// keep phase, the cards kept for the next one.
	Game        int8
	KeptItems   [MaxItems]bool
	KeptEvents  [MaxEvents]bool
	campaign    int8 // a campaign step for run (campaignKeep, campaignNext)
	scratchOpts []game.Option
	scratchCtx  EffectCtx // a card's Go function's context (effect: no allocation)
}
