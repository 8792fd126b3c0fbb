package ah3

// Start is a curriculum start: a game that begins nearer to a win than the
// real setup (docs/shaping.md, "Curriculum starts"). It is not a rule of the
// game; the zero Start is the real setup (AH3 110, 111). It names no card
// or scenario: it adds clues, and the scenario's own codex decides what they
// bring.
type Start struct {
	// Clues are extra clues each investigator holds at the end of setup,
	// beyond the sheet's starting clues (AH3 110.3).
	Clues int
	// SheetClues are clues on the scenario sheet at the end of setup, as if
	// researched there (AH3 431). The codex is then checked as after a
	// research (AH3 403.5c): a clue path they meet is spent and its
	// instructions resolve, reading the next archive card (and whatever
	// that card brings into play) before the first round.
	SheetClues int
}

// MaxStartClues bounds Start.Clues and Start.SheetClues.
const MaxStartClues = 10

// applyStart gives the investigators and the scenario sheet the clues of the
// game's Start, at the end of setup (after 111.4 put the codex), and checks
// the codex.
func (s *State) applyStart() {
	st := s.g.Cfg.Start
	if st.Clues > 0 {
		for i := range s.N {
			if s.Seats[i].Inv >= 0 {
				s.Seats[i].Clues += int16(st.Clues)
			}
		}
	}
	if st.SheetClues > 0 {
		s.SheetClues += int16(st.SheetClues)
		s.event(EvResearch, -1, int32(st.SheetClues), int32(s.SheetClues), 0)
		s.push(opCodexCheck, -1, 0, 0, 0, 0)
	}
}
