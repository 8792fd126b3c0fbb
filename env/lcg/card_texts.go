package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The rules machinery player cards' texts use (uses, slots, lasting effects,
// attachments, searches, playing from the discard pile), each citing its
// spec section, and the effect ids of the cards' multi-step effects. What
// each card does is in its block of a cards_*.go file.

// Effect ids of opEffect frames for these cards (continuing effects.go's).
const (
	effExt int32 = 100 + iota
	effSearchTome
	effOldBook
	effMedical
	effEncyclopedia
	effScrying
	effBookOfShadows
	effCatBurglar
	effArcaneInitiate
	effExtraAmmo
	effCrypticResearch
	effElusive
	effMindWipe
	effSurvivalInstinct
	effPreyTie
	effPayClues
	effChooseLead
	effSpawnChoice
	effAquinnah
	effMoveOut
)

// clamp limits v to [lo, hi].
func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// connectingMask is the set of location slots seat may move to (LCG §3 Move).
func (s *State) connectingMask(seat int) uint16 {
	var m uint16
	for k := 0; k < MaxLocations; k++ {
		if s.canMove(seat, k) {
			m |= 1 << uint(k)
		}
	}
	return m
}

// disengageAll disengages every enemy engaged with seat (Cat Burglar,
// Elusive, Survival Instinct; LCG §3 Enemy Engagement). except is kept.
func (s *State) disengageAll(seat int, except int16) {
	for _, e := range s.Enemies {
		if e >= 0 && e != except && s.engagedWith(e, seat) && !s.isMassive(e) {
			s.disengage(e)
		}
	}
}

// seatsHere returns the seats in the game at seat's location, as a mask.
func (s *State) seatsHere(seat int) uint8 {
	var m uint8
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && s.Inv[i].Loc == s.Inv[seat].Loc {
			m |= 1 << uint(i)
		}
	}
	return m
}

// askSeat asks f.Who to choose an investigator in mask (ActSeat+i); with a
// single candidate it answers itself. It returns the seat and true once
// chosen, or Wait.
func (s *State) askSeat(f *game.Frame, mask uint8) (int, game.Control) {
	if f.Answer != game.NoAnswer {
		return int(s.chosen(f).Arg), game.Done
	}
	p := s.ask(int(f.Who), PkTarget, f.Src)
	for k := 0; k < int(s.N); k++ {
		if i := s.seatAt(k); mask&(1<<uint(i)) != 0 {
			p.Add(ActSeat+game.ActionCode(i), int32(i), 0)
		}
	}
	switch len(p.Options) {
	case 0:
		return -1, game.Done
	case 1:
		return int(p.Options[0].Arg), game.Done
	}
	return -1, game.Wait
}

// discardEvent puts a played (or discarded-from-play) event where it goes:
// its owner's discard pile, or, with Wendy's Amulet in play, the bottom of
// the owner's deck (Wendy's Amulet's forced ability; LCG §3 Instead).
func (s *State) discardEvent(id int16) {
	o := int(s.Cards[id].Owner)
	if o >= 0 && s.inGame(o) && s.amuletControlled(o) && s.card(id).Type == typeEvent {
		s.moveTo(id, ZoneDeck, o)
		d := s.Inv[o].Deck
		copy(d[1:], d[:len(d)-1]) // the bottom of the deck is index 0
		d[0] = id
		s.Cards[id].Loc = -1
		return
	}
	s.toDiscard(id)
}

// amuletControlled reports whether seat controls an asset with the amulet
// rule (playerHooks.amulet: Wendy's Amulet).
func (s *State) amuletControlled(seat int) bool {
	for _, id := range s.Inv[seat].Play {
		if h := s.hook(id); h != nil && h.amulet {
			return true
		}
	}
	return false
}

// amuletEvent returns the topmost event of seat's discard pile when Wendy's
// Amulet lets seat play it as if it were in hand, or -1.
func (s *State) amuletEvent(seat int) int16 {
	v := &s.Inv[seat]
	if len(v.Discard) == 0 {
		return -1
	}
	id := v.Discard[len(v.Discard)-1]
	if defBits[s.Cards[id].Def]&dbEvent == 0 || !s.amuletControlled(seat) {
		return -1
	}
	return id
}

// playableAt returns a copy of event d seat can play at its trigger and the
// option code to play it, or -1 (hand first, then Wendy's Amulet).
func (s *State) playableAt(seat int, d cards.ID) (int16, game.ActionCode) {
	if !s.inGame(seat) || s.threatRules(seat, ruleForbidsPlay) > 0 {
		return -1, 0
	}
	if h := s.handSlotOf(seat, d); h >= 0 {
		id := s.Inv[seat].Hand[h]
		if int(s.Inv[seat].Resources) >= s.cost(id) {
			return id, ActPlay + game.ActionCode(h)
		}
	}
	if id := s.amuletEvent(seat); id >= 0 && s.Cards[id].Def == d && int(s.Inv[seat].Resources) >= s.cost(id) {
		return id, ActPlayDiscard
	}
	return -1, 0
}

// playTrigger pays for and plays a triggered event, which then goes to the
// discard pile (LCG §4; Wendy's Amulet).
func (s *State) playTrigger(seat int, id int16) {
	s.Inv[seat].Resources -= int16(s.cost(id))
	s.log.Add(evPlay, game.AgentID(seat), int32(id), 0, 0)
	s.afterPlay(seat, id)
	s.discardEvent(id)
}

// afterPlay opens the timing point "after you play a card" (Heirloom of
// Hyperborea; triggers.go). It is pushed first so that it resolves after
// the card's own effects.
func (s *State) afterPlay(seat int, id int16) {
	s.emit(event{Kind: tpAfterPlay, Seat: int8(seat), Loc: s.Inv[seat].Loc, Subj: id})
}

// barricaded reports whether a Barricade is attached to location slot k.
func (s *State) barricaded(k int8) bool {
	for _, a := range s.Board {
		if h := s.hook(a); h != nil && h.barricade && s.Cards[a].Host == s.LocInst[k] {
			return true
		}
	}
	return false
}

// leaveLocation runs "when an investigator leaves" forced abilities of
// location k: Barricade is discarded.
func (s *State) leaveLocation(k int8) {
	for i := 0; i < len(s.Board); i++ {
		a := s.Board[i]
		if h := s.hook(a); h != nil && h.barricade && s.Cards[a].Host == s.LocInst[k] {
			s.Cards[a].Host = -1
			s.discardEvent(a)
			i--
		}
	}
}

// enemyBlocked reports whether enemy e cannot move into location k
// (Barricade: non-Elite enemies; LCG §3 Hunter: the move fails).
func (s *State) enemyBlocked(e int16, k int) bool {
	return !s.has(e, trElite) && s.barricaded(int8(k))
}

// phaseStartWindow reports whether the current window follows the beginning
// of a phase, when Mind Wipe may be played: the player windows after 2.1 and
// 4.1 (LCG §5.1) and the trigger points after 1.1 and 3.1 (ruling
// R-PHASE-BEGIN).
func (s *State) phaseStartWindow() bool {
	f := s.stack.Top()
	if f != nil && f.Op == opWindow && f.B == winPhaseBegin {
		return true
	}
	// The timing point "after a phase begins" (triggers.go), being opened or resolved.
	return len(s.Events) > 0 && s.Events[len(s.Events)-1].Kind == tpAfterPhaseBegin && (f == nil || f.Op != opEffect)
}

// turnStartWindow reports whether the current prompt is seat's player window
// that follows the beginning of its turn (LCG §5.2 2.2, §5.1): its turn has
// begun and it has taken no action yet. A play instruction "after your turn
// begins" (On the Lam) is a trigger condition on that timing point (LCG §3
// Fast, §3 Play Restrictions, Permissions and Instructions), so it is met
// only there, as Mind Wipe's "after a phase begins" (ruling R-TURN-BEGIN).
func (s *State) turnStartWindow(seat int) bool {
	f := s.stack.Top()
	return f != nil && f.Op == opTurn && int(f.Who) == seat && f.Step == 1 && f.B == 0
}

// mindOverMatter reports whether Mind over Matter offers seat intellect in
// place of sk for a test: combat or agility while it lasts (ruling R-MOM).
func (s *State) mindOverMatter(seat int, sk int8) bool {
	return (sk == skCombat || sk == skAgility) && s.hasLasting(seat, lastMindOverMatter)
}

// chooseMindOverMatter is Mind over Matter's "you may use your [intellect]
// in place of your [combat] and [agility]", a choice of the tester for each
// fight or evasion at ST.1, before any commit (ruling R-MOM): a PkChoice
// with the printed skill (ActChoose) and intellect (ActChoose+1). With
// intellect, the attack's "+N [skill] for this attack" (Mod) and the
// source's own skill bonus do not apply: a bonus to a skill applies only to
// a test of that skill (LCG §3 Modifiers, tfSubst).
func (s *State) chooseMindOverMatter(f *game.Frame, t *SkillTest) game.Control {
	if f.Answer == game.NoAnswer {
		p := s.ask(int(t.Tester), PkChoice, int32(t.Src))
		p.Add(ActChoose, int32(t.Skill), 0)
		p.Add(ActChoose+1, int32(skIntellect), 0)
		return game.Wait
	}
	t.Flags &^= tfMindOverMatter
	if s.chosen(f).Code == ActChoose+1 {
		t.Skill = skIntellect
		t.Mod = 0
		t.Flags |= tfSubst
	}
	return s.cont(game.Again)
}
