package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// doEncounterPhase: the investigators choose who has the next encounter
// (AH3 203.2; a group decision answered by the lead) until every activation
// token is active again.
func (s *State) doEncounterPhase(f *game.Frame) game.Control {
	if f.Answer != game.NoAnswer {
		seat := int8(s.answer(f).Arg)
		s.Seats[seat].Active = true // AH3 420.3
		s.push(opEncounter, seat, 0, 0, 0, 0)
		return game.Again
	}
	n, last := 0, int8(-1)
	for i := int8(0); i < s.N; i++ {
		st := &s.Seats[i]
		if !st.Active && st.Inv < 0 {
			st.Active = true
		}
		if !st.Active {
			n++
			last = i
		}
	}
	switch n {
	case 0:
		return game.Done
	case 1:
		s.Seats[last].Active = true
		s.push(opEncounter, last, 0, 0, 0, 0)
		return game.Again
	}
	s.ask(s.Lead, PromptWho, -1)
	for i := int8(0); i < s.N; i++ {
		if !s.Seats[i].Active {
			s.prompt.Add(ActSeat+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// Encounter sources (EncFrom).
const (
	fromStreet  = -1
	fromAnomaly = -2
)

// doEncounter: an engaged investigator has none (AH3 203.3); in a
// neighborhood with an anomaly, an anomaly encounter by the doom in the space
// (402.3c-d, 402.6); else the neighborhood card (433.4) or street card
// (434.3) for the space.
func (s *State) doEncounter(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if st.Inv < 0 || s.engagedCount(seat) > 0 {
		return game.Done
	}
	sp := st.Space
	h := s.g.hood[sp]
	var card int16 = -1
	var from int8
	var which int
	anomaly := h >= 0 && s.Anomaly[h] && s.rule(content.RuleAnomalies) && s.Anomalies.N > 0
	if anomaly && s.Hood[h].N > 0 && s.holdsHoodInstead(seat) {
		// AH3 438.6: text gives a choice of encounter (PromptEncounterType).
		if f.Answer == game.NoAnswer {
			s.ask(seat, PromptEncounterType, -1)
			s.prompt.Add(ActOption, 0, 0)   // the anomaly encounter
			s.prompt.Add(ActOption+1, 1, 0) // the neighborhood encounter
			return game.Wait
		}
		anomaly = s.answer(f).Arg == 0
	}
	if anomaly {
		card, from = s.Anomalies.PopTop(), fromAnomaly
		switch d := s.Doom[sp]; {
		case d <= 1:
			which = 0
		case d == 2:
			which = 1
		default:
			which = 2
		}
	} else if h >= 0 {
		card, from = s.Hood[h].PopTop(), h
		for j, x := range s.sc().Neighborhoods[h].Spaces {
			if int8(x) == sp {
				which = j
			}
		}
	} else {
		card, from = s.Street.PopTop(), fromStreet
		which = int(s.sc().Spaces[sp].Street) - 1
	}
	if card < 0 {
		return game.Done
	}
	s.EncCard, s.EncFrom, s.ClueTaken = card, from, false
	s.event(EvEncounter, seat, int32(card), int32(which), 0)
	s.push(opEncounterEnd, seat, int32(card), int32(from), 0, 0)
	s.pushBlock(s.sc().Encounters[card].Effects[which], seat, -1, -1)
	if from >= 0 && s.Attached[from] >= 0 {
		// AH3 403.5i: interacting with the neighborhood triggers the card
		// tucked under its deck, first; then it leaves play.
		a := &s.sc().Archive[s.Attached[from]]
		s.Attached[from] = -1
		s.event(EvAttach, seat, int32(a.Number), int32(from), 1)
		s.pushBlock(a.OnInteract, seat, -1, -1)
	}
	return game.Done
}

// doEncounterEnd returns the card: to the bottom of its deck (AH3 438.11),
// or for an event card, to the event discard if a clue was gained, else
// shuffled into the top 3 of the neighborhood deck (AH3 477.7).
func (s *State) doEncounterEnd(f *game.Frame) game.Control {
	card, from := int16(f.Src), int8(f.Tgt)
	switch {
	case from == fromStreet:
		s.Street.PushBottom(card)
	case from == fromAnomaly:
		s.Anomalies.PushBottom(card) // Appendix B
	case s.sc().Encounters[card].Kind == content.EventCard:
		if s.ClueTaken {
			s.EventDiscard.PushTop(card)
		} else {
			s.shuffleIntoTop(&s.Hood[from], card)
		}
	default:
		s.Hood[from].PushBottom(card)
	}
	s.EncCard, s.ClueTaken = -1, false
	return game.Done
}

// holdsHoodInstead reports whether seat holds a card that lets it have the
// neighborhood encounter in an anomaly's neighborhood (AH3 438.6).
func (s *State) holdsHoodInstead(seat int8) bool {
	st := &s.Seats[seat]
	for k := 0; k < int(st.NAssets); k++ {
		if a := &st.Assets[k]; !a.Locked && s.sc().Assets[a.Card].HoodInstead {
			return true
		}
	}
	return false
}
