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
	dst.HitQueue = append(keep.HitQueue[:0], s.HitQueue...)
	dst.log = keep.log
	s.log.CloneInto(&dst.log)
	dst.stack = keep.stack
	s.stack.CloneInto(&dst.stack)
	dst.prompt = keep.prompt
	dst.prompt.Actor, dst.prompt.Kind, dst.prompt.Source = s.prompt.Actor, s.prompt.Kind, s.prompt.Source
	dst.prompt.Options = append(keep.prompt.Options[:0], s.prompt.Options...)
	dst.scratchOpts = keep.scratchOpts
}

// Determinize resamples what nobody at the table can see (MA §23.5): which
// cards were boxed unseen (the random halves of item and monster decks, the
// common events left out at setup) against the cards still in their decks,
// the order of every deck, and the order of the tile stack; then it reseeds
// the state's RNG from rng. Everything is public to every seat, so the viewer
// does not matter. Cards known to lie on a deck's top (returned there) are
// resampled too.
func (s *State) Determinize(viewer game.AgentID, rng *game.RNG) {
	var pool [MaxItems]int16
	for d := range s.ItemDecks {
		n := copy(pool[:], s.ItemDecks[d])
		for i := range s.ct.Items {
			if s.Items[i].Zone == ZoneVault && int(s.ct.Items[i].Deck) == d {
				pool[n] = int16(i)
				n++
			}
		}
		game.ShuffleInts(rng, pool[:n])
		k := len(s.ItemDecks[d])
		copy(s.ItemDecks[d], pool[:k])
		for j, i := range pool[:n] {
			if j < k {
				s.Items[i].Zone = ZoneDeck
			} else {
				s.Items[i].Zone = ZoneVault
			}
		}
	}
	var mp [MaxMonsters]int8
	n := copy(mp[:], s.MonsterDeck)
	for i := range s.ct.Monsters {
		if s.Mx[i].Zone == ZoneVault {
			mp[n] = int8(i)
			n++
		}
	}
	game.ShuffleInts(rng, mp[:n])
	k := len(s.MonsterDeck)
	copy(s.MonsterDeck, mp[:k])
	for j, m := range mp[:n] {
		if j < k {
			s.Mx[m].Zone = ZoneDeck
		} else {
			s.Mx[m].Zone = ZoneVault
		}
	}
	for kind := range s.EventDecks {
		// Only common events were left out: swap common ones of the deck with
		// the vault's of the same kind.
		var ev [MaxEvents]int16
		var slots [MaxEvents]int
		n, ns := 0, 0
		for j, e := range s.EventDecks[kind] {
			if s.ct.Events[e].Scenario == "" {
				ev[n], slots[ns] = e, j
				n, ns = n+1, ns+1
			}
		}
		for e := range s.ct.Events {
			if s.Events[e].Zone == ZoneVault && s.ct.Events[e].Horror == (kind == 1) {
				ev[n] = int16(e)
				n++
			}
		}
		game.ShuffleInts(rng, ev[:n])
		for j, e := range ev[:n] {
			if j < ns {
				s.EventDecks[kind][slots[j]] = e
				s.Events[e].Zone = ZoneDeck
			} else {
				s.Events[e].Zone = ZoneVault
			}
		}
		game.ShuffleInts(rng, s.EventDecks[kind])
	}
	s.determinizeTiles(rng)
	s.rng.Seed(rng.Uint64())
}

// determinizeTiles resamples the hidden part of the tile stack (MA §4.5,
// §23.5): the tiles never seen keep their slots among themselves in a new
// order, each with a random face up; a tile that went back flipped on its own
// (MA §11.3) keeps its slot and face; a group that went back in one shuffle
// (MA §14.5, §22.20: Group) keeps its run of slots and its faces, in a new
// order.
func (s *State) determinizeTiles(rng *game.RNG) {
	var slots, tiles [MaxTiles]int16
	n := 0
	for i, t := range s.Tiles {
		if !t.Seen {
			slots[n], tiles[n] = int16(i), t.Tile
			n++
		}
	}
	game.ShuffleInts(rng, tiles[:n])
	for k := 0; k < n; k++ {
		s.Tiles[slots[k]] = TileRef{Tile: tiles[k], Face: uint8(rng.IntN(2))}
	}
	for i := 0; i < len(s.Tiles); {
		j := i + 1
		if g := s.Tiles[i].Group; g != 0 {
			for j < len(s.Tiles) && s.Tiles[j].Group == g {
				j++
			}
			shuffle(rng, s.Tiles[i:j])
		}
		i = j
	}
}
