package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestCharacteristics checks AllCharacteristics against MaxStamina,
// Defence and Will, one stat at a time, for every pioneer and monster in
// play along random games.
func TestCharacteristics(t *testing.T) {
	seeds := uint64(30)
	if testing.Short() {
		seeds = 10
	}
	checked := 0
	for seed := uint64(0); seed < seeds; seed++ {
		s := newGame(t, seed, configFor(seed))
		rng := game.NewRNG(seed + 5)
		for i := 0; i < 3000 && !s.Over(); i++ {
			if i%2 == 0 {
				var all CharacteristicTable
				s.AllCharacteristics(&all)
				for cr := 0; cr < MonsterBase+MaxMonsters; cr++ {
					if !isPioneer(cr) && !isMonster(cr) || (isPioneer(cr) && cr >= int(s.N)) {
						continue
					}
					if isMonster(cr) && s.Mx[cr-MonsterBase].Zone != ZonePlay {
						continue
					}
					ms, d, w := s.MaxStamina(cr), s.Defence(cr), s.Will(cr)
					if a := all[cr]; int(a[0]) != ms || int(a[1]) != d || int(a[2]) != w {
						t.Fatalf("seed %d step %d creature %d: AllCharacteristics %v, one at a time %d %d %d", seed, i, cr, a, ms, d, w)
					}
					checked++
				}
			}
			if err := s.Apply(rng.IntN(len(s.prompt.Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 2000 {
		t.Fatalf("only %d creatures checked", checked)
	}
}
