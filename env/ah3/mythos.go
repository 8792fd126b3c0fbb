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

// doReckoning resolves every reckoning effect in play when the token is
// drawn (AH3 204.12a; the FAQ: each completely, one at a time; one that
// enters play meanwhile does not resolve for this token): the scenario
// sheet, the codex cards, the Rumor and each investigator's cards. The
// investigators choose the order (AH3 204.12c), asked of the lead (409.4)
// whenever two or more are pending; one investigator's cards resolve
// together in slot order. B is the mask of pending sources (bit 0 the sheet,
// bit 1 the Rumor, bit 2+i seat i's cards), Tgt the mask of pending codex
// cards by archive number. A frame with Src 1 walks seat Who's cards (A is
// the next slot).
func (s *State) doReckoning(f *game.Frame) game.Control {
	if s.Over() {
		return game.Halt
	}
	if f.Src == 1 {
		st := &s.Seats[f.Who]
		for int(f.A) < int(st.NAssets) {
			c := st.Assets[f.A].Card
			f.A++
			if b := s.sc().Assets[c].Reckoning; b.Len > 0 {
				s.pushBlock(b, int8(f.Who), srcAsset+int32(c), -1)
				return game.Again
			}
		}
		return game.Done
	}
	if f.Step == 0 {
		f.Step = 1
		if s.sc().Reckoning.Len > 0 {
			f.B |= 1
		}
		if s.Rumor >= 0 {
			f.B |= 2
		}
		for k := 0; k < int(s.NCodex); k++ {
			if a := &s.sc().Archive[s.Codex[k]]; a.Reckoning.Len > 0 && a.Number < 32 {
				f.Tgt = int32(uint32(f.Tgt) | 1<<uint(a.Number))
			}
		}
		for i := 0; i < int(s.N); i++ {
			st := &s.Seats[i]
			for k := 0; k < int(st.NAssets); k++ {
				if s.sc().Assets[st.Assets[k].Card].Reckoning.Len > 0 {
					f.B |= 4 << uint(i)
					break
				}
			}
		}
	}
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		switch {
		case o.Code == ActReckonSheet:
			return s.reckon(f, 0)
		case o.Code == ActReckonRumor:
			return s.reckon(f, 1)
		case o.Code >= ActSeat && o.Code < ActSeat+MaxSeats:
			return s.reckon(f, 2+int(o.Arg))
		}
		return s.reckon(f, 16+int(o.Arg)) // a codex card by archive number
	}
	// Drop sources that left play, count the rest.
	n, only := 0, -1
	if f.B&2 != 0 && s.Rumor < 0 {
		f.B &^= 2
	}
	for i := 0; i < 2+MaxSeats; i++ {
		if f.B&(1<<uint(i)) != 0 {
			n, only = n+1, i
		}
	}
	for num := 0; num < 32; num++ {
		if uint32(f.Tgt)&(1<<uint(num)) == 0 {
			continue
		}
		if s.codexPos(num) < 0 {
			f.Tgt = int32(uint32(f.Tgt) &^ (1 << uint(num)))
			continue
		}
		n, only = n+1, 16+num
	}
	switch n {
	case 0:
		return game.Done
	case 1:
		return s.reckon(f, only)
	}
	s.ask(s.Lead, PromptReckonOrder, -1)
	if f.B&1 != 0 {
		s.prompt.Add(ActReckonSheet, 0, 0)
	}
	for k := 0; k < int(s.NCodex); k++ {
		if num := s.sc().Archive[s.Codex[k]].Number; num < 32 && uint32(f.Tgt)&(1<<uint(num)) != 0 {
			s.prompt.Add(ActCodex+game.ActionCode(k), int32(num), 0)
		}
	}
	if f.B&2 != 0 {
		s.prompt.Add(ActReckonRumor, 0, 0)
	}
	for i := 0; i < int(s.N); i++ {
		if f.B&(4<<uint(i)) != 0 {
			s.prompt.Add(ActSeat+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// codexPos is the codex position of the card with archive number num, or -1.
func (s *State) codexPos(num int) int {
	for k := 0; k < int(s.NCodex); k++ {
		if s.sc().Archive[s.Codex[k]].Number == num {
			return k
		}
	}
	return -1
}

// reckon resolves one pending reckoning source (see doReckoning): 0 the
// sheet, 1 the Rumor, 2+i seat i's cards, 16+n the codex card numbered n.
func (s *State) reckon(f *game.Frame, src int) game.Control {
	switch {
	case src == 0:
		f.B &^= 1
		s.pushBlock(s.sc().Reckoning, s.Lead, -1, -1)
	case src == 1:
		f.B &^= 2
		// AH3 443: the Rumor resolves, then loses a marker; the last
		// marker gone, it leaves the codex and its expiry resolves.
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
	case src < 16:
		f.B &^= 1 << uint(src)
		s.push(opReckoning, int8(src-2), 1, 0, 0, 0)
	default:
		num := src - 16
		f.Tgt = int32(uint32(f.Tgt) &^ (1 << uint(num)))
		if k := s.codexPos(num); k >= 0 {
			s.pushBlock(s.sc().Archive[s.Codex[k]].Reckoning, s.Lead, -1, -1)
		}
	}
	return game.Again
}
