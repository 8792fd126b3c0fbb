package machina

import "github.com/mythos-rl/mythos/env/game"

// Effects tied to a pioneer marker leaving a card (MA §18.6 [marker-off]):
// a marker returned as a cost (Circular Saw), the triggers of a card whose
// marker returns at the start of the pioneers phase (Stygian Pendant), and
// "when you would lose your last health: instead …".

// cardOf is the card part of an ability reference (kind and card, no ability).
func cardOf(ref int32) int32 { return ref &^ (refThen | 15) }

// cardAbilities returns the abilities of the card an ability reference names.
func (s *State) cardAbilities(ref int32) []Ability {
	kind, card, _ := refParts(ref)
	switch kind {
	case refPioneer:
		return s.ct.Pioneers[card].Abilities
	case refItem:
		return s.ct.Items[card].Abilities
	case refEvent:
		return s.ct.Events[card].Abilities
	case refChapter:
		return s.sc.Chapters[card].Abilities
	case refMonster:
		return s.ct.Monsters[card].Abilities
	}
	return nil
}

// markerOn reports whether pioneer p has one of its markers on the card of
// ability reference ref (MA §18.5).
func (s *State) markerOn(p int, ref int32) bool {
	card := cardOf(ref)
	for i := range s.Mods {
		if m := &s.Mods[i]; m.Marker && int(m.Owner) == p && cardOf(m.Src) == card {
			return true
		}
	}
	return false
}

// returnMarker pays the cost "return the marker from this card" (MA §18.6):
// pioneer p's marker on the card of ref goes back to its board, the effect it
// marked ends, and the card's [marker-off] triggers resolve.
func (s *State) returnMarker(p int, ref int32) {
	card := cardOf(ref)
	src := int32(-1)
	for i := range s.Mods {
		if m := &s.Mods[i]; m.Marker && int(m.Owner) == p && cardOf(m.Src) == card {
			src = m.Src
			break
		}
	}
	if src < 0 {
		return
	}
	// The marked effect ends: every record of that ability's use by p (a
	// two-target effect holds one marker, MA §17.8).
	out := s.Mods[:0]
	for _, m := range s.Mods {
		if int(m.Owner) != p || m.Src != src {
			out = append(out, m)
		}
	}
	s.Mods = out
	s.syncCells() // MA §12.18
	s.pushMarkerOff(p, src)
}

// pushMarkerOff pushes the [marker-off] triggers of the card of ref for
// pioneer p (MA §18.6), in printed order.
func (s *State) pushMarkerOff(p int, ref int32) bool {
	abs := s.cardAbilities(ref)
	card := cardOf(ref)
	pushed := false
	for i := len(abs) - 1; i >= 0; i-- {
		if abs[i].When == WhenMarkerOff {
			s.push(opEffects, game.AgentID(p), card|int32(i), -1, 0, int32(p))
			pushed = true
		}
	}
	return pushed
}

// markersReturn resolves MA §6.1 step 1 and §18.6 at the start of the
// pioneers phase: every pioneer marker returns and its effect ends; a card
// that held one resolves its [marker-off] triggers (the Stygian Pendant's
// inspiration and discard). It reports whether any trigger was pushed.
func (s *State) markersReturn() bool {
	pushed := false
	// Triggers resolve after the markers are back: pushed first, they run
	// once the housekeeping is done. The last-listed record is pushed first
	// so that the triggers run in the order the markers were placed.
	for i := len(s.Mods) - 1; i >= 0; i-- {
		m := &s.Mods[i]
		if m.Marker && m.Owner >= 0 && s.markerTriggers(m.Src) {
			if s.pushMarkerOff(int(m.Owner), m.Src) {
				pushed = true
			}
		}
	}
	s.expireMods(false)
	return pushed
}

// markerTriggers reports whether the card of ref has a [marker-off] trigger
// (a quick test, so the common case pushes nothing and scans no card twice).
func (s *State) markerTriggers(ref int32) bool {
	abs := s.cardAbilities(ref)
	for i := range abs {
		if abs[i].When == WhenMarkerOff {
			return true
		}
	}
	return false
}

// lastHealthSave resolves "when you would lose your last health: instead …"
// (Stygian Pendant, MA §18.6, §21.3) for pioneer p about to lose its last
// health: the first equipped item with such a trigger whose continuous effect
// can still be marked (a marker free, not yet used ×X this round, MA §18.5)
// resolves it instead, and true is returned; else the health is lost.
func (s *State) lastHealthSave(p int) bool {
	if s.P[p].HP != 1 {
		return false
	}
	for i := range s.ct.Items {
		if s.Items[i].Zone != ZoneEquipped || int(s.Items[i].Owner) != p {
			continue
		}
		abs := s.ct.Items[i].Abilities
		for k := range abs {
			a := &abs[k]
			if a.When != WhenLastHealth || len(a.Effects) == 0 {
				continue
			}
			ref := refOf(refItem, i, k)
			if e := &a.Effects[0]; e.Op == OpModify {
				times := max(1, int(e.Times))
				if s.markersUsed(p) >= PioneerMarkers || s.stacked(p, ref, e.Stat) >= times {
					continue // the effect cannot happen, so neither does "instead"
				}
			}
			s.log.Add(evAbility, game.AgentID(p), int32(p), ref, -1)
			s.push(opEffects, game.AgentID(p), ref, -1, 0, int32(p))
			return true
		}
	}
	return false
}
