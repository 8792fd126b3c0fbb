package env

import "github.com/mythos-rl/mythos/env/ah3"

// The AH3 shaping terms (ah3Potentials): views of the public state.

// ah3ClueNeed is the clue need of the first revealed codex card with a clue
// path (AH3 403.5c), 0 if none.
func ah3ClueNeed(s *ah3.State) int {
	sc := s.Game().Sc
	for i := 0; i < int(s.NCodex); i++ {
		a := &sc.Archive[s.Codex[i]]
		if a.ClueNeed > 0 && s.Revealed&(1<<uint(a.Number)) != 0 {
			return a.ClueNeed
		}
	}
	return 0
}

func ah3CluePotential(s *ah3.State) float64 {
	held := int(s.SheetClues)
	for i := 0; i < int(s.N); i++ {
		held += int(s.Seats[i].Clues)
	}
	need := ah3ClueNeed(s)
	if need <= 0 {
		need = int(s.N)
	}
	return min(1, float64(held)/float64(need))
}

func ah3DoomPotential(s *ah3.State) float64 {
	sc := s.Game().Sc
	at := 0
	for i := 0; i < int(s.NCodex); i++ {
		if a := &sc.Archive[s.Codex[i]]; a.DoomAt > 0 && s.Revealed&(1<<uint(a.Number)) != 0 && (at == 0 || a.DoomAt < at) {
			at = a.DoomAt
		}
	}
	if at <= 0 {
		at = 12
	}
	return -min(1, float64(s.SheetDoom)/float64(at))
}

func ah3BoardDoomPotential(s *ah3.State) float64 {
	sc := s.Game().Sc
	d := 0
	for sp := range sc.Spaces {
		d += int(s.Doom[sp])
	}
	return -min(1, float64(d)/float64(4*max(1, len(sc.Neighborhoods))))
}

func ah3DamagePotential(s *ah3.State) float64 {
	sc := s.Game().Sc
	if s.N == 0 {
		return 0
	}
	sum := 0.0
	for i := 0; i < int(s.N); i++ {
		st := &s.Seats[i]
		if st.Inv < 0 {
			sum++
			continue
		}
		inv := &sc.Investigators[st.Inv]
		sum += (float64(st.Damage)/float64(max(1, inv.Health)) + float64(st.Horror)/float64(max(1, inv.Sanity))) / 2
	}
	return -sum / float64(s.N)
}
