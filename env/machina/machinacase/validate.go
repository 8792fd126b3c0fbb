package machinacase

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/machina"
	"github.com/mythos-rl/mythos/env/machina/content"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// The load-time checks of a rules case's Machina fields
// (docs/rules-cases.md, Machina): every misuse is an error naming the
// case file and line.

// validate checks the fields that name content files, tiles,
// monsters and markers, and loads the case's extra content.
func (c *RulesCase) validate() error {
	at := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", c.File, line, fmt.Sprintf(format, args...))
	}
	su := &c.Setup
	ct, err := content.Shipped()
	if err != nil {
		return err
	}
	if len(su.Content) > 0 {
		files, err := casefile.ContentPaths(c.File, c.Line, su.Content)
		if err != nil {
			return err
		}
		if ct, err = content.ShippedWith(files); err != nil {
			return at(c.Line, "content: %v", err)
		}
		c.content = ct
	}
	if len(su.Tiles) > 0 && su.Map != "" {
		return at(su.Tiles[0].Line, "tiles and map exclude each other")
	}
	seen := map[string]bool{}
	for i, t := range append(append([]CaseTile(nil), su.Tiles...), su.TileStack...) {
		ti := ct.TileIndex(t.ID)
		switch {
		case ti < 0:
			return at(t.Line, "no tile %q", t.ID)
		case ct.Tiles[ti].Finale:
			return at(t.Line, "tile %q is the finale tile (setup: finale)", t.ID)
		case seen[t.ID]:
			return at(t.Line, "tile %q named twice", t.ID)
		case t.Face < 0 || t.Face > 1:
			return at(t.Line, "tile %q: face %d is not 0 or 1", t.ID, t.Face)
		case t.Rot < 0 || t.Rot > 3:
			return at(t.Line, "tile %q: rot %d is not 0..3 quarter turns", t.ID, t.Rot)
		case i < len(su.Tiles) && (t.Slot < 0 || t.Slot > 3):
			return at(t.Line, "tile %q: slot %d is not 0..3", t.ID, t.Slot)
		case i >= len(su.Tiles) && (t.Slot != 0 || t.Rot != 0):
			return at(t.Line, "tile_stack %q: a tile in the stack has no slot or rot", t.ID)
		}
		for _, u := range su.Tiles[:min(i, len(su.Tiles))] {
			if i < len(su.Tiles) && u.Slot == t.Slot {
				return at(t.Line, "tile %q: slot %d already laid", t.ID, t.Slot)
			}
		}
		seen[t.ID] = true
	}
	if su.MonsterDeck != nil && (*su.MonsterDeck < 0 || *su.MonsterDeck > machina.MaxMonsters) {
		return at(c.Line, "monster_deck %d is not 0..%d", *su.MonsterDeck, machina.MaxMonsters)
	}
	named := map[string]string{}
	for _, m := range su.Monsters {
		named[m.ID] = "monsters"
	}
	for _, id := range su.MonsterTop {
		named[id] = "monster_top"
	}
	for _, id := range su.DestroyedPile {
		if ct.MonsterIndex(id) < 0 {
			return at(c.Line, "destroyed_pile: no monster %q", id)
		}
		if w, ok := named[id]; ok {
			return at(c.Line, "destroyed_pile: monster %q is also in %s", id, w)
		}
		named[id] = "destroyed_pile"
	}
	for _, m := range su.Mods {
		if _, ok := machina.StatByName(m.Stat); !ok {
			return at(m.Line, "mods: no stat %q", m.Stat)
		}
		if m.Monster != "" && !m.Horror {
			return at(m.Line, "mods: monster %q needs horror: true (a monster's effect holds a horror marker)", m.Monster)
		}
		if m.Monster != "" && ct.MonsterIndex(m.Monster) < 0 {
			return at(m.Line, "mods: no monster %q", m.Monster)
		}
	}
	return nil
}
