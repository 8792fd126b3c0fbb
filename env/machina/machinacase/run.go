package machinacase

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/machina"
)

// stage builds the case's table: a game of the shipped scenario set up
// normally, then rearranged as the case says (the engine's hooks,
// env/machina/caseapi.go), then run to its first decision from the phase
// the case names.
func (c *RulesCase) stage(ct *machina.Content) (*machina.State, error) {
	su := &c.Setup
	pios := su.Pioneers
	if len(pios) == 0 {
		pios = []string{"hank"}
	}
	sc := ct.Scenario("frozen_engine")
	s, err := machina.New(sc, machina.Config{Pioneers: pios, Easy: su.Easy, VeryEasy: su.VeryEasy, Cooperative: su.Cooperative, Campaign: su.Campaign, Level5Death: su.Level5Death}, su.Seed+1, true)
	if err != nil {
		return nil, err
	}
	s.Game = int8(su.Game)
	s.ClearPending()
	if su.Map != "" {
		g, err := machina.ParseMap(su.Map)
		if err != nil {
			return nil, err
		}
		s.SetGrid(g)
	}
	if len(su.Tiles) > 0 {
		s.LayTiles(tileLays(ct, su.Tiles))
	}
	s.StackTiles(tileLays(ct, su.TileStack))
	if su.Finale {
		// The finale as "go to the finale" lays it (MA §14.8), without the
		// placement prompts: the seats say where the pioneers stand.
		s.StartFinale()
	}
	s.Round = 1
	s.LiftPioneers()
	for i, hp := range su.RitualHP {
		if i < len(s.Rituals) {
			// The health it has now; the case's setup stands for a finale
			// begun with at least that much.
			s.Rituals[i].HP = int8(hp)
			s.Rituals[i].Start = max(s.Rituals[i].Start, int8(hp))
			if hp <= 0 {
				s.Board.Dest[s.Rituals[i].Cell] = 1
			}
		}
	}
	if su.Tokens != nil {
		s.Tokens = int8(*su.Tokens)
	}
	for _, cs := range su.Seats {
		if cs.Seat < 0 || cs.Seat >= int(s.N) {
			return nil, fmt.Errorf("seat %d: no such seat", cs.Seat)
		}
		p := &s.P[cs.Seat]
		if cs.Dead {
			s.KillPioneer(cs.Seat)
			continue
		}
		if !cs.Off {
			at, err := cellAt(cs.At)
			if err != nil {
				return nil, fmt.Errorf("seat %d: %w", cs.Seat, err)
			}
			s.PlacePioneer(cs.Seat, at)
		}
		if cs.Health != nil {
			p.HP = int8(*cs.Health)
		}
		if cs.Stamina != nil {
			p.Stamina = int8(*cs.Stamina)
		}
		if cs.Inspiration != nil {
			p.Insp = int8(*cs.Inspiration)
		}
		for _, id := range cs.Inventory {
			i := ct.ItemIndex(id)
			if i < 0 {
				return nil, fmt.Errorf("no item %q", id)
			}
			s.GiveItem(cs.Seat, i, false)
		}
		for _, id := range cs.Equip {
			i := ct.ItemIndex(id)
			if i < 0 {
				return nil, fmt.Errorf("no item %q", id)
			}
			s.GiveItem(cs.Seat, i, true)
		}
		for _, id := range cs.Personal {
			e := ct.EventIndex(id)
			if e < 0 {
				return nil, fmt.Errorf("no event %q", id)
			}
			s.GivePersonal(cs.Seat, e)
		}
	}
	for _, cm := range su.Monsters {
		m := ct.MonsterIndex(cm.ID)
		if m < 0 {
			return nil, fmt.Errorf("no monster %q", cm.ID)
		}
		at, err := cellAt(cm.At)
		if err != nil {
			return nil, fmt.Errorf("monster %s: %w", cm.ID, err)
		}
		s.PutMonster(m, at, cm.Wounds)
	}
	if n := su.MonsterDeck; n != nil {
		s.CutMonsterDeck(*n)
	}
	for _, id := range su.DestroyedPile {
		s.PileMonster(ct.MonsterIndex(id))
	}
	top := make([]int, len(su.MonsterTop))
	for k, id := range su.MonsterTop {
		if top[k] = ct.MonsterIndex(id); top[k] < 0 {
			return nil, fmt.Errorf("no monster %q", id)
		}
	}
	s.TopMonsters(top)
	for k := len(su.ItemTop) - 1; k >= 0; k-- {
		i := ct.ItemIndex(su.ItemTop[k])
		if i < 0 {
			return nil, fmt.Errorf("no item %q", su.ItemTop[k])
		}
		s.TopItem(i)
	}
	for k := len(su.EventTop) - 1; k >= 0; k-- {
		e := ct.EventIndex(su.EventTop[k])
		if e < 0 {
			return nil, fmt.Errorf("no event %q", su.EventTop[k])
		}
		s.TopEvent(e)
	}
	for _, id := range []string{su.PioneerEvent, su.HorrorEvent} {
		if id == "" {
			continue
		}
		e := ct.EventIndex(id)
		if e < 0 {
			return nil, fmt.Errorf("no event %q", id)
		}
		s.RevealEvent(e)
	}
	for _, m := range su.Mods {
		st, ok := machina.StatByName(m.Stat)
		if !ok {
			return nil, fmt.Errorf("no stat %q", m.Stat)
		}
		src := -1
		if m.Monster != "" {
			src = ct.MonsterIndex(m.Monster)
		}
		s.AddMod(m.Seat, st, m.Amount, m.Horror, src)
	}
	if su.Chapter > 0 {
		s.ChapterPos = int8(su.Chapter - 1)
	}
	if !su.Finale {
		s.ResetLairHorror()
	}
	if su.Lair > 0 {
		s.Lair = int8(su.Lair)
	}
	if su.Horror > 0 {
		s.Horror = int8(su.Horror)
	}
	if su.Danger != nil {
		s.Danger = int8(*su.Danger)
	}
	if su.Level > 0 {
		s.Level = int8(su.Level)
	}
	if len(su.Exit) > 0 {
		at, err := cellAt(su.Exit)
		if err != nil {
			return nil, fmt.Errorf("exit: %w", err)
		}
		s.Exit = [2]int16{int16(at), -1}
	}
	if len(su.Entrance) > 0 {
		at, err := cellAt(su.Entrance)
		if err != nil {
			return nil, fmt.Errorf("entrance: %w", err)
		}
		s.Entrance = [2]int16{int16(at), -1}
	}
	if su.MonsterSide {
		s.MonsterSide = true
	}
	for _, d := range su.Dice {
		s.Forced = append(s.Forced, int8(d))
	}
	if err := s.Begin(su.Phase, su.Turn); err != nil {
		return nil, err
	}
	return s, nil
}

// tileLays resolves the case's tiles (checked at load, validate).
func tileLays(ct *machina.Content, ts []CaseTile) []machina.TileLay {
	out := make([]machina.TileLay, len(ts))
	for k, t := range ts {
		out[k] = machina.TileLay{Tile: ct.TileIndex(t.ID), Face: t.Face, Slot: t.Slot, Rot: t.Rot}
	}
	return out
}
