package machina

import "github.com/mythos-rl/mythos/env/game"

// The Go escape hatch: the rules of the few cards the effect vocabulary
// cannot say, one function per card, registered under the name its YAML
// uses (effects: [{go: name}]). Finale rules are registered here too.

func init() {
	// Mi-Go (MA §21.2): when destroyed, the attacker triggers a pioneer
	// event. The context's target is the killer's cell.
	registerEffect("mi_go", func(s *State, x *EffectCtx) {
		if k := s.at(x.Target); isPioneer(k) {
			s.push(opPioneerEvent, game.AgentID(k), -1, int32(k), 0, 0)
		}
	})
	// K'thun (MA §18.1): if a monster on its tile is wounded, each monster
	// there restores 1 health; otherwise a magic attack of 3 dice on the
	// pioneers of its tile.
	registerEffect("kthun", func(s *State, x *EffectCtx) {
		c := s.posOf(x.User)
		if c < 0 {
			return
		}
		wounded := false
		for _, m := range s.Order {
			if TileOf(int(s.Mx[m].Pos)) == TileOf(c) && s.Mx[m].Wounds > 0 {
				wounded = true
			}
		}
		if wounded {
			for _, m := range s.Order {
				if TileOf(int(s.Mx[m].Pos)) == TileOf(c) {
					s.heal(MonsterBase+int(m), 1)
				}
			}
			return
		}
		s.push(opAttack, game.NoAgent, int32(x.User), -1, packAttack(0, 3, true, false, false, ScopePioneers), 0)
	})
	// Spawn of Atlach-Nacha (MA §21.2): when it deals damage, the evader puts
	// 1 weapon into its inventory (the first main weapon, by card order).
	registerEffect("atlach_disarm", func(s *State, x *EffectCtx) {
		p := s.at(x.Target)
		if !isPioneer(p) {
			return
		}
		for i := range s.ct.Items {
			if it := &s.Items[i]; it.Zone == ZoneEquipped && int(it.Owner) == p && it.Host < 0 && s.ct.Items[i].Deck == Weapon {
				s.returnChain(i)
				return
			}
		}
	})
	// Spawn of Atlach-Nacha: when destroyed, the attacker loses all stamina.
	registerEffect("atlach_drain", func(s *State, x *EffectCtx) {
		if k := s.at(x.Target); isPioneer(k) {
			s.P[k].Stamina = 0
		}
	})
	// Scarifier (MA §21.3): when you kill, fate ≥ 7: restore 1 health.
	registerEffect("scarifier", func(s *State, x *EffectCtx) {
		if s.fate() >= 7 {
			s.heal(x.User, 1)
		}
	})
	// Abandoned Bag (MA §21.4): use a workbench without a workbench cell.
	registerEffect("abandoned_bag", func(s *State, x *EffectCtx) {
		if isPioneer(x.User) {
			s.push(opWorkbench, game.AgentID(x.User), -1, int32(x.User), 0, 0)
		}
	})
	// Leather Holster (MA §21.3): equip a weapon with the ranged-target
	// symbol from the inventory as main, or attach an upgrade or extension
	// to one (doHolster).
	registerEffect("holster_equip", func(s *State, x *EffectCtx) {
		if isPioneer(x.User) {
			s.push(opHolster, game.AgentID(x.User), x.Ref, int32(x.User), 0, 0)
		}
	})
	registerEffect("holster_attach", func(s *State, x *EffectCtx) {
		if isPioneer(x.User) {
			s.push(opHolster, game.AgentID(x.User), x.Ref, int32(x.User), 1, 0)
		}
	})
	// Rotopod (MA §21.3): give 1 item to any pioneer, who may give one back
	// (doGift); remove a destroyed-door token anywhere (doMendDoor).
	registerEffect("rotopod_gift", func(s *State, x *EffectCtx) {
		if isPioneer(x.User) {
			s.push(opGift, game.AgentID(x.User), x.Ref, int32(x.User), -1, 0)
		}
	})
	registerEffect("rotopod_door", func(s *State, x *EffectCtx) {
		if isPioneer(x.User) {
			s.push(opMendDoor, game.AgentID(x.User), x.Ref, int32(x.User), 0, 0)
		}
	})
	// Withering Spell (MA §21.4): the nearest monster loses 1 health; the
	// user restores 1 (the choices of "any creature" fixed, see
	// docs/machina-rulings.md).
	registerEffect("withering", func(s *State, x *EffectCtx) {
		// «Любое существо теряет 1 здоровье, затем восстановите 1 здоровье
		// любому существу» (MA §21.4): two choices of the active pioneer
		// among the creatures of its tile (MA §17.7: no target symbol,
		// range the whole tile), doWither.
		if isPioneer(x.User) && s.posOf(x.User) >= 0 {
			s.push(opWither, game.AgentID(x.User), x.Ref, int32(x.User), 0, 0)
		}
	})

	// Control a monster (MA §10.3): on its next turn the user decides its
	// moves and abilities; it may hit monsters and be walked into a chasm.
	registerEffect("control", func(s *State, x *EffectCtx) {
		if m := s.at(x.Target); isMonster(m) && isPioneer(x.User) {
			s.Mx[m-MonsterBase].Controller = int8(x.User)
		}
	})
	// Swap places (MA §10.2): the two figures exchange cells, no movement
	// rules.
	registerEffect("swap", func(s *State, x *EffectCtx) {
		t := s.at(x.Target)
		a, b := s.posOf(x.User), x.Target
		if t < 0 || a < 0 || t == x.User {
			return
		}
		s.Occ[a], s.Occ[b] = -1, -1
		s.setPos(x.User, b)
		s.setPos(t, a)
	})

	// The ritual finale (MA §21.6).
	finaleRules["ritual"] = FinaleRule{
		Setup: func(s *State) {
			s.Tokens = s.sc.Finale.Tokens
			s.Rituals = s.Rituals[:0]
			hp := int8(s.alivePioneers())
			for c := 0; c < NumCells; c++ {
				if s.Board.Kind[c] == KindRitual {
					s.Rituals = append(s.Rituals, Ritual{Cell: int16(c), HP: hp, Start: hp})
				}
			}
		},
		HorrorStart: func(s *State) {
			n := 0
			for _, r := range s.Rituals {
				if r.HP > 0 {
					n++
				}
			}
			s.Tokens -= int8((n + 1) / 2)
			if s.Tokens < 0 {
				s.Tokens = 0
			}
		},
		Won: func(s *State) bool {
			for _, r := range s.Rituals {
				if r.HP > 0 {
					return false
				}
			}
			return len(s.Rituals) > 0
		},
		Lost: func(s *State) bool { return s.Tokens <= 0 },
		// The ritual cells' health lost over the health they started with.
		Progress: func(s *State) float64 {
			lost, start := 0, 0
			for _, r := range s.Rituals {
				lost += int(r.Start) - max(int(r.HP), 0)
				start += int(r.Start)
			}
			if start == 0 {
				return 0
			}
			return float64(lost) / float64(start)
		},
	}
}

// doWither resolves the Withering Spell for pioneer f.Tgt (MA §21.4): first
// it names any creature on its tile, which loses 1 health; then, once that
// loss has resolved, any creature on its tile, which restores 1 health.
// Naming a creature is choosing a target: an incorporeal one only for a
// pioneer who may target incorporeal creatures (MA §10.1). Step 0 asks for
// the loss, 1 for the restore.
func (s *State) doWither(f *game.Frame) game.Control {
	p := int(f.Tgt)
	if f.Answer != game.NoAnswer {
		cr := s.at(int(s.answer(f).Arg))
		f.Answer = game.NoAnswer
		if f.Step == 0 {
			f.Step = 1
			if cr >= 0 {
				s.push(opHit, s.agentOf(cr), int32(p), int32(cr), 1, 0)
			}
			return game.Again
		}
		if cr >= 0 {
			s.heal(cr, 1)
		}
		return game.Done
	}
	c := s.posOf(p)
	if c < 0 {
		return game.Done
	}
	see := s.seesUnseen(p)
	named := func(n int) bool {
		cr := s.at(n)
		return cr >= 0 && TileOf(n) == TileOf(c) && (see || !s.incorporeal(cr))
	}
	any := false
	for n := 0; n < NumCells && !any; n++ {
		any = named(n)
	}
	if !any {
		return game.Done
	}
	s.ask(game.AgentID(p), PromptTarget, f.Src)
	for n := 0; n < NumCells; n++ {
		if named(n) {
			s.opt(CodeCell+game.ActionCode(n), int32(n), 0)
		}
	}
	return game.Wait
}
