package lcg

import "github.com/mythos-rl/mythos/env/game"

// Hook points of the trigger pipeline (triggers.go) that are plain
// functions, and the decisions the triggered abilities of trigger_cards.go
// open after they are chosen.

// afterEvade opens the timing point "after an enemy is evaded" for e,
// evaded by seat (Pickpocketing, ruling R-AUTO; Close Call by an
// investigator at the enemy's location).
func (s *State) afterEvade(e int16, seat int) {
	s.emit(event{Kind: tpAfterEvade, Seat: int8(seat), Loc: s.Cards[e].Loc, Subj: e})
}

// whenSpawn opens the timing point "when an enemy spawns" for e at its
// location (Disc of Itzamna).
func (s *State) whenSpawn(e int16) {
	seat := int8(-1)
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && s.Inv[i].Loc == s.Cards[e].Loc {
			seat = int8(i)
			break
		}
	}
	if seat < 0 {
		return // no investigator there: no "at your location" ability can trigger
	}
	s.emit(event{Kind: tpWhenSpawn, Seat: seat, Loc: s.Cards[e].Loc, Subj: e})
}

// discoverAt discovers n clues at location k for seat through the would
// event "when you would discover clues" (triggers.go): Cover Up's
// replacement (LCG §3 Instead; ruling R-COVERUP) when k is seat's location,
// else the discovery (the event's Then). The event's amount is what would
// actually be discovered: at most the clues on the location (LCG §3 Clues).
func (s *State) discoverAt(seat, k, n int) {
	if n <= 0 || s.LocInst[k] < 0 || s.Cards[s.LocInst[k]].Clues == 0 {
		return
	}
	if c := int(s.Cards[s.LocInst[k]].Clues); n > c {
		n = c
	}
	s.emit(event{Kind: tpWhenDiscover, Seat: int8(seat), Loc: int8(k), Subj: s.LocInst[k], N: int32(n), Then: thenDiscover})
}

// aquinnahChoose asks which other enemy at the attacked investigator's
// location takes the attack's damage (Aquinnah); the choice goes to the
// attack's event (Frame B) as N = enemy + 1.
func (s *State) aquinnahChoose(f *game.Frame) game.Control {
	seat, e := int(f.Who), int16(f.Src)
	ev := &s.Events[f.B]
	if f.Answer != game.NoAnswer {
		ev.N = s.chosen(f).Arg + 1
		return game.Done
	}
	p := s.ask(seat, PkTarget, int32(e))
	for k := 0; k < MaxEnemies; k++ {
		x := s.aquinnahTarget(seat, e, k)
		if x < 0 {
			break
		}
		p.Add(ActEnemy+game.ActionCode(s.enemySlot(x)), int32(x), 0)
	}
	switch len(p.Options) {
	case 0:
		return game.Done
	case 1:
		ev.N = p.Options[0].Arg + 1
		return game.Done
	}
	return game.Wait
}
