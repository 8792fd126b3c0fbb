package agents

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The heuristic LCG player's answers to the prompts other than actions —
// commits (LCG §6 ST.2), choices, targets — its readiness for act 3, and the
// evaluation of unfinished games that search uses at a cut-off.

// readyForPriest reports whether the seat is fit to face the Ghoul Priest
// (act 2b spawns it in the Hallway, engaged): a weapon in play or combat
// icons in hand, health and sanity to take a hit or two, or no time left to
// wait (the last agenda's doom clock).
func (v *lcgView) readyForPriest() bool {
	s := v.s
	if v.finalAgend && v.slack <= 4 || s.Agenda == 1 && v.slack <= 1 {
		return true
	}
	if v.hpLeft < 5 || v.sanLeft < 4 {
		return false
	}
	inv := &s.Inv[v.seat]
	power := s.SkillOf(v.seat, skCombat)
	best := 0
	for _, id := range inv.Play {
		for a := 0; a < 2; a++ {
			if ab, ok := s.AbilityOf(id, a); ok && !ab.Investigate && !ab.Heal && ab.Skill == skCombat {
				best = max(best, ab.Mod+ab.Damage)
			}
		}
	}
	icons := 0
	for _, id := range inv.Hand {
		c := cardOf(s, id)
		icons += int(c.Icons[skCombat]) + int(c.Icons[skWild])
	}
	return power+best+icons >= 7
}

// testImportance weighs how much the current test matters.
func (v *lcgView) testImportance(kind string) float64 {
	switch kind {
	case "investigate":
		if v.needClues > 0 {
			return 1
		}
		return 0.1
	case "fight":
		return 1
	case "evade":
		return 0.8
	case "treachery":
		return 1.1
	case "parley":
		return 0.5
	}
	return 0.7
}

// commitScore values committing a card (or a boost) to the test in progress
// (LCG §6 ST.2).
func (v *lcgView) commitScore(o game.Option) float64 {
	s := v.s
	c := o.Code
	if c == lcg.ActEndTurn || c == lcg.ActPass {
		return 0
	}
	tester, skill, value, diff, ok := s.TestStanding()
	if !ok {
		return -1
	}
	kind := s.TestKindOf()
	imp := v.testImportance(kind) * 100
	now := pSuccess(s, tester, value, diff)
	if c >= lcg.ActCommit && c < lcg.ActCommit+lcg.MaxHand {
		card := cardOf(s, int16(o.Arg))
		gain := int(card.Icons[skill]) + int(card.Icons[skWild])
		next := pSuccess(s, tester, value+gain, diff)
		cost := 6.0
		switch card.Type {
		case cards.Asset:
			cost = 18 + 2*float64(max(0, int(card.Cost)))
			if weaponOrAlly(card) {
				cost += 12
			}
		case cards.Event:
			cost = 12 + 2*float64(max(0, int(card.Cost)))
		}
		bonus := 0.0
		switch card.Name {
		case "Deduction":
			if kind == "investigate" && v.needClues > 1 {
				bonus = 0.5 * next * v.clueValue()
			}
		case "Vicious Blow":
			if kind == "fight" {
				bonus = 12 * next
			}
		case "Guts", "Perception", "Overpower", "Manual Dexterity":
			bonus = 3 * next
		}
		return imp*(next-now) + bonus - cost
	}
	if c >= lcg.ActAbility && c < lcg.ActAbility+2*lcg.MaxPlay {
		next := pSuccess(s, tester, value+1, diff)
		return imp*(next-now) - 7
	}
	return -1
}

// choiceScore values an option of a "choose" prompt.
func (v *lcgView) choiceScore(source int32, o game.Option) float64 {
	s := v.s
	c := o.Code
	switch {
	case c == lcg.ActAdvanceAct:
		if s.Act == 1 && !v.readyForPriest() {
			return -1 // act 2b brings the Ghoul Priest: get ready first
		}
		return 100 // act 2a's objective at the end of the round
	case c == lcg.ActPass:
		return 0
	case c < lcg.ActChoose || c >= lcg.ActChoose+lcg.MaxChoice:
		return 1
	}
	k := int(c - lcg.ActChoose)
	inv := &s.Inv[v.seat]
	arg := int16(o.Arg)
	if arg >= 0 && int(arg) < len(s.Cards) && source >= 0 {
		switch s.Cards[arg].Zone {
		case lcg.ZoneHand: // Amnesia: the card to keep
			return cardKeepValue(s, arg)
		case lcg.ZonePlay: // Crypt Chill, slots: the asset to discard
			return -cardKeepValue(s, arg)
		}
	}
	if source >= 0 && int(source) < len(s.Cards) && cardOf(s, int16(source)).Name == "First Aid" {
		// Heal damage (0) or horror (1): the scarcer one.
		if (k == 0) == (v.hpLeft <= v.sanLeft) {
			return 1
		}
		return 0
	}
	if s.Agenda == 0 && source < 0 && k <= 1 {
		// Agenda 1b: each investigator discards a random card (0), or the
		// lead takes 2 horror (1).
		if k == 1 {
			if v.sanLeft > 6 || len(inv.Hand) == 0 {
				return 0.5
			}
			return -1
		}
		return 0
	}
	return -float64(k) * 0.01
}

// targetScore values a target option (enemy, location, investigator).
func (v *lcgView) targetScore(o game.Option) float64 {
	s := v.s
	c := o.Code
	switch {
	case c >= lcg.ActEnemy && c < lcg.ActEnemy+lcg.MaxEnemies:
		return v.enemyTargetValue(int16(o.Arg))
	case c >= lcg.ActLocation && c < lcg.ActLocation+lcg.MaxLocations:
		// Dynamite Blast and the like: enemies hit, investigators spared.
		k := int(o.Arg)
		val := 10 * float64(enemiesAt(s, k))
		for i := 0; i < int(s.N); i++ {
			if s.InGame(i) && int(s.Inv[i].Loc) == k {
				val -= 12
			}
		}
		return val
	case c >= lcg.ActSeat && c < lcg.ActSeat+lcg.MaxInvestigators:
		if int(o.Arg) == v.seat {
			return 1
		}
	}
	return 0
}

// evaluateLCG estimates the final score (−1 … +1) of an unfinished game from
// the scenario's progress (act stage and clues, the Ghoul Priest's wounds),
// the investigators' health and sanity, and the doom left on the clock.
func evaluateLCG(s *lcg.State) float64 {
	seat := -1
	for i := 0; i < int(s.N); i++ {
		if s.InGame(i) {
			seat = i
			break
		}
	}
	if seat < 0 {
		return -1
	}
	v := newLCGView(s, seat)
	progress := float64(s.Act) / 3
	switch {
	case s.Act < 2:
		if need := s.ActClueThreshold(); need > 0 {
			progress += float64(need-v.needClues) / float64(need) / 3 * 0.8
		}
	case v.priest >= 0:
		progress += float64(int(s.Cards[v.priest].Damage)) / float64(max(1, s.EnemyHealthOf(v.priest))) / 3 * 0.9
	}
	surv, n := 0.0, 0
	for i := 0; i < int(s.N); i++ {
		if !s.InGame(i) {
			continue
		}
		ic := seatCard(s, i)
		hp := float64(int(ic.Health)-int(s.Inv[i].Damage)) / float64(max(1, int(ic.Health)))
		sn := float64(int(ic.Sanity)-int(s.Inv[i].Horror)) / float64(max(1, int(ic.Sanity)))
		surv += min(hp, sn)
		n++
	}
	surv /= float64(n)
	doom, threshold := s.DoomTotal(), s.AgendaDoomThreshold()
	clock := float64(2-int(s.Agenda))/3 + float64(max(0, threshold-doom))/float64(max(1, threshold))/3
	return -1 + 2*(0.6*progress+0.25*surv+0.15*clock)
}
