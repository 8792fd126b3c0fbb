package machina

import "github.com/mythos-rl/mythos/env/game"

// Items (MA §13): inventory and equipment, main slots, upgrades and
// extensions, gaining, trading, the workbench, and discarding.

// maxLoadoutSteps bounds the sub-decisions of one Use inventory or Trade
// (docs/machina-rulings.md), so that a random policy cannot loop forever.
const maxLoadoutSteps = 12

// itemsLeft counts the cards in the four item decks.
func (s *State) itemsLeft() int {
	n := 0
	for d := range s.ItemDecks {
		n += len(s.ItemDecks[d])
	}
	return n
}

// owns reports whether pioneer p has any item.
func (s *State) owns(p int) bool {
	for i := range s.ct.Items {
		if z := s.Items[i].Zone; (z == ZoneInventory || z == ZoneEquipped) && int(s.Items[i].Owner) == p {
			return true
		}
	}
	return false
}

// hasLoadoutChoice reports whether pioneer p has an item it could equip.
func (s *State) hasLoadoutChoice(p int) bool {
	for i := range s.ct.Items {
		if int(s.Items[i].Owner) == p && (s.Items[i].Zone == ZoneInventory || s.Items[i].Zone == ZoneEquipped) && s.ct.Items[i].Deck != OneUse {
			return true
		}
	}
	return false
}

// mainEligible reports whether an item may be equipped as a main item
// (MA §13.2, §13.4, §13.7: one-use items never, extensions never).
func (s *State) mainEligible(i int) bool {
	c := &s.ct.Items[i]
	return c.Deck != OneUse && c.ExtLeft == 0 && (c.Deck != Weapon || c.Hands >= 1)
}

// returnChain puts item i and everything attached above it into its owner's
// inventory (MA §13.4, §13.12).
func (s *State) returnChain(i int) {
	s.Items[i].Zone, s.Items[i].Host, s.Items[i].Ext = ZoneInventory, -1, false
	for j := range s.ct.Items {
		if s.Items[j].Zone == ZoneEquipped && int(s.Items[j].Host) == i {
			s.returnChain(j)
		}
	}
}

// unequipAll moves every equipped item of p to its inventory (MA §13.11 step 1).
func (s *State) unequipAll(p int) {
	for i := range s.ct.Items {
		if s.Items[i].Zone == ZoneEquipped && int(s.Items[i].Owner) == p {
			s.Items[i].Zone, s.Items[i].Host, s.Items[i].Ext = ZoneInventory, -1, false
		}
	}
}

// equipMain equips inventory item i of p as a main item, returning the main
// item of the same slot (with its chain) when the slots are full (MA §13.4);
// its ENTER effects resolve (MA §13.1).
func (s *State) equipMain(p, i int) {
	c := &s.ct.Items[i]
	hands := 0
	for j := range s.ct.Items {
		it := &s.Items[j]
		if it.Zone != ZoneEquipped || int(it.Owner) != p || it.Host >= 0 || s.ct.Items[j].Deck != c.Deck {
			continue
		}
		if c.Deck == Weapon {
			hands += int(s.ct.Items[j].Hands)
		}
	}
	for j := range s.ct.Items {
		it := &s.Items[j]
		if it.Zone != ZoneEquipped || int(it.Owner) != p || it.Host >= 0 || s.ct.Items[j].Deck != c.Deck {
			continue
		}
		if c.Deck != Weapon || hands+int(c.Hands) > 2 {
			s.returnChain(j)
		}
	}
	s.Items[i] = ItemState{Zone: ZoneEquipped, Owner: int8(p), Host: -1}
	s.log.Add(evEquip, game.AgentID(p), int32(p), int32(i), 0)
	s.pushEnter(c.Abilities, p, refOf(refItem, i, 0))
}

// attachKind reports how item i may go on equipped item h: 1 an upgrade
// (MA §13.6), 2 an extension (MA §13.7), 0 not at all.
func (s *State) attachKind(i, h int) int {
	a, b := &s.ct.Items[i], &s.ct.Items[h]
	if a.Deck != b.Deck || a.Deck == OneUse {
		return 0
	}
	if a.ExtLeft != 0 {
		if a.ExtLeft == b.ExtRight && (b.Deck == Weapon || b.Fit == FitTorso) {
			return 2
		}
		return 0
	}
	if a.UpBottom != 0 && a.UpBottom == b.UpTop && !(a.Fit == FitTorso && b.Fit == FitTorso) {
		return 1
	}
	return 0
}

// hosts lists the equipped items of p that item i may attach to.
func (s *State) hosts(p, i int, dst []int) []int {
	dst = dst[:0]
	for h := range s.ct.Items {
		if h != i && s.Items[h].Zone == ZoneEquipped && int(s.Items[h].Owner) == p && s.attachKind(i, h) > 0 {
			dst = append(dst, h)
		}
	}
	return dst
}

// attach puts item i on host h, replacing what was there (MA §13.6, §13.7).
func (s *State) attach(p, i, h int) {
	ext := s.attachKind(i, h) == 2
	for j := range s.ct.Items {
		if s.Items[j].Zone == ZoneEquipped && int(s.Items[j].Host) == h && s.Items[j].Ext == ext {
			s.returnChain(j)
		}
	}
	s.Items[i] = ItemState{Zone: ZoneEquipped, Owner: int8(p), Host: int16(h), Ext: ext}
	s.log.Add(evEquip, game.AgentID(p), int32(p), int32(i), int32(h)+1)
	s.pushEnter(s.ct.Items[i].Abilities, p, refOf(refItem, i, 0))
}

// discardItem discards item i (MA §13.13, §18.11): its chain returns to the
// inventory, its owner's markers on it return, and it goes on top of the
// discard pile.
func (s *State) discardItem(i int) {
	it := &s.Items[i]
	if it.Zone == ZoneEquipped {
		for j := range s.ct.Items {
			if s.Items[j].Zone == ZoneEquipped && int(s.Items[j].Host) == i {
				s.returnChain(j)
			}
		}
	}
	ref := refOf(refItem, i, 0)
	out := s.Mods[:0]
	for _, m := range s.Mods {
		if m.Src&^15 != ref {
			out = append(out, m)
		}
	}
	s.Mods = out
	s.syncCells() // MA §12.18, §18.10
	*it = ItemState{Zone: ZoneDiscard, Owner: -1, Host: -1}
	s.ItemDiscard = append(s.ItemDiscard, int16(i))
}

// doInventory is Use inventory after its unequip step (MA §13.11): equip a
// main item, attach an upgrade or extension (then its host), give an item of
// the inventory to an adjacent pioneer (`Trade q`, then the item; step 4), or
// finish.
func (s *State) doInventory(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if !s.P[p].Alive {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		switch {
		case f.Step == 2: // the item given to pioneer f.B (MA §13.11 step 4)
			f.Step = 0
			if o.Code != CodePass {
				s.Items[o.Arg] = ItemState{Zone: ZoneInventory, Owner: int8(f.B), Host: -1}
				s.log.Add(evItemGained, game.AgentID(f.B), f.B, o.Arg, 0)
			}
			// A gift called off counts as a step too, so that offering
			// and calling it off cannot go on for ever (R-LOOP).
		case o.Code == CodePass:
			return game.Done
		case f.Step == 1: // the host of an attachment
			s.attach(p, int(f.B), int(o.Arg))
			f.Step = 0
		case o.Code >= CodeTrade && o.Code < CodeTrade+MaxPioneers:
			f.Step, f.B = 2, o.Arg
			s.ask(game.AgentID(p), PromptTrade, -1)
			s.opt(CodePass, -1, 0)
			for i := range s.ct.Items {
				if s.Items[i].Zone == ZoneInventory && int(s.Items[i].Owner) == p {
					s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
				}
			}
			return game.Wait
		case o.Code >= CodeAttach:
			f.Step, f.B = 1, o.Arg
			var buf [MaxItems]int
			s.ask(game.AgentID(p), PromptHost, -1)
			for _, h := range s.hosts(p, int(o.Arg), buf[:0]) {
				s.opt(CodeItem+game.ActionCode(h), int32(h), 0)
			}
			return game.Wait
		default:
			s.equipMain(p, int(o.Arg))
		}
		f.A++
		return game.Again
	}
	if f.A >= maxLoadoutSteps {
		return game.Done
	}
	s.ask(game.AgentID(p), PromptLoadout, -1)
	s.opt(CodePass, -1, 0)
	var buf [MaxItems]int
	held := false
	for i := range s.ct.Items {
		if s.Items[i].Zone != ZoneInventory || int(s.Items[i].Owner) != p {
			continue
		}
		held = true
		if s.mainEligible(i) {
			s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
		}
		if len(s.hosts(p, i, buf[:0])) > 0 {
			s.opt(CodeAttach+game.ActionCode(i), int32(i), 0)
		}
	}
	// MA §13.11 step 4: give items to adjacent pioneers.
	if held && s.onBoardPioneer(p) {
		c := int(s.P[p].Pos)
		for q := 0; q < int(s.N); q++ {
			if q != p && s.onBoardPioneer(q) && s.adjacent(c, int(s.P[q].Pos)) {
				s.opt(CodeTrade+game.ActionCode(q), int32(q), 0)
			}
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// doTrade is Trade with a pioneer (MA §13.10): each answer gives or takes one
// item (to the receiver's inventory), until done.
func (s *State) doTrade(f *game.Frame) game.Control {
	p, q := int(f.Tgt), int(f.A)
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == CodePass {
			return game.Done
		}
		i := int(o.Arg)
		to := p
		if int(s.Items[i].Owner) == p {
			to = q
		}
		if s.Items[i].Zone == ZoneEquipped {
			s.returnChain(i)
		}
		s.Items[i] = ItemState{Zone: ZoneInventory, Owner: int8(to), Host: -1}
		f.B++
	}
	if f.B >= maxLoadoutSteps || !s.P[p].Alive || !s.P[q].Alive {
		return game.Done
	}
	s.ask(game.AgentID(p), PromptTrade, -1)
	s.opt(CodePass, -1, 0)
	for i := range s.ct.Items {
		z := s.Items[i].Zone
		if (z == ZoneInventory || z == ZoneEquipped) && (int(s.Items[i].Owner) == p || int(s.Items[i].Owner) == q) {
			s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		return game.Done
	}
	return game.Wait
}

// drawItem reveals the top card of deck d into limbo.
func (s *State) drawItem(d int) {
	dk := s.ItemDecks[d]
	i := dk[len(dk)-1]
	s.ItemDecks[d] = dk[:len(dk)-1]
	s.Items[i] = ItemState{Zone: ZoneLimbo, Owner: -1, Host: -1}
	s.Limbo = append(s.Limbo, i)
}

// dropLimbo discards (ret false) or returns to the top of its deck (ret true)
// a revealed item (MA §13.8 step 2, §12.14 step 4).
func (s *State) dropLimbo(i int, ret bool) {
	for k, x := range s.Limbo {
		if int(x) == i {
			s.Limbo = append(s.Limbo[:k], s.Limbo[k+1:]...)
			break
		}
	}
	if ret {
		d := s.ct.Items[i].Deck
		s.Items[i] = ItemState{Zone: ZoneDeck, Owner: -1, Host: -1}
		s.ItemDecks[d] = append(s.ItemDecks[d], int16(i))
		return
	}
	s.Items[i] = ItemState{Zone: ZoneDiscard, Owner: -1, Host: -1}
	s.ItemDiscard = append(s.ItemDiscard, int16(i))
}

// pairDecks lists the pairs of decks for "one card from each of two decks".
var pairDecks = [6][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}

// doGainItem is Gain an item (MA §13.8). Steps: 0 the draw mode, 1 the card
// kept, 2 the other card, 3 the receiver, 4 the free equip. f.A is the kept
// card, f.B the receiver.
func (s *State) doGainItem(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if s.diedDrawing(p) {
		return game.Done
	}
	var o game.Option
	if f.Answer != game.NoAnswer {
		o = s.answer(f)
	}
	switch f.Step {
	case 0:
		if f.Answer == game.NoAnswer {
			s.ask(game.AgentID(p), PromptDrawMode, -1)
			for d := 0; d < int(numDecks); d++ {
				if len(s.ItemDecks[d]) > 0 {
					s.opt(CodeChoice+game.ActionCode(d), int32(d), 0)
				}
			}
			for k, pr := range pairDecks {
				if len(s.ItemDecks[pr[0]]) > 0 && len(s.ItemDecks[pr[1]]) > 0 {
					s.opt(CodeChoice+game.ActionCode(4+k), int32(4+k), 0)
				}
			}
			if len(s.prompt.Options) == 0 {
				return game.Done
			}
			return game.Wait
		}
		if m := int(o.Arg); m < 4 {
			s.drawItem(m)
			if len(s.ItemDecks[m]) > 0 {
				s.drawItem(m)
			}
		} else {
			s.drawItem(pairDecks[m-4][0])
			s.drawItem(pairDecks[m-4][1])
		}
		f.Step, f.Answer = 1, game.NoAnswer
		fallthrough
	case 1:
		if len(s.Limbo) == 1 {
			f.A = int32(s.Limbo[0])
		} else if f.Answer == game.NoAnswer {
			s.ask(game.AgentID(p), PromptPickItem, -1)
			for _, i := range s.Limbo {
				s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
			}
			return game.Wait
		} else {
			f.A = o.Arg
		}
		s.takeLimbo(int(f.A))
		s.Items[f.A] = ItemState{Zone: ZoneInventory, Owner: int8(p), Host: -1} // kept; its receiver is chosen next
		f.Step, f.Answer = 2, game.NoAnswer
		fallthrough
	case 2:
		if len(s.Limbo) > 0 {
			if f.Answer == game.NoAnswer {
				s.ask(game.AgentID(p), PromptLeftover, int32(s.Limbo[0]))
				s.opt(CodeChoice, 0, 0)
				s.opt(CodeChoice+1, 1, 0)
				return game.Wait
			}
			s.dropLimbo(int(s.Limbo[0]), o.Arg == 1)
		}
		f.Step, f.Answer = 3, game.NoAnswer
		fallthrough
	case 3:
		if f.Answer == game.NoAnswer {
			s.ask(game.AgentID(p), PromptRecipient, f.A)
			s.opt(CodePioneer+game.ActionCode(p), int32(p), 0)
			for q := 0; q < int(s.N); q++ {
				if q != p && s.onBoardPioneer(q) && s.adjacent(int(s.P[p].Pos), int(s.P[q].Pos)) {
					s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
				}
			}
			if len(s.prompt.Options) > 1 {
				return game.Wait
			}
			f.B = int32(p)
		} else {
			f.B = o.Arg
		}
		i := int(f.A)
		s.Items[i] = ItemState{Zone: ZoneInventory, Owner: int8(f.B), Host: -1}
		s.log.Add(evItemGained, game.AgentID(f.B), f.B, f.A, 0)
		// MA §13.8 step 4, §22.19: free equip by class, for the gainer only.
		cls := s.pioneerCard(p).Class
		if int(f.B) != p || !s.mainEligible(i) || !(cls == Master || classDeck[cls] == s.ct.Items[i].Deck) {
			s.gainedItem(int(f.B), i)
			return game.Done
		}
		f.Step, f.Answer = 4, game.NoAnswer
		s.ask(game.AgentID(p), PromptFreeEquip, f.A)
		s.opt(CodePass, 0, 0)
		s.opt(CodeYes, 1, 0)
		return game.Wait
	}
	if o.Code == CodeYes {
		s.equipMain(p, int(f.A))
	}
	s.gainedItem(p, int(f.A))
	return game.Done
}

// gainedItem fires pioneer q's "when you gain a weapon" triggers for item i
// (Leather Holster, MA §13.8, §21.3).
func (s *State) gainedItem(q, i int) {
	if s.ct.Items[i].Deck == Weapon {
		s.pushTriggers(q, WhenGainWeapon, -1)
	}
}

// classDeck is the deck each class may equip for free (MA §13.8).
var classDeck = [4]Deck{Clothing, Weapon, Artifact, OneUse}

// takeLimbo removes item i from limbo (it is being kept).
func (s *State) takeLimbo(i int) {
	for k, x := range s.Limbo {
		if int(x) == i {
			s.Limbo = append(s.Limbo[:k], s.Limbo[k+1:]...)
			return
		}
	}
}

// diedDrawing reports whether pioneer p died while drawing items, and then
// drops the cards it held in limbo.
func (s *State) diedDrawing(p int) bool {
	if s.P[p].Alive {
		return false
	}
	for len(s.Limbo) > 0 {
		s.dropLimbo(int(s.Limbo[0]), false)
	}
	return true
}

// doWorkbench is Use a workbench (MA §12.14): three draws from decks of the
// pioneer's choice, swaps of revealed cards for the pioneer's own items
// (workbenchSwap), one card kept, each other card discarded or returned,
// then a free Use inventory. f.A counts draws, then swaps.
func (s *State) doWorkbench(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if s.diedDrawing(p) {
		return game.Done
	}
	var o game.Option
	if f.Answer != game.NoAnswer {
		o = s.answer(f)
	}
	switch f.Step {
	case 0:
		if f.Answer != game.NoAnswer {
			s.drawItem(int(o.Arg))
			f.A++
		}
		if f.A < 3 && s.itemsLeft() > 0 {
			s.ask(game.AgentID(p), PromptWorkbench, -1)
			for d := 0; d < int(numDecks); d++ {
				if len(s.ItemDecks[d]) > 0 {
					s.opt(CodeChoice+game.ActionCode(d), int32(d), 0)
				}
			}
			return game.Wait
		}
		if len(s.Limbo) == 0 {
			return game.Done
		}
		f.Step, f.A = 3, 0
		return game.Again
	case 3, 4:
		return s.workbenchSwap(f, p)
	case 1:
		if f.Answer == game.NoAnswer {
			s.ask(game.AgentID(p), PromptPickItem, -1)
			for _, i := range s.Limbo {
				s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
			}
			return game.Wait
		}
		s.takeLimbo(int(o.Arg))
		s.Items[o.Arg] = ItemState{Zone: ZoneInventory, Owner: int8(p), Host: -1}
		// MA §12.14 step 3: kept, or given to an adjacent pioneer.
		s.ask(game.AgentID(p), PromptRecipient, o.Arg)
		s.opt(CodePioneer+game.ActionCode(p), int32(p), 0)
		for q := 0; q < int(s.N); q++ {
			if q != p && s.onBoardPioneer(q) && s.onBoardPioneer(p) && s.adjacent(int(s.P[p].Pos), int(s.P[q].Pos)) {
				s.opt(CodePioneer+game.ActionCode(q), int32(q), 0)
			}
		}
		if len(s.prompt.Options) > 1 {
			f.Step, f.B = 5, o.Arg
			return game.Wait
		}
		s.log.Add(evItemGained, game.AgentID(p), int32(p), o.Arg, 0)
		s.gainedItem(p, int(o.Arg))
		f.Step = 2
		return game.Again
	case 5: // the receiver of the card kept
		s.Items[f.B] = ItemState{Zone: ZoneInventory, Owner: int8(o.Arg), Host: -1}
		s.log.Add(evItemGained, game.AgentID(o.Arg), o.Arg, f.B, 0)
		s.gainedItem(int(o.Arg), int(f.B))
		f.Step = 2
		return game.Again
	case 2:
		if f.Answer != game.NoAnswer {
			s.dropLimbo(int(s.Limbo[0]), o.Arg == 1)
		}
		if len(s.Limbo) > 0 {
			s.ask(game.AgentID(p), PromptLeftover, int32(s.Limbo[0]))
			s.opt(CodeChoice, 0, 0)
			s.opt(CodeChoice+1, 1, 0)
			return game.Wait
		}
	}
	s.unequipAll(p)
	s.push(opInventory, game.AgentID(p), -1, int32(p), 0, 0)
	return game.Done
}

// workbenchSwap resolves MA §12.14 step 2: the pioneer may swap revealed
// cards for its own items (inventory or equipped; an equipped one leaves with
// its chain, which stays in the inventory), one swap a pair of prompts — its
// item (PromptSwap, or Pass to stop), then the revealed card it takes
// (PromptPickItem) —, at most as many swaps as cards revealed (R-WORKBENCH).
// Its item joins the revealed cards. Step 3 asks for the item, step 4 for
// the card; f.B holds the item.
func (s *State) workbenchSwap(f *game.Frame, p int) game.Control {
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if f.Step == 3 {
			if o.Code == CodePass {
				f.Step = 1
				return game.Again
			}
			f.Step, f.B = 4, o.Arg
			s.ask(game.AgentID(p), PromptPickItem, o.Arg)
			for _, i := range s.Limbo {
				s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
			}
			return game.Wait
		}
		mine, got := int(f.B), int(o.Arg)
		if s.Items[mine].Zone == ZoneEquipped {
			s.returnChain(mine)
		}
		s.takeLimbo(got)
		s.Items[got] = ItemState{Zone: ZoneInventory, Owner: int8(p), Host: -1}
		s.Items[mine] = ItemState{Zone: ZoneLimbo, Owner: -1, Host: -1}
		s.Limbo = append(s.Limbo, int16(mine))
		s.log.Add(evItemGained, game.AgentID(p), int32(p), int32(got), 0)
		f.A++
		f.Step = 3
		return game.Again
	}
	if int(f.A) >= len(s.Limbo) {
		f.Step = 1
		return game.Again
	}
	s.ask(game.AgentID(p), PromptSwap, -1)
	s.opt(CodePass, -1, 0)
	for i := range s.ct.Items {
		if z := s.Items[i].Zone; (z == ZoneInventory || z == ZoneEquipped) && int(s.Items[i].Owner) == p {
			s.opt(CodeItem+game.ActionCode(i), int32(i), 0)
		}
	}
	if len(s.prompt.Options) == 1 {
		f.Step = 1
		return game.Again
	}
	return game.Wait
}

// addItems resolves "add items of level N to the decks" (MA §14.3): each deck
// boxes half of its cards (rounded up) at random, then takes in that level.
func (s *State) addItems(level int8) {
	for d := range s.ItemDecks {
		dk := s.ItemDecks[d]
		game.ShuffleInts(&s.rng, dk)
		box := (len(dk) + 1) / 2
		for _, i := range dk[:box] {
			s.Items[i].Zone = ZoneVault
		}
		dk = append(dk[:0], dk[box:]...)
		for i := range s.ct.Items {
			if int(s.ct.Items[i].Deck) == d && s.ct.Items[i].Level == level && s.Items[i].Zone == ZoneAside {
				s.Items[i].Zone = ZoneDeck
				dk = append(dk, int16(i))
			}
		}
		game.ShuffleInts(&s.rng, dk)
		s.ItemDecks[d] = dk
	}
}
