package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Card types used by the engine.
const (
	typeEnemy     = cards.Enemy
	typeTreachery = cards.Treachery
	typeAsset     = cards.Asset
	typeEvent     = cards.Event
	typeSkill     = cards.SkillCard
)

// hEncounter is the encounter draw procedure (LCG §5.2 1.4): draw (refilling
// an empty deck from the discard), Peril, Revelation, then spawn an enemy or
// discard a treachery, then Surge. Frame Tgt is a card already drawn (a
// weakness from a player deck, an agenda's search), or -1 to draw the top.
func (s *State) hEncounter(f *game.Frame) game.Control {
	seat := int(f.Who)
	if f.Step == 2 {
		// "When you draw a treachery" (triggers.go): Ward of Protection
		// cancels its revelation effect (LCG §3 Cancel).
		ev := s.takeEvent()
		f.Step = 1
		if ev.Flags&evCancelled == 0 && s.inGame(seat) {
			s.revelation(seat, int16(f.Tgt))
		}
		return s.cont(game.Again)
	}
	if f.Step == 0 {
		if !s.inGame(seat) {
			return game.Done
		}
		if f.Tgt < 0 {
			if len(s.EncDeck) == 0 {
				for len(s.EncDiscard) > 0 {
					s.moveTo(s.EncDiscard[len(s.EncDiscard)-1], ZoneEncDeck, -1)
				}
				s.shuffleEncounter()
			}
			if len(s.EncDeck) == 0 {
				return game.Done
			}
			f.Tgt = int32(s.EncDeck[len(s.EncDeck)-1])
			s.moveTo(int16(f.Tgt), ZoneLimbo, -1)
		} else if s.Cards[f.Tgt].Zone != ZoneLimbo {
			s.moveTo(int16(f.Tgt), ZoneLimbo, int(s.Cards[f.Tgt].Owner))
		}
		s.log.Add(evEncounter, game.AgentID(seat), f.Tgt, 0, 0)
		f.Step = 1
		if d := s.card(int16(f.Tgt)); d.Type == typeTreachery && !d.Weakness {
			if s.emit(event{Kind: tpWhenTreachery, Flags: evKeep, Seat: int8(seat), Loc: s.Inv[seat].Loc, Subj: int16(f.Tgt)}) {
				f.Step = 2
				return game.Again
			}
		}
		s.revelation(seat, int16(f.Tgt))
		return s.cont(game.Again)
	}
	id := int16(f.Tgt)
	d := s.card(id)
	if (s.keyword(id, kwSurge) || s.gainsSurge(id)) && s.inGame(seat) {
		s.push(opEncounter, seat, -1, -1, 0, 0) // LCG §3 Surge (after this card's spawn reactions)
	}
	if s.Cards[id].Zone == ZoneLimbo {
		switch {
		case d.Type == typeEnemy && s.inGame(seat):
			s.spawnEnemy(id, seat, -1)
		case d.Victory > 0:
			s.moveTo(id, ZoneVictory, -1) // LCG §3 Victory Display: a treachery with victory points
		default:
			s.toDiscard(id)
		}
	}
	return s.cont(game.Done)
}

// toThreat puts an encounter card into seat's threat area.
func (s *State) toThreat(seat int, id int16) {
	s.moveTo(id, ZoneThreat, seat)
	s.Cards[id].Loc = s.Inv[seat].Loc
}

// revelation resolves a drawn card's Revelation ability (LCG §3 Revelation).
func (s *State) revelation(seat int, id int16) {
	if h := s.hook(id); h != nil && h.revelation != nil {
		h.revelation(s, seat, id) // the card's own Revelation (cardHooks.revelation)
	}
}

// revelationTest pushes the skill test a Revelation asks of seat (kind
// tkTreachery, Src the card: its cardHooks.testResult is ST.7), Peril when
// the card has it (LCG §3 Peril).
func (s *State) revelationTest(seat int, id int16, sk int8, diff int) {
	peril := s.keyword(id, kwPeril)
	t := s.pushTest(seat, sk, diff, tkTreachery, -1, id)
	if peril {
		t.Flags |= tfPeril
	}
}

// intoThreat is the Revelation "put it into your threat area" (LCG §3
// Threat Area), with the tokens it enters with (cardHooks.threatSetup).
func intoThreat(s *State, seat int, id int16) {
	s.toThreat(seat, id)
	if h := s.hook(id); h != nil && h.threatSetup != nil {
		h.threatSetup(s, id)
	}
}

// drawnWeakness resolves a weakness drawn from a player deck (LCG §3
// Weakness): an encounter-type weakness follows the encounter procedure; a
// player-type one resolves its Revelation (LCG §3 Revelation: The
// Necronomicon goes into the threat area) and otherwise stays in hand.
func (s *State) drawnWeakness(seat int, id int16) {
	switch d := s.card(id); {
	case d.Type == typeTreachery || d.Type == typeEnemy:
		s.moveTo(id, ZoneLimbo, seat)
		s.push(opEncounter, seat, -1, int32(id), 0, 0)
	case d.Revelation:
		s.log.Add(evEncounter, game.AgentID(seat), int32(id), 0, 0)
		s.revelation(seat, id)
	}
}

// treacheryResult is ST.7 of a revelation test.
func (s *State) treacheryResult(t *SkillTest, ok bool, margin int) {
	if h := s.hook(t.Src); h != nil && h.testResult != nil {
		h.testResult(s, t, ok, margin)
	}
}

// countAssets counts the assets seat controls.
func (s *State) countAssets(seat int) int {
	n := 0
	for _, id := range s.Inv[seat].Play {
		if s.card(id).Type == typeAsset {
			n++
		}
	}
	return n
}

// threatCost is the action cost of a threat-area card's ⮕ ability, or 0.
func (s *State) threatCost(id int16) int8 {
	if h := s.hook(id); h != nil && h.threatRun != nil {
		return max(h.threatActions, 1)
	}
	return 0
}

// threatActionUsable reports whether seat can use the ⮕ ability of threat card id.
func (s *State) threatActionUsable(seat int, id int16) bool {
	c := s.threatCost(id)
	return c > 0 && s.Inv[seat].Actions >= c
}

// resolveThreatAction resolves a threat-area card's ⮕ ability
// (cardHooks.threatRun: discard Haunted; The Necronomicon's horror).
func (s *State) resolveThreatAction(seat int, id int16) {
	if s.Cards[id].Zone != ZoneThreat {
		return
	}
	if h := s.hook(id); h != nil && h.threatRun != nil {
		h.threatRun(s, seat, id)
	}
}

// shuffleEncounter shuffles the encounter deck.
func (s *State) shuffleEncounter() {
	shuffle16(s, s.EncDeck)
}

func shuffle16(s *State, l []int16) {
	for i := len(l) - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		l[i], l[j] = l[j], l[i]
	}
}

// gainsSurge reports whether a drawn card gained surge from its own
// revelation (cardHooks.surge: False Lead with no clues).
func (s *State) gainsSurge(id int16) bool {
	h := s.hook(id)
	return h != nil && h.surge != nil && h.surge(s, id)
}

// drawEnemyWithTrait searches the encounter deck, then its discard pile,
// for an enemy with the trait bit, shuffles the encounter deck and has seat
// draw the enemy found (the hard skull tokens of The Gathering and The
// Devourer Below, Mysterious Chanting; LCG §3 Search).
func (s *State) drawEnemyWithTrait(seat int, trait uint16) game.Control {
	found := int16(-1)
	for i := len(s.EncDeck) - 1; i >= 0 && found < 0; i-- {
		if id := s.EncDeck[i]; s.card(id).Type == typeEnemy && s.has(id, trait) {
			found = id
		}
	}
	for i := len(s.EncDiscard) - 1; i >= 0 && found < 0; i-- {
		if id := s.EncDiscard[i]; s.card(id).Type == typeEnemy && s.has(id, trait) {
			found = id
		}
	}
	if found >= 0 {
		s.moveTo(found, ZoneLimbo, -1)
	}
	s.shuffleEncounter()
	if found >= 0 {
		s.push(opEncounter, seat, -1, int32(found), 0, 0)
	}
	return game.Done
}
