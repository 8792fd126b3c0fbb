package lcg

// Potential terms for reward shaping (docs/shaping.md). Each is a read-only
// view of the state, scaled to about [-1, 1] so that weights compare across
// team sizes; env weights them into a potential Φ and shapes rewards with
// γΦ(s') − Φ(s) (Ng, Harada and Russell 1999). None allocates or changes the
// state; env takes Φ = 0 once the game is over, not these values.

// CluePotential is the clues the investigators still in the game hold, per
// investigator who started (LCG §3 Clues).
func (s *State) CluePotential() float64 {
	if s.N == 0 {
		return 0
	}
	return float64(s.groupClues()) / float64(s.N)
}

// ActPotential is the progress through the act deck, in [0, 1]: acts done,
// plus the current act's part done, over the acts of the scenario. For an
// act with a clue threshold (LCG §3 Act Deck and Agenda Deck) the group's
// clues toward it are the first half of the act and advancing it is the
// second, so spending the clues to advance is progress, not a loss; for an
// act without a threshold the part is its StageDef.Progress (The Gathering's
// act 3a: the Ghoul Priest's damage toward his health).
func (s *State) ActPotential() float64 {
	acts := s.scen().Acts
	n := len(acts)
	act := int(s.Act)
	if act >= n {
		return 1
	}
	part := 0.0
	if t := s.actClues(); t > 0 {
		part = min(float64(s.groupClues())/float64(t), 1) / 2
	} else if p := acts[act].Progress; p != nil {
		part = p(s)
	}
	return (float64(act) + part) / float64(n)
}

// DoomPotential is minus the progress through the agenda deck, in [-1, 0]:
// agendas advanced, plus the doom in play toward the current threshold (LCG
// §5.2 1.3), over the agendas of the scenario.
func (s *State) DoomPotential() float64 {
	n := len(s.scen().Agendas)
	part := 0.0
	if t := s.agendaThreshold(); t > 0 {
		part = min(float64(s.doomInPlay())/float64(t), 1)
	}
	return -(float64(s.Agenda) + part) / float64(n)
}

// DamagePotential is minus the harm the investigators have taken, in
// [-1, 0]: per investigator who started, the mean of damage over health and
// horror over sanity (LCG §3 Health and Damage, §3 Sanity and Horror), and
// 1 for an eliminated investigator.
func (s *State) DamagePotential() float64 {
	if s.N == 0 {
		return 0
	}
	sum := 0.0
	for i := 0; i < int(s.N); i++ {
		if !s.inGame(i) {
			sum++
			continue
		}
		d := def(s.Inv[i].Def)
		h, z := max(int(d.Health), 1), max(int(d.Sanity), 1)
		sum += (min(float64(s.Inv[i].Damage)/float64(h), 1) + min(float64(s.Inv[i].Horror)/float64(z), 1)) / 2
	}
	return -sum / float64(s.N)
}
