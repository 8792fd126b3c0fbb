package lcg

import "github.com/mythos-rl/mythos/env/game"

// Skills (LCG §6 ST.1), indexing Card.Skills and Card.Icons.
const (
	skWillpower int8 = iota
	skIntellect
	skCombat
	skAgility
	skWild
)

var skillNames = []string{"willpower", "intellect", "combat", "agility", "wild"}

// Test kinds: what created the test and what ST.7 applies.
const (
	tkInvestigate uint8 = iota
	tkFight
	tkEvade
	tkTreachery // a revelation test; Src is the treachery
	tkParley    // a Parley a scenario card grants; ST.7 is the scenario's (ScenarioDef.ParleyResult)
	tkFrozen    // Frozen in Fear's end-of-turn test
	tkMedical   // Medical Texts; Target is the seat
	tkScenario  // a test an act or agenda starts; ST.7 is the scenario's (ScenarioDef.TestResult; Target its selector, Src -1)
)

// Test flags.
const (
	tfSuccess uint16 = 1 << iota
	tfAutoFail
	tfAutoSuccess
	tfFailCultist // a resolved cultist token has an "if you fail" effect (ScenarioDef.Symbols)
	tfFailSkull   // a resolved skull token has an "if you fail" effect
	tfWendyUsed
	tfPeril
	tfSymbol // a skull, cultist, tablet, elder thing or auto-fail was revealed
	tfBurglary
	tfDone    // ST.7 applied
	tfNoToken // no chaos token is revealed (Will to Survive)
	tfFailTablet
	tfFailElderThing
	// tfSubst: the test uses another skill in place of the one its source
	// names (Mind over Matter's intellect for combat): the source's "+N
	// [skill] for this attack" bonuses do not apply (LCG §3 Modifiers).
	tfSubst
	// tfMindOverMatter: Mind over Matter lasts and the test is a fight or
	// an evasion; the tester chooses at ST.1 whether intellect replaces
	// the printed skill (ruling R-MOM).
	tfMindOverMatter
)

// tokNone is SkillTest.Token when no chaos token was revealed.
const tokNone int8 = 31

// maxCommit is the most cards committed to one test.
const maxCommit = 16

// SkillTest is the context of one skill test (LCG §6 Engine S).
type SkillTest struct {
	Tester   int8
	Skill    int8
	Kind     uint8
	Diff     int8 // base difficulty for card tests
	DiffMod  int8 // modifiers to the difficulty (Flashlight −2)
	Target   int16
	Src      int16 // the card that created the test, or -1
	Mod      int8  // skill modifiers from effects (weapons, ⚡ boosts, Lucky!)
	DmgBonus int8
	TokMod   int8
	Total    int8
	DiffVal  int8
	Cursor   int8 // committing investigator (player-order index)
	NCommit  int8
	Commit   [maxCommit]int16
	Flags    uint16
	Token    int8 // the resolved token
}

func (t *SkillTest) write(w *game.Writer) {
	w.U8(uint8(t.Tester))
	w.U8(uint8(t.Skill))
	w.U8(t.Kind)
	w.U8(uint8(t.Diff))
	w.U8(uint8(t.DiffMod))
	w.I32(int32(t.Target))
	w.I32(int32(t.Src))
	w.U8(uint8(t.Mod))
	w.U8(uint8(t.DmgBonus))
	w.U8(uint8(t.TokMod))
	w.U8(uint8(t.Total))
	w.U8(uint8(t.DiffVal))
	w.U8(uint8(t.Cursor))
	game.Ints(w, t.Commit[:t.NCommit])
	w.I32(int32(t.Flags))
	w.U8(uint8(t.Token))
}

// test returns the current (innermost) skill test (LCG §12.7: nested tests stack).
func (s *State) test() *SkillTest { return &s.Tests[len(s.Tests)-1] }

// pushTest begins a skill test (LCG §6 ST.1).
func (s *State) pushTest(seat int, skill int8, diff int, kind uint8, target, src int16) *SkillTest {
	s.Tests = append(s.Tests, SkillTest{Tester: int8(seat), Skill: skill, Diff: int8(diff), Kind: kind, Target: target, Src: src})
	s.push(opTest, seat, int32(src), int32(target), 0, 0)
	return &s.Tests[len(s.Tests)-1]
}

// baseSkill is seat's skill value with constant modifiers from cards in play
// (LCG §3 Modifiers), before commits and tokens.
func (s *State) baseSkill(seat int, sk int8) int {
	v := &s.Inv[seat]
	n := int(def(v.Def).Skills[sk]) + int(v.PhaseBonus[sk])
	for _, id := range v.Play {
		n += skillBonus(s.Cards[id].Def, sk)
	}
	n += s.cardSkillMods(seat, sk) // constant abilities of cards in play (card_hooks.go)
	return n
}

// skillValue is the modified skill value of the test (LCG §6 ST.5), floored
// at 0 at the end (LCG §3 Modifiers).
func (s *State) skillValue(t *SkillTest) int {
	seat := int(t.Tester)
	n := s.baseSkill(seat, t.Skill) + int(t.Mod) + int(t.TokMod)
	n += s.whileBonus(seat, t) // "+N [skill] while …" of that skill only (Magnifying Glass)
	if h := s.hook(t.Src); h != nil && h.srcSkill != nil && t.Flags&tfSubst == 0 {
		n += h.srcSkill(s, t) // the test's source card (Roland's .38 Special)
	}
	for i := 0; i < int(t.NCommit); i++ {
		ic := s.card(t.Commit[i]).Icons
		n += int(ic[t.Skill]) + int(ic[skWild])
	}
	if n < 0 {
		n = 0
	}
	return n
}

// difficulty is the test's modified difficulty, read at ST.6 (LCG §3
// Difficulty (skill test)).
func (s *State) difficulty(t *SkillTest) int {
	n := int(t.Diff)
	switch t.Kind {
	case tkInvestigate:
		n = s.shroud(int(t.Target))
	case tkFight:
		n = s.enemyFight(t.Target)
	case tkEvade:
		n = s.enemyEvade(t.Target)
	}
	n += int(t.DiffMod)
	if n < 0 {
		n = 0
	}
	return n
}

// canCommit reports whether seat may commit card id to test t (LCG §6 ST.2):
// a matching or wild icon, "max 1 committed per test" respected,
// Opportunist only to your own test.
func (s *State) canCommit(t *SkillTest, seat int, id int16) bool {
	d := s.card(id)
	if d.Icons[t.Skill]+d.Icons[skWild] == 0 || d.Weakness {
		return false
	}
	if maxOnePerTest(s.Cards[id].Def) {
		for i := 0; i < int(t.NCommit); i++ {
			if s.card(t.Commit[i]).Name == d.Name {
				return false
			}
		}
	}
	if h := s.hook(id); h != nil && h.commitOK != nil && !h.commitOK(s, t, seat, id) {
		return false
	}
	return int(t.NCommit) < maxCommit
}

// hTest runs the skill test pipeline (LCG §6 ST.1–ST.8).
func (s *State) hTest(f *game.Frame) game.Control {
	t := s.test()
	tester := int(t.Tester)
	switch f.Step {
	case 0: // ST.1 begins; ST.2 commits (the ST.1/ST.2 windows merge into these prompts)
		if !s.inGame(tester) {
			f.Step = 4
			return game.Again
		}
		if t.Flags&tfMindOverMatter != 0 {
			return s.chooseMindOverMatter(f, t)
		}
		if f.Answer != game.NoAnswer {
			o := s.chosen(f)
			seat := int(s.prompt.Actor)
			switch {
			case o.Code >= ActCommit && o.Code < ActCommit+MaxHand:
				id := int16(o.Arg)
				s.moveTo(id, ZoneLimbo, seat)
				t.Commit[t.NCommit] = id
				t.NCommit++
				s.log.Add(evCommit, game.AgentID(seat), int32(id), 0, 0)
				if seat != tester {
					t.Cursor++ // others commit one card each
				}
			case o.Code == ActEndTurn || o.Code == ActPass:
				t.Cursor++
			default:
				s.doFast(seat, o) // a ⚡ boost during the test
				return s.cont(game.Again)
			}
		}
		for int(t.Cursor) < int(s.N) {
			seat := s.committer(t, int(t.Cursor))
			if seat < 0 || !s.inGame(seat) || (seat != tester && t.Flags&tfPeril != 0) {
				t.Cursor++ // LCG §3 Peril: no one else may help
				continue
			}
			p := s.ask(seat, PkCommit, int32(t.Src))
			if seat == tester {
				p.Add(ActEndTurn, 0, 0)
			} else {
				p.Add(ActPass, 0, 0)
			}
			// Only the tester and investigators at the tester's location
			// commit (LCG §6 ST.2).
			if seat == tester || s.Inv[seat].Loc == s.Inv[tester].Loc {
				for h, id := range s.Inv[seat].Hand {
					if h < MaxHand && s.canCommit(t, seat, id) {
						p.Add(ActCommit+game.ActionCode(h), int32(id), 0)
					}
				}
			}
			if seat == tester {
				s.addBoostOptions(seat, t, p)
			}
			// The ST.1/ST.2 player window: ⚡ abilities and fast cards of the
			// tester and of the investigators at the location (LCG §6 ST.1–ST.2, §5.1).
			s.addFastOptions(seat, p, false)
			if len(p.Options) > 1 {
				return game.Wait
			}
			t.Cursor++
		}
		f.Step = 7
		return game.Again
	case 7: // ST.3 "when you would reveal a chaos token"
		if s.hasLasting(tester, lastWillToSurvive) && int(s.Active) == tester {
			t.Flags |= tfNoToken // Will to Survive: no chaos token is revealed
			f.Step = 2
			return game.Again
		}
		// The would event (triggers.go): Grotesque Statue replaces the reveal.
		f.Step = 9
		if !s.inGame(tester) || !s.emit(event{Kind: tpWhenReveal, Flags: evKeep, Seat: int8(tester), Loc: s.Inv[tester].Loc, Subj: t.Src}) {
			s.revealFor(t)
			f.Step = 1
		}
		return game.Again
	case 9: // the reveal, or Grotesque Statue's instead (LCG §3 Instead)
		ev := s.takeEvent()
		if ev.Flags&evReplaced == 0 {
			s.revealFor(t)
			f.Step = 1
			return game.Again
		}
		// Grotesque Statue: reveal 2 tokens, resolve 1.
		s.revealFor(t)
		s.revealFor(t)
		n := len(s.Revealed)
		p := s.ask(tester, PkChoice, ev.N)
		p.Add(ActChoose+0, int32(s.Revealed[n-2]), 0)
		p.Add(ActChoose+1, int32(s.Revealed[n-1]), 0)
		f.Step = 8
		return game.Wait
	case 8: // Grotesque Statue: the chosen token resolves, the other is ignored
		if n := len(s.Revealed); s.chosen(f).Code == ActChoose+0 {
			s.Revealed[n-2], s.Revealed[n-1] = s.Revealed[n-1], s.Revealed[n-2]
		}
		f.Step = 1
		return game.Again
	case 1: // ST.3 "when a chaos token is revealed": Wendy Adams may cancel the token (triggers.go)
		f.Step = 2
		if s.inGame(tester) {
			s.emit(event{Kind: tpTokenRevealed, Seat: int8(tester), Loc: s.Inv[tester].Loc, Subj: t.Src})
		}
		return s.cont(game.Again)
	case 2: // ST.4 resolve the symbol (its effects resolve before ST.5)
		if t.Flags&tfNoToken != 0 {
			t.Token, t.TokMod = tokNone, 0
			f.Step = 5
			return game.Again
		}
		tok := s.Revealed[len(s.Revealed)-1]
		t.Token = tok
		mod, af := s.tokenModifier(t, tok)
		s.logTokenEffect(tester, tok, mod, af)
		first := mod // the revealed token's own modifier (Sure Gamble)
		if sym := s.symbol(tok); sym != nil && (sym.RevealAnother || sym.RevealAnotherIf != nil && sym.RevealAnotherIf(s, t)) {
			extra := s.drawToken() // "reveal another token" (the scenario's reference card)
			s.log.Add(evToken, game.AgentID(tester), int32(extra), 0, 0)
			m2, af2 := s.tokenModifier(t, extra)
			s.logTokenEffect(tester, extra, m2, af2)
			mod += m2
			af = af || af2
		}
		t.TokMod = int8(mod)
		if af {
			t.Flags |= tfAutoFail
		}
		f.Step, f.B = 6, int32(first)
		return s.cont(game.Again)
	case 6: // the token's modifier is known: Sure Gamble switches a negative one (triggers.go)
		f.Step = 5
		if s.inGame(tester) && f.B < 0 {
			s.emit(event{Kind: tpTokenResolved, Seat: int8(tester), Loc: s.Inv[tester].Loc, Subj: t.Src, N: f.B})
		}
		return s.cont(game.Again)
	case 5: // ST.5 modified skill; ST.6 "when you would fail" (Lucky!, ruling R-LUCKY; triggers.go)
		s.judge(t)
		f.Step = 10
		if t.Flags&(tfSuccess|tfAutoFail) == 0 && s.inGame(tester) {
			s.emit(event{Kind: tpWhenFail, Seat: int8(tester), Loc: s.Inv[tester].Loc, Subj: t.Src})
		}
		return s.cont(game.Again)
	case 10: // ST.6 success or failure
		s.judge(t)
		s.log.Add(evTestResult, game.AgentID(tester), b2i(t.Flags&tfSuccess != 0), int32(t.Total), int32(t.DiffVal))
		f.Step = 3
		return game.Again
	case 3: // ST.7 apply the results
		f.Step = 4
		if s.inGame(tester) {
			s.applyResults(t)
		}
		return s.cont(game.Again)
	default: // ST.8 the test ends: committed cards are discarded, tokens return
		for i := 0; i < int(t.NCommit); i++ {
			id := t.Commit[i]
			if s.Cards[id].Zone != ZoneLimbo {
				continue
			}
			if h := s.hook(id); h != nil && h.commitEnd != nil && s.inGame(tester) && h.commitEnd(s, t, id) {
				continue
			}
			s.toDiscard(id)
		}
		s.returnTokens()
		failed := t.Flags&tfSuccess == 0
		flags := t.Flags
		s.Tests = s.Tests[:len(s.Tests)-1]
		if failed && s.inGame(tester) {
			// "If you fail, after this skill test" (the reference card's symbols).
			for k, bit := range tfSym {
				if sym := s.symbol(TokSkull + int8(k)); flags&bit != 0 && sym.AfterFail != nil {
					sym.AfterFail(s, tester)
				}
			}
		}
		return s.cont(game.Done)
	}
}

// committer returns the seat committing at cursor c: the tester first, then
// the others in player order.
func (s *State) committer(t *SkillTest, c int) int {
	if c == 0 {
		return int(t.Tester)
	}
	k := 0
	for j := 0; j < int(s.N); j++ {
		seat := s.seatAt(j)
		if seat == int(t.Tester) {
			continue
		}
		k++
		if k == c {
			return seat
		}
	}
	return -1
}

// logTokenEffect tells what a revealed token did at ST.4 (LCG §6), so the
// narration can name a symbol's modifier: a plain number that counts as
// itself is told by its reveal alone.
func (s *State) logTokenEffect(seat int, tok int8, mod int, autoFail bool) {
	if !isSymbol(tok) && !autoFail && mod == int(tok) {
		return
	}
	af := int32(0)
	if autoFail {
		af = 1
	}
	s.log.Add(evTokenEffect, game.AgentID(seat), int32(tok), int32(mod), af)
}

// revealFor reveals a token for t and notes symbols.
func (s *State) revealFor(t *SkillTest) {
	tok := s.drawToken()
	if isSymbol(tok) && tok != TokElderSign {
		t.Flags |= tfSymbol
	}
	s.log.Add(evToken, game.AgentID(t.Tester), int32(tok), 0, 0)
}

// judge computes the totals and success (LCG §6 ST.5, ST.6, §3 Automatic
// Failure/Success).
func (s *State) judge(t *SkillTest) {
	total, diff := s.skillValue(t), s.difficulty(t)
	if t.Flags&tfAutoFail != 0 {
		total = 0
	}
	if t.Flags&tfAutoSuccess != 0 {
		diff = 0
	}
	t.Total, t.DiffVal = int8(total), int8(diff)
	t.Flags &^= tfSuccess
	if t.Flags&tfAutoFail == 0 && total >= diff {
		t.Flags |= tfSuccess
	}
}

// applyResults is LCG §6 ST.7 for each kind of test, then the committed
// cards' own effects, then Retaliate (after all results).
func (s *State) applyResults(t *SkillTest) {
	seat := int(t.Tester)
	ok := t.Flags&tfSuccess != 0
	margin := int(t.Total) - int(t.DiffVal)
	// Retaliate is pushed first so that it resolves after every other result.
	if t.Kind == tkFight && !ok && s.enemySlot(t.Target) >= 0 && s.isRetaliate(t.Target) && !s.Cards[t.Target].Exhausted {
		s.push(opAttack, seat, int32(t.Target), int32(seat), atkRetaliate, 0) // LCG §3 Retaliate
	}
	if !ok {
		// "If you fail" (the reference card's symbols, LCG §6 ST.7).
		for k, bit := range tfSym {
			if sym := s.symbol(TokSkull + int8(k)); t.Flags&bit != 0 && sym.Fail != nil {
				sym.Fail(s, seat)
			}
		}
	}
	if ok && t.Flags&tfAutoFail == 0 {
		s.commitEffects(t)
	}
	switch t.Kind {
	case tkInvestigate:
		// "After you investigate" (triggers.go): Obscuring Fog (forced), Dr.
		// Milan Christopher (ruling R-AUTO), Scavenging, "Look what I found!".
		// Pushed before the discovery so that it resolves after it.
		ev := event{Kind: tpAfterInvestigate, Seat: int8(seat), Loc: int8(t.Target), Subj: s.LocInst[t.Target], N: int32(margin)}
		if ok {
			ev.Flags |= evSuccess
		}
		if t.Flags&tfAutoFail != 0 {
			ev.Flags |= evAutoFail
		}
		s.emit(ev)
		s.investigateResult(t, ok)
	case tkFight:
		s.fightResult(t, ok)
	case tkEvade:
		if ok {
			s.evadeEnemy(t.Target, seat)
		}
		if h := s.hook(t.Src); h != nil && h.srcEvade != nil {
			h.srcEvade(s, t, ok)
		}
	case tkTreachery:
		s.treacheryResult(t, ok, margin)
	case tkParley:
		s.scen().ParleyResult(s, t, ok)
	case tkScenario:
		s.scen().TestResult(s, t, ok, margin)
	case tkFrozen, tkMedical:
		if h := s.hook(t.Src); h != nil && h.testResult != nil {
			h.testResult(s, t, ok, margin) // the card that started it (Frozen in Fear, Medical Texts)
		}
	}
	if ok && t.Token == TokElderSign && !s.invBlank(seat) {
		if h := hooksOf[s.Inv[seat].Def]; h != nil && h.elderSuccess != nil {
			h.elderSuccess(s, seat) // the investigator's elder sign effect
		}
	}
	// "After a skill test" (Rabbit's Foot after a failure; triggers.go).
	ev := event{Kind: tpAfterTest, Seat: int8(seat), Loc: s.Inv[seat].Loc, Subj: t.Src, N: int32(margin)}
	if ok {
		ev.Flags |= evSuccess
	}
	s.emit(ev)
}

// commitEffects resolves committed skill cards on a success.
func (s *State) commitEffects(t *SkillTest) {
	for i := 0; i < int(t.NCommit); i++ {
		if h := s.hook(t.Commit[i]); h != nil && h.committed != nil {
			h.committed(s, t, t.Commit[i])
		}
	}
}

// evadeEnemy is a successful evasion (LCG §3 Evade): the enemy exhausts and
// is placed unengaged at the location.
func (s *State) evadeEnemy(e int16, seat int) {
	if s.enemySlot(e) < 0 {
		return
	}
	s.Cards[e].Exhausted = true
	s.disengage(e)
	s.log.Add(evEvade, game.AgentID(seat), int32(e), 0, 0)
	if seat >= 0 && s.inGame(seat) {
		s.afterEvade(e, seat)
		if h := s.hook(e); h != nil && h.evaded != nil && !s.blank(e) {
			h.evaded(s, e, seat) // the enemy's "Forced – after it is evaded"
		}
	}
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
