package content

// Op is an effect primitive: the small vocabulary every card's text is
// written in. A card whose text the vocabulary cannot say names a Go
// function with OpCode (registered by the engine under the card's code).
type Op uint8

// Effect primitives. "You" is the investigator resolving the effect; "here"
// is your space (for a monster's activation, the monster's space).
const (
	OpNone             Op = iota
	OpGainMoney           // gain $N (AH3 418)
	OpSpendMoney          // spend $N (a cost, AH3 467)
	OpGainClue            // gain N clues from the supply
	OpSpendClue           // spend N of your clues
	OpGainRemnant         // gain N remnants (AH3 422)
	OpSpendRemnant        // spend N remnants
	OpTakeClueHere        // gain the clue in your neighborhood's centre (AH3 477.6)
	OpDamage              // take N damage (Direct: cannot be redirected, AH3 492.7)
	OpHorror              // take N horror (AH3 485)
	OpHeal                // recover N health (AH3 492.4)
	OpCalm                // recover N sanity (AH3 485.4)
	OpImprove             // improve a skill (Skill, or AnySkill: your choice; Stack: even beyond the limit, AH3 491.10)
	OpTest                // test Skill with modifier N, then Pass or Fail (AH3 470)
	OpRoll                // roll 1 die outside a test: Pass if it shows N or more (AH3 408)
	OpGainItem            // gain an item with trait Str ("" any) (AH3 410.5-6)
	OpGainSpell           // gain a spell (AH3 425.5)
	OpGainAlly            // gain an ally (AH3 480.3)
	OpGainSpecial         // gain the special card Ref (AH3 456)
	OpGainCondition       // become Str (AH3 479)
	OpDiscardCondition    // discard your Str condition
	OpPurchase            // buy from the Reserve; N=1: half price, Ref: $Ref less per card (AH3 411, 441)
	OpDelayed             // become delayed (AH3 424)
	OpSpawnMonster        // spawn a monster from the bottom of the deck (AH3 445.5) Where
	OpSpawnEpic           // spawn the epic monster of archive card Ref, Where (AH3 403.5e)
	OpPlaceDoom           // place N doom Where (AH3 406)
	OpRemoveDoom          // remove N doom from your space
	OpSheetDoom           // place N doom on the scenario sheet
	OpSheetDoomPerAnomaly
	OpSheetClue // place N clues on the scenario sheet (AH3 431)
	OpSpreadDoom
	OpSpawnClue
	OpGateBurst
	OpMoveTo // move directly Where (AH3 415.4)
	OpStep   // move up to N spaces (AH3 415.3)
	OpChoose // choose one of Choices (AH3 438.9); each option's cost is all or nothing (AH3 400.1d-f)
	OpIf     // if Cond holds, Pass, else Fail
	OpEachHere
	OpDevoured // AH3 478
	OpMayRetire
	OpAddCodex // add archive card Ref to the codex (AH3 403.5a)
	OpWin      // AH3 301
	OpLose     // AH3 302
	OpCode     // run the Go function named Str
	OpDisengageAll
	OpDamageMonster  // deal N damage to a monster in your space (your choice)
	OpRepeatAction   // perform again an action you performed this round (Witch Blood)
	OpGrantAction    // another investigator repeats an action they performed (Smoky Velvet)
	OpFlip           // flip this condition card and resolve its hidden back (AH3 479.7)
	OpPlaceMarker    // place N markers in your space (AH3 443: their meaning is the card's)
	OpRemoveMarker   // remove N markers from your space (AH3 443)
	OpSpawnSetAside  // spawn a set-aside copy of monster Ref, Where (AH3 457.2)
	OpTakeLead       // you take the lead investigator token (AH3 409; Appendix E #5: only content moves it)
	OpDefeatMonster  // defeat a non-epic monster of type Str ("" any) in your space, your choice, without damage (AH3 445.10)
	OpExhaustMonster // exhaust a ready or engaged monster of type Str ("" any) in your space, your choice (AH3 429; not Massive, 454.5)
	NumOps
)

// Where says where an effect places something.
type Where uint8

// Places.
const (
	Here     Where = iota // your space
	Unstable              // the unstable space (AH3 449)
	AtSpace               // the space Ref
	ByDeck                // a monster's own spawn line
)

// Cond is the condition of an OpIf.
type Cond uint8

// Conditions.
const (
	CondMoneyBelow   Cond = iota // you hold less than $N
	CondHasCondition             // you have the condition Str
	CondDoomHere                 // your space holds at least N doom
	CondClueHere                 // your neighborhood's centre holds a clue
	CondSheetClues               // the scenario sheet holds at least N clues
	CondEngaged                  // you are engaged
	CondMonsterHere              // a monster is in your space
	CondMarkersHere              // your space holds at least N markers (AH3 443)
)

// CondNames name the conditions as content files spell them.
var CondNames = [...]string{"money_below", "has_condition", "doom_here", "clue_here", "sheet_clues", "engaged", "monster_here", "markers_here"}

// Successes as an amount means "the successes of the last test".
const Successes = -1

// Block is a contiguous run of effects in a Program.
type Block struct{ Start, Len int32 }

// Choice is one option of an OpChoose: a label people read, an all-or-
// nothing cost and the effect.
type Choice struct {
	Label string
	Cost  Block
	Do    Block
}

// Effect is one primitive with its arguments.
type Effect struct {
	Op     Op
	N      int
	Skill  Skill
	Stack  bool
	Direct bool
	Where  Where
	Ref    int
	Cond   Cond
	Str    string
	Pass   Block
	Fail   Block
	// Choices is the run of Program.Choices of an OpChoose.
	Choices Block
	File    string
	Line    int
}

// Program is every effect of a scenario, flat.
type Program struct {
	Effects []Effect
	Choices []Choice
}

// Ops returns the effects of a block.
func (p *Program) Ops(b Block) []Effect { return p.Effects[b.Start : b.Start+b.Len] }

// Options returns the choices of an OpChoose.
func (p *Program) Options(e *Effect) []Choice {
	return p.Choices[e.Choices.Start : e.Choices.Start+e.Choices.Len]
}
