// Package lcgcase runs scripted rules cases for the Arkham Horror LCG engine
// (package lcg): "rules as data". A case file is a YAML list of cases; each
// case sets up a game of The Gathering, answers prompts, and states what the
// game must look like afterwards. The format is documented with a full
// example in docs/rules-cases.md; the cases live in env/lcg/testdata/cases.
package lcgcase

// Case is one scripted rules case: a setup, a list of actions and the
// expected state. Rule names the spec section (LCG §…) or the card it tests.
type Case struct {
	// Game names the game of the case (docs/rules-cases.md, "The game
	// key"): empty or "lcg"; another game is a load error.
	Game    string   `yaml:"game"`
	Name    string   `yaml:"name"`
	Rule    string   `yaml:"rule"`
	Skip    string   `yaml:"skip"` // a reason not to run the case (an engine bug); reported as SKIP
	Setup   Setup    `yaml:"setup"`
	Actions []Action `yaml:"actions"`
	Expect  Expect   `yaml:"expect"`

	File string `yaml:"-"` // the file the case was loaded from
	Line int    `yaml:"-"` // the line where the case starts
}

// Setup arranges the table before the first action. The game starts as the
// engine starts The Gathering (LCG §7) and stops at the first decision (the
// lead investigator's first action in round 1 when mulligans are off); the
// fields below then edit it, in the order they are listed here.
type Setup struct {
	// Investigators are codes or names; default ["Roland Banks"].
	Investigators []string `yaml:"investigators"`
	// Difficulty is easy, standard (default), hard or expert.
	Difficulty string `yaml:"difficulty"`
	// Seed seeds the game's RNG (default 1).
	Seed uint64 `yaml:"seed"`
	// Mulligan offers the opening mulligan (default false: no mulligan prompt).
	Mulligan bool `yaml:"mulligan"`
	// RandomWeakness adds a random basic weakness to each deck (default false).
	RandomWeakness bool `yaml:"random_weakness"`
	// Act advances the act deck, resolving each b-side, until this act index
	// (0 = act 1a) is current.
	Act *int `yaml:"act"`
	// Agenda makes this agenda index current (0 = agenda 1a) without resolving b-sides.
	Agenda *int `yaml:"agenda"`
	// Doom sets the doom on the current agenda.
	Doom *int `yaml:"doom"`
	// Locations set location state.
	Locations []LocationSetup `yaml:"locations"`
	// Seats set investigator state.
	Seats []SeatSetup `yaml:"seats"`
	// Keywords give every copy of a card in the game keywords for the case
	// (LCG §3 Keywords: the card "gains" them; they survive a blank).
	Keywords []KeywordSetup `yaml:"keywords"`
	// Enemies put enemies into play.
	Enemies []EnemySetup `yaml:"enemies"`
	// EncounterTop stacks the encounter deck: the first card is drawn first.
	EncounterTop []string `yaml:"encounter_top"`
	// Tokens are the chaos tokens the next reveals return, in order.
	Tokens []string `yaml:"tokens"`
	// Scenario is the scenario's code or name (default The Gathering).
	Scenario string `yaml:"scenario"`
	// CampaignLog is the campaign log the game starts with (entries by
	// their words, "house burned", "ghoul priest"); empty: the scenario's
	// standalone defaults.
	CampaignLog []string `yaml:"campaign_log"`
	// SetAsideTop stacks a deck kept set aside (The Midnight Masks' Cultist
	// deck): the first card listed is drawn first.
	SetAsideTop []string `yaml:"set_aside_top"`
	// Victory puts cards into the victory display (taken from where a copy
	// is: set aside, the encounter deck; else a new copy).
	Victory []string `yaml:"victory"`

	// Extras: decks, choose_lead, opening_deck, encounter_empty, counters
	// (format_extras.go).
	Extras `yaml:",inline"`

	// Campaign plays the scenario's campaign as one game (campaign play,
	// env/lcg/campaign_play.go); nil: a standalone scenario. Its fields are
	// in their own block (CampaignSetup).
	Campaign *CampaignSetup `yaml:"campaign"`
}

// ---- Campaign play (env/lcg/campaign_play.go, upgrade.go) ----

// CampaignSetup starts a campaign game and edits it. The game starts at
// scenario Start (0 The Gathering, 1 The Midnight Masks, 2 The Devourer
// Below) with the log of campaign_log (empty: that scenario's standalone
// defaults), the experience and trauma below and the scenario's starting
// damage and horror from that trauma; the setup fields above then apply to
// that scenario; then Swap edits the campaign deck lists, Defeat eliminates
// investigators, and Resolve ends the scenario (the between-scenarios step
// follows: trauma choices, the tally, the upgrade step).
type CampaignSetup struct {
	Start          int      `yaml:"start"`
	XP             []int    `yaml:"xp"`              // unspent experience per seat
	PhysicalTrauma []int    `yaml:"physical_trauma"` // per seat
	MentalTrauma   []int    `yaml:"mental_trauma"`   // per seat
	BagAdd         []string `yaml:"bag_add"`         // chaos tokens added for the rest of the campaign
	// Swap replaces cards of the campaign deck lists: "SEAT: OUT > IN"
	// ("0: Knife > Magnifying Glass"), titles or codes.
	Swap []string `yaml:"swap"`
	// Defeat eliminates investigators before Resolve: "SEAT: damage",
	// "horror", "both" or "resigned" (the trauma is recorded as in play).
	Defeat []string `yaml:"defeat"`
	// Resolve ends the scenario with R1, R2, R3 or "no resolution".
	Resolve string `yaml:"resolve"`
}

// CampaignPlayExpect is the expected campaign-play state.
type CampaignPlayExpect struct {
	Scenario *int                 `yaml:"scenario"` // the position in the campaign (0 The Gathering)
	Step     string               `yaml:"step"`     // playing, between, over
	Lost     *bool                `yaml:"lost"`     // a lost investigator could not be replaced
	Score    *float64             `yaml:"score"`    // the reward so far
	Bag      *int                 `yaml:"bag_adds"` // tokens added for the rest of the campaign
	Seats    []CampaignSeatExpect `yaml:"seats"`
}

// CampaignSeatExpect is the expected campaign state of one seat.
type CampaignSeatExpect struct {
	Seat           int        `yaml:"seat"`
	Investigator   string     `yaml:"investigator"`
	XP             *int       `yaml:"xp"`     // unspent
	Earned         *int       `yaml:"earned"` // by the last scenario
	PhysicalTrauma *int       `yaml:"physical_trauma"`
	MentalTrauma   *int       `yaml:"mental_trauma"`
	Status         string     `yaml:"status"` // active, killed, insane
	DeckSize       *int       `yaml:"deck_size"`
	Deck           ZoneExpect `yaml:"deck"` // the campaign deck list
}

// KeywordSetup gives every copy of a card keywords: Hunter, Retaliate,
// Aloof, Massive, Surge, Peril.
type KeywordSetup struct {
	Card string   `yaml:"card"`
	Add  []string `yaml:"add"`
}

// LocationSetup sets one location's state.
type LocationSetup struct {
	Name     string `yaml:"name"`
	InPlay   *bool  `yaml:"in_play"`  // true puts it into play
	Revealed *bool  `yaml:"revealed"` // true reveals it (placing its clues)
	Clues    *int   `yaml:"clues"`    // then sets its clues
}

// SeatSetup sets one investigator's state. Cards are named by title or code.
type SeatSetup struct {
	Seat        int      `yaml:"seat"`
	Location    string   `yaml:"location"`     // placed there (no move: no "after you enter")
	ClearHand   bool     `yaml:"clear_hand"`   // the opening hand goes to the bottom of the deck
	EmptyDeck   bool     `yaml:"empty_deck"`   // the deck goes to the discard pile
	Hand        []string `yaml:"hand"`         // put into hand (from the deck when there)
	DeckTop     []string `yaml:"deck_top"`     // stacked on the deck: the first is drawn first
	Discard     []string `yaml:"discard"`      // put on the discard pile
	Play        []string `yaml:"play"`         // put into play (assets, with their uses)
	Threat      []string `yaml:"threat"`       // put into the threat area (treacheries)
	Resources   *int     `yaml:"resources"`    // set last, after the cards
	Clues       *int     `yaml:"clues"`        //
	Damage      *int     `yaml:"damage"`       //
	Horror      *int     `yaml:"horror"`       //
	Actions     *int     `yaml:"actions"`      // actions left this turn
	PlayDamage  *int     `yaml:"play_damage"`  // damage on the last card of play
	PlayHorror  *int     `yaml:"play_horror"`  // horror on the last card of play
	PlayUses    *int     `yaml:"play_uses"`    // uses on the last card of play
	PlayExhaust bool     `yaml:"play_exhaust"` // exhaust the last card of play
}

// EnemySetup puts one enemy into play.
type EnemySetup struct {
	Card string `yaml:"card"`
	// At is the location; default the location of the engaged investigator
	// or, with none, seat 0's.
	At string `yaml:"at"`
	// Engaged is a seat number, "auto" (default: as the engagement rule
	// decides at once) or "none" (unengaged).
	Engaged   string `yaml:"engaged"`
	Damage    int    `yaml:"damage"`
	Doom      int    `yaml:"doom"`
	Exhausted bool   `yaml:"exhausted"`
	// Keywords the enemy gains before it is placed (Aloof, Massive…), so
	// that its engagement follows them.
	Keywords []string `yaml:"keywords"`
}

// Action is one step of a case. Written as a string it is "VERB [TARGET]":
// an action name of the engine (Investigate, EndTurn, Pass, Fight0…) or a
// ranged verb with a target (Move Hallway, Fight Ghoul Minion, Play Dodge,
// Commit Guts, Ability Machete, Choose 1, Investigator 1, Enemy Ghoul
// Minion, Location Attic, Assign Beat Cop, Discard Knife, Threat Haunted),
// "Option N" (answer with option index N) or "Advance KIND" (answer every
// prompt with its first option until a prompt of that kind).
type Action struct {
	Do      string   `yaml:"do"`      // the verb or action name
	Target  string   `yaml:"target"`  // location, enemy, card, seat or choice
	Ability *int     `yaml:"ability"` // for Ability: which ability (0 or 1) of the card
	Option  *int     `yaml:"option"`  // answer the prompt with option index N
	Advance string   `yaml:"advance"` // a prompt kind: answer first options until it
	Phase   string   `yaml:"phase"`   // with advance: also until this phase
	Seat    *int     `yaml:"seat"`    // with advance: a prompt for this seat
	Tokens  []string `yaml:"tokens"`  // force these chaos tokens next, in order
	// Refused says the action must be refused: it names no option of the
	// current prompt (or an index the engine rejects), and the game state
	// stays exactly as it was (its canonical bytes).
	Refused bool `yaml:"refused"`

	Line int `yaml:"-"`
}

// Expect is the expected state after the actions; an absent field is not checked.
type Expect struct {
	Phase      string           `yaml:"phase"`
	Round      *int             `yaml:"round"`
	Act        *int             `yaml:"act"`
	Agenda     *int             `yaml:"agenda"`
	Doom       *int             `yaml:"doom"`         // doom on the current agenda
	DoomInPlay *int             `yaml:"doom_in_play"` // on the agenda and every card in play
	Lead       *int             `yaml:"lead"`
	Seats      []SeatExpect     `yaml:"seats"`
	Locations  []LocationExpect `yaml:"locations"`
	Enemies    []EnemyExpect    `yaml:"enemies"`
	Prompt     *PromptExpect    `yaml:"prompt"`
	Over       *bool            `yaml:"over"`
	Resolution string           `yaml:"resolution"` // R1, R2, R3, "no resolution", "none"
	Score      *float64         `yaml:"score"`
	Victory    ZoneExpect       `yaml:"victory"`           // the victory display
	EncDiscard ZoneExpect       `yaml:"encounter_discard"` // the encounter discard pile
	EncDeck    ZoneExpect       `yaml:"encounter_deck"`
	Removed    ZoneExpect       `yaml:"removed"` // removed from the game
	SetAside   ZoneExpect       `yaml:"set_aside"`
	BagSize    *int             `yaml:"bag_size"`    // chaos tokens in the bag
	BagHas     []string         `yaml:"bag_has"`     // tokens in the bag (with repeats)
	VictoryPts *int             `yaml:"victory_pts"` // victory points in the victory display
	// Campaign is the campaign log: entries recorded (has) or not (lacks),
	// by their words, and the cards named under "cultists we interrogated"
	// and "cultists who got away".
	Campaign *CampaignExpect `yaml:"campaign_log"`

	// LogOrder: these lines of the game log (each a case-insensitive part
	// of a narrated line) appear in this order, not necessarily next to
	// each other (format_extras.go, expect_extras.go).
	LogOrder []string `yaml:"log_order"`
	// ActClues is the clues on the current act (an act whose objective is
	// clues on it: The Devourer Below's act 3a).
	ActClues *int `yaml:"act_clues"`

	// CampaignPlay is the campaign-play state (CampaignPlayExpect).
	CampaignPlay *CampaignPlayExpect `yaml:"campaign"`

	// Exact counts (format_counts.go): EnemyCount is the number of enemies
	// in play, whatever their names; BagExactly the whole chaos bag, tokens
	// in any order, repeats counted (bag_has is "at least").
	EnemyCount *EnemyCount `yaml:"enemy_count"`
	BagExactly *TokenList  `yaml:"bag_exactly"`
}

// CampaignExpect is the expected campaign log.
type CampaignExpect struct {
	Has          []string `yaml:"has"`
	Lacks        []string `yaml:"lacks"`
	Interrogated []string `yaml:"interrogated"`
	GotAway      []string `yaml:"got_away"`
}

// SeatExpect is the expected state of one investigator.
type SeatExpect struct {
	Seat         int        `yaml:"seat"`
	Resources    *int       `yaml:"resources"`
	Clues        *int       `yaml:"clues"`
	Damage       *int       `yaml:"damage"`
	Horror       *int       `yaml:"horror"`
	Actions      *int       `yaml:"actions"`
	Location     string     `yaml:"location"`
	Out          string     `yaml:"out"` // in, damage, horror, both, resigned, defeated
	HandCount    *int       `yaml:"hand_count"`
	DeckCount    *int       `yaml:"deck_count"`
	DiscardCount *int       `yaml:"discard_count"`
	PlayCount    *int       `yaml:"play_count"`
	ThreatCount  *int       `yaml:"threat_count"`
	Hand         ZoneExpect `yaml:"hand"`
	Deck         ZoneExpect `yaml:"deck"`
	Discard      ZoneExpect `yaml:"discard"`
	Play         ZoneExpect `yaml:"play"`
	Threat       ZoneExpect `yaml:"threat"`
	Skills       []int      `yaml:"skills"` // willpower, intellect, combat, agility with constant modifiers
	// PhysicalTrauma and MentalTrauma are recorded on defeat (LCG §3
	// Defeated, §3 Trauma), by agenda 3b and by the "when the game ends"
	// weaknesses; XPPenalty when the game ends (LCG §3 Experience).
	PhysicalTrauma *int `yaml:"physical_trauma"`
	MentalTrauma   *int `yaml:"mental_trauma"`
	XPPenalty      *int `yaml:"xp_penalty"`
	// Card state of a card in the play or threat area, by name.
	Cards []CardExpect `yaml:"cards"`
}

// CardExpect is the expected tokens and state of one card in a seat's play
// or threat area.
type CardExpect struct {
	Card      string `yaml:"card"`
	Damage    *int   `yaml:"damage"`
	Horror    *int   `yaml:"horror"`
	Clues     *int   `yaml:"clues"`
	Doom      *int   `yaml:"doom"`
	Uses      *int   `yaml:"uses"`
	Exhausted *bool  `yaml:"exhausted"`
}

// ZoneExpect says which cards a zone must and must not hold. Has counts
// repeats: [Guts, Guts] needs at least two copies. Count and Exactly are
// exact (format_counts.go): the number of cards in the zone, and the whole
// zone as a list of names in any order, repeats counted.
type ZoneExpect struct {
	Has     []string `yaml:"has"`
	Lacks   []string `yaml:"lacks"`
	Count   *int     `yaml:"count"`
	Exactly []string `yaml:"exactly"`

	Line int `yaml:"-"`
}

// LocationExpect is the expected state of one location.
type LocationExpect struct {
	Name     string `yaml:"name"`
	Clues    *int   `yaml:"clues"`
	Revealed *bool  `yaml:"revealed"`
	InPlay   *bool  `yaml:"in_play"`
	Shroud   *int   `yaml:"shroud"` // with modifiers
	// Attached: the cards attached to it (Locked Door, Obscuring Fog).
	Attached ZoneExpect `yaml:"attached"`
	Doom     *int       `yaml:"doom"` // doom on it (format_extras.go)
}

// EnemyExpect is the expected state of the first enemy in play (slot
// order) with this name, or that no such enemy is in play.
type EnemyExpect struct {
	Card      string `yaml:"card"`
	InPlay    *bool  `yaml:"in_play"` // default true
	At        string `yaml:"at"`
	Damage    *int   `yaml:"damage"`
	Exhausted *bool  `yaml:"exhausted"`
	Engaged   string `yaml:"engaged"` // a seat number or "none"
	Health    *int   `yaml:"health"`
	Doom      *int   `yaml:"doom"`
	Count     *int   `yaml:"count"` // enemies in play with this name
	Clues     *int   `yaml:"clues"` // clues on it (format_extras.go)
}

// PromptExpect is the expected current decision.
type PromptExpect struct {
	Kind  string   `yaml:"kind"` // none, mulligan, next-turn, action, window, commit, assign, order, target, choice, hand-size, reaction
	Actor *int     `yaml:"actor"`
	Has   []Action `yaml:"has"`   // options that must be offered
	Lacks []Action `yaml:"lacks"` // options that must not be offered
	Count *int     `yaml:"count"` // number of options
}
