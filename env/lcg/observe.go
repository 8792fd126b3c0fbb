package lcg

import "github.com/mythos-rl/mythos/env/lcg/cards"

// Read-only views for observation encoders (package encode/lcgobs). Other
// views live in agentview.go and scripting.go; this file adds only what those
// lack. Nothing here changes the state or allocates.

// ActCard is the card of the current act, whose "a" side is public (LCG §3
// Act Deck and Agenda Deck).
func (s *State) ActCard() cards.ID {
	return gatheringActs[min(max(int(s.Act), 0), len(gatheringActs)-1)]
}

// AgendaCard is the card of the current agenda, whose "a" side is public.
func (s *State) AgendaCard() cards.ID {
	return gatheringAgendas[min(max(int(s.Agenda), 0), len(gatheringAgendas)-1)]
}
