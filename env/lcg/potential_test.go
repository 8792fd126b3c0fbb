package lcg

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// TestPotentialTerms checks each shaping term against hand-computed values
// on scripted states (docs/shaping.md).
func TestPotentialTerms(t *testing.T) {
	s, err := New(Options{Investigators: []string{"roland", "daisy"}, Difficulty: "easy", Start: Start{Clues: 2}}, 3, false)
	if err != nil {
		t.Fatal(err)
	}
	// Act 1a needs 2 clues per investigator (4); the group holds 4: the
	// first half of act 1.
	if got := s.ActPotential(); !near(got, 0.5/3) {
		t.Fatalf("act potential %v with the threshold met, want %v", got, 0.5/3)
	}
	if got := s.CluePotential(); !near(got, 2) {
		t.Fatalf("clue potential %v, want 2 per investigator", got)
	}
	s.Inv[0].Clues, s.Inv[1].Clues = 1, 0
	if got := s.ActPotential(); !near(got, 0.125/3) {
		t.Fatalf("act potential %v with 1 of 4 clues, want %v", got, 0.125/3)
	}
	s.AdvanceAct() // act 2a: 3 clues per investigator (6); the group holds 1
	if got, want := s.ActPotential(), (1+1.0/6/2)/3; !near(got, want) {
		t.Fatalf("act potential %v on act 2 with 1 of 6 clues, want %v", got, want)
	}
	if s.DoomPotential() > 0 || s.DoomPotential() < -1 {
		t.Fatalf("doom potential %v out of [-1, 0]", s.DoomPotential())
	}
	s.AgendaDoom = 0
	if err := s.SetAgenda(1); err != nil {
		t.Fatal(err)
	}
	th := s.AgendaDoomThreshold()
	if err := s.SetDoom(2); err != nil {
		t.Fatal(err)
	}
	if s.DoomTotal() != 2 {
		t.Fatalf("doom in play %d, want the agenda's 2 alone", s.DoomTotal())
	}
	if got, want := s.DoomPotential(), -(1+2/float64(th))/3; !near(got, want) {
		t.Fatalf("doom potential %v on agenda 2 with 2 of %d doom, want %v", got, th, want)
	}
	s.Inv[0].Damage, s.Inv[0].Horror = 3, 0 // Roland: health 9, sanity 5
	s.Inv[1].Out = OutHorror                // eliminated: counts 1
	if got, want := s.DamagePotential(), -((3.0/9)/2+1)/2; !near(got, want) {
		t.Fatalf("damage potential %v, want %v", got, want)
	}
	if got := s.CluePotential(); !near(got, float64(s.Inv[0].Clues)/2) {
		t.Fatalf("clue potential %v counts an eliminated investigator's clues", got)
	}
}
