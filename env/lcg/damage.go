package lcg

import "github.com/mythos-rl/mythos/env/game"

// packDmg packs a damage/horror packet for opDamage's Frame.A.
func packDmg(dmg, hor int, direct bool) int32 {
	v := int32(dmg&0xff) | int32(hor&0xff)<<8
	if direct {
		v |= 1 << 16
	}
	return v
}

// remainingHealth is seat's health minus damage (LCG §3 Health and Damage).
func (s *State) remainingHealth(seat int) int {
	return int(def(s.Inv[seat].Def).Health) - int(s.Inv[seat].Damage)
}

// remainingSanity is seat's sanity minus horror (LCG §3 Sanity and Horror).
func (s *State) remainingSanity(seat int) int {
	return s.sanity(seat) - int(s.Inv[seat].Horror)
}

// assetCap returns how much more damage (horror when h) asset id can be
// assigned before it is defeated; 0 if it has no such value (LCG §3 Dealing
// Damage/Horror 1, §3 Health and Damage: no health, no assignment).
func (s *State) assetCap(id int16, h bool) int {
	d := s.card(id)
	c := &s.Cards[id]
	if h {
		if d.Sanity <= 0 {
			return 0
		}
		return int(d.Sanity) - int(c.Horror)
	}
	if d.Health <= 0 {
		return 0
	}
	return int(d.Health) - int(c.Damage)
}

// hDamage deals a packet of damage and horror to an investigator (LCG §3
// Dealing Damage/Horror): step 0 assigns token by token between the
// investigator and eligible assets (a prompt only when some asset can take
// it; direct damage skips assets), step 1 checks defeats once all is placed,
// step 2 runs "after you take damage/horror" triggers. Frame A holds what is
// left to assign, B what landed on the investigator.
func (s *State) hDamage(f *game.Frame) game.Control {
	seat := int(f.Who)
	if !s.inGame(seat) {
		return game.Done
	}
	v := &s.Inv[seat]
	switch f.Step {
	case 0:
		depth := s.stack.Len()
		if f.Answer != game.NoAnswer {
			o := s.chosen(f)
			hor := f.A&0xff == 0
			s.assignOne(f, o.Code, int16(o.Arg), hor)
		}
		for f.A&0xffff != 0 {
			if s.stack.Len() > depth {
				return s.cont(game.Again) // a reaction was pushed: let it resolve first
			}
			hor := f.A&0xff == 0
			direct := f.A&(1<<16) != 0
			p := s.ask(seat, PkAssign, f.Src)
			p.Add(ActToInvestigator, -1, 0)
			if !direct {
				for pi, id := range v.Play {
					if pi < MaxPlay && s.assetCap(id, hor) > 0 {
						p.Add(ActAssign+game.ActionCode(pi), int32(id), 0)
					}
				}
			}
			if len(p.Options) > 1 {
				return game.Wait
			}
			s.assignOne(f, ActToInvestigator, -1, hor)
		}
		f.Step = 1
		return game.Again
	case 1:
		// LCG §3 Dealing Damage/Horror 2: after placement, defeat checks.
		for i := 0; i < len(v.Play); i++ {
			id := v.Play[i]
			d := s.card(id)
			c := &s.Cards[id]
			if (d.Health > 0 && c.Damage >= d.Health) || (d.Sanity > 0 && c.Horror >= d.Sanity) {
				s.log.Add(evDefeat, game.AgentID(seat), int32(id), 0, 0)
				s.toDiscard(id) // LCG §3 Defeated: an asset goes to its owner's discard
				i--
			}
		}
		dmg, hor := int(f.B&0xff), int(f.B>>8&0xff)
		if dmg > 0 {
			s.log.Add(evDamage, game.AgentID(seat), 0, int32(seat), int32(dmg))
		}
		if hor > 0 {
			s.log.Add(evHorror, game.AgentID(seat), 0, int32(seat), int32(hor))
		}
		d := def(v.Def)
		byD, byH := v.Damage >= d.Health, int(v.Horror) >= s.sanity(seat)
		switch {
		case byD && byH:
			s.eliminate(seat, OutBoth)
		case byD:
			s.eliminate(seat, OutDamage)
		case byH:
			s.eliminate(seat, OutHorror)
		}
		if s.over || !s.inGame(seat) {
			return s.cont(game.Done)
		}
		// "After damage/horror is placed" (LCG §3 Dealing Damage/Horror, §3
		// After): the forced abilities (Psychosis, Hypochondria; in the
		// lead's order) resolve before the reactions (Agnes Baker) are
		// offered (triggers.go). A packet dealt together with others (Frame
		// Tgt: their shared event, dealGroup) joins that one timing point.
		if f.Tgt >= 0 && int(f.Tgt) < len(s.Events) && s.Events[f.Tgt].Kind == tpAfterDamage {
			ev := &s.Events[f.Tgt]
			ev.Seats |= 1 << uint(seat)
			ev.Amt[seat] += int16(f.B)
			return game.Done
		}
		if dmg > 0 || hor > 0 {
			ev := event{Kind: tpAfterDamage, Seat: int8(seat), Loc: v.Loc, Subj: int16(f.Src)}
			ev.Amt[seat] = int16(f.B)
			s.emit(ev)
		}
		return game.Done
	}
	return game.Done
}

// assignOne places one token of the packet on the investigator or an asset.
func (s *State) assignOne(f *game.Frame, code game.ActionCode, asset int16, hor bool) {
	seat := int(f.Who)
	if hor {
		f.A -= 1 << 8
	} else {
		f.A--
	}
	if code == ActToInvestigator {
		if hor {
			s.Inv[seat].Horror++
			f.B += 1 << 8
		} else {
			s.Inv[seat].Damage++
			f.B++
		}
		return
	}
	c := &s.Cards[asset]
	if hor {
		c.Horror++
		s.log.Add(evHorror, game.AgentID(seat), 1, int32(asset), 1)
	} else {
		c.Damage++
		s.log.Add(evDamage, game.AgentID(seat), 1, int32(asset), 1)
		// "When an enemy attack deals damage to an asset" (Guard Dog; triggers.go).
		if f.Src >= 0 && s.enemySlot(int16(f.Src)) >= 0 {
			s.emit(event{Kind: tpWhenAssetDamaged, Seat: int8(seat), Loc: s.Inv[seat].Loc, Subj: asset, N: f.Src})
		}
	}
}

// takeDamage pushes a packet of damage and horror for seat.
func (s *State) takeDamage(seat, dmg, hor int, src int32) {
	if dmg > 0 || hor > 0 {
		s.push(opDamage, seat, src, -1, packDmg(dmg, hor, false), 0)
	}
}

// dealGroup deals dmg damage and hor horror to each investigator of mask at
// once (Dynamite Blast): each assigns its own packet, in player order (LCG §3
// Priority of Simultaneous Resolution), and they share one "after
// damage/horror is placed" timing point (triggers.go).
func (s *State) dealGroup(mask uint8, dmg, hor int, src int32) {
	k := s.newEvent(event{Kind: tpAfterDamage, Seat: -1, Loc: -1, Subj: int16(src)})
	s.push(opTrigger, 0, src, -1, int32(k), 0)
	for j := int(s.N) - 1; j >= 0; j-- {
		if seat := s.seatAt(j); mask&(1<<uint(seat)) != 0 {
			s.push(opDamage, seat, src, int32(k), packDmg(dmg, hor, false), 0)
		}
	}
}

// heal removes up to n damage (or horror) from an investigator (LCG §3 Heal).
func (s *State) heal(seat, n int, horror bool) {
	v := &s.Inv[seat]
	p := &v.Damage
	if horror {
		p = &v.Horror
	}
	if int(*p) < n {
		n = int(*p)
	}
	*p -= int8(n)
	if n > 0 {
		k := int32(0)
		if horror {
			k = 1
		}
		s.log.Add(evHeal, game.AgentID(seat), int32(n), k, 0)
	}
}

// eliminate removes an investigator from the scenario (LCG §3 Elimination).
func (s *State) eliminate(seat int, reason uint8) {
	v := &s.Inv[seat]
	if v.Out != OutNone {
		return
	}
	v.Out = reason
	s.log.Add(evEliminated, game.AgentID(seat), int32(reason), 0, 0)
	// LCG §3 Defeated, §3 Trauma: defeat by damage gives 1 physical trauma,
	// by horror 1 mental trauma; by both at once the investigator chooses,
	// which the campaign layer asks (ruling R-TRAUMA). Recorded in
	// standalone play too, where nothing reads it.
	switch reason {
	case OutDamage:
		v.PhysicalTrauma++
	case OutHorror:
		v.MentalTrauma++
	}
	// 3. engaged enemies stay at the location, unengaged, keeping their state.
	for i := 0; i < len(v.Threat); i++ {
		id := v.Threat[i]
		if s.card(id).Type == typeEnemy {
			s.disengage(id)
			i--
		}
	}
	// 0 (Polish seed). and 4. weaknesses and other threat-area cards leave.
	for len(v.Threat) > 0 {
		s.toDiscard(v.Threat[0])
	}
	// 1. cards they control in play and in their out-of-play areas are removed.
	for _, l := range []*[]int16{&v.Play, &v.Hand, &v.Deck, &v.Discard} {
		for len(*l) > 0 {
			s.moveTo((*l)[0], ZoneRemoved, -1)
		}
	}
	// 2. clues go to the location; resources return to the pool.
	if loc := s.LocInst[v.Loc]; loc >= 0 {
		s.Cards[loc].Clues += v.Clues
	}
	v.Clues, v.Resources, v.Actions = 0, 0, 0
	// 5. a new lead investigator: the remaining investigators choose (team.go);
	// until they have, the next one in player order answers.
	if int(s.Lead) == seat {
		n, next := 0, -1
		for k := 1; k < int(s.N); k++ {
			if i := s.seatAt(k); s.inGame(i) {
				if n == 0 {
					next = i
				}
				n++
			}
		}
		if next >= 0 {
			s.Lead = int8(next)
		}
		if n > 1 {
			s.push(opEffect, int(s.Lead), -1, -1, effChooseLead, 0)
		}
	}
	// 6. nobody left: no resolution was reached.
	left := false
	for i := 0; i < int(s.N); i++ {
		left = left || s.inGame(i)
	}
	if !left {
		s.finish(ResNoResolution)
		return
	}
	s.autoEngage()
}
