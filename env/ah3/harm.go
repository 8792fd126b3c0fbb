package ah3

import (
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// Harm flags (frame Tgt).
const (
	harmDirectDamage = 1 << iota // AH3 492.7
	harmDirectHorror             // AH3 485.7
)

// harm pushes damage and horror for a seat; src is the monster that deals
// it (Feeding, AH3 439) or -1.
func (s *State) harm(seat int8, dmg, hor int, flags int32, src int32) {
	if seat < 0 || s.Seats[seat].Inv < 0 || (dmg <= 0 && hor <= 0) {
		return
	}
	s.push(opHarm, seat, src, flags, int32(dmg), int32(hor))
}

// doHarm applies one instance of damage and horror: prevention (AH3 468),
// redirection onto one asset for each, a token at a time (AH3 492.6, 485.6,
// 401.9), then the rest together and one defeat check (Appendix E #13).
// A = damage, B = horror; Tgt holds the direct flags and the chosen assets
// (slot+1 in bits 8-15 for damage, 16-23 for horror).
func (s *State) doHarm(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if st.Inv < 0 {
		return game.Done
	}
	inv := &s.sc().Investigators[st.Inv]
	if f.Step == 0 {
		if !st.Prevent {
			for _, ab := range inv.Abilities {
				if p := int32(ab.Passive.PreventDamage); p > 0 && f.A > 0 {
					f.A -= min(p, f.A)
					st.Prevent = true
				} else if p := int32(ab.Passive.PreventHorror); p > 0 && f.B > 0 {
					f.B -= min(p, f.B)
					st.Prevent = true
				}
			}
		}
		f.Step = 1
	}
	for f.Step <= 2 {
		damage := f.Step == 1
		amount, shift, direct := &f.A, uint(8), f.Tgt&harmDirectDamage != 0
		if !damage {
			amount, shift, direct = &f.B, 16, f.Tgt&harmDirectHorror != 0
		}
		chosen := int((f.Tgt>>shift)&0xff) - 1
		if f.Answer != game.NoAnswer {
			o := s.answer(f)
			f.Answer = game.NoAnswer
			if o.Code == ActPass {
				f.Step++
				continue
			}
			k := int(o.Arg)
			a := &st.Assets[k]
			s.useAsset(seat, k) // placing harm on it uses it (AH3 452.4)
			if damage {
				a.Damage++
				if s.sc().Assets[a.Card].Kind == content.Ally {
					s.feed(f.Src, 1) // Appendix E #17
				}
			} else {
				a.Horror++
			}
			*amount--
			chosen = k
			f.Tgt = f.Tgt&^(0xff<<shift) | int32(k+1)<<shift
			if s.room(a, damage) <= 0 {
				s.discardAsset(seat, k) // AH3 401.8
				f.Step++
				continue
			}
		}
		if *amount > 0 && !direct {
			s.ask(seat, PromptRedirect, -1)
			s.prompt.Add(ActPass, 0, 0)
			for k := 0; k < int(st.NAssets); k++ {
				// AH3 452.4: a card received after use cannot take harm yet.
				if (chosen < 0 || chosen == k) && !st.Assets[k].Locked && s.room(&st.Assets[k], damage) > 0 {
					s.prompt.Add(ActAsset+game.ActionCode(k), int32(k), 0)
				}
			}
			if len(s.prompt.Options) > 1 {
				return game.Wait
			}
		}
		f.Step++
	}
	st.Damage += int8(f.A)
	st.Horror += int8(f.B)
	if f.A > 0 || f.B > 0 {
		s.event(EvHarm, seat, f.A, f.B, 0)
	}
	if f.A > 0 {
		s.feed(f.Src, int8(f.A))
	}
	if int(st.Damage) >= inv.Health || int(st.Horror) >= inv.Sanity {
		s.push(opDefeat, seat, 0, 0, 0, 0) // AH3 483.6a
	}
	return game.Done
}

// feed heals a Feeding monster by the damage it dealt (AH3 439.2).
func (s *State) feed(src int32, n int8) {
	if src < 0 || src >= MaxMonsters {
		return
	}
	m := &s.Monsters[src]
	if m.Kind >= 0 && s.g.kinds[m.Kind].Feeding {
		m.Damage -= min(m.Damage, n)
	}
}

// room is how much more damage (or horror) an asset can take.
func (s *State) room(a *Asset, damage bool) int32 {
	def := &s.sc().Assets[a.Card]
	if damage {
		return int32(def.Health) - int32(a.Damage)
	}
	return int32(def.Sanity) - int32(a.Horror)
}

// doDefeat: disengage and exhaust every engaged monster, discard all cards and
// tokens, return the sheet, and place 1 doom on the scenario sheet (AH3
// 483.6b). A = the sheet's new status (defeated, devoured or retired).
func (s *State) doDefeat(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if st.Inv < 0 {
		return game.Done
	}
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind >= 0 && m.engagedWith(seat) {
			m.Engaged &^= 1 << uint(seat)
			if m.Engaged == 0 {
				s.exhaust(int8(i)) // AH3 202.3c
			}
		}
	}
	for st.NAssets > 0 {
		s.discardAsset(seat, int(st.NAssets)-1)
	}
	status := uint8(f.A)
	if status == 0 {
		status = SheetDefeated
	}
	s.Sheet[st.Inv] = status
	s.event(EvDefeat, seat, int32(st.Inv), int32(status), 0)
	*st = Seat{Inv: -1, Space: -1}
	if status != SheetRetired {
		s.addSheetDoom(1) // AH3 483.6b; retiring has no doom (Appendix E #20)
	}
	// AH3 302.3, Appendix E #10: lost when nobody is left and no sheet is free.
	if !s.anyInvestigator() && !s.sheetFree() {
		return s.end(OutcomeLoss)
	}
	return game.Done
}

func (s *State) anyInvestigator() bool {
	for i := int8(0); i < s.N; i++ {
		if s.Seats[i].Inv >= 0 {
			return true
		}
	}
	return false
}

func (s *State) sheetFree() bool {
	for i := range s.sc().Investigators {
		if s.Sheet[i] == SheetAvailable {
			return true
		}
	}
	return false
}

// doReplace: a seat without an investigator chooses a new one, who enters
// at the starting space with their possessions (AH3 483.7, 205.2).
func (s *State) doReplace(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if s.Seats[seat].Inv >= 0 {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		s.enter(seat, int8(s.answer(f).Arg))
		return game.Done
	}
	if !s.sheetFree() {
		if !s.anyInvestigator() {
			return s.end(OutcomeLoss) // AH3 302.3
		}
		return game.Done // the seat sits out (Appendix E #10)
	}
	s.ask(seat, PromptInvestigator, -1)
	for i := range s.sc().Investigators {
		if s.Sheet[i] == SheetAvailable && i < MaxInvestigator {
			s.prompt.Add(ActInvestigator+game.ActionCode(i), int32(i), 0)
		}
	}
	return game.Wait
}

// enter puts investigator sheet inv into play for seat (AH3 110.5-6, 483.7).
func (s *State) enter(seat int8, inv int8) {
	def := &s.sc().Investigators[inv]
	st := &s.Seats[seat]
	*st = Seat{Inv: inv, Space: int8(s.sc().Start), Money: int16(def.Money), Clues: int16(def.Clues), Remnants: int16(def.Remnants)}
	s.Sheet[inv] = SheetInPlay
	s.event(EvEnter, seat, int32(inv), 0, 0)
	for _, c := range def.Starting {
		s.gainCard(seat, int16(c))
	}
	s.push(opEngageCheck, -1, 0, 0, 0, 0) // AH3 461.5
	if len(def.Options) > 0 {
		s.push(opStarting, seat, 0, 0, 0, 0)
	}
}

// doStarting: choose one of the sheet's starting options (AH3 110.5a).
func (s *State) doStarting(f *game.Frame) game.Control {
	seat := int8(f.Who)
	st := &s.Seats[seat]
	if st.Inv < 0 {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		s.gainCard(seat, int16(s.answer(f).Arg))
		return game.Done
	}
	s.ask(seat, PromptStarting, -1)
	for k, c := range s.sc().Investigators[st.Inv].Options {
		if k < MaxOptions && s.Avail[c] > 0 {
			s.prompt.Add(ActOption+game.ActionCode(k), int32(c), 0)
		}
	}
	if len(s.prompt.Options) == 0 {
		return game.Done
	}
	return game.Wait
}

// doRetire offers retirement (AH3 486).
func (s *State) doRetire(f *game.Frame) game.Control {
	seat := int8(f.Who)
	if s.Seats[seat].Inv < 0 {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		if s.answer(f).Code == ActYes {
			s.push(opDefeat, seat, 0, 0, int32(SheetRetired), 0)
		}
		return game.Done
	}
	s.ask(seat, PromptRetire, -1)
	s.prompt.Add(ActPass, 0, 0)
	s.prompt.Add(ActYes, 0, 0)
	return game.Wait
}

// doExchange is A Friend in Need: damage and horror tokens move between two
// investigators; nobody takes them, so nothing prevents or redirects them
// (Appendix C, Calvin Wright). A = the partner, B = exchanges made.
func (s *State) doExchange(f *game.Frame) game.Control {
	seat := int8(f.Who)
	switch f.Step {
	case 0:
		if f.Answer != game.NoAnswer {
			f.A = s.answer(f).Arg
			f.Step = 1
			break
		}
		if s.partner(seat, 1) < 0 {
			f.A = int32(s.partner(seat, 0))
			f.Step = 1
			break
		}
		s.ask(seat, PromptWho, -1)
		for k := 0; s.partner(seat, k) >= 0; k++ {
			p := s.partner(seat, k)
			s.prompt.Add(ActSeat+game.ActionCode(p), int32(p), 0)
		}
		return game.Wait
	default:
		if f.Answer != game.NoAnswer {
			me, them := &s.Seats[seat], &s.Seats[f.A]
			switch s.answer(f).Code {
			case ActPass:
				return s.exchangeDone(seat, int8(f.A))
			case ActTakeDamage:
				them.Damage--
				me.Damage++
			case ActTakeHorror:
				them.Horror--
				me.Horror++
			case ActGiveDamage:
				me.Damage--
				them.Damage++
			case ActGiveHorror:
				me.Horror--
				them.Horror++
			}
			f.B++
			if s.pastLimit(seat) || s.pastLimit(int8(f.A)) {
				return s.exchangeDone(seat, int8(f.A)) // a defeat ends the exchange
			}
		}
	}
	p := int8(f.A)
	if p < 0 || s.Seats[p].Inv < 0 || f.B >= 6 {
		return s.exchangeDone(seat, p)
	}
	me, them := &s.Seats[seat], &s.Seats[p]
	s.ask(seat, PromptExchange, -1)
	s.prompt.Add(ActPass, 0, 0)
	if them.Damage > 0 {
		s.prompt.Add(ActTakeDamage, 0, 0)
	}
	if them.Horror > 0 {
		s.prompt.Add(ActTakeHorror, 0, 0)
	}
	if me.Damage > 0 {
		s.prompt.Add(ActGiveDamage, 0, 0)
	}
	if me.Horror > 0 {
		s.prompt.Add(ActGiveHorror, 0, 0)
	}
	return game.Wait
}

func (s *State) pastLimit(seat int8) bool {
	st := &s.Seats[seat]
	inv := &s.sc().Investigators[st.Inv]
	return int(st.Damage) >= inv.Health || int(st.Horror) >= inv.Sanity
}

func (s *State) exchangeDone(a, b int8) game.Control {
	for _, seat := range [2]int8{a, b} {
		if seat < 0 || s.Seats[seat].Inv < 0 {
			continue
		}
		st := &s.Seats[seat]
		inv := &s.sc().Investigators[st.Inv]
		if int(st.Damage) >= inv.Health || int(st.Horror) >= inv.Sanity {
			s.push(opDefeat, seat, 0, 0, 0, 0)
		}
	}
	return game.Done
}
