package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Card hooks: a card's constant abilities as data the engine asks about at
// its timing points ("which cards in play modify this skill?"), registered
// under the card's id next to the rest of the card's behaviour. The engine
// names no card here; a new constant ability is one more field when a
// second card needs it (DESIGN: a card in one place).

// cardHooks are one card's constant abilities while it is in a play area.
// ctrl is its controller, seat the investigator the rule asks about.
type cardHooks struct {
	// skillMod is the modifier it gives seat's skill sk (LCG §3 Modifiers).
	skillMod func(s *State, id int16, ctrl, seat int, sk int8) int
	// attackDamage is the damage it adds to seat's successful attack on
	// enemy e (LCG §3 Fight (action)).
	attackDamage func(s *State, id int16, ctrl, seat int, e int16) int

	// Encounter cards (and scenario cards) wherever they are:
	// revelation resolves the card's Revelation for seat (LCG §3
	// Revelation); testResult is ST.7 of a test it started (kind
	// tkTreachery, Src the card; margin < 0 when failed by that much).
	revelation func(s *State, seat int, id int16)
	// surge: the card gains surge this time it was drawn (decided by its
	// revelation; LCG §3 Surge), checked where the printed keyword is.
	surge      func(s *State, id int16) bool
	testResult func(s *State, t *SkillTest, ok bool, margin int)
	// effect runs a multi-step effect of the card: an opEffect frame with A
	// = effCard and Src the card (pushCardEffect; B is the card's own).
	effect func(s *State, f *game.Frame) game.Control
	// spawned: after the enemy enters play (LCG §3 Spawn; "Forced – after
	// … enters play"); attacks: when it attacks seat; evaded: after seat
	// evades it; endOfMythos: at the end of the mythos phase, while in play.
	spawned     func(s *State, e int16)
	attacks     func(s *State, e int16, seat int)
	evaded      func(s *State, e int16, seat int)
	endOfMythos func(s *State, e int16)
	// parley is an enemy's "⮕ cost: Parley." (LCG §3 Parley; option
	// ActParleyEnemy+slot): can says whether seat can pay; run pays and
	// resolves (after the action is paid; it may push frames).
	parleyCan  func(s *State, seat int, e int16) bool
	parleyRun  func(s *State, seat int, e int16)
	parleyText string // the Parley's cost and effect in words (mythos play)
	// lockClues: while an investigator is engaged with this enemy, they
	// cannot discover or spend clues.
	lockClues bool
	// blockInvestigate: the location this card is attached to cannot be
	// investigated.
	blockInvestigate bool
	// evadeDoubleNeg: while evading it, each revealed token's negative
	// modifier is doubled.
	evadeDoubleNeg bool
	// boardOpts / boardRun: a ⮕ ability of this card while it is on the
	// board at seat's location (an attachment's), with its own options.
	boardOpts func(s *State, seat int, id int16, p *game.Prompt)
	boardRun  func(s *State, seat int, id int16, o game.Option)
	boardText func(arg2 int) string // option Arg2 of boardOpts in words
	// statBonus: the enemy's own fight and evade modifier now (Screeching
	// Byakhee); sanityMod: what the card in seat's threat area does to
	// seat's sanity (Dreams of R'lyeh); threatRun: a threat-area card's ⮕
	// ability costing 1 action (Dreams of R'lyeh; option ActThreat+slot).
	statBonus func(s *State, e int16) int
	sanityMod func(s *State, id int16, seat int) int
	threatRun func(s *State, seat int, id int16)
	// defeated: "when it is defeated", at its location loc, before it
	// leaves play (Goat Spawn); engaged: after it engages seat (Young Deep
	// One); endOfRound: at the end of the round while in play (Relentless
	// Dark Young); attackExtra: when it attacks seat, the extra damage and
	// horror of this attack (Yithian Observer).
	defeated    func(s *State, e int16, loc int8)
	engaged     func(s *State, e int16, seat int)
	endOfRound  func(s *State, e int16)
	attackExtra func(s *State, e int16, seat int) (int, int)
	// parleyProvokes: the enemy's ⮕ ability (parleyCan/parleyRun) is not a
	// Parley and provokes attacks of opportunity (Umôrdhoth's).
	parleyProvokes bool
	// parleyPay pays the Parley's cost when it is chosen, with the action
	// (Mob Enforcer's resources), before parleyRun.
	parleyPay func(s *State, seat int, e int16)

	// Cards in a threat area (weaknesses, treacheries): threatSetup places
	// the tokens it enters with (Cover Up's clues; also PlaceThreat);
	// threatActions is the cost in actions of its threatRun (0: 1);
	// threatFastUsable / threatFastRun its ⚡ ability (option ActThreat+slot;
	// Hospital Debts); gameEnds its "when the game ends" (LCG §3 Trauma);
	// elderSignFails: ⊛ revealed in its bearer's tests is an automatic
	// failure (The Necronomicon); actionTax: each round the first move,
	// fight and evade action of its bearer costs 1 more action (Frozen in
	// Fear); forbidsPlay: its bearer cannot play cards (Dissonant Voices);
	// roundDiscard: discarded at the end of the round (LCG §5.4).
	threatSetup      func(s *State, id int16)
	threatActions    int8
	threatFastUsable func(s *State, seat int, id int16) bool
	threatFastRun    func(s *State, seat int, id int16)
	gameEnds         func(s *State, seat int, id int16)
	elderSignFails   bool
	actionTax        bool
	forbidsPlay      bool
	roundDiscard     bool
	// blanksInvestigators: while this enemy is in play, the investigator
	// card of each investigator at its location is blank (Stubborn
	// Detective; ruling R-STUBBORN).
	blanksInvestigators bool
	// shroudMod: while attached to a location, its shroud modifier
	// (Obscuring Fog; LCG §3 Shroud).
	shroudMod int8

	// Player cards (assets, events, skills, investigators; the cards_*.go
	// files), asked by their id wherever the engine meets the card:
	playerHooks
}

// playerHooks are what a player card does, by the place in the rules that
// asks (LCG §3 Ability, §4 Playing Cards, §6 Skill Tests). id is the card
// instance, seat the investigator the rule concerns.
type playerHooks struct {
	// abilities are the asset's ⮕ abilities (at most 2; the ability index
	// is the position; LCG §3 Activate).
	abilities []weapon
	// skillBonus is the constant bonus the asset gives its controller's
	// skills while in play (by skill; LCG §3 Modifiers); whileBonus its
	// "+N [skill] while …" bonus (Magnifying Glass), to tests of that skill
	// only.
	skillBonus [4]int8
	whileBonus testBonus
	// extraAction: its controller gets 1 additional action each turn while
	// it is in play, also in the turn it enters or leaves play (Leo De Luca).
	extraAction bool
	// handSlots: hand slots it adds for Tome assets (Daisy's Tote Bag);
	// arcaneSlots: arcane slots it adds (Book of Shadows; LCG §3 Slots).
	handSlots, arcaneSlots int8
	// fastUsable / fastRun: the asset's ⚡ ability in a player window of its
	// controller (LCG §3 Fast; option ActAbility+2·slot). fastAfter lists it
	// after the other ⚡ abilities of the play area (the option order the
	// engine has always used).
	fastUsable func(s *State, seat int, id int16) bool
	fastRun    func(s *State, seat int, id int16)
	fastAfter  bool
	// boost: the two skills of its "⚡ spend 1 resource: +1 skill for this
	// test" abilities (abilities 0 and 1; boosts says it has them).
	boost  [2]int8
	boosts bool

	// playable is pre-check A of an event (LCG §4: could its effect change
	// the game state now?); nil: always. play resolves the event (LCG §4
	// step 4) after it went to the discard pile, or, with playStays, instead
	// of it (the event attaches: Barricade). designates is the action its
	// ability designates (LCG §3 Ability: akFight, akEvade), 0 for none.
	playable   func(s *State, seat int, id int16) bool
	play       func(s *State, seat int, id int16)
	playStays  bool
	designates int32

	// Skill tests (LCG §6): maxOnePerTest ("Max 1 committed per skill
	// test"); commitOK: an extra condition for seat to commit it to t;
	// committed: its effect when the test it was committed to succeeds
	// (ST.7); commitEnd: ST.8 for it instead of the discard pile (reports
	// whether it did something); discoverExtra: additional clues a
	// successful investigation it was committed to discovers.
	maxOnePerTest bool
	commitOK      func(s *State, t *SkillTest, seat int, id int16) bool
	committed     func(s *State, t *SkillTest, id int16)
	commitEnd     func(s *State, t *SkillTest, id int16) bool
	discoverExtra int8
	// A test this card started (SkillTest.Src): srcSkill adds to the skill
	// value (ST.5); srcFight changes a successful or failed attack's damage
	// dmg (ST.7; margin: total − difficulty); srcEvade is ST.7 of an
	// evasion; resourcesNotClues: its successful investigation gains 3
	// resources instead of discovering clues (Burglary: tfBurglary);
	// emptied: after its ability paid its last use (First Aid).
	srcSkill          func(s *State, t *SkillTest) int
	srcFight          func(s *State, t *SkillTest, ok bool, margin, dmg int) int
	srcEvade          func(s *State, t *SkillTest, ok bool)
	resourcesNotClues bool
	emptied           func(s *State, id int16)

	// Investigators: elderSign is the ⊛ modifier (ST.4); elderSuccess its
	// effect after a success with ⊛ (ST.7); tomeAction: 1 additional action
	// each turn for Tome ⮕ abilities (Daisy Walker); turnFast: a ⚡ ability
	// usable only during its own turn (option ActSkidsAction).
	elderSign    func(s *State, t *SkillTest, seat int) int
	elderSuccess func(s *State, seat int)
	tomeAction   bool
	turnFast     func(s *State, seat int) bool
	turnFastRun  func(s *State, seat int)
	// choiceText is the investigator's reaction option (ActChoose) in words.
	choiceText string
	// barricade: attached to a location, non-Elite enemies cannot move into
	// it, and it is discarded when an investigator leaves it (LCG §3 Hunter).
	barricade bool
	// amulet: its controller may play the topmost event of their discard
	// pile, and their played events go to the bottom of their deck instead
	// of the discard pile (Wendy's Amulet; card_texts.go).
	amulet bool
}

// registerCard gives player card d its behaviour (at init, once per card,
// in the card's own block of a cards_*.go file).
func registerCard(d cards.ID, h playerHooks) { registerHooks(d, &cardHooks{playerHooks: h}) }

// atTriggerOnly is pre-check A of a fast event played only at its trigger
// (triggers.go), never in a player window.
func atTriggerOnly(*State, int, int16) bool { return false }

// duringYourTurn is pre-check A of a fast event "play only during your
// turn" (LCG §3 Fast).
func duringYourTurn(s *State, seat int, _ int16) bool { return s.Active == int8(seat) }

// enemyBonus is the fight and evade modifier of enemy e (the scenario's
// agenda and the enemy's own; LCG §3 Modifiers).
func (s *State) enemyBonus(e int16) int {
	n := 0
	if b := s.scen().EnemyBonus; b != nil {
		n += b(s, e)
	}
	if s.hookLive {
		if h := s.hook(e); h != nil && h.statBonus != nil && !s.blank(e) {
			n += h.statBonus(s, e)
		}
	}
	return n
}

// enemyFight / enemyEvade are enemy e's fight and evade with modifiers.
func (s *State) enemyFight(e int16) int { return int(s.card(e).Fight) + s.enemyBonus(e) }
func (s *State) enemyEvade(e int16) int { return int(s.card(e).Evade) + s.enemyBonus(e) }

// sanity is seat's sanity with modifiers (cards in its threat area; LCG §3
// Sanity and Horror).
func (s *State) sanity(seat int) int {
	n := int(def(s.Inv[seat].Def).Sanity)
	if s.hookLive {
		for _, id := range s.Inv[seat].Threat {
			if h := s.hook(id); h != nil && h.sanityMod != nil {
				n += h.sanityMod(s, id, seat)
			}
		}
	}
	return n
}

// Threat-area rules asked by threatRule.
const (
	ruleElderSignFails = iota // cardHooks.elderSignFails
	ruleActionTax             // cardHooks.actionTax
	ruleForbidsPlay           // cardHooks.forbidsPlay
)

// threatRules counts the cards in seat's threat area with rule r.
func (s *State) threatRules(seat int, r int) int {
	n := 0
	for _, id := range s.Inv[seat].Threat {
		if h := s.hook(id); h != nil {
			switch {
			case r == ruleElderSignFails && h.elderSignFails, r == ruleActionTax && h.actionTax, r == ruleForbidsPlay && h.forbidsPlay:
				n++
			}
		}
	}
	return n
}

// hook returns card instance id's hooks, or nil.
func (s *State) hook(id int16) *cardHooks {
	if hooksOf == nil || id < 0 {
		return nil
	}
	return hooksOf[s.Cards[id].Def]
}

// pushCardEffect pushes card id's multi-step effect (cardHooks.effect) for
// seat, with tgt and b for the card.
func (s *State) pushCardEffect(seat int, id int16, tgt, b int32) {
	s.push(opEffect, seat, int32(id), tgt, effCard, b)
}

// clueLocked reports whether seat cannot discover or spend clues (an
// engaged enemy's lockClues: The Masked Hunter).
func (s *State) clueLocked(seat int) bool {
	if !s.hookLive {
		return false
	}
	for _, id := range s.Inv[seat].Threat {
		if h := s.hook(id); h != nil && h.lockClues && !s.blank(id) {
			return true
		}
	}
	return false
}

// canInvestigate reports whether seat may investigate its location now:
// the one legality check of every investigation, the basic action's and
// every "⮕ …: Investigate." ability's or effect's (Flashlight, Burglary):
// a location that "cannot be investigated" stops them all (LCG §3
// Investigate, §3 Cannot; Locked Door).
func (s *State) canInvestigate(seat int) bool {
	return !s.investigateBlocked(int(s.Inv[seat].Loc))
}

// investigateBlocked reports whether location slot k cannot be
// investigated (an attachment's blockInvestigate: Locked Door).
func (s *State) investigateBlocked(k int) bool {
	if !s.hookLive {
		return false
	}
	host := s.LocInst[k]
	for _, a := range s.Board {
		if s.Cards[a].Host == host && host >= 0 {
			if h := s.hook(a); h != nil && h.blockInvestigate {
				return true
			}
		}
	}
	return false
}

// endOfMythos runs "at the end of the mythos phase" (LCG §5.2 1.5): the
// scenario's, then each enemy's in play in slot order.
func (s *State) endOfMythos() {
	if h := s.scen().EndOfMythos; h != nil {
		h(s)
	}
	if !s.hookLive {
		return
	}
	for _, e := range s.Enemies {
		if e >= 0 {
			if h := s.hook(e); h != nil && h.endOfMythos != nil && !s.blank(e) {
				h.endOfMythos(s, e)
			}
		}
	}
}

// hooksOf holds the hooks per card id (nil: none).
var hooksOf []*cardHooks

// registerHooks gives card d its hooks (at init, once per card).
func registerHooks(d cards.ID, h *cardHooks) {
	if hooksOf == nil {
		hooksOf = make([]*cardHooks, len(cards.All()))
	}
	if hooksOf[d] != nil {
		panic("lcg: hooks registered twice for " + def(d).Name)
	}
	hooksOf[d] = h
}

// Implemented returns the codes of the player cards whose text has an
// effect in the engine, in code order: those whose block (cards_*.go)
// registers behaviour or a triggered ability (docs/lcg-rulings.md lists the
// rest, played by their stats).
func Implemented() []string {
	var codes []string
	for _, c := range cards.All() {
		if c.IsPlayerCard() && (hooksOf[c.ID] != nil || trigCardMask[c.ID] != 0) {
			codes = append(codes, c.Code)
		}
	}
	return codes
}

// hasHooks reports whether card d has hooks (newInst sets State.hookLive).
func hasHooks(d cards.ID) bool { return hooksOf != nil && hooksOf[d] != nil }

// cardSkillMods totals the skill modifiers cards in play areas give seat's
// skill sk.
func (s *State) cardSkillMods(seat int, sk int8) int {
	if !s.hookLive {
		return 0
	}
	n := 0
	for c := 0; c < int(s.N); c++ {
		for _, id := range s.Inv[c].Play {
			if h := hooksOf[s.Cards[id].Def]; h != nil && h.skillMod != nil {
				n += h.skillMod(s, id, c, seat, sk)
			}
		}
	}
	for _, id := range s.Inv[seat].Threat {
		if h := hooksOf[s.Cards[id].Def]; h != nil && h.skillMod != nil {
			n += h.skillMod(s, id, seat, seat, sk) // a card in seat's threat area (Dreams of R'lyeh)
		}
	}
	return n
}

// cardAttackDamage totals the damage cards in play areas add to seat's
// successful attack on enemy e.
func (s *State) cardAttackDamage(seat int, e int16) int {
	if !s.hookLive {
		return 0
	}
	n := 0
	for c := 0; c < int(s.N); c++ {
		for _, id := range s.Inv[c].Play {
			if h := hooksOf[s.Cards[id].Def]; h != nil && h.attackDamage != nil {
				n += h.attackDamage(s, id, c, seat, e)
			}
		}
	}
	return n
}
