package machina

import "github.com/mythos-rl/mythos/env/game"

// Clone returns a deep copy that shares no mutable memory with s (the
// content, the scenario and the config's pioneer list are read-only and
// shared).
func (s *State) Clone() game.State {
	c := &State{}
	s.CloneInto(c)
	return c
}

// CloneInto copies s into dst, reusing dst's storage: the fast path for
// search.
func (s *State) CloneInto(dst *State) {
	// Keep dst's slices for reuse before the struct copy overwrites them.
	keep := *dst
	*dst = *s
	dst.Chapters = append(keep.Chapters[:0], s.Chapters...)
	dst.Rituals = append(keep.Rituals[:0], s.Rituals...)
	dst.Tiles = append(keep.Tiles[:0], s.Tiles...)
	dst.Order = append(keep.Order[:0], s.Order...)
	dst.MonsterDeck = append(keep.MonsterDeck[:0], s.MonsterDeck...)
	dst.MonsterPile = append(keep.MonsterPile[:0], s.MonsterPile...)
	for d := range s.ItemDecks {
		dst.ItemDecks[d] = append(keep.ItemDecks[d][:0], s.ItemDecks[d]...)
	}
	dst.ItemDiscard = append(keep.ItemDiscard[:0], s.ItemDiscard...)
	for k := 0; k < 2; k++ {
		dst.EventDecks[k] = append(keep.EventDecks[k][:0], s.EventDecks[k]...)
		dst.EventPiles[k] = append(keep.EventPiles[k][:0], s.EventPiles[k]...)
	}
	dst.Limbo = append(keep.Limbo[:0], s.Limbo...)
	dst.Mods = append(keep.Mods[:0], s.Mods...)
	dst.Forced = append(keep.Forced[:0], s.Forced...)
	dst.log = keep.log
	s.log.CloneInto(&dst.log)
	dst.stack = keep.stack
	s.stack.CloneInto(&dst.stack)
	dst.prompt = keep.prompt
	dst.prompt.Actor, dst.prompt.Kind, dst.prompt.Source = s.prompt.Actor, s.prompt.Kind, s.prompt.Source
	dst.prompt.Options = append(keep.prompt.Options[:0], s.prompt.Options...)
	dst.scratchOpts = keep.scratchOpts
}

// Determinize resamples what nobody at the table can see (MA §23.5): the
// order of the item, monster and event decks and of the tile stack; then it
// reseeds the state's RNG from rng. Which cards were boxed is not resampled
// yet (docs/machina-rulings.md).
func (s *State) Determinize(viewer game.AgentID, rng *game.RNG) {
	for d := range s.ItemDecks {
		game.ShuffleInts(rng, s.ItemDecks[d])
	}
	game.ShuffleInts(rng, s.MonsterDeck)
	for k := range s.EventDecks {
		game.ShuffleInts(rng, s.EventDecks[k])
	}
	shuffle(rng, s.Tiles)
	s.rng.Seed(rng.Uint64())
}
