package lcg

import "github.com/mythos-rl/mythos/env/game"

// The Guardian cards of the core set (and Roland Banks' own), each in one
// block: its id, then everything it does (card_hooks.go's playerHooks, its
// triggered abilities for triggers.go). Texts in our own words.

// Roland Banks (01001), investigator: after he defeats an enemy he may
// discover 1 clue at his location (once per round); ⊛ is +1 per clue on his
// location. LCG §3 Reaction Abilities, §6 ST.4.
var idRoland = mustID("01001")

func init() {
	registerCard(idRoland, playerHooks{
		elderSign: func(s *State, _ *SkillTest, seat int) int {
			return int(s.Cards[s.LocInst[s.Inv[seat].Loc]].Clues) // +1 per clue on your location
		},
		choiceText: "Roland Banks: discover 1 clue at your location",
	})
	registerTriggers(trigAbility{seq: 7, kind: tpAfterDefeat, name: "Roland Banks", card: idRoland, from: fromInvestigator, round: bitRoland,
		// Roland Banks: after you defeat an enemy, discover 1 clue at your location (limit once per round).
		ok: func(s *State, ev *event, seat int, _ int16) bool { return s.canDiscoverHere(seat) },
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) {
			s.discoverAt(seat, int(s.Inv[seat].Loc), 1)
		}})
}

// Roland's .38 Special (01006): ⮕ Fight with +1 combat and +1 damage (a
// use), +3 combat instead while his location has a clue. LCG §3 Fight, §3
// Instead.
var idRoland38 = mustID("01006")

func init() {
	registerCard(idRoland38, playerHooks{
		abilities: []weapon{{skill: skCombat, mod: 1, dmg: 1, use: true}},
		srcSkill: func(s *State, t *SkillTest) int {
			if t.Kind == tkFight && s.Cards[s.LocInst[s.Inv[t.Tester].Loc]].Clues > 0 {
				return 2 // its +1 combat becomes +3 (replaces the weapon's +1)
			}
			return 0
		},
	})
}

// .45 Automatic (01016): ⮕ Fight with +1 combat and +1 damage, spending 1
// ammo. LCG §3 Fight, §3 Uses.
var id45Auto = mustID("01016")

func init() {
	registerCard(id45Auto, playerHooks{abilities: []weapon{{skill: skCombat, mod: 1, dmg: 1, use: true}}})
}

// Physical Training (01017): ⚡ spend 1 resource: +1 willpower, or +1
// combat, for this skill test. LCG §3 Fast.
var idPhysTraining = mustID("01017")

func init() {
	registerCard(idPhysTraining, playerHooks{boost: [2]int8{skWillpower, skCombat}, boosts: true})
}

// Beat Cop (01018): +1 combat; ⚡ discard it: 1 damage to an enemy at your
// location. LCG §3 Modifiers, §3 Fast.
var idBeatCop = mustID("01018")

func init() {
	registerCard(idBeatCop, playerHooks{
		skillBonus: [4]int8{skCombat: 1},
		fastAfter:  true,
		fastUsable: func(s *State, seat int, _ int16) bool { return s.enemyAtLocation(seat) },
		fastRun: func(s *State, seat int, id int16) {
			s.toDiscard(id)
			s.push(opEffect, seat, int32(id), -1, effDamageEnemyHere, 1)
		},
	})
}

// First Aid (01019): ⮕ spend 1 supply: heal 1 damage or horror of an
// investigator at your location (ruling R-FIRSTAID: any, the user choosing); discarded
// when its supplies run out. LCG §3 Uses.
var idFirstAid = mustID("01019")

func init() {
	registerCard(idFirstAid, playerHooks{
		abilities: []weapon{{use: true, skipNone: true}},
		emptied:   func(s *State, id int16) { s.toDiscard(id) }, // no supplies left: discard it
	})
}

// Machete (01020): ⮕ Fight with +1 combat; +1 damage when the attacked
// enemy is the only one engaged with you. LCG §3 Fight.
var idMachete = mustID("01020")

func init() {
	registerCard(idMachete, playerHooks{
		abilities: []weapon{{skill: skCombat, mod: 1}},
		srcFight: func(s *State, t *SkillTest, _ bool, _, dmg int) int {
			if seat := int(t.Tester); s.countEngaged(seat) == 1 && s.engagedWith(t.Target, seat) {
				dmg++
			}
			return dmg
		},
	})
}

// Guard Dog (01021): when an enemy attack deals damage to it, 1 damage to
// that enemy. LCG §3 Reaction Abilities (ruling R-AUTO).
var idGuardDog = mustID("01021")

func init() {
	registerTriggers(trigAbility{seq: 30, kind: tpWhenAssetDamaged, name: "Guard Dog", card: idGuardDog, from: fromPlay,
		// Guard Dog: when an enemy attack deals damage to it, deal 1 damage to the attacker (ruling R-AUTO).
		ok: func(s *State, ev *event, _ int, _ int16) bool {
			return s.Cards[ev.Subj].Def == idGuardDog && s.enemySlot(int16(ev.N)) >= 0
		},
		run: func(s *State, ev *event, seat int, _ int16, _ game.Option) { s.damageEnemy(int16(ev.N), 1, seat) }})
}

// Evidence! (01022): fast, after you defeat an enemy: discover 1 clue at
// your location. LCG §3 Fast, §3 Reaction Abilities.
var idEvidence = mustID("01022")

func init() {
	registerCard(idEvidence, playerHooks{playable: atTriggerOnly})
	registerTriggers(trigAbility{seq: 8, kind: tpAfterDefeat, name: "Evidence!", card: idEvidence, from: fromHand,
		// Evidence!: play after you defeat an enemy: discover 1 clue at your location.
		ok: func(s *State, ev *event, seat int, _ int16) bool { return s.canDiscoverHere(seat) },
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.playTrigger(seat, id)
			s.discoverAt(seat, int(s.Inv[seat].Loc), 1)
		}})
}

// Dodge (01023): fast, when an enemy attacks an investigator at your
// location: cancel that attack. LCG §3 Cancel.
var idDodge = mustID("01023")

func init() {
	registerCard(idDodge, playerHooks{playable: atTriggerOnly})
	registerTriggers(trigAbility{seq: 12, kind: tpWhenAttack, name: "Dodge", card: idDodge, from: fromHand, who: whoHere,
		// Dodge: play when an enemy attacks an investigator at your location: cancel that attack (LCG §3 Cancel).
		run: func(s *State, ev *event, seat int, id int16, _ game.Option) {
			s.playTrigger(seat, id)
			ev.Flags |= evCancelled
		}})
}

// Dynamite Blast (01024): 3 damage to each enemy and investigator at a
// location of your choice (yours or a connecting one; its effect
// effDynamite). LCG §4 step 4.
var idDynamite = mustID("01024")

func init() {
	registerCard(idDynamite, playerHooks{
		play: func(s *State, seat int, id int16) { s.push(opEffect, seat, int32(id), -1, effDynamite, 0) },
	})
	registerEffect(effDynamite, func(s *State, f *game.Frame, seat int) game.Control {
		// Dynamite Blast: 3 damage to each enemy and investigator at your
		// location or a connecting one (you choose).
		loc := int(s.Inv[seat].Loc)
		if f.Answer == game.NoAnswer {
			p := s.ask(seat, PkTarget, f.Src)
			p.Add(ActLocation+game.ActionCode(loc), int32(loc), 0)
			for k := 0; k < MaxLocations; k++ {
				if s.connected(loc, k) {
					p.Add(ActLocation+game.ActionCode(k), int32(k), 0)
				}
			}
			if len(p.Options) > 1 {
				return game.Wait
			}
		} else {
			loc = int(s.chosen(f).Arg)
		}
		for _, e := range s.Enemies {
			if e >= 0 && int(s.Cards[e].Loc) == loc {
				s.damageEnemy(e, 3, seat)
			}
		}
		var hit uint8
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) && int(s.Inv[i].Loc) == loc {
				hit |= 1 << uint(i)
			}
		}
		if hit != 0 {
			s.dealGroup(hit, 3, 0, f.Src) // one "after" timing point for all (triggers.go)
		}
		return s.cont(game.Done)
	})
}

// Vicious Blow (01025): committed to a successful attack, +1 damage. LCG
// §6 ST.7.
var idViciousBlow = mustID("01025")

func init() {
	registerCard(idViciousBlow, playerHooks{
		committed: func(s *State, t *SkillTest, _ int16) {
			if t.Kind == tkFight {
				t.DmgBonus++
			}
		},
	})
}

// Extra Ammunition (01026): 3 ammo on a Firearm controlled by an
// investigator at your location (its effect effExtraAmmo). LCG §3
// Uses.
var idExtraAmmo = mustID("01026")

func init() {
	registerCard(idExtraAmmo, playerHooks{
		playable: func(s *State, seat int, _ int16) bool { return s.ammoTarget(seat, -1) >= 0 },
		play:     func(s *State, seat int, id int16) { s.push(opEffect, seat, int32(id), -1, effExtraAmmo, 0) },
	})
	registerEffect(effExtraAmmo, func(s *State, f *game.Frame, seat int) game.Control {
		// Extra Ammunition: 3 ammo on a Firearm asset controlled by an
		// investigator at your location (LCG §3 Uses).
		if f.Answer != game.NoAnswer {
			s.Cards[s.chosen(f).Arg].Uses += 3
			return game.Done
		}
		p := s.ask(seat, PkTarget, f.Src)
		for k := 0; k < MaxChoice; k++ {
			id := s.ammoTarget(seat, k)
			if id < 0 {
				break
			}
			p.Add(ActChoose+game.ActionCode(k), int32(id), 0)
		}
		return s.waitOrSingle(f, p)
	})
}

// ammoTarget returns the k-th Firearm asset controlled by an investigator at
// seat's location (Extra Ammunition), or -1; k < 0 asks for any.
func (s *State) ammoTarget(seat, k int) int16 {
	if k < 0 {
		k = 0
	}
	for i := 0; i < int(s.N); i++ {
		if !s.inGame(i) || s.Inv[i].Loc != s.Inv[seat].Loc {
			continue
		}
		for _, id := range s.Inv[i].Play {
			if s.has(id, trFirearm) && s.card(id).Type == typeAsset {
				if k == 0 {
					return id
				}
				k--
			}
		}
	}
	return -1
}

// Police Badge (01027): +1 willpower; ⚡ discard it while an investigator at
// your location takes their turn: that investigator takes 2 additional
// actions. LCG §3 Fast.
var idPoliceBadge = mustID("01027")

func init() {
	registerCard(idPoliceBadge, playerHooks{
		skillBonus: [4]int8{skWillpower: 1},
		fastUsable: func(s *State, seat int, _ int16) bool {
			a := int(s.Active)
			return a >= 0 && s.inGame(a) && s.Inv[a].Loc == s.Inv[seat].Loc
		},
		fastRun: func(s *State, _ int, id int16) {
			s.toDiscard(id)
			s.Inv[s.Active].Actions += 2 // that investigator may take 2 additional actions
		},
	})
}

// Beat Cop (2) (01028): +1 combat; ⚡ exhaust it and deal it 1 damage: 1
// damage to an enemy at your location. LCG §3 Fast, §3 Defeated.
var idBeatCop2 = mustID("01028")

func init() {
	registerCard(idBeatCop2, playerHooks{
		skillBonus: [4]int8{skCombat: 1},
		fastUsable: func(s *State, seat int, id int16) bool {
			return !s.Cards[id].Exhausted && s.enemyAtLocation(seat)
		},
		fastRun: func(s *State, seat int, id int16) {
			c := &s.Cards[id]
			c.Exhausted = true
			c.Damage++
			if c.Damage >= s.card(id).Health {
				s.log.Add(evDefeat, game.AgentID(seat), int32(id), 0, 0)
				s.toDiscard(id) // LCG §3 Defeated
			}
			s.push(opEffect, seat, int32(id), -1, effDamageEnemyHere, 1)
		},
	})
}

// Shotgun (01029): ⮕ Fight with +3 combat (a use); instead of the standard
// damage, 1 per point succeeded by (or, when a failure damages another
// investigator, failed by), 1 to 5. LCG §3 Fight, §3 Instead.
var idShotgun = mustID("01029")

func init() {
	registerCard(idShotgun, playerHooks{
		abilities: []weapon{{skill: skCombat, mod: 3, use: true}},
		srcFight: func(s *State, t *SkillTest, ok bool, margin, _ int) int {
			if !ok {
				margin = -margin
			}
			return clamp(margin, 1, 5) + int(t.DmgBonus)
		},
	})
}
