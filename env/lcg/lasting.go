package lcg

// Lasting effects (LCG §3 Lasting Effects): an effect that lasts "until the
// end of" a turn, phase or round is a bit in Investigator.Lasting, cleared by
// expireLasting at the end of that period. Blanked enemy text (Mind Wipe) is
// a bit of State.BlankSlots per enemy slot, cleared when the phase ends or the
// enemy leaves play. "When the game ends" effects
// (LCG §3 Trauma, §3 Experience) are recorded by gameEnds.

// Lasting effect bits of Investigator.Lasting.
const (
	lastMindOverMatter uint16 = 1 << iota // Mind over Matter: intellect for combat and agility (round)
	lastWillToSurvive                     // Will to Survive: no chaos tokens in your tests (your turn)
)

// Expiry masks: the lasting effects that end with a turn, a phase, a round.
const (
	lastTurnMask  = lastWillToSurvive
	lastPhaseMask = 0
	lastRoundMask = lastMindOverMatter
)

// hasLasting reports whether seat is under lasting effect bit.
func (s *State) hasLasting(seat int, bit uint16) bool { return s.Inv[seat].Lasting&bit != 0 }

// expireLasting ends the lasting effects in mask for seat (or every seat when
// seat < 0).
func (s *State) expireLasting(seat int, mask uint16) {
	for i := 0; i < int(s.N); i++ {
		if seat < 0 || seat == i {
			s.Inv[i].Lasting &^= mask
		}
	}
}

// endPhaseEffects ends the "until the end of the phase" effects: blanked
// text boxes (Mind Wipe) and the investigators' phase-long lasting effects.
func (s *State) endPhaseEffects() {
	s.BlankSlots = 0
	s.expireLasting(-1, lastPhaseMask)
}

// blank reports whether card instance id's printed text box is blank (LCG
// §3 Blank): its keywords (Hunter, Retaliate, Aloof, Prey…) and abilities
// do not apply.
func (s *State) blank(id int16) bool {
	if s.BlankSlots == 0 {
		return false
	}
	k := s.enemySlot(id)
	return k >= 0 && k < 32 && s.BlankSlots&(1<<uint(k)) != 0
}

// setBlank blanks enemy e's text box until the end of the phase (enemies in
// slots beyond 31 cannot be blanked: ruling R-ENEMY-SLOTS).
func (s *State) setBlank(e int16) {
	if k := s.enemySlot(e); k >= 0 && k < 32 {
		s.BlankSlots |= 1 << uint(k)
	}
}

// invBlank reports whether seat's investigator card is treated as blank:
// Stubborn Detective at their location (ruling R-STUBBORN: it affects each
// investigator at its location).
func (s *State) invBlank(seat int) bool {
	for _, e := range s.Enemies {
		if h := s.hook(e); h != nil && h.blanksInvestigators && s.Cards[e].Loc == s.Inv[seat].Loc && !s.blank(e) {
			return true
		}
	}
	return false
}

// gameEnds runs the "when the game ends" forced abilities of the weaknesses
// in the investigators' threat areas: Cover Up with clues on it gives 1
// mental trauma; Hospital Debts with fewer than 6 resources on it costs 2
// experience (LCG §3 Trauma, §3 Experience; recorded, standalone play has no
// campaign log).
func (s *State) gameEnds() {
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		for _, id := range v.Threat {
			if h := s.hook(id); h != nil && h.gameEnds != nil {
				h.gameEnds(s, i, id)
			}
		}
	}
}
