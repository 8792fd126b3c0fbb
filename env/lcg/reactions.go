package lcg

// Hook points of the trigger pipeline (triggers.go) that are plain
// functions (the decisions triggered abilities open after they are chosen
// live with their cards: Aquinnah's in cards_survivor.go).

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
	if n <= 0 || s.LocInst[k] < 0 || s.Cards[s.LocInst[k]].Clues == 0 || s.clueLocked(seat) {
		return // nothing would be discovered: no "when you would discover" (Cover Up)
	}
	if c := int(s.Cards[s.LocInst[k]].Clues); n > c {
		n = c
	}
	s.emit(event{Kind: tpWhenDiscover, Seat: int8(seat), Loc: int8(k), Subj: s.LocInst[k], N: int32(n), Then: thenDiscover})
}
