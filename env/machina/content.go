package machina

// When says when an ability works (MA §16).
type When uint8

// Ability timings.
const (
	WhenActive      When = iota // used by paying its cost (MA §16.2)
	WhenPassive                 // always in effect while in play (MA §16.3)
	WhenEnter                   // once, when the card enters play (MA §16.4)
	WhenDestroyed               // when this monster is destroyed (MA §7.6, §18.1)
	WhenKill                    // when you kill (MA §10.5)
	WhenDealt                   // when you deal damage (MA §18.4)
	WhenDamaged                 // when you take damage (Slippery Vest)
	WhenHorror                  // when any horror event is (re)triggered (Nailed Boots)
	WhenChapter                 // when a new chapter begins (Abzu Guide)
	WhenLastHealth              // when you would lose your last health: these effects instead (Stygian Pendant, MA §18.6)
	WhenMarkerOff               // when a marker returns from this card (MA §18.6 [marker-off])
	WhenGainWeapon              // when you gain a weapon (Leather Holster, MA §13.8, §21.3)
	WhenKillWith                // when you kill with this item's ability (Re-opener, MA §10.5, §21.3)
	WhenAttack                  // when you attack, before the roll (Gazing Mirror, MA §21.3)
	WhenAfterAttack             // after you attack, hit or miss; the evader is the target (Piercing Revolver, MA §9.3, §21.3)
	numWhens
)

var whenNames = [...]string{"active", "passive", "enter", "destroyed", "kill", "dealt", "damaged", "horror_event",
	"chapter_start", "last_health", "marker_off", "gain_weapon", "kill_with", "attack", "after_attack"}

// TargetKind is an active ability's target symbol (MA §17.6, §17.7, §17.11).
type TargetKind uint8

// Target kinds.
const (
	TargetNone         TargetKind = iota // no target: the user itself, or the effects' own scopes (MA §16.2)
	TargetMelee                          // [melee]: range 0–1 with adjacency
	TargetRanged                         // [R≤X/blk]: obstacles block sight
	TargetRangedIgn                      // [R≤X/ign]: obstacles do not block sight
	TargetAnyPioneer                     // "any pioneer": on the user's tile (MA §17.7)
	TargetAnyMonster                     // "any monster": on the user's tile
	TargetAdjacentDoor                   // an orthogonally adjacent door (MA §12.4)
	numTargets
)

var targetNames = [...]string{"none", "melee", "ranged", "ranged_ign", "any_pioneer", "any_monster", "door"}

// Ability is one ability of a card, as data (MA §16, §18).
type Ability struct {
	Name    string
	When    When
	Stamina int8 // costs (MA §16.2)
	Insp    int8
	Health  int8
	Discard bool       // [discard] after use
	Marker  bool       // cost: return one of the user's markers from this card (MA §18.6, Circular Saw)
	Target  TargetKind // target symbol
	Range   int8       // X of a ranged symbol
	// Target2 and Range2: the symbol of a second target (MA §17.8), chosen
	// after the first, the same target allowed; effects with on: target2
	// reach it, the others the first. TargetNone: one target.
	Target2 TargetKind
	Range2  int8
	Monster bool // a horror event's active usable by monsters (MA §15.5)
	If      Cond // a triggered ability's condition (MA §18.1); CondNone: always
	Effects []Effect
	// Progress N: each use adds a progress token; at N remove them all and
	// resolve Then (MA §18.3).
	Progress int8
	Then     []Effect
}

// Class is a pioneer's class (MA §3.1).
type Class uint8

// Classes.
const (
	Shooter Class = iota
	Fighter
	Mystic
	Master
)

var classNames = [...]string{"shooter", "fighter", "mystic", "master"}

// String names the class.
func (c Class) String() string { return classNames[c] }

// PioneerCard is a pioneer's card (MA §3.1, §21.1).
type PioneerCard struct {
	ID, Name                               string
	Class                                  Class
	Defence, Will, MaxInsp, MaxHP, MaxStam int8
	Abilities                              []Ability
	passives                               statSet // the stats its passives change (indexStats)
}

// MonsterCard is a monster's card (MA §3.2, §21.2).
type MonsterCard struct {
	ID, Name                       string
	Level                          int8
	Defence, Will, Health, Stamina int8
	Immobile, Incorporeal          bool
	// WallIncorporeal: incorporeal while adjacent to a wall (Moon-Beast).
	WallIncorporeal bool
	Abilities       []Ability
	passives        statSet // the stats its passives change (indexStats)
}

// Deck is an item deck (MA §13.2).
type Deck uint8

// Item decks.
const (
	Weapon Deck = iota
	Clothing
	Artifact
	OneUse
	numDecks
)

var deckNames = [...]string{"weapon", "clothing", "artifact", "one_use"}

// String names the deck.
func (d Deck) String() string { return deckNames[d] }

// Fit is where a clothing item sits (MA §13.2).
type Fit uint8

// Clothing fits.
const (
	FitNone Fit = iota
	FitTorso
	FitHead
	FitLegs
)

var fitNames = [...]string{"", "torso", "head", "legs"}

// ItemCard is an item card (MA §3.3, §13).
type ItemCard struct {
	ID, Name      string
	Deck          Deck
	Level         int8
	Hands         int8 // weapons: 1 or 2 (MA §13.4)
	Ranged        bool // carries the ranged-target symbol (MA §3.3)
	Fit           Fit
	Defence, Will int8 // characteristic symbols (MA §3.3)
	// Upgrade symbols on the top and bottom edges (0: none), and extension
	// symbols on the left (an extension) and right (a host) edges (MA §13.6,
	// §13.7). Symbols are small numbers named in the content.
	UpTop, UpBottom, ExtLeft, ExtRight uint8
	Abilities                          []Ability
}

// EventCard is a pioneer or horror event (MA §3.5, §15).
type EventCard struct {
	ID, Name  string
	Horror    bool
	Personal  bool   // the link symbol (MA §15.3)
	Scenario  string // "" for a common event
	Abilities []Ability
	passives  statSet // the stats its passives change (indexStats)
}

// Chapter is a chapter card (MA §3.4, §14).
type Chapter struct {
	ID, Title    string
	Lair         int8 // starting lair value; 0: no lair phase (MA §6.2)
	Horror       int8 // starting horror value; 0: no horror phase (MA §22.8)
	Closed       bool // MA §14.2
	Finale       bool // "go to the finale" (MA §14.8) when this chapter starts
	VeryQuickWin bool // the very-quick variant is won by leaving the board here (MA §5.3)
	Abilities    []Ability
	passives     statSet // the stats its passives change (indexStats)
}

// Finale is a scenario's finale card and tile (MA §14.8, §21.6).
type Finale struct {
	Title string
	Tile  string
	// Rule names the finale's Go rules (victory, defeat, hooks).
	Rule string
	// Tokens is the clock: set-aside destruction tokens (MA §21.6).
	Tokens int8
	// RitualDefence and RitualWill are the ritual cells' characteristics.
	RitualDefence, RitualWill int8
	Lair, Horror              int8
}

// Scenario is a sequence of chapters ending in a finale (MA §4.1, §14).
type Scenario struct {
	ID, Name string
	// Chapters in order; the last is the epilogue read on victory when the
	// scenario has a finale.
	Chapters []Chapter
	Finale   *Finale
	// Quick skips these chapters (numbers from 1) in the quick variant;
	// VeryQuick plays only these (MA §5.3).
	Quick, VeryQuick []int
	// DangerTrack is the number of divisions of the danger track before the
	// arrow: the increases of danger per monster level (MA §22.5).
	DangerTrack int8
	// Events is the number of common events of each kind kept at setup
	// (MA §4.1 steps 6–7).
	Events int

	content *Content
}

// Content is the content the scenario belongs to.
func (sc *Scenario) Content() *Content { return sc.content }

// Content is a loaded, validated set of tiles and cards. It is read-only once
// loaded and shared by every state made from it.
type Content struct {
	Tiles     []Tile
	Pioneers  []PioneerCard
	Monsters  []MonsterCard
	Items     []ItemCard
	Events    []EventCard
	Scenarios []Scenario
	// The cards a pioneer owns that hold a free ability (MA §16.6), so a
	// reaction window costs nothing when none is in play.
	freePioneers, freeItems, freeEvents []int16
	// statSelf[st]: every passive of stat st reaches only its own card's
	// creature, so hasStat looks at that creature's cards alone; statItems
	// lists the items with such a passive.
	statSelf  [numStats]bool
	statItems [numStats][]int16
	// printedItems lists the items with a printed defence or will, in
	// order: only they add to those of the pioneer who equips them.
	printedItems []int16
	// whenItems[w] lists the items with an ability of timing w, and
	// weaponItems the weapons, in order (indexItems): the equipped items a
	// trigger or a weapon's extension can come from.
	whenItems   [numWhens][]int16
	weaponItems []int16
}

// Limits of the fixed layout.
const (
	MaxPioneers  = 4
	MaxMonsters  = 48 // monster cards in content
	MaxItems     = 96 // item cards in content
	MaxEvents    = 96
	MaxTiles     = 24
	MaxAbilities = 4 // abilities per card addressable by actions
)

func (c *Content) pioneerIndex(id string) int {
	for i := range c.Pioneers {
		if c.Pioneers[i].ID == id || c.Pioneers[i].Name == id {
			return i
		}
	}
	return -1
}

func (c *Content) tileIndex(id string) int {
	for i := range c.Tiles {
		if c.Tiles[i].ID == id {
			return i
		}
	}
	return -1
}

// Scenario returns the scenario with the given id, or nil.
func (c *Content) Scenario(id string) *Scenario {
	for i := range c.Scenarios {
		if c.Scenarios[i].ID == id {
			return &c.Scenarios[i]
		}
	}
	return nil
}
