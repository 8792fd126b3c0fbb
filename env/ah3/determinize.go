package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// Determinize resamples what no investigator can see (game.State): the order
// of every face-down deck (street, event, item, spell, ally, anomaly,
// headline — and which headlines are in it —, the monster deck below its
// visible top, each neighborhood deck within its top 3 and below, where
// spawned event cards hide, AH3 488.4), which card of its name each unflipped
// condition is (AH3 479.7: hidden from its owner too), and which variant each
// unrevealed archive number holds (AH3 403). It reseeds the state's RNG.
// The viewer sees nothing more than the others in AH3, so viewer is unused.
func (s *State) Determinize(viewer game.AgentID, rng *game.RNG) {
	game.ShuffleInts(rng, s.Street.Cards())
	game.ShuffleInts(rng, s.Event.Cards())
	game.ShuffleInts(rng, s.Items.Cards())
	game.ShuffleInts(rng, s.Spells.Cards())
	game.ShuffleInts(rng, s.Allies.Cards())
	game.ShuffleInts(rng, s.Anomalies.Cards())
	if s.MonsterDeck.N > 1 {
		game.ShuffleInts(rng, s.MonsterDeck.C[1:s.MonsterDeck.N])
	}
	for h := range s.sc().Neighborhoods {
		p := &s.Hood[h]
		k := min(int(p.N), 3)
		game.ShuffleInts(rng, p.C[:k])
		game.ShuffleInts(rng, p.C[k:p.N])
	}
	// Headlines: the deck's cards and the ones never chosen are alike to
	// everyone; draw the deck again from them.
	var pool [64]int16
	n := 0
	for h := range s.sc().Headlines {
		if s.inDeck(int16(h)) || (!s.HeadlineIn[h]) {
			pool[n] = int16(h)
			n++
		}
	}
	game.ShuffleInts(rng, pool[:n])
	for i := 0; i < int(s.Headlines.N); i++ {
		old := s.Headlines.C[i]
		s.HeadlineIn[old] = false
	}
	for i := 0; i < int(s.Headlines.N); i++ {
		s.Headlines.C[i] = pool[i]
		s.HeadlineIn[pool[i]] = true
	}
	s.determinizeConditions(rng)
	for num := 1; num < MaxArchive; num++ {
		if v := s.g.variants[num]; len(v) > 1 && s.Revealed&(1<<uint(num)) == 0 {
			s.Variant[num] = v[rng.IntN(len(v))]
		}
	}
	s.rng.Seed(rng.Uint64())
}

func (s *State) inDeck(h int16) bool {
	for _, c := range s.Headlines.Cards() {
		if c == h {
			return true
		}
	}
	return false
}

// determinizeConditions deals every unflipped condition card again from the
// cards of its name that are not known (owned unflipped or in the pile).
func (s *State) determinizeConditions(rng *game.RNG) {
	sc := s.sc()
	for ci := range s.g.conds {
		var pool [32]int16
		n := 0
		for i := range sc.Assets {
			if s.g.condName[i] == int8(ci) {
				for c := 0; c < int(s.Avail[i]) && n < len(pool); c++ {
					pool[n] = int16(i)
					n++
				}
			}
		}
		for seat := 0; seat < int(s.N); seat++ {
			st := &s.Seats[seat]
			for k := 0; k < int(st.NAssets); k++ {
				if a := &st.Assets[k]; s.g.condName[a.Card] == int8(ci) && !a.Flipped && n < len(pool) {
					pool[n] = a.Card
					n++
				}
			}
		}
		if n == 0 {
			continue
		}
		game.ShuffleInts(rng, pool[:n])
		for i := range sc.Assets {
			if s.g.condName[i] == int8(ci) {
				s.Avail[i] = 0
			}
		}
		j := 0
		for seat := 0; seat < int(s.N); seat++ {
			st := &s.Seats[seat]
			for k := 0; k < int(st.NAssets); k++ {
				if a := &st.Assets[k]; s.g.condName[a.Card] == int8(ci) && !a.Flipped {
					a.Card = pool[j]
					j++
				}
			}
		}
		for ; j < n; j++ {
			s.Avail[pool[j]]++
		}
	}
	_ = content.Condition
}
