package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// gainCard gives the seat an asset card already taken from its deck, or
// from the special, starting or condition piles (AH3 401.2). With no room
// the card goes back (AH3 003).
func (s *State) gainCard(seat int8, c int16) {
	st := &s.Seats[seat]
	def := &s.sc().Assets[c]
	if int(st.NAssets) >= MaxAssets {
		s.returnCard(c, false)
		return
	}
	if def.Pile >= content.ConditionPile {
		if s.Avail[c] <= 0 {
			return
		}
		s.Avail[c]--
	}
	st.Assets[st.NAssets] = Asset{Card: c}
	st.NAssets++
	s.event(EvGain, seat, int32(c), 0, 0)
}

// returnCard puts a card back where it lives: the bottom of its deck
// (AH3 401.10, 410.9, 425.12, 480.6) or its pile (456.6, 479.8, 481.6).
func (s *State) returnCard(c int16, owned bool) {
	switch s.sc().Assets[c].Pile {
	case content.ItemDeck:
		s.Items.PushBottom(c)
		s.refillReserve() // AH3 411.4
	case content.SpellDeck:
		s.Spells.PushBottom(c)
	case content.AllyDeck:
		s.Allies.PushBottom(c)
	default:
		if owned {
			s.Avail[c]++
		}
	}
}

// discardAsset discards the asset in a slot.
func (s *State) discardAsset(seat int8, k int) {
	st := &s.Seats[seat]
	c := st.Assets[k].Card
	copy(st.Assets[k:st.NAssets], st.Assets[k+1:st.NAssets])
	st.NAssets--
	st.Assets[st.NAssets] = Asset{}
	s.returnCard(c, true)
	s.event(EvDiscard, seat, int32(c), 0, 0)
}

// conditionSlot finds the seat's condition with a name, or -1.
func (s *State) conditionSlot(seat int8, name string) int {
	st := &s.Seats[seat]
	for k := 0; k < int(st.NAssets); k++ {
		def := &s.sc().Assets[st.Assets[k].Card]
		if def.Kind == content.Condition && def.Condition == name {
			return k
		}
	}
	return -1
}

func (s *State) conditionAvailable(name string) bool {
	for i := range s.sc().Assets {
		if d := &s.sc().Assets[i]; d.Kind == content.Condition && d.Condition == name && s.Avail[i] > 0 {
			return true
		}
	}
	return false
}

// gainCondition: not if you have it (AH3 479.4); becoming one face of a
// two-faced condition while holding the other discards the other instead
// (our cards' text; Appendix E #11); else a random card of that name
// (479.6).
func (s *State) gainCondition(seat int8, name string) {
	if s.conditionSlot(seat, name) >= 0 {
		return
	}
	for i := range s.sc().Assets {
		d := &s.sc().Assets[i]
		if d.Kind == content.Condition && d.Condition == name && d.OtherFace != "" {
			if k := s.conditionSlot(seat, d.OtherFace); k >= 0 {
				s.discardAsset(seat, k)
				return
			}
			break
		}
	}
	n := 0
	for i := range s.sc().Assets {
		if d := &s.sc().Assets[i]; d.Kind == content.Condition && d.Condition == name {
			n += int(s.Avail[i])
		}
	}
	if n == 0 {
		return // AH3 005.2
	}
	r := s.rng.IntN(n)
	for i := range s.sc().Assets {
		if d := &s.sc().Assets[i]; d.Kind == content.Condition && d.Condition == name {
			if r < int(s.Avail[i]) {
				s.gainCard(seat, int16(i))
				return
			}
			r -= int(s.Avail[i])
		}
	}
}

// refillReserve fills empty Reserve slots from the item deck (AH3 411.4).
func (s *State) refillReserve() {
	for k := range s.Reserve {
		if s.Reserve[k] < 0 {
			s.Reserve[k] = s.Items.PopTop()
		}
	}
}

func (s *State) hasTrait(c int16, trait string) bool {
	if trait == "" {
		return true
	}
	for _, t := range s.sc().Assets[c].Traits {
		if t == trait {
			return true
		}
	}
	return false
}

// doGainItem: any Reserve item with the trait, or the deck: its top card, or
// the first with the trait revealed from the top, the others shuffled to the
// bottom (AH3 410.5-6). Src = the effect.
func (s *State) doGainItem(f *game.Frame) game.Control {
	seat := int8(f.Who)
	trait := s.sc().Program.Effects[f.Src].Str
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		if o.Code == ActDeckTop {
			var seen [MaxPile]int16
			n := 0
			for s.Items.N > 0 {
				c := s.Items.PopTop()
				if s.hasTrait(c, trait) {
					s.gainCard(seat, c)
					break
				}
				seen[n] = c
				n++
			}
			game.ShuffleInts(&s.rng, seen[:n])
			for _, c := range seen[:n] {
				s.Items.PushBottom(c)
			}
		} else {
			c := s.Reserve[o.Arg]
			s.Reserve[o.Arg] = -1
			s.gainCard(seat, c)
			s.refillReserve()
		}
		return game.Done
	}
	s.ask(seat, PromptGain, f.Src)
	for k, c := range s.Reserve {
		if c >= 0 && s.hasTrait(c, trait) {
			s.prompt.Add(ActReserve+game.ActionCode(k), int32(k), 0)
		}
	}
	if s.Items.N > 0 {
		s.prompt.Add(ActDeckTop, 0, 0)
	}
	if len(s.prompt.Options) == 0 {
		return game.Done
	}
	return game.Wait
}

// price is what the seat pays for card c in a purchase whose effect packs
// half (bit 0) and a discount (bits 8+) in terms: halved once, rounding up,
// however many half-price effects apply (the effect's, a held card's: AH3
// 441.2-3, 464.1-2), then every discount taken off (the effect's and each
// held card's), never below $0 (docs/ah3-rulings.md, 46).
func (s *State) price(seat int8, c int16, terms int32) int16 {
	st := &s.Seats[seat]
	half, off := terms&1 != 0, int16(terms>>8)
	for k := 0; k < int(st.NAssets); k++ {
		if a := &st.Assets[k]; !a.Locked {
			def := &s.sc().Assets[a.Card]
			half = half || def.HalfPrice
			off += int16(def.Discount)
		}
	}
	p := int16(s.sc().Assets[c].Price)
	if half {
		p = (p + 1) / 2
	}
	return max(p-off, 0)
}

// doPurchase: buy any Reserve items you can afford, together (AH3 411.5);
// buying none, you may discard 1 or 2 Reserve cards (411.3, 441.4); the
// Reserve refills after (411.4). A = the price terms (price); B counts
// buys, or 100+ discards.
func (s *State) doPurchase(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		switch {
		case o.Code == ActPass && f.B == 0:
			f.B = 100
		case o.Code == ActPass:
			s.refillReserve()
			return game.Done
		case f.B >= 100:
			s.Items.PushBottom(s.Reserve[o.Arg])
			s.Reserve[o.Arg] = -1
			f.B++
		default:
			c := s.Reserve[o.Arg]
			s.addMoney(seat, -int16(s.price(seat, c, f.A)), moneyPurchase, int32(c))
			s.Reserve[o.Arg] = -1
			s.gainCard(seat, c)
			f.B++
		}
	}
	if st.Inv < 0 || f.B >= 102 {
		s.refillReserve()
		return game.Done
	}
	s.ask(seat, PromptPurchase, -1)
	s.prompt.Add(ActPass, 0, 0)
	for k, c := range s.Reserve {
		if c >= 0 && (f.B >= 100 || s.price(seat, c, f.A) <= st.Money) {
			s.prompt.Add(ActReserve+game.ActionCode(k), int32(k), 0)
		}
	}
	return game.Wait
}

// tradeable assets: items, spells and allies (AH3 452.2).
func (s *State) tradeable(c int16) bool {
	k := s.sc().Assets[c].Kind
	return k == content.Item || k == content.Spell || k == content.Ally
}

// doTrade: exchange any number of money, clues, remnants, items, spells and
// allies with one or more investigators in your space (AH3 452.2), one
// partner after another; an asset used this action phase is locked for its
// receiver until the next one (452.4). A = the partner, B = transfers with
// it, Tgt = the most transfers with it (every unit both hold, so that each
// can change hands; a finite bound on give-and-take loops), Src = the
// partners already traded with (a bit per seat).
func (s *State) doTrade(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if f.Step == 0 {
		n, last := 0, int8(-1)
		for k := 0; s.partner(seat, k) >= 0; k++ {
			if p := s.partner(seat, k); f.Src&(1<<uint(p)) == 0 {
				n, last = n+1, p
			}
		}
		switch {
		case f.Answer != game.NoAnswer:
			o := s.answer(f)
			if o.Code == ActPass {
				return game.Done
			}
			f.A = o.Arg
		case n == 0:
			return game.Done
		case n == 1 && f.Src == 0:
			f.A = int32(last)
		default:
			// AH3 452.2: the next partner, or (after one) done.
			s.ask(seat, PromptWho, -1)
			if f.Src != 0 {
				s.prompt.Add(ActPass, 0, 0)
			}
			for k := 0; s.partner(seat, k) >= 0; k++ {
				if p := s.partner(seat, k); f.Src&(1<<uint(p)) == 0 {
					s.prompt.Add(ActSeat+game.ActionCode(p), int32(p), 0)
				}
			}
			return game.Wait
		}
		f.Src |= 1 << uint(f.A)
		f.B, f.Tgt = 0, s.tradeUnits(seat)+s.tradeUnits(int8(f.A))
		f.Step = 1
		f.Answer = game.NoAnswer
	}
	me, them := &s.Seats[seat], &s.Seats[f.A]
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		switch o.Code {
		case ActPass:
			f.Step, f.Answer = 0, game.NoAnswer
			return game.Again
		case ActGiveMoney:
			them.Money++
			s.addMoney(seat, -1, moneyGive, f.A)
		case ActGiveClue:
			me.Clues, them.Clues = me.Clues-1, them.Clues+1
		case ActGiveRemnant:
			me.Remnants, them.Remnants = me.Remnants-1, them.Remnants+1
		case ActTakeMoney:
			them.Money--
			s.addMoney(seat, 1, moneyTake, f.A)
		case ActTakeClue:
			me.Clues, them.Clues = me.Clues+1, them.Clues-1
		case ActTakeRemnant:
			me.Remnants, them.Remnants = me.Remnants+1, them.Remnants-1
		default:
			if o.Code >= ActTheirAsset {
				moveAsset(them, me, int(o.Arg))
			} else {
				moveAsset(me, them, int(o.Arg))
			}
		}
		f.B++
	}
	if me.Inv < 0 {
		return game.Done
	}
	if them.Inv < 0 || f.B >= f.Tgt {
		f.Step = 0
		return game.Again
	}
	s.ask(seat, PromptTrade, -1)
	s.prompt.Add(ActPass, 0, 0)
	add := func(ok bool, c game.ActionCode) {
		if ok {
			s.prompt.Add(c, 0, 0)
		}
	}
	add(me.Money > 0, ActGiveMoney)
	add(me.Clues > 0, ActGiveClue)
	add(me.Remnants > 0, ActGiveRemnant)
	add(them.Money > 0, ActTakeMoney)
	add(them.Clues > 0, ActTakeClue)
	add(them.Remnants > 0, ActTakeRemnant)
	for k := 0; k < int(me.NAssets) && them.NAssets < MaxAssets; k++ {
		if s.tradeable(me.Assets[k].Card) {
			s.prompt.Add(ActAsset+game.ActionCode(k), int32(k), 0)
		}
	}
	for k := 0; k < int(them.NAssets) && me.NAssets < MaxAssets; k++ {
		if s.tradeable(them.Assets[k].Card) {
			s.prompt.Add(ActTheirAsset+game.ActionCode(k), int32(k), 0)
		}
	}
	return game.Wait
}

// useAsset records that the seat used asset slot k (AH3 452.4): in the
// action phase, using it (its own action, or counting it in a test as gear,
// a reroll or added successes) locks it for whoever receives it in a trade
// until the next action phase.
func (s *State) useAsset(seat int8, k int) {
	if s.Phase == PhaseAction {
		s.Seats[seat].Assets[k].UsedAP = true
	}
}

// tradeUnits counts what the seat could hand over: each dollar, clue and
// remnant and each tradeable asset (AH3 452.2).
func (s *State) tradeUnits(seat int8) int32 {
	st := &s.Seats[seat]
	n := int32(st.Money) + int32(st.Clues) + int32(st.Remnants)
	for k := 0; k < int(st.NAssets); k++ {
		if s.tradeable(st.Assets[k].Card) {
			n++
		}
	}
	return n
}

func moveAsset(from, to *Seat, k int) {
	a := from.Assets[k]
	copy(from.Assets[k:from.NAssets], from.Assets[k+1:from.NAssets])
	from.NAssets--
	from.Assets[from.NAssets] = Asset{}
	if a.UsedAP {
		a.Locked = true // AH3 452.4
	}
	to.Assets[to.NAssets] = a
	to.NAssets++
}

// doComponent performs a component action (AH3 455): Src is the asset slot
// or -1-k for the sheet's ability k; Tgt the asset card. A spell is cast:
// its horror first, then its effect (AH3 425.7-8).
func (s *State) doComponent(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if st.Inv < 0 {
		return game.Done // AH3 425.8: defeated by the casting
	}
	if f.Src < 0 {
		ab := &s.sc().Investigators[st.Inv].Abilities[-1-f.Src]
		s.pushBlock(ab.Action.Effects, seat, -1, -1)
		return game.Done
	}
	def := &s.sc().Assets[f.Tgt]
	if f.Step == 0 && def.CastHorror > 0 {
		f.Step = 1
		s.push(opCast, seat, 0, 0, int32(def.CastHorror), 0)
		return game.Again
	}
	s.pushBlock(def.Action.Effects, seat, srcAsset+f.Tgt, -1)
	return game.Done
}

// doCast takes a spell's casting horror, less 1 per remnant spent (AH3
// 425.9): one remnant at a time until the horror is gone, the remnants run
// out or the caster declines; declining ends the question and the rest of
// the horror is taken.
func (s *State) doCast(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	declined := false
	if f.Answer != game.NoAnswer {
		if s.answer(f).Code == ActYes {
			st.Remnants--
			f.A--
		} else {
			declined = true
		}
	}
	if f.A > 0 && st.Remnants > 0 && !declined {
		s.ask(seat, PromptCast, -1)
		s.prompt.Add(ActPass, 0, 0)
		s.prompt.Add(ActYes, 0, 0)
		return game.Wait
	}
	s.harm(seat, 0, int(f.A), 0, -1)
	return game.Done
}

// possible reports whether standard action a could be performed by the seat
// now, ignoring the once-per-round limit.
func (s *State) possible(seat int8, a int) bool {
	st := &s.Seats[seat]
	r := s.restricted(seat)
	switch a {
	case aMove, aGather:
		return !r
	case aFocus:
		return s.focusable(seat)
	case aWard:
		return !r && s.Doom[st.Space] > 0
	case aResearch:
		return !r && st.Clues > 0
	case aTrade:
		return !r && s.partner(seat, 0) >= 0
	case aAttack:
		return s.monsterIn(st.Space)
	case aEvade:
		return s.engagedCount(seat) > 0
	}
	return false
}

// doRepeat lets the seat perform once more a standard action it performed
// this round (Witch Blood, Smoky Velvet; Appendix C). A delayed investigator
// stands up instead (Appendix C, Marie Lambeau).
func (s *State) doRepeat(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if st.Inv < 0 {
		return game.Done
	}
	if st.Delayed {
		st.Delayed = false
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		o := s.answer(f)
		s.push(opAction, seat, int32(o.Code), 0, 0, 0)
		return game.Done
	}
	s.ask(seat, PromptRepeat, -1)
	for a := 0; a < 8; a++ {
		if st.Used&(1<<uint(a)) != 0 && s.possible(seat, a) {
			s.prompt.Add(ActMove+game.ActionCode(a), int32(a), 0)
		}
	}
	if len(s.prompt.Options) == 0 {
		return game.Done
	}
	return game.Wait
}

// grantTarget returns the k-th investigator in the seat's space who has
// taken their turn this round and performed an action, or -1.
func (s *State) grantTarget(seat int8, k int) int8 {
	for i := int8(0); i < s.N; i++ {
		o := &s.Seats[i]
		if i != seat && o.Inv >= 0 && o.Space == s.Seats[seat].Space && !o.Active && o.Used&0xff != 0 {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// doGrant is Smoky Velvet: choose an investigator who then repeats an action.
func (s *State) doGrant(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if f.Answer != game.NoAnswer {
		s.push(opRepeat, int8(s.answer(f).Arg), 0, 0, 0, 0)
		return game.Done
	}
	s.ask(seat, PromptWho, -1)
	for k := 0; s.grantTarget(seat, k) >= 0; k++ {
		p := s.grantTarget(seat, k)
		s.prompt.Add(ActSeat+game.ActionCode(p), int32(p), 0)
	}
	if len(s.prompt.Options) == 0 {
		return game.Done
	}
	return game.Wait
}

// codeFuncs are the Go escape hatch: effects the vocabulary cannot say, one
// function per card, registered under the name content uses with `code:`.
var codeFuncs = map[string]func(s *State, f *game.Frame) game.Control{
	// A Friend in Need (Calvin Wright): exchange damage and horror.
	"friend_in_need": func(s *State, f *game.Frame) game.Control {
		s.push(opExchange, int8(f.Who), 0, 0, -1, 0)
		return game.Done
	},
}

func init() {
	for name := range codeFuncs {
		content.RegisterCode(name)
	}
}
