package machina

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestRandomPlayDigest plays random games and prints a digest of every
// decision's prompt and the final states, so that an engine speed-up can be
// checked byte-identical against the code before it (run with -v).
func TestRandomPlayDigest(t *testing.T) {
	h := sha256.New()
	for seed := uint64(0); seed < 200; seed++ {
		s := newGame(t, seed, configFor(seed))
		rng := game.NewRNG(seed * 7)
		for i := 0; i < 3000 && !s.Over(); i++ {
			n := len(s.prompt.Options)
			h.Write([]byte{byte(n), byte(n >> 8)})
			if i%64 == 0 {
				b, _ := s.MarshalBinary()
				h.Write(b)
			}
			if err := s.Apply(rng.IntN(n)); err != nil {
				t.Fatal(err)
			}
		}
		b, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
	}
	t.Logf("digest %s", hex.EncodeToString(h.Sum(nil)))
}

// statSumRef is statSum before its item index (every item scanned): the
// index must not change a sum.
func (s *State) statSumRef(cr int, stat Stat) int {
	sum := 0
	for i := range s.Mods {
		m := &s.Mods[i]
		if int(m.Target) == cr && (m.Stat == stat || (m.Stat == StatDefWill && (stat == StatDefence || stat == StatWill))) {
			sum += int(m.N)
		}
	}
	// Pioneers' own cards, personal events and equipped items.
	for p := 0; p < int(s.N); p++ {
		if !s.onBoardPioneer(p) {
			continue
		}
		sum += s.passiveSum(s.pioneerCard(p).Abilities, p, cr, stat, false)
		for k := 0; k < int(s.P[p].PersonalN); k++ {
			sum += s.passiveSum(s.ct.Events[s.P[p].Personal[k]].Abilities, p, cr, stat, false)
		}
	}
	for i := range s.ct.Items {
		it := &s.Items[i]
		if it.Zone != ZoneEquipped || !s.onBoardPioneer(int(it.Owner)) {
			continue
		}
		card := &s.ct.Items[i]
		if int(it.Owner) == cr {
			switch stat {
			case StatDefence:
				sum += int(card.Defence)
			case StatWill:
				sum += int(card.Will)
			}
		}
		if it.Ext && it.Host >= 0 && s.ct.Items[it.Host].Deck == Weapon {
			continue // an extension changes only its own weapon (MA §13.7)
		}
		sum += s.passiveSum(card.Abilities, int(it.Owner), cr, stat, false)
	}
	// Current events and the chapter: no owner (MA §15.1, §14.1).
	if e := s.currentEvent(false); e >= 0 {
		sum += s.passiveSum(s.ct.Events[e].Abilities, -1, cr, stat, false)
	}
	if e := s.currentEvent(true); e >= 0 {
		sum += s.passiveSum(s.ct.Events[e].Abilities, -1, cr, stat, true)
	}
	if ch := s.chapter(); ch != nil {
		sum += s.passiveSum(ch.Abilities, -1, cr, stat, false)
	}
	// Monsters' cards (auras).
	for _, m := range s.Order {
		sum += s.passiveSum(s.ct.Monsters[m].Abilities, MonsterBase+int(m), cr, stat, true)
	}
	return sum
}

// TestStatSumIndex checks statSum against the full scan for every creature
// and stat along random games.
func TestStatSumIndex(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		s := newGame(t, seed, configFor(seed))
		rng := game.NewRNG(seed + 11)
		for i := 0; i < 3000 && !s.Over(); i++ {
			if i%16 == 0 {
				for cr := 0; cr < MonsterBase+MaxMonsters; cr++ {
					if !isPioneer(cr) && !isMonster(cr) {
						continue
					}
					for st := Stat(1); st < numStats; st++ {
						if a, b := s.statSum(cr, st), s.statSumRef(cr, st); a != b {
							t.Fatalf("seed %d step %d creature %d stat %s: %d, full scan %d", seed, i, cr, statNames[st], a, b)
						}
					}
				}
			}
			if err := s.Apply(rng.IntN(len(s.prompt.Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
}
