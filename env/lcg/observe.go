package lcg

import "github.com/mythos-rl/mythos/env/lcg/cards"

// Read-only views for observation encoders (package encode/lcgobs). Other
// views live in agentview.go and scripting.go; this file adds only what those
// lack. Nothing here changes the state or allocates.

// ActCard is the card of the current act, whose "a" side is public (LCG §3
// Act Deck and Agenda Deck).
func (s *State) ActCard() cards.ID {
	acts := s.scen().Acts
	return acts[min(max(int(s.Act), 0), len(acts)-1)].Card
}

// AgendaCard is the card of the current agenda, whose "a" side is public.
func (s *State) AgendaCard() cards.ID {
	ags := s.scen().Agendas
	return ags[min(max(int(s.Agenda), 0), len(ags)-1)].Card
}
