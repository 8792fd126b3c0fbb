package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// doMythosPhase: in turn order from the lead, each player draws 2 tokens one
// at a time and resolves each (AH3 204.1-2), even without an investigator
// (204.4). A = players done, B = tokens drawn by the current one.
func (s *State) doMythosPhase(f *game.Frame) game.Control {
	if f.A >= int32(s.N) {
		return game.Done
	}
	seat := (s.Lead + int8(f.A)) % s.N
	t := s.drawToken()
	s.event(EvMythos, seat, int32(t), 0, 0)
	f.B++
	if f.B == 2 {
		f.A, f.B = f.A+1, 0
	}
	s.push(opToken, seat, 0, 0, int32(t), 0)
	return game.Again
}

// drawToken draws from the cup without replacement, refilling it when empty
// (AH3 204.3, 204.5).
func (s *State) drawToken() content.MythosToken {
	total := 0
	for _, n := range s.Cup {
		total += int(n)
	}
	if total == 0 {
		for k := range s.Cup {
			s.Cup[k] += s.Drawn[k]
			s.Drawn[k] = 0
			total += int(s.Cup[k])
		}
	}
	k := -1
	if s.NForcedCup > 0 {
		k = int(s.ForcedCup[0])
		copy(s.ForcedCup[:], s.ForcedCup[1:])
		s.NForcedCup--
		if s.Cup[k] == 0 { // a forced token drawn already: refill first
			for j := range s.Cup {
				s.Cup[j] += s.Drawn[j]
				s.Drawn[j] = 0
			}
		}
		if s.Cup[k] == 0 {
			return content.MythosToken(k) // not in this scenario's cup at all
		}
	} else if total > 0 {
		r := s.rng.IntN(total)
		for k = 0; r >= int(s.Cup[k]); k++ {
			r -= int(s.Cup[k])
		}
	}
	if k < 0 {
		return content.TokenBlank
	}
	s.Cup[k]--
	s.Drawn[k]++
	return content.MythosToken(k)
}

// doToken resolves one mythos token (AH3 204.7-204.13) for the drawer Who.
func (s *State) doToken(f *game.Frame) game.Control {
	seat := int8(f.Who)
	switch content.MythosToken(f.A) {
	case content.TokenSpreadDoom:
		s.spreadDoom() // 204.7
	case content.TokenSpawnMonster:
		s.push(opSpawn, seat, 0, -1, 0, 0) // 204.8
	case content.TokenSpawnClue:
		s.spawnClue() // 204.9
	case content.TokenHeadline:
		s.headline(seat) // 204.10
	case content.TokenGateBurst:
		s.gateBurst() // 204.11
	case content.TokenReckoning:
		s.push(opReckoning, seat, 0, 0, 0, 0) // 204.12
	}
	return game.Done // 204.13: a blank does nothing
}

// headline draws and resolves the top headline (AH3 423): with none left, 1
// doom on the scenario sheet (423.6); a Rumor joins the codex and replaces
// any other (423.7).
func (s *State) headline(seat int8) {
	h := s.Headlines.PopTop()
	if h < 0 {
		s.addSheetDoom(1)
		return
	}
	def := &s.sc().Headlines[h]
	s.event(EvHeadline, seat, int32(h), 0, 0)
	if def.Rumor {
		if s.Rumor >= 0 {
			s.HeadlineDiscard.PushTop(s.Rumor)
		}
		s.Rumor, s.Markers = h, int8(def.Markers)
	} else {
		s.HeadlineDiscard.PushTop(h) // AH3 423.4-5
	}
	s.pushBlock(def.Effects, seat, -1, -1)
}

// doReckoning resolves every reckoning effect in play (AH3 204.12): the
// scenario sheet, the codex cards, the Rumor, then each investigator's cards
// in turn order. The order of this group choice is fixed by the engine
// (docs/ah3-rulings.md). A walks the sources.
func (s *State) doReckoning(f *game.Frame) game.Control {
	for {
		i := int(f.A)
		f.A++
		switch {
		case i == 0:
			if s.sc().Reckoning.Len > 0 {
				s.pushBlock(s.sc().Reckoning, s.Lead, -1, -1)
				return game.Again
			}
		case i <= MaxCodex:
			if i-1 < int(s.NCodex) {
				if b := s.sc().Archive[s.Codex[i-1]].Reckoning; b.Len > 0 {
					s.pushBlock(b, s.Lead, -1, -1)
					return game.Again
				}
			}
		case i == MaxCodex+1:
			if s.Rumor >= 0 {
				def := &s.sc().Headlines[s.Rumor]
				if def.Markers > 0 {
					s.Markers--
					if s.Markers <= 0 {
						s.HeadlineDiscard.PushTop(s.Rumor)
						s.Rumor = -1
						s.pushBlock(def.Expire, s.Lead, -1, -1)
					}
				}
				s.pushBlock(def.Reckoning, s.Lead, -1, -1)
				return game.Again
			}
		default:
			k := i - MaxCodex - 2
			seat, slot := int8(k/MaxAssets), k%MaxAssets
			if seat >= s.N {
				return game.Done
			}
			st := &s.Seats[seat]
			if slot < int(st.NAssets) {
				c := st.Assets[slot].Card
				if b := s.sc().Assets[c].Reckoning; b.Len > 0 {
					s.pushBlock(b, seat, 1000+int32(c), -1)
					return game.Again
				}
			}
		}
	}
}
