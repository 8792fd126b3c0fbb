package machina

import "fmt"

// What the content loader (env/machina/content) needs of the engine: the
// names of the effect vocabulary, the Go functions and finale rules
// registered, and the linking of a loaded Content. Nothing here runs during
// play.

// Vocab is one of the vocabularies a content file names values from.
type Vocab uint8

// Vocabularies (docs/machina-content.md).
const (
	VocabWhen   Vocab = iota // an ability's timing (MA §16)
	VocabTarget              // an ability's target symbol (MA §17.6)
	VocabCond                // a triggered ability's condition (MA §18.1)
	VocabClass               // a pioneer's class (MA §3.1)
	VocabDeck                // an item deck (MA §13.2)
	VocabFit                 // a clothing fit (MA §13.2)
	VocabOp                  // an effect primitive (MA §18)
	VocabScope               // whom an effect reaches
	VocabStat                // what a modify effect changes
)

// Names lists the vocabulary's names in value order; "" marks a value no
// content names.
func (v Vocab) Names() []string {
	switch v {
	case VocabWhen:
		return whenNames[:]
	case VocabTarget:
		return targetNames[:]
	case VocabCond:
		return condNames[:]
	case VocabClass:
		return classNames[:]
	case VocabDeck:
		return deckNames[:]
	case VocabFit:
		return fitNames[:]
	case VocabOp:
		return opNames[:]
	case VocabScope:
		return scopeNames[:]
	}
	return statNames[:]
}

// Lookup returns the value a name stands for, or -1.
func (v Vocab) Lookup(name string) int { return lookup(v.Names(), name) }

// CellChars lists the characters of the cell kinds of a tile drawing, in
// CellKind order from KindFloor (KindOf reads them).
func CellChars() string { return kindChars[1:] }

// CellKindNamed returns the cell kind a counts_as effect names (MA §12.18).
func CellKindNamed(name string) (CellKind, bool) { return cellKindNamed(name) }

// CheckCountsAs returns what is wrong with a counts_as effect, or "".
func CheckCountsAs(e *Effect) string { return checkCountsAs(e) }

// TileOpeningCells returns the two cells (of a tile, 0..99) of the opening pair
// on side s (MA §11.1).
func TileOpeningCells(s Side) (int, int) { return openingCells(s) }

// HasGoEffect reports whether a Go function is registered under that name
// (effects: [{go: name}]).
func HasGoEffect(name string) bool {
	_, ok := goEffects[name]
	return ok
}

// HasFinaleRule reports whether a finale rule is registered under that name.
func HasFinaleRule(name string) bool {
	_, ok := finaleRules[name]
	return ok
}

// Link checks the references between the cards of c (unique ids, the
// limits of the fixed layout, the cards effects take, finale tiles) and
// builds the indices play reads. A loader calls it once, after the last
// card; c is read-only afterwards.
func (c *Content) Link() error { return c.link() }

// link checks references between files: unique ids, finale tiles, scenario
// events, and the limits of the fixed layout.
func (c *Content) link() error {
	seen := map[string]string{}
	add := func(kind, id string) error {
		if prev, ok := seen[kind+"/"+id]; ok {
			return fmt.Errorf("content: %s id %q used twice (%s)", kind, id, prev)
		}
		seen[kind+"/"+id] = id
		return nil
	}
	for _, t := range c.Tiles {
		if err := add("tile", t.ID); err != nil {
			return err
		}
	}
	for _, p := range c.Pioneers {
		if err := add("pioneer", p.ID); err != nil {
			return err
		}
	}
	for _, m := range c.Monsters {
		if err := add("monster", m.ID); err != nil {
			return err
		}
	}
	for _, it := range c.Items {
		if err := add("item", it.ID); err != nil {
			return err
		}
	}
	for _, e := range c.Events {
		if err := add("event", e.ID); err != nil {
			return err
		}
	}
	switch {
	case len(c.Monsters) > MaxMonsters:
		return fmt.Errorf("content: %d monsters, at most %d", len(c.Monsters), MaxMonsters)
	case len(c.Items) > MaxItems:
		return fmt.Errorf("content: %d items, at most %d", len(c.Items), MaxItems)
	case len(c.Events) > MaxEvents:
		return fmt.Errorf("content: %d events, at most %d", len(c.Events), MaxEvents)
	case len(c.Tiles) > MaxTiles:
		return fmt.Errorf("content: %d tiles, at most %d", len(c.Tiles), MaxTiles)
	}
	if err := c.linkTakes(); err != nil {
		return err
	}
	c.indexFree()
	c.indexStats()
	c.indexItems()
	for i := range c.Scenarios {
		s := &c.Scenarios[i]
		s.content = c
		if err := add("scenario", s.ID); err != nil {
			return err
		}
		if s.Finale != nil {
			ti := c.tileIndex(s.Finale.Tile)
			if ti < 0 || !c.Tiles[ti].Finale {
				return fmt.Errorf("content: scenario %s: finale tile %q is not a finale tile", s.ID, s.Finale.Tile)
			}
		}
	}
	return nil
}
