package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// Scripted tests of the lead investigator's team decisions (team.go).
func TestTeamDecisions(t *testing.T) {
	cases := []struct {
		rule string
		inv  []string
		run  func(t *testing.T, s *State)
	}{
		{"LCG §3 Prey: equally valid investigators, the lead chooses", []string{"01001", "01002"}, func(t *testing.T, s *State) {
			e := ctEnemy(s, "01160", 0, locStudy) // Ghoul Minion: no Prey
			s.run()
			p := s.Prompt()
			if p.Kind != PkTarget || int(p.Actor) != int(s.Lead) || !hasOption(s, ActSeat+0) || !hasOption(s, ActSeat+1) {
				t.Fatalf("prompt %d actor %d options %v", p.Kind, p.Actor, p.Options)
			}
			pick(t, s, ActSeat+1)
			if !s.engagedWith(e, 1) {
				t.Fatal("not engaged with the chosen investigator")
			}
		}},
		{"LCG §3 Prey: a Prey instruction with one best match engages without a prompt", []string{"01001", "01002"}, func(t *testing.T, s *State) {
			e := ctEnemy(s, "01161", 0, locStudy) // Ravenous Ghoul: lowest remaining health
			if !s.engagedWith(e, 1) {
				t.Fatal("Ravenous Ghoul should engage Daisy Walker (5 health)")
			}
		}},
		{"LCG §3 Act Deck: the lead chooses who spends a group clue cost", []string{"01001", "01002"}, func(t *testing.T, s *State) {
			s.Inv[0].Clues, s.Inv[1].Clues = 3, 2
			s.run()
			pick(t, s, ActAdvanceAct)
			pick(t, s, ActSeat+1)
			pick(t, s, ActSeat+1)
			if s.Act != 1 || s.Inv[0].Clues != 1 || s.Inv[1].Clues != 0 {
				t.Fatalf("act %d clues %d/%d", s.Act, s.Inv[0].Clues, s.Inv[1].Clues)
			}
		}},
		{"LCG §3 Elimination 5: the remaining investigators choose a new lead", []string{"01001", "01002", "01003"}, func(t *testing.T, s *State) {
			s.eliminate(0, OutDefeated)
			s.run()
			if s.Prompt().Kind != PkChoice || hasOption(s, ActSeat+0) {
				t.Fatalf("prompt %d %v", s.Prompt().Kind, s.Prompt().Options)
			}
			pick(t, s, ActSeat+2)
			if s.Lead != 2 {
				t.Fatalf("lead %d", s.Lead)
			}
		}},
		{"LCG §3 Hunter: the lead orders the hunters and chooses among equally short routes", []string{"01001"}, func(t *testing.T, s *State) {
			toHallway(t, s)
			toAction(t, s)
			s.placeInvestigator(0, locCellar)
			// An extra loop Parlor–Attic–Cellar makes two shortest routes from the Parlor.
			s.Conn[locParlor] |= 1 << locAttic
			s.Conn[locAttic] |= 1<<locParlor | 1<<locCellar
			s.Conn[locCellar] |= 1 << locAttic
			r1 := ctEnemy(s, "01159", 0, locParlor)
			r2 := ctEnemy(s, "01159", 0, locHallway)
			s.push(opHunters, 0, -1, -1, 0, 0)
			s.run()
			if s.Prompt().Kind != PkOrder {
				t.Fatalf("prompt %d", s.Prompt().Kind)
			}
			pick(t, s, ActEnemy+game.ActionCode(s.enemySlot(r1)))
			if !hasOption(s, ActLocation+locHallway) || !hasOption(s, ActLocation+locAttic) {
				t.Fatalf("routes %v", s.Prompt().Options)
			}
			pick(t, s, ActLocation+locAttic)
			if s.Cards[r1].Loc != locAttic || !s.engagedWith(r2, 0) {
				t.Fatalf("rats at %d, %d", s.Cards[r1].Loc, s.Cards[r2].Loc)
			}
		}},
		{"LCG §3 Priority of Simultaneous Resolution: the lead orders forced abilities", []string{"01001"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01099", ZoneThreat) // Psychosis
			ctGive(s, 0, "01100", ZoneThreat) // Hypochondria
			s.takeDamage(0, 1, 1, -1)
			s.run()
			if s.Prompt().Kind != PkOrder || !hasOption(s, ActChoose+fxPsychosis) || !hasOption(s, ActChoose+fxHypochondria) {
				t.Fatalf("prompt %d %v", s.Prompt().Kind, s.Prompt().Options)
			}
			n := len(s.Log().Events)
			pick(t, s, ActChoose+fxHypochondria)
			// Hypochondria's horror resolves first (then the two cards feed each
			// other until Roland Banks is defeated).
			for _, e := range s.Log().Events[n:] {
				if e.Kind == evDamage || e.Kind == evHorror {
					if e.Kind != evHorror {
						t.Fatal("Psychosis resolved first")
					}
					break
				}
			}
			if !s.Over() || s.Inv[0].Out == OutNone {
				t.Fatalf("damage %d horror %d", s.Inv[0].Damage, s.Inv[0].Horror)
			}
		}},
		{"LCG §6 ST.1: another investigator at the location uses a ⚡ ability during the test", []string{"01001", "01003"}, func(t *testing.T, s *State) {
			bc := ctGive(s, 1, "01028", ZonePlay) // Beat Cop (2) for Skids
			e := ctEnemy(s, "01116", 0, -1)       // Ghoul Priest engaged with Roland
			s.run()
			pick(t, s, ActFight+game.ActionCode(s.enemySlot(e)))
			noCommit(t, s)
			if int(s.Prompt().Actor) != 1 {
				t.Fatalf("actor %d", s.Prompt().Actor)
			}
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[1].Play, bc))
			if s.Cards[e].Damage != 1 || !s.Cards[bc].Exhausted {
				t.Fatalf("damage %d", s.Cards[e].Damage)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			s := ctGame(t, c.inv...)
			c.run(t, s)
			if err := s.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
