package lcg

import "github.com/mythos-rl/mythos/env/game"

// Determinize implements game.State: it resamples, with rng, what viewer
// cannot see (LCG §12.4): the order of every deck and of the encounter deck,
// and the other investigators' hands, which are swapped with their decks
// (each hand keeps its size and its cards come from hand ∪ deck).
func (s *State) Determinize(viewer game.AgentID, rng *game.RNG) {
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		if game.AgentID(i) != viewer && len(v.Deck) > 0 {
			// Pool hand and deck, shuffle, deal the hand back.
			pool := append(s.scratch[:0], v.Hand...)
			pool = append(pool, v.Deck...)
			game.ShuffleInts(rng, pool)
			nh := len(v.Hand)
			copy(v.Hand, pool[:nh])
			copy(v.Deck, pool[nh:])
			for _, id := range v.Hand {
				s.Cards[id].Zone = ZoneHand
			}
			for _, id := range v.Deck {
				s.Cards[id].Zone = ZoneDeck
			}
			s.scratch = pool[:0]
		} else {
			game.ShuffleInts(rng, v.Deck)
		}
	}
	game.ShuffleInts(rng, s.EncDeck)
	if h := s.scen().Determinize; h != nil {
		h(s, rng)
	}
	// Future chaos-token draws and shuffles are unknown too (game.State).
	s.rng.Seed(rng.Uint64())
	if s.over {
		return
	}
	// The prompt may name hand cards of others (never: prompts go to the
	// actor); rebuilding is not needed since options refer to the actor's cards.
}
