package machinaobs

import "github.com/mythos-rl/mythos/env/machina"

// The option abilities (Extras.Abilities, the env option
// option_abilities=true): for each option row that uses an ability (MA
// §16.2), what the ability does and what it could reach now. The option
// rows say nothing of an ability option (it names no cell), so a pointer
// policy could not tell an attack with a monster in reach from a heal or an
// attack on nothing; these rows say it.

// Ability columns.
const (
	aAbility    = iota // the option uses an ability
	aAttack            // one of its effects attacks (MA §9)
	aMagic             // a magic attack (MA §9.4)
	aStrong            // the attacks' strong dice
	aWeak              // the attacks' weak dice
	aHeal              // one of its effects restores health (MA §7.3)
	aTarget            // + the target symbol one-hot (machina.TargetKind: none, melee, ranged, ranged_ign, any_pioneer, any_monster, door)
	aRange      = aTarget + numTargetKinds
	aStamina    = aRange + 1 // the costs (MA §16.2)
	aInsp       = aStamina + 1
	aHealth     = aInsp + 1
	aMonsters   = aHealth + 1   // the monsters among its targets now (MA §17)
	aPioneers   = aMonsters + 1 // the pioneers among them, the user aside
	aSelf       = aPioneers + 1 // the user itself is one
	aCells      = aSelf + 1     // attack-only cells among them (barrels, ritual cells: MA §12.18, §21.6)
	abilityCols = aCells + 1
)

// numTargetKinds is the number of target symbols (machina.TargetKind).
const numTargetKinds = 7

var abilityNames = names{"ability", "attack", "magic", "strong_dice", "weak_dice", "heal",
	"target=none", "target=melee", "target=ranged", "target=ranged_ign", "target=any_pioneer", "target=any_monster", "target=door",
	"range", "stamina_cost", "inspiration_cost", "health_cost",
	"targets_monsters", "targets_pioneers", "targets_self", "targets_cells"}

// abilities writes the option_abilities rows of the first n options of the
// prompt, for creature cr (the one whose turn it is, else the viewer).
func (w *writer) abilities(n, cr int) {
	s := w.s
	var buf [machina.NumCells]int
	for r, o := range s.Prompt().Options[:n] {
		ab := s.OptionAbility(o)
		if ab == nil {
			continue
		}
		off := w.at.optAbilities + r*abilityCols
		row := w.O.U8[off : off+abilityCols]
		row[aAbility] = 1
		strong, weak := 0, 0
		for _, e := range ab.Effects {
			switch e.Op {
			case machina.OpAttack:
				row[aAttack] = 1
				w.ub(off+aMagic, e.Magic || row[aMagic] == 1)
				strong, weak = strong+int(e.Strong), weak+int(e.Weak)
			case machina.OpHeal:
				row[aHeal] = 1
			}
		}
		w.u(off+aStrong, strong)
		w.u(off+aWeak, weak)
		if int(ab.Target) < numTargetKinds {
			row[aTarget+int(ab.Target)] = 1
		}
		w.u(off+aRange, int(ab.Range))
		w.u(off+aStamina, int(ab.Stamina))
		w.u(off+aInsp, int(ab.Insp))
		w.u(off+aHealth, int(ab.Health))
		if cr < 0 || ab.Target == machina.TargetNone || ab.Target == machina.TargetAdjacentDoor {
			continue
		}
		monsters, pioneers, cells := 0, 0, 0
		for _, c := range s.AbilityTargets(cr, ab, buf[:0]) {
			switch t := s.CreatureAt(c); {
			case t == cr:
				row[aSelf] = 1
			case t >= 0 && t < machina.MaxPioneers:
				pioneers++
			case t >= machina.MonsterBase && t < machina.MonsterBase+machina.MaxMonsters:
				monsters++
			default:
				cells++
			}
		}
		w.u(off+aMonsters, monsters)
		w.u(off+aPioneers, pioneers)
		w.u(off+aCells, cells)
	}
}
