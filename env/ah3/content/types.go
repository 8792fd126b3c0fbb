// Package content is Arkham Horror Third Edition (AH3) content as data: the
// Go types of a scenario and its components, a YAML loader whose every error
// names file:line and the broken constraint, and the shipped original
// scenario (embedded). The engine in env/ah3 plays a loaded *Scenario.
package content

// Skill is one of the five investigator skills (AH3 447.1).
type Skill uint8

// Skills in the fixed order used by arrays and the action vocabulary.
const (
	Observation Skill = iota
	Will
	Lore
	Influence
	Strength
	NumSkills = 5
	// AnySkill in an effect lets the investigator choose (AH3 491.3).
	AnySkill Skill = 255
)

// SkillNames name the skills as content files spell them.
var SkillNames = [NumSkills]string{"observation", "will", "lore", "influence", "strength"}

// StreetType is the kind of a street space (AH3 489.1).
type StreetType uint8

// Street types; NotStreet marks a neighborhood space.
const (
	NotStreet StreetType = iota
	Residential
	Bridge
	Park
)

// StreetTypeNames name the street types as content files spell them.
var StreetTypeNames = [...]string{"", "residential", "bridge", "park"}

// Space is one space of the board (AH3 451): a named part of a
// neighborhood, or a street.
type Space struct {
	Name         string
	Neighborhood int        // index into Scenario.Neighborhoods, or -1 for a street
	Street       StreetType // NotStreet for a neighborhood space
	Adjacent     []int      // adjacent spaces (AH3 476), sorted
	Icons        string     // the encounter hint icons (AH3 433.5), for people
	Line         int
}

// Neighborhood is one neighborhood tile (AH3 472): three spaces and a centre.
type Neighborhood struct {
	Name   string
	Spaces [3]int // space indices
	Deck   []int  // its neighborhood cards (indices into Scenario.Encounters)
	Line   int
}

// EncounterKind says which deck an encounter card belongs to.
type EncounterKind uint8

// Encounter card kinds.
const (
	NeighborhoodCard EncounterKind = iota // AH3 433
	StreetCard                            // AH3 434
	AnomalyCard                           // AH3 402.5
	EventCard                             // AH3 477
)

// EncounterKindNames name the kinds.
var EncounterKindNames = [...]string{"neighborhood", "street", "anomaly", "event"}

// Encounter is an encounter card: three encounters (one per neighborhood
// space, per street type, or per doom count) and, for an event card, its
// neighborhood and the spaces its doom icons mark.
type Encounter struct {
	Name         string
	Kind         EncounterKind
	Neighborhood int       // neighborhood and event cards; -1 otherwise
	Doom         []int     // event cards: spaces marked by doom icons (AH3 406.2-3)
	Texts        [3]string // what each encounter says, for people
	Effects      [3]Block  // the three encounters' effects
	Line         int
}

// AssetKind is the type of an asset (AH3 401.1).
type AssetKind uint8

// Asset kinds.
const (
	Item AssetKind = iota
	Spell
	Ally
	Condition
	Talent
)

// AssetKindNames name the kinds.
var AssetKindNames = [...]string{"item", "spell", "ally", "condition", "talent"}

// AssetPile says where an asset card lives when nobody owns it.
type AssetPile uint8

// Asset piles.
const (
	ItemDeck      AssetPile = iota // AH3 410
	SpellDeck                      // AH3 425
	AllyDeck                       // AH3 480
	ConditionPile                  // AH3 479
	SpecialPile                    // AH3 456
	StartingPile                   // AH3 481
)

// AssetPileNames name the piles (the YAML sections).
var AssetPileNames = [...]string{"items", "spells", "allies", "conditions", "specials", "starting"}

// Asset is one asset card. Gear bonuses apply to tests of the named skill
// when the asset is chosen as gear (AH3 470.2c).
type Asset struct {
	Name   string
	Kind   AssetKind
	Pile   AssetPile
	Traits []string // "common", "unusual", "ritual"… (AH3 405)
	Price  int      // AH3 441; 0 for special and starting cards
	Hands  int      // AH3 410.3
	Health int      // damage it can absorb (AH3 401.7)
	Sanity int      // horror it can absorb
	Copies int      // physical copies (AH3 005.2)
	// Bonus adds dice to tests of a skill when used as gear; BonusAction
	// limits the bonus to one standard action ("" = any test).
	Bonus       [NumSkills]int
	BonusAction string
	// SixDouble: each 6 rolled in an Attack action counts as 2 successes.
	SixDouble bool
	// Reroll: once per test, reroll one die (a die-changing effect, AH3 470.4b).
	Reroll bool
	// RaiseDie: once per test, add 1 to one die's value (a die-changing
	// effect, AH3 470.4b). A card has Reroll or RaiseDie, not both.
	RaiseDie bool
	// RerollDice is how many dice its once-per-test reroll rerolls ("reroll
	// up to N dice", AH3 470.4b): 1 for a plain reroll, 0 without one.
	RerollDice int
	// Discount: each item or spell its holder buys costs $Discount less
	// (AH3 441; docs/ah3-rulings.md, "several discounts").
	Discount int
	// HalfPrice: its holder buys at half price (AH3 441.2; not stacking
	// with other half-price effects, 441.3).
	HalfPrice bool
	// Successes are added to the result of a test of that skill while it
	// is held (AH3 470.4d: after the roll, before the result).
	Successes [NumSkills]int
	// FocusLimit changes its holder's focus limit while held (AH3 491.11;
	// losing it discards no token, 491.12).
	FocusLimit int
	// HoodInstead: in a neighborhood with an anomaly its holder may have the
	// neighborhood encounter instead of the anomaly encounter (AH3 438.6).
	HoodInstead bool
	// Action is the component action it carries (AH3 455), if any.
	Action *Action
	// CastHorror is the horror taken to cast this spell (AH3 425.7).
	CastHorror int
	Reckoning  Block // AH3 204.12
	// Condition cards: the condition's name (BLESSED, CURSED, DARK PACT), its
	// other face's name when it is two-faced (AH3 479.2), and its hidden back
	// effects when flipped (AH3 479.7).
	Condition string
	OtherFace string
	Back      Block
	BackText  string
	Text      string
	Line      int
}

// Action is a component action (AH3 455).
type Action struct {
	Name    string
	Engaged bool // may be performed while engaged (AH3 448.5)
	Where   int  // only in this space (AH3 455.4), or -1
	Effects Block
}

// Label is a monster's ability label (AH3 458, 459, 469).
type Label uint8

// Labels.
const (
	NoLabel Label = iota
	Hunter
	Patrol
	Lurker
)

// LabelNames name the labels.
var LabelNames = [...]string{"", "hunter", "patrol", "lurker"}

// Selector chooses prey (AH3 419) or a destination (AH3 494).
type Selector uint8

// Selectors.
const (
	SelNone Selector = iota
	// Prey.
	PreyNearest
	PreyLowestStrength
	PreyLowestWill
	PreyMostClues
	PreyLowestHealth // least remaining health
	PreyLowestSanity
	// Destinations.
	DestUnstable
	DestMostDoom
	DestSpace       // Monster.DestSpace
	DestNearestClue // a space of the nearest neighborhood with a clue in its centre
)

// SelectorNames name the selectors as content files spell them.
var SelectorNames = [...]string{"", "nearest", "lowest_strength", "lowest_will", "most_clues", "lowest_health", "lowest_sanity", "unstable", "most_doom", "space", "nearest_clue"}

// Monster is a monster card (AH3 445) or an epic monster (AH3 403.5e).
type Monster struct {
	// SetAside: its copies start in the set-aside zone, not the monster
	// deck, until an effect spawns them (AH3 457, spawn_set_aside).
	SetAside   bool
	Name       string
	Type       string // "Human", "Beast"… (AH3 445.8b)
	Health     int
	Attack     int // attack modifier (AH3 445.8f)
	Evade      int // evade modifier (AH3 445.8g)
	Damage     int // AH3 445.8i
	Horror     int
	Speed      int  // AH3 445.3d
	Remnant    bool // AH3 445.8c
	Feeding    bool // AH3 439
	Watching   bool // AH3 446
	Elusive    bool // AH3 450
	Massive    bool // AH3 454
	Elite      int  // AH3 495
	Epic       bool // AH3 403.5e
	Label      Label
	Prey       Selector
	Dest       Selector
	DestSpace  int
	Spawn      Selector // DestUnstable, DestSpace (SpawnSpace) or SelNone (the drawer's space)
	SpawnSpace int
	// Activation effects resolved after moving (AH3 202.2b); "you" is each
	// investigator in its space for each_here.
	Activation Block
	Text       string
	Copies     int
	Line       int
}

// Investigator is an investigator sheet (AH3 483).
type Investigator struct {
	Name       string
	Occupation string
	Roles      []string
	Health     int
	Sanity     int
	Skills     [NumSkills]int
	Focus      int // focus limit; 0 = unlimited (Rex Murphy)
	Money      int
	Clues      int
	Remnants   int
	Starting   []int // starting cards (indices into Scenario.Assets)
	Options    []int // choose one of these (AH3 110.5a)
	Abilities  []Ability
	Line       int
}

// Ability is an investigator ability: a component action, or a passive.
type Ability struct {
	Name    string
	Text    string
	Action  *Action
	Passive Passive
}

// Passive is the passive part of an ability.
type Passive struct {
	PreventDamage int // once per round, prevent this much damage you would take
	PreventHorror int
	Dice          [NumSkills]int // extra dice on tests of a skill
	ClueReroll    bool           // a reroll for a clue rerolls two dice
}

// Headline is a headline card (AH3 423).
type Headline struct {
	Name    string
	Rumor   bool // AH3 423.7
	Effects Block
	// A Rumor in the codex: effects at each Reckoning, its markers (AH3 443)
	// removed one per Reckoning, and what happens when the last one goes.
	Reckoning Block
	Markers   int
	Expire    Block
	Text      string
	Line      int
}

// Rule is a rule an archive card brings into play.
type Rule uint8

// Rules of archive cards 1 and 2.
const (
	NoRule        Rule = iota
	RuleSurge          // AH3 412
	RuleAnomalies      // AH3 402.3
)

// Archive is an archive card (AH3 403). Several cards may share a number:
// setup picks one of them at random, hidden until revealed.
type Archive struct {
	Number    int
	Name      string
	Text      string
	Rule      Rule
	OnAdd     Block // read and resolved before the card joins the codex (AH3 403.5b)
	Reckoning Block
	// Clue path (AH3 403.5c): when the scenario sheet holds ClueNeed clues,
	// spend them and resolve OnClues.
	ClueNeed int
	OnClues  Block
	// Doom path (AH3 403.5d): when the scenario sheet holds DoomAt doom,
	// resolve OnDoom.
	DoomAt int
	OnDoom Block
	// Monster is set for an epic monster (AH3 403.5e).
	Monster *Monster
	// Attach is the neighborhood whose deck the card is tucked under when
	// read, instead of joining the codex (AH3 403.5h), or -1; OnInteract
	// resolves when an investigator next has an encounter in that
	// neighborhood (AH3 403.5i), before the card drawn, and the card leaves.
	Attach     int
	OnInteract Block
	Line       int
}

// MythosToken is a token kind of the mythos cup (AH3 204.7-204.13).
type MythosToken uint8

// Mythos tokens.
const (
	TokenSpreadDoom MythosToken = iota
	TokenSpawnMonster
	TokenSpawnClue
	TokenHeadline
	TokenGateBurst
	TokenReckoning
	TokenBlank
	NumTokens = 7
)

// TokenNames name the tokens as content files spell them.
var TokenNames = [NumTokens]string{"spread_doom", "spawn_monster", "spawn_clue", "headline", "gate_burst", "reckoning", "blank"}

// Placement is a monster put on the map at setup (AH3 102.2).
type Placement struct {
	Monster   int
	Space     int
	Exhausted bool
}

// Scenario is a whole scenario with every component it uses.
type Scenario struct {
	Name          string
	Title         string
	Intro         string
	Spaces        []Space
	Neighborhoods []Neighborhood
	Start         int   // starting space (AH3 482.3b)
	Doom          []int // doom per space at setup (AH3 102.2)
	Placements    []Placement
	MonsterDeck   []int // monster kinds, one entry per copy (AH3 104)
	Cup           [NumTokens]int
	HeadlineCount int   // AH3 106.1 (13)
	Codex         []int // archive numbers added at setup (AH3 111.4)
	Anomalies     []int // anomaly cards used (AH3 111.5)
	Reckoning     Block // the scenario sheet's reckoning (AH3 482.3c)
	ReckoningText string
	Encounters    []Encounter
	Assets        []Asset
	Monsters      []Monster
	Investigators []Investigator
	Headlines     []Headline
	Archive       []Archive
	// Program holds every effect; Blocks index into it.
	Program Program
	Line    int
}
