package lcg

import "math/bits"

// Read-only views of rules quantities for agents (heuristic players, search
// evaluations). Each one answers from the same rules code the engine uses, so
// an agent never re-derives a rule; none of them changes the state.

// ShroudAt is location slot k's shroud with its modifiers (LCG §3 Shroud;
// Obscuring Fog +2), or 0 when no location is in that slot.
func (s *State) ShroudAt(k int) int {
	if k < 0 || k >= MaxLocations {
		return 0
	}
	return s.shroud(k)
}

// SkillOf is seat's skill value for skill (0 willpower, 1 intellect, 2 combat,
// 3 agility) with constant modifiers from cards in play, before commits and
// tokens (LCG §3 Modifiers).
func (s *State) SkillOf(seat, skill int) int {
	if seat < 0 || seat >= int(s.N) || skill < 0 || skill > int(skAgility) {
		return 0
	}
	return s.baseSkill(seat, int8(skill))
}

// SkillsOf is SkillOf for the four skills (willpower, intellect, combat,
// agility) at once: one pass over the cards in play instead of four, for
// the encoders, which write all four every decision.
func (s *State) SkillsOf(seat int) (v [4]int) {
	if seat < 0 || seat >= int(s.N) {
		return v
	}
	inv := &s.Inv[seat]
	d := def(inv.Def)
	for k := range v {
		v[k] = int(d.Skills[k]) + int(inv.PhaseBonus[k])
	}
	for _, id := range inv.Play {
		if h := hooksOf[s.Cards[id].Def]; h != nil {
			for k := range v {
				v[k] += int(h.skillBonus[k])
			}
		}
	}
	if !s.hookLive { // as cardSkillMods
		return v
	}
	for c := 0; c < int(s.N); c++ {
		for _, id := range s.Inv[c].Play {
			if h := hooksOf[s.Cards[id].Def]; h != nil && h.skillMod != nil {
				for k := range v {
					v[k] += h.skillMod(s, id, c, seat, int8(k))
				}
			}
		}
	}
	for _, id := range inv.Threat {
		if h := hooksOf[s.Cards[id].Def]; h != nil && h.skillMod != nil {
			for k := range v {
				v[k] += h.skillMod(s, id, seat, seat, int8(k))
			}
		}
	}
	return v
}

// TestStanding describes the innermost skill test in progress: its tester,
// the tested skill, the modified skill value so far (commits and boosts
// included, before the chaos token; LCG §6 ST.5) and the modified difficulty
// (ST.6). ok is false when no test is in progress.
func (s *State) TestStanding() (tester, skill, value, difficulty int, ok bool) {
	if len(s.Tests) == 0 {
		return 0, 0, 0, 0, false
	}
	t := s.test()
	return int(t.Tester), int(t.Skill), s.skillValue(t), s.difficulty(t), true
}

// TestKindOf names what created the innermost test: "investigate", "fight",
// "evade", "treachery", "parley", "frozen", "medical", or "" with no test.
func (s *State) TestKindOf() string {
	if len(s.Tests) == 0 {
		return ""
	}
	switch s.test().Kind {
	case tkInvestigate:
		return "investigate"
	case tkFight:
		return "fight"
	case tkEvade:
		return "evade"
	case tkTreachery:
		return "treachery"
	case tkParley:
		return "parley"
	case tkFrozen:
		return "frozen"
	case tkMedical:
		return "medical"
	case tkScenario:
		return "scenario"
	}
	return "other"
}

// DoomTotal totals the doom on the agenda and on cards in play (LCG §3 Doom),
// the figure LCG §5.2 1.3 compares with the threshold.
func (s *State) DoomTotal() int { return s.doomInPlay() }

// AgendaDoomThreshold is the current agenda's doom threshold (LCG §3 Act Deck
// and Agenda Deck).
func (s *State) AgendaDoomThreshold() int { return s.agendaThreshold() }

// ActClueThreshold is the clue threshold of the current act, per-investigator
// values multiplied out (LCG §3 Act Deck), or 0 when the act has none.
func (s *State) ActClueThreshold() int { return s.actClues() }

// ActCluesOnAct is the clues placed on the current act and the number its
// objective needs, for an act whose objective is clues on it (The Devourer
// Below's act 3a: 2 per investigator; StageDef.CluesOnAct); 0, 0 otherwise.
func (s *State) ActCluesOnAct() (placed, needed int) {
	st := &s.scen().Acts[s.Act]
	if st.CluesOnAct == nil {
		return 0, 0
	}
	return st.CluesOnAct(s), int(st.CluesOnActNeeded) * int(s.N)
}

// EnemyKeywords reports enemy instance e's Hunter, Retaliate, Aloof and
// Massive keywords as the rules read them now: printed (unless its text box
// is blank) or gained (LCG §3 Keywords, §3 Blank).
func (s *State) EnemyKeywords(e int16) (hunter, retaliate, aloof, massive bool) {
	return s.isHunter(e), s.isRetaliate(e), s.isAloof(e), s.isMassive(e)
}

// ActAbilityClues is what the current act's ⮕ ability costs the group in
// clues (StageDef.Ability; The Midnight Masks' act 1a), or 0.
func (s *State) ActAbilityClues() int {
	st := &s.scen().Acts[s.Act]
	if st.Ability == nil || st.AbilityOK != nil && !st.AbilityOK(s) {
		return 0
	}
	if st.AbilityOwnClues {
		return int(st.AbilityClues)
	}
	return int(st.AbilityClues) * int(s.N)
}

// EvadeDoublesNegative reports whether evading enemy instance e doubles each
// negative token modifier (Hunting Nightgaunt; cardHooks.evadeDoubleNeg).
func (s *State) EvadeDoublesNegative(e int16) bool {
	h := s.hook(e)
	return h != nil && h.evadeDoubleNeg && !s.blank(e)
}

// EvadeHasEffect reports whether evading enemy instance e does more than
// exhaust and disengage it (Ruth Turner goes to the victory display).
func (s *State) EvadeHasEffect(e int16) bool {
	h := s.hook(e)
	return h != nil && h.evaded != nil && !s.blank(e)
}

// AgendaCount is the number of agendas of the scenario.
func (s *State) AgendaCount() int { return len(s.scen().Agendas) }

// EnemyHealthOf is enemy instance e's printed health multiplied out (LCG §3
// Per Investigator).
func (s *State) EnemyHealthOf(e int16) int {
	if e < 0 || int(e) >= len(s.Cards) {
		return 0
	}
	return s.enemyHealth(e)
}

// EngagedWith reports whether enemy instance e is engaged with seat (LCG §3
// Enemy Engagement, Massive included).
func (s *State) EngagedWith(e int16, seat int) bool {
	if e < 0 || int(e) >= len(s.Cards) || seat < 0 || seat >= int(s.N) {
		return false
	}
	return s.engagedWith(e, seat)
}

// MayMove reports whether seat may move to location slot k now (LCG §3 Move).
func (s *State) MayMove(seat, k int) bool {
	if seat < 0 || seat >= int(s.N) || k < 0 || k >= MaxLocations {
		return false
	}
	return s.canMove(seat, k)
}

// MoveTargets is MayMove for every slot at once: bit k set where seat may
// move to location slot k now (LCG §3 Move), for the encoders, which read
// every slot each decision.
func (s *State) MoveTargets(seat int) uint16 {
	if seat < 0 || seat >= int(s.N) {
		return 0
	}
	from := int(s.Inv[seat].Loc)
	if !s.locInPlay(from) {
		return 0
	}
	var t uint16
	for c := s.Conn[from] &^ (1 << uint(from)); c != 0; c &= c - 1 {
		// connected(from, k) holds once k is in play: canMove's rule.
		if k := bits.TrailingZeros16(c); s.locInPlay(k) && !s.barred(k) {
			t |= 1 << uint(k)
		}
	}
	return t
}

// Shrouds is ShroudAt (LCG §3 Shroud) for the location slots of the set bits
// of slots at once (0 for the others), with one pass over the cards in play for the
// attachments' modifiers instead of one per slot.
func (s *State) Shrouds(slots uint16) (v [MaxLocations]int) {
	for c := slots; c != 0; c &= c - 1 {
		k := bits.TrailingZeros16(c)
		if id := s.LocInst[k]; id >= 0 {
			v[k] = int(s.card(id).Shroud)
		}
	}
	for _, a := range s.Board {
		h := s.hook(a)
		if h == nil || h.shroudMod == 0 {
			continue
		}
		for c := slots; c != 0; c &= c - 1 {
			if k := bits.TrailingZeros16(c); s.LocInst[k] >= 0 && s.Cards[a].Host == s.LocInst[k] {
				v[k] += int(h.shroudMod) // shroud's attachment modifier
			}
		}
	}
	return v
}

// LocationInPlay reports whether location slot k is in play.
func (s *State) LocationInPlay(k int) bool { return s.locInPlay(k) }

// LocationsInPlay is LocationInPlay of every slot at once: bit k is set when
// location slot k is in play.
func (s *State) LocationsInPlay() uint16 {
	var in uint16
	for k := range s.LocInst {
		if s.locInPlay(k) {
			in |= 1 << uint(k)
		}
	}
	return in
}

// Connects reports whether location slot a connects to slot b, both in play.
func (s *State) Connects(a, b int) bool {
	if a < 0 || a >= MaxLocations || b < 0 || b >= MaxLocations {
		return false
	}
	return s.connected(a, b)
}

// DifficultyLevel is the game's difficulty (Easy, Standard, Hard, Expert).
func (s *State) DifficultyLevel() uint8 { return s.cfg.difficulty }

// InGame reports whether seat is still in the scenario (not eliminated).
func (s *State) InGame(seat int) bool { return seat >= 0 && s.inGame(seat) }

// TokenEstimate is the modifier a chaos token would give seat's test now,
// without resolving it: numbers are their value; symbols follow the
// scenario's reference card for the difficulty (LCG §3 Chaos Tokens;
// SymbolDef.Estimate) and an elder sign counts +1. autoFail reports the automatic-failure token.
func (s *State) TokenEstimate(seat int, tok int8) (mod int, autoFail bool) {
	switch tok {
	case TokAutoFail:
		return 0, true
	case TokSkull, TokCultist, TokTablet, TokElderThing:
		if e := s.symbol(tok).Estimate; e != nil {
			return e(s, seat), false
		}
		return 0, false
	case TokElderSign:
		return 1, false
	}
	return int(tok), false
}

// AbilityView describes a ⮕ ability of an asset as an agent sees it: the
// test it makes and its modifiers (LCG §3 Activate).
type AbilityView struct {
	Skill       int  // skill tested (0 willpower … 3 agility)
	Mod         int  // skill modifier for the test
	Damage      int  // extra damage on a successful attack
	Shroud      int  // shroud modifier of an Investigate ability
	Investigate bool // an Investigate ability (Flashlight, Burglary)
	Heal        bool // a healing ability (First Aid)
	Resources   bool // it gains resources instead of clues (Burglary)
}

// AbilityOf describes ability a (0 or 1) of card instance id, if the card
// has such a ⮕ ability.
func (s *State) AbilityOf(id int16, a int) (AbilityView, bool) {
	if id < 0 || int(id) >= len(s.Cards) {
		return AbilityView{}, false
	}
	w, ok := weaponOf(s.Cards[id].Def, a)
	if !ok {
		return AbilityView{}, false
	}
	return AbilityView{Skill: int(w.skill), Mod: int(w.mod), Damage: int(w.dmg), Shroud: int(w.shroud),
		Investigate: w.invest, Heal: w.skipNone, Resources: hooksOf[s.Cards[id].Def] != nil && hooksOf[s.Cards[id].Def].resourcesNotClues}, true
}

// EnemyFight and EnemyEvade are enemy instance e's fight and evade with
// their modifiers (an agenda's, the enemy's own: LCG §3 Modifiers).
func (s *State) EnemyFight(e int16) int { return s.enemyFight(e) }

// EnemyEvade: see EnemyFight.
func (s *State) EnemyEvade(e int16) int { return s.enemyEvade(e) }
