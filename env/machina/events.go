package machina

import "github.com/mythos-rl/mythos/env/game"

// Events (MA §15): the two decks, current events, personal events,
// triggering and re-triggering.

// currentEvent returns the current pioneer (horror false) or horror event:
// the top of its discard pile, none when a personal event lies there
// (MA §15.1), or -1.
func (s *State) currentEvent(horror bool) int {
	k := 0
	if horror {
		k = 1
	}
	pile := s.EventPiles[k]
	if len(pile) == 0 {
		return -1
	}
	e := int(pile[len(pile)-1])
	if s.ct.Events[e].Personal {
		return -1
	}
	return e
}

// revealEvent takes the top card of a deck, reshuffling the discard pile into
// a new deck when it is empty (MA §15.4 step 1, §15.8).
func (s *State) revealEvent(k int) int {
	if len(s.EventDecks[k]) == 0 {
		s.EventDecks[k] = append(s.EventDecks[k], s.EventPiles[k]...)
		s.EventPiles[k] = s.EventPiles[k][:0]
		for _, e := range s.EventDecks[k] {
			s.Events[e].Zone = ZoneDeck
		}
		game.ShuffleInts(&s.rng, s.EventDecks[k])
	}
	dk := s.EventDecks[k]
	if len(dk) == 0 {
		return -1
	}
	e := int(dk[len(dk)-1])
	s.EventDecks[k] = dk[:len(dk)-1]
	return e
}

// doPioneerEvent is Trigger a pioneer event for pioneer f.Tgt (MA §15.4): its
// ENTER effects, then it becomes personal or the new current event.
func (s *State) doPioneerEvent(f *game.Frame) game.Control {
	p := int(f.Tgt)
	e := s.revealEvent(0)
	if e < 0 {
		return game.Done
	}
	s.log.Add(evPioneerEvent, game.AgentID(p), int32(e), int32(p), 0)
	card := &s.ct.Events[e]
	if card.Personal && p >= 0 && s.P[p].Alive && s.P[p].PersonalN < 4 {
		s.Events[e] = EventState{Zone: ZonePersonal, Owner: int8(p)}
		s.P[p].Personal[s.P[p].PersonalN] = int16(e)
		s.P[p].PersonalN++
	} else {
		s.Events[e] = EventState{Zone: ZoneDiscard, Owner: -1}
		s.EventPiles[0] = append(s.EventPiles[0], int16(e))
	}
	s.pushEnter(card.Abilities, p, refOf(refEvent, e, 0))
	return game.Done
}

// doHorrorEvent is Trigger a horror event (MA §15.5): danger +1, reveal, the
// new current horror event, its ENTER effects over every tile.
func (s *State) doHorrorEvent(f *game.Frame) game.Control {
	if f.Step == 0 {
		f.Step = 1
		s.push(opDanger, game.NoAgent, -1, -1, 1, 0)
		return game.Again
	}
	e := s.revealEvent(1)
	if e < 0 {
		return game.Done
	}
	s.log.Add(evHorrorEvent, game.NoAgent, int32(e), 0, 0)
	s.Events[e] = EventState{Zone: ZoneDiscard, Owner: -1}
	s.EventPiles[1] = append(s.EventPiles[1], int16(e))
	s.pushHorrorTriggers()
	s.pushEnter(s.ct.Events[e].Abilities, -1, refOf(refEvent, e, 0))
	return game.Done
}

// doRetrigger re-resolves the current event's ENTER effects (MA §15.6, §15.7;
// no danger): f.A = 1 for the horror event; f.Tgt the pioneer for a pioneer
// event.
func (s *State) doRetrigger(f *game.Frame) game.Control {
	horror := f.A == 1
	e := s.currentEvent(horror)
	if e < 0 {
		return game.Done
	}
	user := -1
	if !horror {
		user = int(f.Tgt)
	} else {
		s.pushHorrorTriggers()
	}
	s.pushEnter(s.ct.Events[e].Abilities, user, refOf(refEvent, e, 0))
	return game.Done
}

// pushHorrorTriggers queues "when a horror event is (re)triggered" abilities
// of the pioneers (Nailed Boots, MA §15.7).
func (s *State) pushHorrorTriggers() {
	for p := int(s.N) - 1; p >= 0; p-- {
		if s.onBoardPioneer(p) {
			s.pushTriggers(p, WhenHorror, -1)
		}
	}
}

// discardPersonal discards a personal event (MA §15.3, §18.11): it goes on
// top of the pioneer-event discard pile, so there is no current pioneer event.
func (s *State) discardPersonal(e int) {
	st := &s.Events[e]
	if st.Zone != ZonePersonal {
		return
	}
	p := &s.P[st.Owner]
	for k := 0; k < int(p.PersonalN); k++ {
		if int(p.Personal[k]) == e {
			copy(p.Personal[k:], p.Personal[k+1:])
			p.PersonalN--
			p.Personal[p.PersonalN] = 0
			break
		}
	}
	*st = EventState{Zone: ZoneDiscard, Owner: -1}
	s.EventPiles[0] = append(s.EventPiles[0], int16(e))
}
