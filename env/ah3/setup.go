package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// opSetup finishes setup through the stack so that its choices are prompts.
const opSetup = numOps

// setup performs steps 101-109 (AH3 100) and pushes 110-111.
func (s *State) setup() {
	sc := s.sc()
	g := s.g
	s.Phase = PhaseSetup
	s.N = int8(len(g.inv))
	s.NStart, s.Lead = s.N, 0 // AH3 110.2: seat 0 holds the lead token
	s.Rumor, s.EncCard = -1, -1
	for i := range s.Seats {
		s.Seats[i].Inv, s.Seats[i].Space = -1, -1
	}
	for i := range s.Monsters {
		s.Monsters[i] = Monster{Kind: -1, Space: -1}
	}
	for i := range s.Reserve {
		s.Reserve[i] = -1
	}
	for i := range s.Attached {
		s.Attached[i] = -1
	}
	// 102: the board, the street deck and the neighborhood decks.
	for i, d := range sc.Doom {
		s.Doom[i] = int8(d)
	}
	for i, e := range sc.Encounters {
		switch e.Kind {
		case content.StreetCard:
			s.Street.PushBottom(int16(i))
		case content.EventCard:
			s.Event.PushBottom(int16(i)) // 103
		}
	}
	for h := range sc.Neighborhoods {
		for _, c := range sc.Neighborhoods[h].Deck {
			s.Hood[h].PushBottom(int16(c))
		}
		game.ShuffleInts(&s.rng, s.Hood[h].Cards())
	}
	game.ShuffleInts(&s.rng, s.Street.Cards())
	game.ShuffleInts(&s.rng, s.Event.Cards())
	// 104 (Appendix E #1: the deck first, then the map's monsters from it).
	for _, k := range sc.MonsterDeck {
		s.MonsterDeck.PushBottom(int16(k))
	}
	game.ShuffleInts(&s.rng, s.MonsterDeck.Cards())
	for k, m := range sc.Monsters {
		for c := 0; m.SetAside && c < m.Copies; c++ {
			s.SetAside.PushBottom(int16(k)) // AH3 457.1
		}
	}
	for _, p := range sc.Placements {
		if s.MonsterDeck.Remove(int16(p.Monster)) {
			s.spawnKind(int16(p.Monster), int8(p.Space), p.Exhausted)
		}
	}
	// 105: the mythos cup.
	for k, n := range sc.Cup {
		s.Cup[k] = int8(n)
	}
	// 106: 13 headlines at random.
	var hl [64]int16
	for i := range sc.Headlines {
		hl[i] = int16(i)
	}
	game.ShuffleInts(&s.rng, hl[:len(sc.Headlines)])
	for _, h := range hl[:sc.HeadlineCount] {
		s.Headlines.PushBottom(h)
		s.HeadlineIn[h] = true
	}
	// 107: the asset decks and the Reserve; special, starting and condition piles.
	for i, a := range sc.Assets {
		for c := 0; c < a.Copies; c++ {
			switch a.Pile {
			case content.ItemDeck:
				s.Items.PushBottom(int16(i))
			case content.SpellDeck:
				s.Spells.PushBottom(int16(i))
			case content.AllyDeck:
				s.Allies.PushBottom(int16(i))
			default:
				s.Avail[i]++
			}
		}
	}
	game.ShuffleInts(&s.rng, s.Items.Cards())
	game.ShuffleInts(&s.rng, s.Spells.Cards())
	game.ShuffleInts(&s.rng, s.Allies.Cards())
	s.refillReserve()
	// 109: the archive; a number with several cards gets one at random.
	for n := range s.Variant {
		s.Variant[n] = -1
		if v := g.variants[n]; len(v) > 0 {
			s.Variant[n] = v[s.rng.IntN(len(v))]
		}
	}
	// 111.5: the anomaly deck.
	for _, a := range sc.Anomalies {
		s.Anomalies.PushBottom(int16(a))
	}
	game.ShuffleInts(&s.rng, s.Anomalies.Cards())
	s.push(opSetup, -1, 0, 0, 0, 0)
}

// doSetup: 110 (investigators with their possessions and starting choice,
// at the starting space) then 111 (3 clues, doom spread once, the codex),
// then a curriculum start's clues (start.go).
func (s *State) doSetup(f *game.Frame) game.Control {
	switch f.Step {
	case 0:
		f.Step = 1
		for i := s.N - 1; i >= 0; i-- {
			if s.g.Cfg.Choose {
				s.push(opReplace, i, 0, 0, 0, 0) // AH3 110.1: the player chooses
				continue
			}
			s.enterAtSetup(i)
		}
		return game.Again
	case 1:
		f.Step = 2
		for i := 0; i < 3; i++ {
			s.spawnClue() // 111.2
		}
		s.spreadDoom() // 111.3
		return game.Again
	case 2:
		f.Step = 3
		for i := len(s.sc().Codex) - 1; i >= 0; i-- {
			s.addCodex(s.sc().Codex[i]) // 111.4
		}
		return game.Again
	case 3:
		f.Step = 4
		s.applyStart() // a curriculum start, after the codex is in place (start.go)
		return game.Again
	}
	return game.Done
}

func (s *State) enterAtSetup(seat int8) {
	s.enter(seat, int8(s.g.inv[seat]))
}
