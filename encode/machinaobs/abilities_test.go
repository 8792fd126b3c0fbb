package machinaobs

import (
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
)

// abilityByCode is the ability option code c uses, looked up in the
// content by the code's source and index (actions.go) for the acting
// creature cr, never through the option's reference.
func abilityByCode(s *machina.State, c game.ActionCode, cr int) *machina.Ability {
	ct := s.Content()
	pick := func(abs []machina.Ability, a int) *machina.Ability {
		if a < len(abs) {
			return &abs[a]
		}
		return nil
	}
	if c >= machina.CodeItemAbility && c < machina.CodeCell {
		k := int(c - machina.CodeItemAbility)
		return pick(ct.Items[k/4].Abilities, k%4)
	}
	if c < machina.CodeAbility || c >= machina.CodeItemAbility {
		return nil
	}
	k := int(c - machina.CodeAbility)
	src, a := k/4, k%4
	pioneer := cr >= 0 && cr < machina.MaxPioneers
	switch {
	case src == machina.SrcPioneer && pioneer:
		return pick(ct.Pioneers[s.P[cr].Card].Abilities, a)
	case src == machina.SrcPioneerEvent && s.CurrentEvent(false) >= 0:
		return pick(ct.Events[s.CurrentEvent(false)].Abilities, a)
	case src == machina.SrcHorrorEvent && s.CurrentEvent(true) >= 0:
		return pick(ct.Events[s.CurrentEvent(true)].Abilities, a)
	case src == machina.SrcChapter && s.ChapterCard() != nil:
		return pick(s.ChapterCard().Abilities, a)
	case src == machina.SrcMonster && s.ActiveMon >= 0:
		return pick(ct.Monsters[s.ActiveMon].Abilities, a)
	case src >= machina.SrcPersonal && pioneer && src-machina.SrcPersonal < int(s.P[cr].PersonalN):
		return pick(ct.Events[s.P[cr].Personal[src-machina.SrcPersonal]].Abilities, a)
	}
	return nil
}

// TestOptionAbilitiesRandomPlay checks option_abilities over random play:
// every ability option's row against its card's ability, every other row
// zero; and where choosing the option leads straight to its target prompt
// (MA §17), the counted targets against the cells that prompt offers.
func TestOptionAbilitiesRandomPlay(t *testing.T) {
	var rows, attacks, heals, checked, withMonster int
	for seed := uint64(0); seed < 30; seed++ {
		s := optState(t, seed, seed%3 == 2)
		e, err := NewWith(s.Info(), Extras{Abilities: true})
		if err != nil {
			t.Fatal(err)
		}
		l := e.Layout()
		if _, ok := l.Field("option_paths"); ok {
			t.Fatal("option_paths without Extras.Paths")
		}
		fa, ok := l.Field("option_abilities")
		if !ok || fa.DType != encode.Uint8 || fa.Shape[0] != MaxOptionRows || fa.Shape[1] != abilityCols || len(abilityNames) != abilityCols {
			t.Fatalf("option_abilities: %+v, want uint8 [%d %d] with %d names", fa, MaxOptionRows, abilityCols, len(abilityNames))
		}
		o := l.NewObs()
		rng := game.NewRNG(seed + 5)
		for n := 0; !s.Over() && n < 300; n++ {
			p := s.Prompt()
			for v := 0; v <= int(s.N); v++ {
				e.Encode(s, game.AgentID(v), o)
				got := o.U8[fa.Offset : fa.Offset+fa.Size()]
				cr, _ := optActor(s, v)
				for r := 0; r < MaxOptionRows; r++ {
					row := got[r*abilityCols : (r+1)*abilityCols]
					var ab *machina.Ability
					if int(p.Actor) == v && r < len(p.Options) {
						ab = abilityByCode(s, p.Options[r].Code, cr)
					}
					var want [abilityCols]uint8
					if ab != nil {
						want[aAbility] = 1
						for _, ef := range ab.Effects {
							switch ef.Op {
							case machina.OpAttack:
								want[aAttack] = 1
								if ef.Magic {
									want[aMagic] = 1
								}
								want[aStrong] += uint8(ef.Strong)
								want[aWeak] += uint8(ef.Weak)
							case machina.OpHeal:
								want[aHeal] = 1
							}
						}
						want[aTarget+int(ab.Target)] = 1
						want[aRange], want[aStamina], want[aInsp], want[aHealth] = uint8(ab.Range), uint8(ab.Stamina), uint8(ab.Insp), uint8(ab.Health)
						rows++
						attacks += int(want[aAttack])
						heals += int(want[aHeal])
					}
					for k := 0; k < aMonsters; k++ {
						if row[k] != want[k] {
							t.Fatalf("seed %d decision %d viewer %d: row %d (%s) %s = %d, want %d", seed, n, v, r, e.ActionName(int(p.Options[r].Code)), abilityNames[k], row[k], want[k])
						}
					}
					if ab == nil {
						for k := aMonsters; k < abilityCols; k++ {
							if row[k] != 0 {
								t.Fatalf("seed %d decision %d viewer %d: row %d uses no ability but %s = %d", seed, n, v, r, abilityNames[k], row[k])
							}
						}
						continue
					}
					// Choose the option on a copy: a target prompt of the
					// same creature next lists the targets of a target
					// symbol (an effect's own prompt follows one without:
					// a teleport's cells).
					if ab.Target == machina.TargetNone || ab.Target == machina.TargetAdjacentDoor {
						continue
					}
					c := s.Clone().(*machina.State)
					if err := c.Apply(r); err != nil {
						t.Fatal(err)
					}
					q := c.Prompt()
					if q.Kind != machina.PromptTarget || q.Actor != p.Actor || c.Over() {
						continue
					}
					var tg [4]int // monsters, pioneers, self, cells
					for _, to := range q.Options {
						cell := int(to.Code - machina.CodeCell)
						if to.Code < machina.CodeCell || cell >= machina.NumCells {
							continue
						}
						switch t := c.CreatureAt(cell); {
						case t == cr:
							tg[2] = 1
						case t >= 0 && t < machina.MaxPioneers:
							tg[1]++
						case t >= machina.MonsterBase && t < machina.MonsterBase+machina.MaxMonsters:
							tg[0]++
						default:
							tg[3]++
						}
					}
					if g := [4]int{int(row[aMonsters]), int(row[aPioneers]), int(row[aSelf]), int(row[aCells])}; g != tg {
						t.Fatalf("seed %d decision %d: %s offers targets (monsters, pioneers, self, cells) %v, the row says %v", seed, n, e.ActionName(int(p.Options[r].Code)), tg, g)
					}
					checked++
					if tg[0] > 0 {
						withMonster++
					}
				}
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d ability rows (%d attacks, %d heals); %d checked against their target prompt, %d of them with a monster to target", rows, attacks, heals, checked, withMonster)
	if attacks == 0 || heals == 0 || checked < 50 || withMonster == 0 {
		t.Error("too few ability rows of each kind checked")
	}
}
