package machina

import (
	"fmt"
	"slices"

	"github.com/mythos-rl/mythos/env/game"
)

// New sets up a game of scenario sc (MA §4) with cfg, seeded with seed, and
// runs it to the first decision. logging switches the event log on.
func New(sc *Scenario, cfg Config, seed uint64, logging bool) (*State, error) {
	if sc == nil || sc.content == nil {
		return nil, fmt.Errorf("machina: no scenario (take one from a loaded Content)")
	}
	ct := sc.content
	if err := cfg.check(ct); err != nil {
		return nil, err
	}
	for _, n := range cfg.Chapters {
		if n < 1 || n > len(sc.Chapters) {
			return nil, fmt.Errorf("machina: chapter %d: %s has chapters 1 to %d", n, sc.ID, len(sc.Chapters))
		}
	}
	if len(cfg.Chapters) > 0 && !placesPioneers(&sc.Chapters[cfg.Chapters[0]-1], sc.Finale != nil) {
		return nil, fmt.Errorf("machina: chapter %d cannot open a game: it places no entrance (MA §4.6, §14.4) and is not the finale", cfg.Chapters[0])
	}
	cfg.Pioneers = append([]string(nil), cfg.Pioneers...)
	cfg.Chapters = append([]int(nil), cfg.Chapters...)
	s := &State{ct: ct, sc: sc, cfg: cfg, rng: game.NewRNG(seed)}
	s.log.Enabled = logging
	s.N = int8(len(cfg.Pioneers))
	s.info = newInfo(s)
	s.setup()
	s.run()
	return s, nil
}

// placesPioneers reports whether chapter ch can open a game: it goes to the
// finale (whose tile holds the entrance, MA §14.8), or an enter ability of
// it places the entrance token the pioneers are placed on (MA §4.6, §14.4).
func placesPioneers(ch *Chapter, finale bool) bool {
	if ch.Finale && finale {
		return true
	}
	for i := range ch.Abilities {
		if ch.Abilities[i].When != WhenEnter {
			continue
		}
		for _, e := range ch.Abilities[i].Effects {
			if e.Op == OpEntrance {
				return true
			}
		}
	}
	return false
}

// Reset starts a new game with seed on the same scenario and config,
// reusing the state's memory (env.GameEnv's Reset): the state becomes what
// New gives for seed, byte for byte (TestResetMatchesNew).
func (s *State) Reset(seed uint64, logging bool) {
	keep := *s
	*s = State{ct: keep.ct, sc: keep.sc, info: keep.info, cfg: keep.cfg, rng: game.NewRNG(seed)}
	s.Chapters, s.Rituals, s.Tiles = keep.Chapters[:0], keep.Rituals[:0], keep.Tiles[:0]
	s.Order, s.MonsterDeck, s.MonsterPile = keep.Order[:0], keep.MonsterDeck[:0], keep.MonsterPile[:0]
	for d := range s.ItemDecks {
		s.ItemDecks[d] = keep.ItemDecks[d][:0]
	}
	s.ItemDiscard = keep.ItemDiscard[:0]
	for k := 0; k < 2; k++ {
		s.EventDecks[k], s.EventPiles[k] = keep.EventDecks[k][:0], keep.EventPiles[k][:0]
	}
	s.Limbo, s.Mods, s.Forced, s.HitQueue = keep.Limbo[:0], keep.Mods[:0], keep.Forced[:0], keep.HitQueue[:0]
	s.log = keep.log
	s.log.Reset()
	s.log.Enabled = logging
	s.stack = keep.stack
	s.stack.Clear()
	s.prompt.Options = keep.prompt.Options[:0]
	s.scratchOpts = keep.scratchOpts
	s.N = int8(len(s.cfg.Pioneers))
	s.setup()
	s.run()
}

func newInfo(s *State) *game.Info {
	names := make([]string, 0, s.N+1)
	for _, p := range s.cfg.Pioneers {
		names = append(names, s.ct.Pioneers[s.ct.pioneerIndex(p)].Name)
	}
	names = append(names, "monsters")
	return &game.Info{
		Name:        "MachinaArcana",
		Agents:      int(s.N) + 1,
		AgentNames:  names,
		Actions:     NumActions,
		ActionNames: actionNames,
		PromptKinds: promptKindNames[:],
	}
}

// dangerTrack is the number of danger divisions (MA §6.5.1, §22.5).
func (s *State) dangerTrack() int8 {
	if s.cfg.DangerTrack > 0 {
		return int8(s.cfg.DangerTrack)
	}
	return s.sc.DangerTrack
}

// setup lays out the table (MA §4).
func (s *State) setup() {
	ct, sc := s.ct, s.sc
	s.Active, s.ActiveMon, s.LastDeath = -1, -1, -1
	for i := range s.Occ {
		s.Occ[i] = -1
	}
	s.Entrance = [2]int16{-1, -1}
	s.Exit = [2]int16{-1, -1}
	s.Board.clear()
	s.cleared()
	// MA §4.1, §5.3: the chapters played.
	for i := range sc.Chapters {
		n := i + 1
		if s.cfg.Quick && contains(sc.Quick, n) {
			continue
		}
		if s.cfg.VeryQuick && !contains(sc.VeryQuick, n) {
			continue
		}
		if len(s.cfg.Chapters) > 0 && !contains(s.cfg.Chapters, n) {
			continue // a training curriculum's chapters (Config.Chapters)
		}
		s.Chapters = append(s.Chapters, int8(i))
	}
	s.Level = 1 // MA §4.1 step 5
	// MA §4.1 steps 6–7: the event decks.
	// The deck is built in the memory of the last game's (Reset): the
	// scenario's own events, then every common one, of which the shuffled
	// first keep stay.
	for kind := 0; kind < 2; kind++ {
		horror := kind == 1
		deck := s.EventDecks[kind][:0]
		for i := range ct.Events {
			e := &ct.Events[i]
			if e.Horror != horror {
				continue
			}
			s.Events[i].Zone = ZoneBoxed
			if e.Scenario == "" {
				s.Events[i].Zone = ZoneVault // common events left out, unseen (MA §23.5)
			}
			if e.Scenario != "" && e.Scenario == sc.ID {
				deck = append(deck, int16(i))
			}
		}
		special := len(deck)
		for i := range ct.Events {
			if e := &ct.Events[i]; e.Horror == horror && e.Scenario == "" {
				deck = append(deck, int16(i))
			}
		}
		common := deck[special:]
		game.ShuffleInts(&s.rng, common)
		keep := max(special, sc.Events)
		if keep > len(common) {
			keep = len(common)
		}
		deck = deck[:special+keep]
		game.ShuffleInts(&s.rng, deck)
		for _, e := range deck {
			s.Events[e].Zone = ZoneDeck
		}
		s.EventDecks[kind] = deck
	}
	// MA §4.3: level-1 items in four decks; higher levels set aside.
	for i := range ct.Items {
		it := &ct.Items[i]
		s.Items[i] = ItemState{Zone: ZoneAside, Owner: -1, Host: -1}
		if it.Level == 1 {
			s.Items[i].Zone = ZoneDeck
			s.ItemDecks[it.Deck] = append(s.ItemDecks[it.Deck], int16(i))
		}
	}
	for d := range s.ItemDecks {
		game.ShuffleInts(&s.rng, s.ItemDecks[d])
	}
	// MA §4.4: level-1 monsters.
	for i := range ct.Monsters {
		s.Mx[i] = Monster{Zone: ZoneAside, Pos: -1, Controller: -1}
		if ct.Monsters[i].Level == 1 {
			s.Mx[i].Zone = ZoneDeck
			s.MonsterDeck = append(s.MonsterDeck, int8(i))
		}
	}
	game.ShuffleInts(&s.rng, s.MonsterDeck)
	// MA §4.5: the tile stack, random faces; the starting tile from the bottom.
	for i := range ct.Tiles {
		if ct.Tiles[i].Finale {
			continue
		}
		s.Tiles = append(s.Tiles, TileRef{Tile: int16(i), Face: uint8(s.rng.IntN(2))})
	}
	shuffle(&s.rng, s.Tiles)
	if len(s.Tiles) > 0 {
		start := s.Tiles[0]
		s.Tiles = slices.Delete(s.Tiles, 0, 1) // in place: the next Reset reuses the whole stack
		s.placeStart(start)
	}
	// MA §4.2: pioneers.
	for i, id := range s.cfg.Pioneers {
		pc := ct.pioneerIndex(id)
		card := &ct.Pioneers[pc]
		s.P[i] = Pioneer{Card: int16(pc), Alive: true, Pos: -1, HP: card.MaxHP, Stamina: card.MaxStam}
	}
	// MA §4.6: chapter 1 starts; then the rounds.
	s.push(opRound, game.NoAgent, -1, -1, 0, 0)
	s.push(opChapterStart, game.NoAgent, -1, -1, 0, 1)
	s.pushStart() // a curriculum's gear (Config.Start); none in the real setup
}

// placeStart puts a tile in the centre of the table at slot 0, turned so that
// its attach side faces south (the table edge).
func (s *State) placeStart(t TileRef) {
	f := &s.ct.Tiles[t.Tile].Faces[t.Face]
	rot := (int(SideS) - int(f.Attach) + 4) % 4
	s.Board.place(0, t.Tile, t.Face, f, rot)
	s.restep()
	s.syncCells() // MA §12.18
}

func contains(l []int, v int) bool {
	for _, x := range l {
		if x == v {
			return true
		}
	}
	return false
}

// shuffle permutes any slice with the state's RNG (Fisher–Yates).
func shuffle[T any](r *game.RNG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}
