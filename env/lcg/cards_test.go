package lcg

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Scripted tests of player card texts: each sets up a game, forces the chaos
// tokens, takes actions and checks the resulting state. They are named after
// the card they test.

// ctGame starts a game of the given investigators (no random weakness) and
// plays to the first investigator's first action.
func ctGame(t *testing.T, inv ...string) *State {
	t.Helper()
	s, err := New(Options{Investigators: inv, Difficulty: "standard", Mulligan: true, NoRandomWeakness: true}, 5, true)
	if err != nil {
		t.Fatal(err)
	}
	toAction(t, s)
	return s
}

// ctGive creates a card instance of code in seat's zone z (its uses set when
// it enters play) and returns it. Call s.run() afterwards to rebuild the prompt.
func ctGive(s *State, seat int, code string, z Zone) int16 {
	id := s.newInst(mustID(code), int8(seat), z, int8(seat))
	if z == ZonePlay || z == ZoneThreat {
		s.Cards[id].Uses = s.card(id).UsesCount
	}
	return id
}

// ctEnemy takes an enemy of code from the encounter deck (or creates one) and
// spawns it: engaged with seat when loc < 0, else at location slot loc.
func ctEnemy(s *State, code string, seat, loc int) int16 {
	d := mustID(code)
	var e int16 = -1
	for _, id := range s.EncDeck {
		if s.Cards[id].Def == d {
			e = id
			break
		}
	}
	if e < 0 {
		owner := int8(-1)
		if def(d).Weakness {
			owner = int8(seat) // a weakness enemy belongs to its bearer
		}
		e = s.newInst(d, owner, ZoneSetAside, -1)
	}
	s.spawnEnemy(e, seat, loc)
	return e
}

// slotOf returns the index of id in list (hand slot, play slot, threat slot).
func slotOf(t *testing.T, list []int16, id int16) game.ActionCode {
	t.Helper()
	for i, x := range list {
		if x == id {
			return game.ActionCode(i)
		}
	}
	t.Fatalf("card %d not in the list %v", id, list)
	return 0
}

// hasOption reports whether the prompt has an option of code c.
func hasOption(s *State, c game.ActionCode) bool { return s.Prompt().Find(c) >= 0 }

// toHallway advances act 1 (all investigators move to the Hallway).
func toHallway(t *testing.T, s *State) {
	t.Helper()
	s.Inv[0].Clues = int8(s.actClues())
	s.run()
	pick(t, s, ActAdvanceAct)
	if s.Act != 1 {
		t.Fatalf("act %d", s.Act)
	}
}

func TestCards(t *testing.T) {
	cases := []struct {
		card string
		inv  []string
		run  func(t *testing.T, s *State)
	}{
		{"01012 Heirloom of Hyperborea: draw 1 after playing a Spell", []string{"01004"}, func(t *testing.T, s *State) {
			hh := ctGive(s, 0, "01012", ZonePlay)
			sh := ctGive(s, 0, "01060", ZoneHand) // Shrivelling (Spell)
			s.run()
			deck, hand := len(s.Inv[0].Deck), len(s.Inv[0].Hand)
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, sh))
			react(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, hh)) // optional (R-AUTO)
			toAction(t, s)
			if len(s.Inv[0].Deck) != deck-1 || len(s.Inv[0].Hand) != hand {
				t.Fatalf("deck %d→%d hand %d→%d", deck, len(s.Inv[0].Deck), hand, len(s.Inv[0].Hand))
			}
		}},
		{"01026 Extra Ammunition: 3 ammo on a Firearm at your location", []string{"01001"}, func(t *testing.T, s *State) {
			gun := ctGive(s, 0, "01016", ZonePlay) // .45 Automatic, 4 ammo
			ea := ctGive(s, 0, "01026", ZoneHand)
			s.run()
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, ea))
			toAction(t, s)
			if s.Cards[gun].Uses != 7 || s.Inv[0].Resources != 3 {
				t.Fatalf("ammo %d resources %d", s.Cards[gun].Uses, s.Inv[0].Resources)
			}
		}},
		{"01028 Beat Cop (2): +1 combat; exhaust and 1 damage on it: 1 damage to an enemy here", []string{"01001"}, func(t *testing.T, s *State) {
			bc := ctGive(s, 0, "01028", ZonePlay)
			if s.baseSkill(0, skCombat) != 5 {
				t.Fatalf("combat %d", s.baseSkill(0, skCombat))
			}
			e := ctEnemy(s, "01160", 0, -1) // Ghoul Minion, engaged
			s.run()
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, bc))
			toAction(t, s)
			if s.Cards[e].Damage != 1 || !s.Cards[bc].Exhausted || s.Cards[bc].Damage != 1 || s.Inv[0].Actions != 3 {
				t.Fatalf("enemy dmg %d cop %+v actions %d", s.Cards[e].Damage, s.Cards[bc], s.Inv[0].Actions)
			}
			if hasOption(s, ActAbility+2*slotOf(t, s.Inv[0].Play, bc)) {
				t.Fatal("an exhausted Beat Cop offers its ability")
			}
		}},
		{"01029 Shotgun: +3 combat, damage = points succeeded by (1 to 5)", []string{"01001"}, func(t *testing.T, s *State) {
			sg := ctGive(s, 0, "01029", ZonePlay)
			e := ctEnemy(s, "01116", 0, -1) // Ghoul Priest: fight 4, 5 health
			s.run()
			s.ForceTokens(0)
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, sg))
			noCommit(t, s)
			// Combat 4 + 3 = 7 against fight 4: succeeded by 3.
			if s.Cards[e].Damage != 3 || s.Cards[sg].Uses != 1 {
				t.Fatalf("damage %d ammo %d", s.Cards[e].Damage, s.Cards[sg].Uses)
			}
		}},
		{"01031 Old Book of Lore: search the top 3, draw one, shuffle", []string{"01001"}, func(t *testing.T, s *State) {
			ob := ctGive(s, 0, "01031", ZonePlay)
			s.run()
			v := &s.Inv[0]
			third := v.Deck[len(v.Deck)-3]
			deck := len(v.Deck)
			pick(t, s, ActAbility+2*slotOf(t, v.Play, ob))
			if s.Prompt().Kind != PkChoice || len(s.Prompt().Options) != 3 {
				t.Fatalf("prompt %v", s.Prompt().Options)
			}
			pick(t, s, ActChoose+2)
			toAction(t, s)
			if s.Cards[third].Zone != ZoneHand || len(v.Deck) != deck-1 || !s.Cards[ob].Exhausted || v.Actions != 2 {
				t.Fatalf("zone %s deck %d actions %d", s.Cards[third].Zone, len(v.Deck), v.Actions)
			}
		}},
		{"01032 Research Librarian: search your deck for a Tome asset", []string{"01001"}, func(t *testing.T, s *State) {
			v := &s.Inv[0]
			for i := 0; i < len(v.Deck); i++ {
				if s.has(v.Deck[i], trTome) {
					s.moveTo(v.Deck[i], ZoneDiscard, 0)
					i--
				}
			}
			tome := ctGive(s, 0, "01042", ZoneDeck) // Encyclopedia
			s.moveTo(tome, ZoneDeck, 0)
			lib := ctGive(s, 0, "01032", ZoneHand)
			s.run()
			pick(t, s, ActPlay+slotOf(t, v.Hand, lib))
			react(t, s, ActAbility+2*slotOf(t, v.Play, lib)) // optional (R-AUTO)
			toAction(t, s)
			if s.Cards[tome].Zone != ZoneHand || s.Cards[lib].Zone != ZonePlay {
				t.Fatalf("tome %s librarian %s", s.Cards[tome].Zone, s.Cards[lib].Zone)
			}
		}},
		{"01035 Medical Texts: intellect (2) heals 1 damage, a failure deals 1", []string{"01001"}, func(t *testing.T, s *State) {
			mt := ctGive(s, 0, "01035", ZonePlay)
			s.Inv[0].Damage = 2
			s.run()
			s.ForceTokens(0)
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, mt))
			noCommit(t, s)
			toAction(t, s)
			if s.Inv[0].Damage != 1 {
				t.Fatalf("damage %d after success", s.Inv[0].Damage)
			}
			s.ForceTokens(TokAutoFail)
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, mt))
			noCommit(t, s)
			toAction(t, s)
			if s.Inv[0].Damage != 2 {
				t.Fatalf("damage %d after failure", s.Inv[0].Damage)
			}
		}},
		{"01036 Mind over Matter: intellect in place of combat and agility until the end of the round", []string{"01002"}, func(t *testing.T, s *State) {
			mm := ctGive(s, 0, "01036", ZoneHand)
			e := ctEnemy(s, "01160", 0, -1)
			s.run()
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, mm))
			pick(t, s, ActFight+game.ActionCode(s.enemySlot(e)))
			pick(t, s, ActChoose+1) // intellect in place of combat (ruling R-MOM)
			if s.Prompt().Kind != PkCommit || s.test().Skill != skIntellect {
				t.Fatalf("fight skill %d", s.test().Skill)
			}
			pick(t, s, ActEndTurn)
			s.expireLasting(-1, lastRoundMask)
			if s.mindOverMatter(0, skAgility) {
				t.Fatal("Mind over Matter outlived the round")
			}
		}},
		{"01038 Barricade: non-Elite enemies cannot move in; discarded when an investigator leaves", []string{"01001"}, func(t *testing.T, s *State) {
			toHallway(t, s)
			toAction(t, s)
			b := ctGive(s, 0, "01038", ZoneHand)
			rats := ctEnemy(s, "01159", 0, locAttic) // Swarm of Rats: Hunter
			s.Cards[s.LocInst[locAttic]].Revealed = true
			s.run()
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, b))
			toAction(t, s)
			if s.Cards[b].Zone != ZoneBoard || !s.barricaded(locHallway) {
				t.Fatalf("barricade zone %s", s.Cards[b].Zone)
			}
			s.push(opHunters, 0, -1, -1, 0, 0)
			s.run()
			if s.Cards[rats].Loc != locAttic {
				t.Fatal("a Swarm of Rats moved into a barricaded location")
			}
			pick(t, s, ActMove+locCellar)
			toAction(t, s)
			if s.Cards[b].Zone != ZoneDiscard {
				t.Fatalf("barricade zone %s after leaving", s.Cards[b].Zone)
			}
		}},
		{"01040 Magnifying Glass (1): fast; +1 intellect investigating; return it to hand with no clues here", []string{"01001"}, func(t *testing.T, s *State) {
			mg := ctGive(s, 0, "01040", ZoneHand)
			s.run()
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, mg))
			if s.Cards[mg].Zone != ZonePlay || s.Inv[0].Actions != 3 || s.whileBonus(0, &SkillTest{Kind: tkInvestigate, Skill: skIntellect}) != 1 {
				t.Fatalf("zone %s actions %d", s.Cards[mg].Zone, s.Inv[0].Actions)
			}
			code := ActAbility + 2*slotOf(t, s.Inv[0].Play, mg)
			if hasOption(s, code) {
				t.Fatal("return offered while clues remain")
			}
			s.Cards[s.LocInst[locStudy]].Clues = 0
			s.run()
			pick(t, s, code)
			if s.Cards[mg].Zone != ZoneHand {
				t.Fatalf("zone %s", s.Cards[mg].Zone)
			}
		}},
		{"01041 Disc of Itzamna: discard a non-Elite enemy spawning at your location", []string{"01001"}, func(t *testing.T, s *State) {
			disc := ctGive(s, 0, "01041", ZonePlay)
			e := ctEnemy(s, "01160", 0, -1)
			s.run()
			if s.Prompt().Kind != PkReaction {
				t.Fatalf("prompt kind %d", s.Prompt().Kind)
			}
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, disc))
			if s.Cards[e].Zone != ZoneEncDiscard || s.Cards[disc].Zone != ZoneDiscard || s.enemySlot(e) >= 0 {
				t.Fatalf("enemy %s disc %s", s.Cards[e].Zone, s.Cards[disc].Zone)
			}
		}},
		{"01042 Encyclopedia: +2 to a chosen skill until the end of the phase", []string{"01001"}, func(t *testing.T, s *State) {
			en := ctGive(s, 0, "01042", ZonePlay)
			s.run()
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, en))
			pick(t, s, ActChoose+game.ActionCode(skAgility))
			if s.baseSkill(0, skAgility) != 4 || !s.Cards[en].Exhausted {
				t.Fatalf("agility %d", s.baseSkill(0, skAgility))
			}
			s.setPhase(PhaseEnemy)
			if s.baseSkill(0, skAgility) != 2 {
				t.Fatal("the bonus outlived the phase")
			}
		}},
		{"01043 Cryptic Research: an investigator at your location draws 3", []string{"01001"}, func(t *testing.T, s *State) {
			cr := ctGive(s, 0, "01043", ZoneHand)
			s.run()
			hand := len(s.Inv[0].Hand)
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, cr))
			toAction(t, s)
			if len(s.Inv[0].Hand) != hand+2 || s.Inv[0].Actions != 3 {
				t.Fatalf("hand %d→%d", hand, len(s.Inv[0].Hand))
			}
		}},
		{"01046 Pickpocketing: draw 1 after you evade", []string{"01003"}, func(t *testing.T, s *State) {
			pp := ctGive(s, 0, "01046", ZonePlay)
			e := ctEnemy(s, "01160", 0, -1)
			s.run()
			hand := len(s.Inv[0].Hand)
			s.ForceTokens(0)
			pick(t, s, ActEvade+game.ActionCode(s.enemySlot(e)))
			noCommit(t, s)
			react(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, pp)) // optional (R-AUTO)
			toAction(t, s)
			if s.engagedWith(e, 0) || len(s.Inv[0].Hand) != hand+1 || !s.Cards[pp].Exhausted {
				t.Fatalf("hand %d→%d", hand, len(s.Inv[0].Hand))
			}
		}},
		{"01050 Elusive: disengage and move to a revealed location with no enemies", []string{"01003"}, func(t *testing.T, s *State) {
			toHallway(t, s)
			toAction(t, s)
			s.revealLocation(locCellar)
			el := ctGive(s, 0, "01050", ZoneHand)
			e := ctEnemy(s, "01160", 0, -1)
			s.run()
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, el))
			toAction(t, s)
			if s.Inv[0].Loc != locCellar || s.engagedAny(e) || s.Cards[e].Loc != locHallway || s.Inv[0].Damage != 1 {
				t.Fatalf("loc %d enemy loc %d damage %d", s.Inv[0].Loc, s.Cards[e].Loc, s.Inv[0].Damage)
			}
		}},
		{"01056 Sure Gamble: a negative token's modifier becomes positive", []string{"01003"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01056", ZoneHand)
			s.run()
			s.ForceTokens(-2)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			if s.Prompt().Kind != PkReaction {
				t.Fatalf("no Sure Gamble prompt: %d", s.Prompt().Kind)
			}
			pick(t, s, s.Prompt().Options[1].Code)
			toAction(t, s)
			if s.Inv[0].Clues != 1 || s.Inv[0].Resources != 3 {
				t.Fatalf("clues %d resources %d", s.Inv[0].Clues, s.Inv[0].Resources)
			}
		}},
		{"01057 Hot Streak: gain 10 resources", []string{"01003"}, func(t *testing.T, s *State) {
			hs := ctGive(s, 0, "01057", ZoneHand)
			s.run()
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, hs))
			toAction(t, s)
			if s.Inv[0].Resources != 12 {
				t.Fatalf("resources %d", s.Inv[0].Resources)
			}
		}},
		{"01058 Forbidden Knowledge: exhaust, 1 horror: move a secret to your pool", []string{"01004"}, func(t *testing.T, s *State) {
			fk := ctGive(s, 0, "01058", ZonePlay)
			s.run()
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, fk))
			toAction(t, s)
			if s.Inv[0].Resources != 6 || s.Inv[0].Horror != 1 || s.Cards[fk].Uses != 3 || !s.Cards[fk].Exhausted {
				t.Fatalf("resources %d horror %d secrets %d", s.Inv[0].Resources, s.Inv[0].Horror, s.Cards[fk].Uses)
			}
		}},
		{"01061 Scrying: look at the top 3 of the encounter deck and reorder them", []string{"01004"}, func(t *testing.T, s *State) {
			sc := ctGive(s, 0, "01061", ZonePlay)
			s.run()
			d := s.EncDeck
			n := len(d)
			a, b, c := d[n-1], d[n-2], d[n-3]
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, sc))
			pick(t, s, ActChoose+4)
			pick(t, s, ActChoose+2) // c on top
			pick(t, s, ActChoose+2) // then a
			toAction(t, s)
			d = s.EncDeck
			if d[n-1] != c || d[n-2] != a || d[n-3] != b || s.Cards[sc].Uses != 2 {
				t.Fatalf("top %v want %v", d[n-3:], []int16{b, a, c})
			}
		}},
		{"01063 Arcane Initiate: exhaust: search the top 3 for a Spell and draw it", []string{"01004"}, func(t *testing.T, s *State) {
			ai := ctGive(s, 0, "01063", ZonePlay)
			sp := ctGive(s, 0, "01060", ZoneDeck)
			s.run()
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, ai))
			if s.Prompt().Kind == PkChoice {
				i := -1
				for j, o := range s.Prompt().Options {
					if int16(o.Arg) == sp {
						i = j
					}
				}
				if err := s.Apply(i); err != nil {
					t.Fatal(err)
				}
			}
			toAction(t, s)
			if s.Cards[sp].Zone != ZoneHand || !s.Cards[ai].Exhausted || s.Inv[0].Actions != 3 {
				t.Fatalf("spell %s", s.Cards[sp].Zone)
			}
		}},
		{"01065 Ward of Protection: cancel a treachery's revelation, take 1 horror", []string{"01004"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01065", ZoneHand)
			var tr int16 = -1
			for _, id := range s.EncDeck {
				if s.Cards[id].Def == idRottingRemains {
					tr = id
				}
			}
			s.moveTo(tr, ZoneEncDeck, -1) // on top
			s.push(opEncounter, 0, -1, -1, 0, 0)
			s.run()
			if s.Prompt().Kind != PkReaction {
				t.Fatalf("prompt %d", s.Prompt().Kind)
			}
			pick(t, s, s.Prompt().Options[1].Code)
			toAction(t, s)
			if s.Inv[0].Horror != 1 || s.Cards[tr].Zone != ZoneEncDiscard || len(s.Tests) != 0 || s.Inv[0].Resources != 4 {
				t.Fatalf("horror %d treachery %s", s.Inv[0].Horror, s.Cards[tr].Zone)
			}
		}},
		{"01066 Blinding Light: willpower evasion, 1 damage, a symbol costs an action", []string{"01004"}, func(t *testing.T, s *State) {
			bl := ctGive(s, 0, "01066", ZoneHand)
			e := ctEnemy(s, "01161", 0, -1) // Ravenous Ghoul: evade 3, 3 health
			s.run()
			s.ForceTokens(TokSkull) // −1: one Ghoul here; willpower 5 − 1 ≥ evade 3
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, bl))
			noCommit(t, s)
			toAction(t, s)
			if s.engagedAny(e) || s.Cards[e].Damage != 1 || s.Inv[0].Actions != 1 {
				t.Fatalf("damage %d actions %d", s.Cards[e].Damage, s.Inv[0].Actions)
			}
		}},
		{"01068 Mind Wipe: blank a non-Elite enemy until the end of the phase", []string{"01004"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01068", ZoneHand)
			e := ctEnemy(s, "01159", 0, locStudy) // Swarm of Rats: Hunter
			s.phaseWindow()
			s.run()
			if s.Prompt().Kind != PkWindow {
				t.Fatalf("prompt %d", s.Prompt().Kind)
			}
			pick(t, s, s.Prompt().Options[1].Code)
			if !s.blank(e) || s.isHunter(e) {
				t.Fatal("not blanked")
			}
			s.setPhase(PhaseEnemy)
			if s.blank(e) {
				t.Fatal("blank outlived the phase")
			}
		}},
		{"01069 Blinding Light (2): 2 damage; a symbol costs an action and 1 horror", []string{"01004"}, func(t *testing.T, s *State) {
			bl := ctGive(s, 0, "01069", ZoneHand)
			e := ctEnemy(s, "01161", 0, -1)
			s.run()
			s.ForceTokens(TokSkull) // −1: one Ghoul here; willpower 5 − 1 ≥ evade 3
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, bl))
			noCommit(t, s)
			toAction(t, s)
			// Playing it is an Evade action: no attack of opportunity (LCG §3
			// Ability, action designators); 1 horror from the card.
			if s.Cards[e].Damage != 2 || s.Inv[0].Actions != 1 || s.Inv[0].Horror != 1 {
				t.Fatalf("damage %d actions %d horror %d", s.Cards[e].Damage, s.Inv[0].Actions, s.Inv[0].Horror)
			}
		}},
		{"01070 Book of Shadows: an extra arcane slot; add 1 charge to a Spell asset", []string{"01004"}, func(t *testing.T, s *State) {
			bs := ctGive(s, 0, "01070", ZonePlay)
			sh := ctGive(s, 0, "01060", ZonePlay)
			ctGive(s, 0, "01060", ZonePlay)
			ctGive(s, 0, "01061", ZonePlay)
			if s.slotOverflow(0) {
				t.Fatal("three arcane assets overflow with Book of Shadows")
			}
			s.run()
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, bs))
			if s.Prompt().Kind == PkTarget {
				pick(t, s, ActChoose+0)
			}
			toAction(t, s)
			if s.Cards[sh].Uses != 5 || !s.Cards[bs].Exhausted {
				t.Fatalf("charges %d", s.Cards[sh].Uses)
			}
		}},
		{"01071 Grotesque Statue: reveal 2 tokens, resolve 1", []string{"01004"}, func(t *testing.T, s *State) {
			gs := ctGive(s, 0, "01071", ZonePlay)
			s.run()
			s.ForceTokens(TokAutoFail, +1)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, gs))
			pick(t, s, ActChoose+1) // the +1
			toAction(t, s)
			if s.Inv[0].Clues != 1 || s.Cards[gs].Uses != 3 || len(s.Bag) != 16 {
				t.Fatalf("clues %d charges %d bag %d", s.Inv[0].Clues, s.Cards[gs].Uses, len(s.Bag))
			}
		}},
		{"01073 Scavenging: after investigating by 2+, an Item from discard to hand", []string{"01005"}, func(t *testing.T, s *State) {
			sc := ctGive(s, 0, "01073", ZonePlay)
			fl := ctGive(s, 0, "01087", ZoneDiscard) // Flashlight
			s.run()
			s.ForceTokens(+1)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			pick(t, s, ActPass) // Wendy Adams keeps the token
			if s.Prompt().Kind != PkReaction {
				t.Fatalf("prompt %d", s.Prompt().Kind)
			}
			pick(t, s, ActChoose+0)
			toAction(t, s)
			if s.Cards[fl].Zone != ZoneHand || !s.Cards[sc].Exhausted {
				t.Fatalf("flashlight %s", s.Cards[fl].Zone)
			}
		}},
		{"01079 Look what I found!: after failing an investigation by 2 or less, discover 2 clues", []string{"01005"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01079", ZoneHand)
			s.run()
			s.ForceTokens(-3)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			pick(t, s, ActPass) // Wendy Adams keeps the token
			if s.Prompt().Kind != PkReaction {
				t.Fatalf("prompt %d", s.Prompt().Kind)
			}
			pick(t, s, s.Prompt().Options[1].Code)
			toAction(t, s)
			if s.Inv[0].Clues != 2 || s.Inv[0].Resources != 3 {
				t.Fatalf("clues %d", s.Inv[0].Clues)
			}
		}},
		{"01081 Survival Instinct: after the evasion, disengage from each other enemy", []string{"01005"}, func(t *testing.T, s *State) {
			si := ctGive(s, 0, "01081", ZoneHand)
			e1 := ctEnemy(s, "01160", 0, -1)
			e2 := ctEnemy(s, "01161", 0, -1)
			s.run()
			s.ForceTokens(0)
			pick(t, s, ActEvade+game.ActionCode(s.enemySlot(e1)))
			pick(t, s, ActCommit+slotOf(t, s.Inv[0].Hand, si))
			noCommit(t, s)
			pick(t, s, ActPass)     // Wendy Adams keeps the token
			pick(t, s, ActChoose+0) // disengage and stay
			toAction(t, s)
			if s.engagedAny(e1) || s.engagedAny(e2) || s.Cards[e2].Exhausted {
				t.Fatal("still engaged")
			}
		}},
		{"01082 Aquinnah: an attack's damage goes to another enemy here", []string{"01005"}, func(t *testing.T, s *State) {
			aq := ctGive(s, 0, "01082", ZonePlay)
			e1 := ctEnemy(s, "01161", 0, -1) // 1 damage 1 horror
			e2 := ctEnemy(s, "01116", 0, -1) // Ghoul Priest
			s.push(opAttack, 0, int32(e1), 0, atkEnemyPhase, 0)
			s.run()
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, aq))
			for s.Prompt().Kind == PkAssign {
				pick(t, s, ActToInvestigator)
			}
			if s.Inv[0].Damage != 0 || s.Inv[0].Horror != 1 || s.Cards[e2].Damage != 1 || s.Cards[aq].Horror != 1 || !s.Cards[aq].Exhausted {
				t.Fatalf("dmg %d hor %d priest %d", s.Inv[0].Damage, s.Inv[0].Horror, s.Cards[e2].Damage)
			}
		}},
		{"01083 Close Call: shuffle an evaded enemy into the encounter deck", []string{"01003"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01083", ZoneHand)
			e := ctEnemy(s, "01160", 0, -1)
			s.run()
			s.ForceTokens(0)
			pick(t, s, ActEvade+game.ActionCode(s.enemySlot(e)))
			noCommit(t, s)
			if s.Prompt().Kind != PkReaction {
				t.Fatalf("prompt %d", s.Prompt().Kind)
			}
			pick(t, s, s.Prompt().Options[1].Code)
			toAction(t, s)
			if s.Cards[e].Zone != ZoneEncDeck || s.Inv[0].Resources != 3 {
				t.Fatalf("enemy %s", s.Cards[e].Zone)
			}
		}},
		{"01084 Lucky! (2): +2 when you would fail, and draw 1", []string{"01001"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01084", ZoneHand)
			s.run()
			s.ForceTokens(-2)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			hand := len(s.Inv[0].Hand)
			pick(t, s, s.Prompt().Options[1].Code)
			toAction(t, s)
			if s.Inv[0].Clues != 1 || len(s.Inv[0].Hand) != hand {
				t.Fatalf("clues %d hand %d→%d", s.Inv[0].Clues, hand, len(s.Inv[0].Hand))
			}
		}},
		{"01085 Will to Survive: no chaos tokens in your tests this turn", []string{"01005"}, func(t *testing.T, s *State) {
			ws := ctGive(s, 0, "01085", ZoneHand)
			s.Inv[0].Resources = 5
			s.run()
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, ws))
			s.ForceTokens(TokAutoFail)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			toAction(t, s)
			if s.Inv[0].Clues != 1 || len(s.forced) != 1 {
				t.Fatalf("clues %d", s.Inv[0].Clues)
			}
			s.forced = s.forced[:0]
			pick(t, s, ActEndTurn)
			if s.hasLasting(0, lastWillToSurvive) {
				t.Fatal("Will to Survive outlived the turn")
			}
		}},
		{"01007 Cover Up: discard its clues instead of discovering; mental trauma at the end", []string{"01001"}, func(t *testing.T, s *State) {
			cu := ctGive(s, 0, "01007", ZoneThreat)
			s.Cards[cu].Clues = 3
			s.run()
			s.ForceTokens(0)
			pick(t, s, ActInvestigate)
			noCommit(t, s)
			pick(t, s, ActThreat+slotOf(t, s.Inv[0].Threat, cu))
			toAction(t, s)
			if s.Cards[cu].Clues != 2 || s.Inv[0].Clues != 0 || s.Cards[s.LocInst[locStudy]].Clues != 2 {
				t.Fatalf("cover up %d clues %d", s.Cards[cu].Clues, s.Inv[0].Clues)
			}
			s.finish(ResR3)
			if s.Inv[0].MentalTrauma != 1 {
				t.Fatal("no mental trauma")
			}
		}},
		{"01011 Hospital Debts: move resources onto it twice per round; experience at the end", []string{"01003"}, func(t *testing.T, s *State) {
			hd := ctGive(s, 0, "01011", ZoneThreat)
			s.run()
			code := ActThreat + slotOf(t, s.Inv[0].Threat, hd)
			pick(t, s, code)
			pick(t, s, code)
			if hasOption(s, code) || s.Cards[hd].Uses != 2 || s.Inv[0].Resources != 3 {
				t.Fatalf("resources on it %d", s.Cards[hd].Uses)
			}
			s.finish(ResR3)
			if s.Inv[0].XPPenalty != 2 {
				t.Fatal("no experience penalty")
			}
		}},
		{"01101 Mob Enforcer: spend 4 resources: Parley, discard it", []string{"01003"}, func(t *testing.T, s *State) {
			e := ctEnemy(s, "01101", 0, -1)
			s.run()
			pick(t, s, ActParleyEnemy+game.ActionCode(s.enemySlot(e)))
			toAction(t, s)
			if s.Cards[e].Zone != ZoneDiscard || s.Inv[0].Resources != 1 || s.Inv[0].Actions != 2 || s.Inv[0].Damage != 0 {
				t.Fatalf("zone %s resources %d damage %d", s.Cards[e].Zone, s.Inv[0].Resources, s.Inv[0].Damage)
			}
		}},
		{"01103 Stubborn Detective: your investigator's text box is blank at its location", []string{"01001"}, func(t *testing.T, s *State) {
			if !s.isInvestigator(0, idRoland) {
				t.Fatal("Roland is not Roland")
			}
			ctEnemy(s, "01103", 0, -1)
			if s.isInvestigator(0, idRoland) {
				t.Fatal("Roland's text box should be blank")
			}
			tt := SkillTest{Tester: 0, Skill: skIntellect}
			if s.elderSign(&tt) != 0 {
				t.Fatal("blank elder sign has an effect")
			}
		}},
		{"01014 Wendy's Amulet: play the top event of the discard; events go to the bottom of the deck", []string{"01005"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01014", ZonePlay)
			ec := ctGive(s, 0, "01088", ZoneDiscard) // Emergency Cache
			s.run()
			pick(t, s, ActPlayDiscard)
			toAction(t, s)
			if s.Inv[0].Resources != 8 || s.Inv[0].Deck[0] != ec || s.Cards[ec].Zone != ZoneDeck {
				t.Fatalf("resources %d bottom %d", s.Inv[0].Resources, s.Inv[0].Deck[0])
			}
		}},
		{"01014 Wendy's Amulet: a triggered event (Dodge) is played from the discard pile", []string{"01005"}, func(t *testing.T, s *State) {
			ctGive(s, 0, "01014", ZonePlay)
			dodge := ctGive(s, 0, "01023", ZoneDiscard)
			e := ctEnemy(s, "01161", 0, -1)
			s.push(opAttack, 0, int32(e), 0, atkEnemyPhase, 0)
			s.run()
			pick(t, s, ActPlayDiscard)
			toAction(t, s)
			if s.Inv[0].Damage != 0 || s.Inv[0].Horror != 0 || s.Inv[0].Deck[0] != dodge {
				t.Fatalf("damage %d horror %d", s.Inv[0].Damage, s.Inv[0].Horror)
			}
		}},
		{"01027 Police Badge: +1 willpower; discard: 2 additional actions this turn", []string{"01001"}, func(t *testing.T, s *State) {
			pb := ctGive(s, 0, "01027", ZonePlay)
			if s.baseSkill(0, skWillpower) != 4 {
				t.Fatal("no willpower bonus")
			}
			s.run()
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, pb))
			if s.Inv[0].Actions != 5 || s.Cards[pb].Zone != ZoneDiscard {
				t.Fatalf("actions %d", s.Inv[0].Actions)
			}
		}},
		{"01055 Cat Burglar: disengage and move to a connecting location without attacks of opportunity", []string{"01003"}, func(t *testing.T, s *State) {
			toHallway(t, s)
			toAction(t, s)
			cb := ctGive(s, 0, "01055", ZonePlay)
			e := ctEnemy(s, "01160", 0, -1)
			s.run()
			pick(t, s, ActAbility+2*slotOf(t, s.Inv[0].Play, cb))
			pick(t, s, ActLocation+locAttic)
			toAction(t, s)
			if s.Inv[0].Loc != locAttic || s.engagedAny(e) || s.Inv[0].Damage != 0 || s.Inv[0].Horror != 1 {
				t.Fatalf("loc %d damage %d horror %d", s.Inv[0].Loc, s.Inv[0].Damage, s.Inv[0].Horror)
			}
		}},
		{"01048 Leo De Luca: an additional action while he is in play", []string{"01003"}, func(t *testing.T, s *State) {
			leo := ctGive(s, 0, "01048", ZoneHand)
			s.Inv[0].Resources = 6
			s.run()
			pick(t, s, ActPlay+slotOf(t, s.Inv[0].Hand, leo))
			toAction(t, s)
			if s.Inv[0].Actions != 3 {
				t.Fatalf("actions %d", s.Inv[0].Actions)
			}
			s.toDiscard(leo)
			if s.Inv[0].Actions != 2 {
				t.Fatalf("actions %d after Leo left", s.Inv[0].Actions)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.card, func(t *testing.T) {
			s := ctGame(t, c.inv...)
			c.run(t, s)
			if err := s.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestAllCardsRandomPlay shuffles one copy of every implemented player card
// (weaknesses excepted) into each investigator's deck and plays random legal
// options, checking the invariants after every step: every card effect runs
// under random play, not only the starter decks'.
func TestAllCardsRandomPlay(t *testing.T) {
	seeds := 120
	if testing.Short() {
		seeds = 40
	}
	invs := []string{"01001", "01002", "01003", "01004", "01005"}
	for seed := 0; seed < seeds; seed++ {
		var team []string
		for j := 0; j < seed%4+1; j++ {
			team = append(team, invs[(seed+2*j)%5])
		}
		s, err := New(Options{Investigators: team, Difficulty: difficultyNames[seed%4], Mulligan: true}, uint64(seed), false)
		if err != nil {
			t.Fatal(err)
		}
		for i := range team {
			for _, code := range Implemented() {
				if d := def(mustID(code)); !d.Weakness && d.Type != cards.Investigator {
					ctGive(s, i, code, ZoneDeck)
				}
			}
			s.shuffleDeck(i)
		}
		rng := game.NewRNG(uint64(seed) ^ 0xca7d)
		for n := 0; n < 3000 && !s.Over(); n++ {
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, n, err)
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d (%v): %v", seed, n, team, err)
			}
		}
	}
}

// react answers the prompts before the first one offering code (passing
// each with its first option), then takes code: an optional reaction
// (LCG §3 Reaction Abilities, ruling R-AUTO).
func react(t *testing.T, s *State, code game.ActionCode) {
	t.Helper()
	for i := 0; i < 50 && !s.Over(); i++ {
		for _, o := range s.Prompt().Options {
			if o.Code == code {
				pick(t, s, code)
				return
			}
		}
		if s.Prompt().Kind == PkAction {
			break
		}
		if err := s.Apply(0); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("no prompt offered option %d (last prompt kind %d)", code, s.Prompt().Kind)
}
