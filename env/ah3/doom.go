package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// rule reports whether a codex card brings rule r into play (AH3 412, 402.3).
func (s *State) rule(r content.Rule) bool {
	for i := 0; i < int(s.NCodex); i++ {
		if s.sc().Archive[s.Codex[i]].Rule == r {
			return true
		}
	}
	return false
}

// unstable returns the k-th unstable space (AH3 449): the doom spaces of the
// top event discard, or the starting space while the pile is empty; -1 past
// the last.
func (s *State) unstable(k int) int8 {
	if s.EventDiscard.N == 0 {
		if k == 0 {
			return int8(s.sc().Start)
		}
		return -1
	}
	d := s.sc().Encounters[s.EventDiscard.C[0]].Doom
	if k < len(d) {
		return int8(d[k])
	}
	return -1
}

// placeDoom pushes n doom for a space, placed one token at a time.
func (s *State) placeDoom(space int8, n int) {
	if space >= 0 && n > 0 {
		s.push(opDoom, -1, 0, int32(space), int32(n), 0)
	}
}

// doDoom places one doom token at a time (FAQ, Appendix E #7): a street
// passes it to an adjacent neighborhood space (AH3 489.2, the investigators
// choose, Appendix E #6); a neighborhood with an anomaly passes it to the
// scenario sheet (AH3 402.3b); then Surge (412.1a) and anomaly creation
// (402.3a). Tgt = space, A = tokens left.
func (s *State) doDoom(f *game.Frame) game.Control {
	if f.A <= 0 {
		return game.Done
	}
	space := int8(f.Tgt)
	if f.Answer != game.NoAnswer {
		space = int8(s.answer(f).Arg)
	} else if s.sc().Spaces[space].Street != content.NotStreet {
		n, last := 0, int8(-1)
		for _, y := range s.sc().Spaces[space].Adjacent {
			if s.g.hood[y] >= 0 {
				n++
				last = int8(y)
			}
		}
		if n == 0 {
			f.A--
			return game.Again // nowhere to go (AH3 003)
		}
		if n > 1 {
			s.ask(s.Lead, PromptDoom, -1)
			for _, y := range s.sc().Spaces[space].Adjacent {
				if s.g.hood[y] >= 0 {
					s.prompt.Add(ActSpace+game.ActionCode(y), int32(y), 0)
				}
			}
			return game.Wait
		}
		space = last
	}
	f.A--
	h := s.g.hood[space]
	anomalies := s.rule(content.RuleAnomalies)
	if anomalies && s.Anomaly[h] {
		s.addSheetDoom(1) // AH3 402.3b
		return game.Again
	}
	s.Doom[space]++
	s.event(EvDoom, -1, int32(space), int32(s.Doom[space]), 0)
	if s.Doom[space] >= 4 && s.rule(content.RuleSurge) {
		// AH3 412.1a
		s.Doom[space] -= 3
		s.event(EvSurge, -1, int32(space), 0, 0)
		s.addSheetDoom(1)
		var sp [3]int8
		n := 0
		for _, o := range s.sc().Neighborhoods[h].Spaces {
			if int8(o) != space && n < len(sp) {
				sp[n] = int8(o)
				n++
			}
		}
		s.pushDoomSet(sp[:n])
	}
	if anomalies && !s.Anomaly[h] && (s.Doom[space] >= 3 || s.hoodDoom(h) >= 5) {
		s.Anomaly[h] = true // AH3 402.3a
		s.event(EvAnomaly, -1, int32(h), 1, 0)
	}
	return game.Again
}

// pushDoomSet places 1 doom in each of up to 8 spaces (duplicates allowed)
// from one effect. The order is a group choice (AH3 004, 409.4; the FAQ's
// doom order, Appendix E #7): doDoomSet asks the lead which space is next.
func (s *State) pushDoomSet(sp []int8) {
	var a, b uint32 = ^uint32(0), ^uint32(0)
	for i, y := range sp {
		if i < 4 {
			a = a&^(0xff<<(8*uint(i))) | uint32(uint8(y))<<(8*uint(i))
		} else if i < 8 {
			b = b&^(0xff<<(8*uint(i-4))) | uint32(uint8(y))<<(8*uint(i-4))
		}
	}
	if len(sp) > 0 {
		s.push(opDoomSet, -1, 0, 0, int32(a), int32(b))
	}
}

// doomSlot returns the space in slot i of a doom set (0xff: empty).
func doomSlot(f *game.Frame, i int) uint8 {
	if i < 4 {
		return uint8(uint32(f.A) >> (8 * uint(i)))
	}
	return uint8(uint32(f.B) >> (8 * uint(i-4)))
}

func clearDoomSlot(f *game.Frame, i int) {
	if i < 4 {
		f.A = int32(uint32(f.A) | 0xff<<(8*uint(i)))
	} else {
		f.B = int32(uint32(f.B) | 0xff<<(8*uint(i-4)))
	}
}

// doDoomSet places a doom set's tokens one at a time, each through the whole
// pipeline (doDoom). The lead chooses the next space (PromptDoomOrder) only
// when the order can matter: Surge or the Anomalies rule is in play and the
// set could bring some space to a threshold (AH3 412.1a: 4 doom; 402.3a: 3
// in a space or 5 in a neighborhood) or holds a street (AH3 489.2); else
// they go in card order.
func (s *State) doDoomSet(f *game.Frame) game.Control {
	if s.Over() {
		return game.Halt
	}
	if f.Answer != game.NoAnswer {
		y := uint8(s.answer(f).Arg)
		for i := 0; i < 8; i++ {
			if doomSlot(f, i) == y {
				clearDoomSlot(f, i)
				break
			}
		}
		s.placeDoom(int8(y), 1)
		return game.Again
	}
	var add [MaxSpaces]int8
	var distinct [8]uint8
	nd, first := 0, -1
	for i := 0; i < 8; i++ {
		y := doomSlot(f, i)
		if y == 0xff {
			continue
		}
		if first < 0 {
			first = i
		}
		if add[y] == 0 {
			distinct[nd] = y
			nd++
		}
		add[y]++
	}
	if first < 0 {
		return game.Done
	}
	if nd > 1 && s.doomOrderMatters(&add, distinct[:nd]) {
		s.ask(s.Lead, PromptDoomOrder, -1)
		for _, y := range distinct[:nd] {
			s.prompt.Add(ActSpace+game.ActionCode(y), int32(y), 0)
		}
		return game.Wait
	}
	y := doomSlot(f, first)
	clearDoomSlot(f, first)
	s.placeDoom(int8(y), 1)
	return game.Again
}

// doomOrderMatters: whether placing the set's tokens in another order could
// change anything (a threshold can be reached, or a street redirects).
func (s *State) doomOrderMatters(add *[MaxSpaces]int8, ys []uint8) bool {
	surge, anomalies := s.rule(content.RuleSurge), s.rule(content.RuleAnomalies)
	if !surge && !anomalies {
		return false
	}
	var hoodAdd [MaxHoods]int
	for _, y := range ys {
		h := s.g.hood[y]
		if h < 0 {
			return true // AH3 489.2: a street's doom lands on a neighborhood space
		}
		if anomalies && s.Anomaly[h] {
			continue // AH3 402.3b: goes to the sheet whatever the order
		}
		hoodAdd[h] += int(add[y])
		d := int(s.Doom[y]) + int(add[y])
		if surge && d >= 4 || anomalies && d >= 3 {
			return true
		}
	}
	if anomalies {
		for h := range hoodAdd {
			if hoodAdd[h] > 0 && s.hoodDoom(int8(h))+hoodAdd[h] >= 5 {
				return true
			}
		}
	}
	return false
}

func (s *State) hoodDoom(h int8) int {
	n := 0
	for _, sp := range s.sc().Neighborhoods[h].Spaces {
		n += int(s.Doom[sp])
	}
	return n
}

// removeDoom takes doom from a space; an anomaly whose neighborhood has no
// doom left closes (AH3 402.3e).
func (s *State) removeDoom(space int8, n int8) {
	if space < 0 || n <= 0 {
		return
	}
	n = min(n, s.Doom[space])
	s.Doom[space] -= n
	s.event(EvDoom, -1, int32(space), int32(s.Doom[space]), -int32(n))
	if h := s.g.hood[space]; h >= 0 && s.Anomaly[h] && s.hoodDoom(h) == 0 {
		s.Anomaly[h] = false
		s.event(EvAnomaly, -1, int32(h), 0, 0)
	}
}

// addSheetDoom places doom on the scenario sheet and checks the codex (AH3 406.4).
func (s *State) addSheetDoom(n int) {
	if n <= 0 {
		return
	}
	s.SheetDoom += int16(n)
	s.event(EvSheetDoom, -1, int32(s.SheetDoom), int32(n), 0)
	s.push(opCodexCheck, -1, 0, 0, 0, 0)
}

// doCodexCheck fires the first codex card whose clue path (AH3 403.5c: spend
// the clues) or doom path (403.5d) is met; the card leaves the codex and its
// effect resolves, then the codex is checked again.
func (s *State) doCodexCheck(f *game.Frame) game.Control {
	for i := 0; i < int(s.NCodex); i++ {
		a := &s.sc().Archive[s.Codex[i]]
		var b content.Block
		switch {
		case a.ClueNeed > 0 && int(s.SheetClues) >= a.ClueNeed:
			s.SheetClues -= int16(a.ClueNeed)
			b = a.OnClues
		case a.DoomAt > 0 && int(s.SheetDoom) >= a.DoomAt:
			b = a.OnDoom
		default:
			continue
		}
		s.event(EvCodexFire, -1, int32(a.Number), 0, 0)
		copy(s.Codex[i:], s.Codex[i+1:s.NCodex])
		s.NCodex--
		s.push(opCodexCheck, -1, 0, 0, 0, 0)
		s.pushBlock(b, s.Lead, -1, -1)
		return game.Done
	}
	return game.Done
}

// addCodex reads archive card number (AH3 403.5b: its instructions first),
// then adds it to the codex.
func (s *State) addCodex(number int) {
	if number <= 0 || number >= MaxArchive || s.Variant[number] < 0 {
		return
	}
	idx := s.Variant[number]
	s.Revealed |= 1 << uint(number)
	s.push(opCodexCheck, -1, 0, 0, 0, 0)
	s.push(opCodexPut, -1, 0, 0, int32(idx), 0)
	s.pushBlock(s.sc().Archive[idx].OnAdd, s.Lead, -1, -1)
}

// doCodexPut puts archive card A in the codex (AH3 437.2). The rules it
// brings apply at once to the board as it is: a space with 4 or more doom
// surges (AH3 412.1a), a neighborhood past the anomaly thresholds gains an
// anomaly (402.3a).
func (s *State) doCodexPut(f *game.Frame) game.Control {
	if int(s.NCodex) >= MaxCodex {
		return game.Done
	}
	a := &s.sc().Archive[f.A]
	if a.Attach >= 0 {
		// AH3 403.5h: tucked under the neighborhood deck, not in the codex.
		s.Attached[a.Attach] = int16(f.A)
		s.event(EvAttach, -1, int32(a.Number), int32(a.Attach), 0)
		return game.Done
	}
	s.Codex[s.NCodex] = int16(f.A)
	s.NCodex++
	s.event(EvCodex, -1, int32(a.Number), 0, 0)
	switch a.Rule {
	case content.RuleAnomalies:
		for sp := 0; sp < s.g.nSpaces; sp++ {
			if h := s.g.hood[sp]; h >= 0 && !s.Anomaly[h] && (s.Doom[sp] >= 3 || s.hoodDoom(h) >= 5) {
				s.Anomaly[h] = true
				s.event(EvAnomaly, -1, int32(h), 1, 0)
			}
		}
	case content.RuleSurge:
		for sp := 0; sp < s.g.nSpaces; sp++ {
			if s.Doom[sp] >= 4 {
				h := s.g.hood[sp]
				s.Doom[sp] -= 3
				s.event(EvSurge, -1, int32(sp), 0, 0)
				s.addSheetDoom(1)
				var ys [3]int8
				n := 0
				for _, o := range s.sc().Neighborhoods[h].Spaces {
					if o != sp && n < len(ys) {
						ys[n] = int8(o)
						n++
					}
				}
				s.pushDoomSet(ys[:n]) // the order is the lead's (AH3 004)
			}
		}
	}
	return game.Done
}

// spreadDoom: the bottom event card goes face up on the discard, and 1 doom
// goes in each space its doom icons mark (AH3 406.2-3), in card order.
func (s *State) spreadDoom() {
	c := s.Event.PopBottom()
	if c < 0 {
		return // Appendix E #14
	}
	s.EventDiscard.PushTop(c)
	s.event(EvSpread, -1, int32(c), 0, 0)
	var sp [8]int8
	n := 0
	for _, y := range s.sc().Encounters[c].Doom {
		if n < len(sp) {
			sp[n] = int8(y)
			n++
		}
	}
	s.pushDoomSet(sp[:n])
}

// spawnClue: a clue in the centre of the top event card's neighborhood; the
// card is shuffled with the top 2 of that neighborhood deck onto its top
// (AH3 488.3).
func (s *State) spawnClue() {
	c := s.Event.PopTop()
	if c < 0 {
		return
	}
	h := s.sc().Encounters[c].Neighborhood
	s.Clues[h]++
	s.event(EvClue, -1, int32(h), int32(s.Clues[h]), 0)
	s.shuffleIntoTop(&s.Hood[h], c)
}

// shuffleIntoTop shuffles card c with the top 2 cards of p and puts the three
// on top (AH3 477.7, 488.3).
func (s *State) shuffleIntoTop(p *Pile, c int16) {
	var three [3]int16
	n := 0
	three[n] = c
	n++
	for n < 3 && p.N > 0 {
		three[n] = p.PopTop()
		n++
	}
	game.ShuffleInts(&s.rng, three[:n])
	for i := n - 1; i >= 0; i-- {
		p.PushTop(three[i])
	}
}

// gateBurst: 1 doom in every space of the top event card's neighborhood;
// the card is shuffled into the event discard and the pile goes under the
// event deck (AH3 204.11a).
func (s *State) gateBurst() {
	c := s.Event.PopTop()
	if c < 0 {
		return
	}
	h := s.sc().Encounters[c].Neighborhood
	s.event(EvGateBurst, -1, int32(h), 0, 0)
	sp := s.sc().Neighborhoods[h].Spaces
	s.pushDoomSet([]int8{int8(sp[0]), int8(sp[1]), int8(sp[2])})
	s.EventDiscard.PushTop(c)
	game.ShuffleInts(&s.rng, s.EventDiscard.Cards())
	for s.EventDiscard.N > 0 {
		s.Event.PushBottom(s.EventDiscard.PopTop())
	}
}
