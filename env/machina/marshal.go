package machina

import "github.com/mythos-rl/mythos/env/game"

// MarshalBinary writes the whole state in a canonical form: equal states give
// equal bytes (the log and the prompt included).
func (s *State) MarshalBinary() ([]byte, error) {
	w := game.Writer{B: make([]byte, 0, 8192)}
	// The set-up: scenario, pioneers, variants and parameters.
	w.Int(len(s.sc.ID))
	w.B = append(w.B, s.sc.ID...)
	c := &s.cfg
	for _, b := range []bool{c.Easy, c.VeryEasy, c.Quick, c.VeryQuick, c.Cooperative, c.LairScaleTwice, c.Level5Death} {
		w.Bool(b)
	}
	w.Int(c.RoundCap)
	w.Int(c.DangerTrack)
	w.B = append(w.B, c.RechargeFaces[:]...)
	w.RNG(&s.rng)
	w.I32(int32(s.Round))
	w.U8(uint8(s.Phase))
	w.Bool(s.over)
	w.U8(uint8(s.result))
	game.Ints(&w, s.Chapters)
	for _, v := range []int8{s.ChapterPos, s.Lair, s.Horror, s.Danger, s.Level, s.Tokens, s.N, s.Active, s.ActiveMon, s.LastDeath, s.Game} {
		w.U8(uint8(v))
	}
	w.Bool(s.InFinale)
	w.Bool(s.MonsterSide)
	for _, v := range s.Progress {
		w.U8(uint8(v))
	}
	w.Int(len(s.Rituals))
	for _, r := range s.Rituals {
		w.I32(int32(r.Cell))
		w.U8(uint8(r.HP))
		w.U8(uint8(r.Start))
	}
	// The board.
	g := &s.Board.Grid
	for i := 0; i < NumCells; i++ {
		w.U8(uint8(g.Kind[i]))
		w.U8(g.Dest[i])
		w.Bool(g.Lit[i])
		w.U8(uint8(g.Was[i]))
		w.U8(uint8(s.Occ[i]))
	}
	for y := range g.V {
		for x := range g.V[y] {
			w.U8(uint8(g.V[y][x]))
		}
	}
	for y := range g.H {
		for x := range g.H[y] {
			w.U8(uint8(g.H[y][x]))
		}
	}
	for _, sl := range s.Board.Slots {
		w.I32(int32(sl.Tile))
		w.U8(sl.Face)
		w.U8(sl.Rot)
		for _, o := range sl.Open {
			w.Bool(o)
		}
		w.U8(uint8(sl.Attach))
	}
	for k := 0; k < 2; k++ {
		w.I32(int32(s.Entrance[k]))
		w.I32(int32(s.Exit[k]))
	}
	w.Int(len(s.Tiles))
	for _, t := range s.Tiles {
		w.I32(int32(t.Tile))
		w.U8(t.Face)
		w.Bool(t.Seen)
		w.U8(t.Group)
	}
	// Pioneers.
	for i := 0; i < int(s.N); i++ {
		p := &s.P[i]
		w.I32(int32(p.Card))
		w.Bool(p.Alive)
		w.Bool(p.OnBoard)
		w.Bool(p.Acted)
		w.I32(int32(p.Pos))
		for _, v := range []int8{p.HP, p.Stamina, p.Insp, p.Kills, p.PersonalN} {
			w.U8(uint8(v))
		}
		for _, e := range p.Personal {
			w.I32(int32(e))
		}
	}
	// Cards.
	for i := range s.ct.Monsters {
		m := &s.Mx[i]
		w.U8(uint8(m.Zone))
		w.I32(int32(m.Pos))
		w.U8(uint8(m.Wounds))
		w.U8(uint8(m.Stamina))
		w.U8(uint8(m.Controller))
	}
	for i := range s.ct.Items {
		it := &s.Items[i]
		w.U8(uint8(it.Zone))
		w.U8(uint8(it.Owner))
		w.I32(int32(it.Host))
		w.Bool(it.Ext)
		w.U8(uint8(s.ItemProgress[i]))
		w.Bool(s.KeptItems[i])
	}
	for i := range s.ct.Events {
		w.U8(uint8(s.Events[i].Zone))
		w.U8(uint8(s.Events[i].Owner))
		w.U8(uint8(s.EventProgress[i]))
		w.Bool(s.KeptEvents[i])
	}
	game.Ints(&w, s.Order)
	game.Ints(&w, s.MonsterDeck)
	game.Ints(&w, s.MonsterPile)
	for d := range s.ItemDecks {
		game.Ints(&w, s.ItemDecks[d])
	}
	game.Ints(&w, s.ItemDiscard)
	for k := 0; k < 2; k++ {
		game.Ints(&w, s.EventDecks[k])
		game.Ints(&w, s.EventPiles[k])
	}
	game.Ints(&w, s.Limbo)
	game.Ints(&w, s.Forced)
	game.Ints(&w, s.HitQueue)
	w.Int(len(s.Mods))
	for _, m := range s.Mods {
		w.I32(int32(m.Target))
		w.U8(uint8(m.Stat))
		w.U8(uint8(m.N))
		w.U8(uint8(m.Owner))
		w.Bool(m.Marker)
		w.U8(uint8(m.From))
		w.U8(uint8(m.To))
		w.I32(m.Src)
	}
	w.Stack(&s.stack)
	w.Prompt(&s.prompt)
	w.Log(&s.log)
	return w.B, nil
}
