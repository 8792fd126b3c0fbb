package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// pick answers the prompt with the option of code c.
func pick(t *testing.T, s *State, c game.ActionCode) {
	t.Helper()
	i := s.Prompt().Find(c)
	if i < 0 {
		t.Fatalf("no option %s in prompt %v", actionNames[c], s.Prompt().Options)
	}
	if err := s.Apply(i); err != nil {
		t.Fatal(err)
	}
}

// toAction answers everything but the action prompt with the first option
// (keep hand, pass, commit nothing) until the active investigator must act.
func toAction(t *testing.T, s *State) {
	t.Helper()
	for i := 0; i < 200 && !s.Over() && s.Prompt().Kind != PkAction; i++ {
		if err := s.Apply(0); err != nil {
			t.Fatal(err)
		}
	}
}

// noCommit answers a commit prompt, if any, with "commit nothing".
func noCommit(t *testing.T, s *State) {
	t.Helper()
	if s.Prompt().Kind == PkCommit {
		pick(t, s, ActEndTurn)
	}
}

func solo(t *testing.T, seed uint64) *State {
	s, err := New(Options{Investigators: []string{"01001"}, Difficulty: "standard", Mulligan: true, NoRandomWeakness: true}, seed, true)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRules(t *testing.T) {
	cases := []struct {
		rule string
		run  func(t *testing.T, s *State)
	}{
		{"LCG §7 setup: resources, opening hand, Study revealed, bag", func(t *testing.T, s *State) {
			v := &s.Inv[0]
			if v.Resources != 5 || len(v.Hand) != 5 {
				t.Fatalf("resources %d hand %d", v.Resources, len(v.Hand))
			}
			for _, id := range v.Hand {
				if s.card(id).Weakness {
					t.Fatal("weakness in opening hand")
				}
			}
			if st := s.Cards[s.LocInst[locStudy]]; !st.Revealed || st.Clues != 2 {
				t.Fatalf("study %+v", st)
			}
			if len(s.Bag) != 16 || s.Prompt().Kind != PkMulligan {
				t.Fatalf("bag %d prompt %d", len(s.Bag), s.Prompt().Kind)
			}
		}},
		{"LCG §3 Investigate, §6 ST.3–ST.7: success discovers 1 clue", func(t *testing.T, s *State) {
			toAction(t, s)
			s.ForceTokens(0)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			toAction(t, s)
			if s.Inv[0].Clues != 1 || s.Inv[0].Actions != 2 {
				t.Fatalf("clues %d actions %d", s.Inv[0].Clues, s.Inv[0].Actions)
			}
		}},
		{"LCG §3 Automatic Failure: the auto-fail token fails the test", func(t *testing.T, s *State) {
			toAction(t, s)
			s.ForceTokens(TokAutoFail)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			toAction(t, s)
			if s.Inv[0].Clues != 0 {
				t.Fatal("auto-fail discovered a clue")
			}
		}},
		{"LCG §3 Act Deck: spend clues as a group; act 1b opens the house", func(t *testing.T, s *State) {
			toAction(t, s)
			s.Inv[0].Clues = 2
			s.run() // rebuild the prompt after editing the state
			pick(t, s, ActAdvanceAct)
			if s.Act != 1 || s.Inv[0].Loc != locHallway || s.Inv[0].Clues != 0 || s.locInPlay(locStudy) || !s.locInPlay(locAttic) {
				t.Fatalf("act %d loc %d clues %d", s.Act, s.Inv[0].Loc, s.Inv[0].Clues)
			}
			if s.canMove(0, locParlor) {
				t.Fatal("the Parlor's barrier must block moving in")
			}
		}},
		{"LCG §5.2 1.2–1.3: doom reaching the threshold advances the agenda", func(t *testing.T, s *State) {
			toAction(t, s)
			s.AgendaDoom = 2
			pick(t, s, ActEndTurn)
			noCommit(t, s)
			for i := 0; i < 50 && s.Agenda == 0; i++ {
				if err := s.Apply(0); err != nil {
					t.Fatal(err)
				}
			}
			if s.Agenda != 1 || s.AgendaDoom != 0 {
				t.Fatalf("agenda %d doom %d", s.Agenda, s.AgendaDoom)
			}
		}},
		{"LCG §3 Drawing Cards: an empty deck reshuffles the discard and deals 1 horror", func(t *testing.T, s *State) {
			toAction(t, s)
			v := &s.Inv[0]
			for len(v.Deck) > 0 {
				s.moveTo(v.Deck[0], ZoneDiscard, 0)
			}
			pick(t, s, ActDraw)
			toAction(t, s)
			if v.Horror != 1 || len(v.Discard) != 0 || len(v.Hand) != 6 {
				t.Fatalf("horror %d discard %d hand %d", v.Horror, len(v.Discard), len(v.Hand))
			}
		}},
		{"LCG §3 Elimination, §12.5: all investigators eliminated is a loss", func(t *testing.T, s *State) {
			toAction(t, s)
			s.Inv[0].Horror = 4
			s.takeDamage(0, 0, 1, -1)
			s.run()
			if !s.Over() || s.Score() != -1 || s.Resolution != ResNoResolution {
				t.Fatalf("over %v score %v", s.Over(), s.Score())
			}
		}},
		{"act 3a objective: defeating the Ghoul Priest reaches R1, a win", func(t *testing.T, s *State) {
			toAction(t, s)
			s.Inv[0].Clues = 2
			s.run() // rebuild the prompt after editing the state
			pick(t, s, ActAdvanceAct)
			s.Act = 1
			s.push(opActAdvance, 0, -1, -1, 0, 0)
			s.run()
			toAction(t, s)
			if s.Act != 2 {
				t.Fatalf("act %d", s.Act)
			}
			var gp int16 = -1
			for _, e := range s.Enemies {
				if e >= 0 && s.Cards[e].Def == idGhoulPriest {
					gp = e
				}
			}
			if gp < 0 || !s.engagedWith(gp, 0) {
				t.Fatal("the Ghoul Priest should spawn in the Hallway and engage")
			}
			s.damageEnemy(gp, s.enemyHealth(gp), 0)
			for i := 0; i < 20 && !s.Over(); i++ {
				if s.Prompt().Kind == PkChoice {
					pick(t, s, ActChoose+0)
					continue
				}
				s.run()
			}
			if !s.Over() || s.Resolution != ResR1 || s.Score() != 1 {
				t.Fatalf("resolution %d", s.Resolution)
			}
		}},
		{"LCG §3 Attack of Opportunity: a ready engaged enemy attacks on a non-fight action", func(t *testing.T, s *State) {
			toAction(t, s)
			var e int16 = -1
			for _, id := range s.EncDeck {
				if s.Cards[id].Def == mustID("01160") { // Ghoul Minion
					e = id
					break
				}
			}
			s.spawnEnemy(e, 0, -1)
			pick(t, s, ActResource)
			toAction(t, s)
			if s.Inv[0].Damage != 1 || s.Inv[0].Horror != 1 || s.Cards[e].Exhausted {
				t.Fatalf("damage %d horror %d", s.Inv[0].Damage, s.Inv[0].Horror)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			s := solo(t, 5)
			c.run(t, s)
			if err := s.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
