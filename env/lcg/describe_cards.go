package lcg

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/game"
)

// describeExt describes the options of the prompts opened by card_effects.go,
// reactions.go, team.go and the action codes ActPlayDiscard and
// ActParleyEnemy; ok is false for the options Describe words itself.
func (s *State) describeExt(o game.Option) (string, bool) {
	c := o.Code
	switch {
	case c == ActPlayDiscard:
		return fmt.Sprintf("Play %s from your discard pile (Wendy's Amulet, %s)", s.name(int16(o.Arg)), plural(s.cost(int16(o.Arg)), "resource")), true
	case c >= ActParleyEnemy && c < ActParleyEnemy+MaxEnemies:
		if h := s.hook(int16(o.Arg)); h != nil && h.parleyText != "" {
			return fmt.Sprintf("Parley with %s: %s", s.name(int16(o.Arg)), h.parleyText), true
		}
		return fmt.Sprintf("Parley with %s: spend 4 resources to discard it", s.name(int16(o.Arg))), true
	}
	if s.prompt.Kind == PkAction {
		switch {
		case c == ActAdvanceAct && o.Arg2 == 1:
			return "Act: " + s.scen().Acts[s.Act].AbilityText, true
		case c == ActResign && s.scen().Agendas[s.Agenda].Resign:
			return "Resign (the agenda's ⮕ Resign: leave with what you have learned)", true
		case c >= ActLocation && c < ActChoose:
			if a := s.locDef(int(o.Arg)).Ability; a != nil {
				return "Use " + a.Text, true
			}
		case c >= ActChoose && c < ActChoose+MaxChoice:
			if h := s.hook(int16(o.Arg)); h != nil && h.boardText != nil {
				return h.boardText(int(o.Arg2)), true
			}
		}
	}
	f := s.stack.Top()
	if f == nil {
		return "", false
	}
	if f.Op == opHunters && c >= ActLocation && c < ActChoose {
		return fmt.Sprintf("%s moves toward %s", s.name(int16(f.Src)), s.theLoc(int(o.Arg))), true
	}
	if f.Op == opHunters && c >= ActEnemy && c < ActLocation {
		return fmt.Sprintf("%s moves next", s.name(int16(o.Arg))), true
	}
	if f.Op == opTest && f.Step == 0 && s.prompt.Kind == PkChoice && c >= ActChoose {
		if c == ActChoose+1 {
			return "Test intellect in place of " + skillNames[s.test().Skill] + " (Mind over Matter)", true
		}
		return "Test " + skillNames[o.Arg], true
	}
	if f.Op == opTest && f.Step == 8 && c >= ActChoose {
		return fmt.Sprintf("Resolve the %s token", TokenName(int8(o.Arg))), true
	}
	if f.Op == opTrigger {
		ev := &s.Events[f.A]
		switch {
		case s.prompt.Kind == PkOrder:
			return fmt.Sprintf("Resolve %s first", forcedName(o.Arg)), true
		case ev.Kind == tpWhenDiscover && c >= ActThreat && c < ActThreat+MaxThreat:
			return fmt.Sprintf("Discard %s from Cover Up instead of discovering them", plural(int(ev.N), "clue")), true
		}
		return "", false
	}
	if f.Op == opEffect && f.A == effAquinnah {
		return fmt.Sprintf("Aquinnah: %s takes the attack's damage", s.name(int16(o.Arg))), true
	}
	if f.Op != opEffect || f.A < effExt {
		return "", false
	}
	seat := int(o.Arg)
	switch f.A {
	case effPreyTie:
		return fmt.Sprintf("%s engages %s", s.name(int16(f.Src)), s.seatName(seat)), true
	case effSpawnChoice:
		if c >= ActLocation && c < ActChoose {
			return fmt.Sprintf("%s spawns at %s", s.name(int16(f.Src)), s.theLoc(seat)), true
		}
		return fmt.Sprintf("%s spawns engaged with %s", s.name(int16(f.Src)), s.seatName(seat)), true
	case effPayClues:
		return fmt.Sprintf("%s spends 1 clue", s.seatName(seat)), true
	case effChooseLead:
		return fmt.Sprintf("%s becomes the lead investigator", s.seatName(seat)), true
	case effEncyclopedia:
		return fmt.Sprintf("%s gets +2 %s until the end of the phase", s.seatName(seat), skillNames[o.Arg2]), true
	case effScrying:
		if f.Step == 0 {
			if o.Arg < 0 {
				return "Look at the top 3 cards of the encounter deck", true
			}
			return fmt.Sprintf("Look at the top 3 cards of %s's deck", s.seatName(seat)), true
		}
		return fmt.Sprintf("Put %s next from the top", s.name(int16(o.Arg2))), true
	case effSurvivalInstinct, effCatBurglar:
		switch {
		case c == ActPass:
			return "Stay engaged and where you are", true
		case c == ActChoose:
			return "Disengage from each other enemy and stay", true
		case c == ActChoose+1:
			return "Stay engaged and move (the enemies come along)", true
		case c >= ActLocation && c < ActChoose && f.B == 1:
			return fmt.Sprintf("Move to the %s", s.locName(seat)), true
		case c >= ActLocation && c < ActChoose:
			return fmt.Sprintf("Disengage and move to %s", s.theLoc(seat)), true
		}
	case effElusive:
		return fmt.Sprintf("Move to %s", s.theLoc(seat)), true
	case effOldBook, effMedical, effCrypticResearch:
		if c >= ActSeat && c < ActEnemy {
			return fmt.Sprintf("Choose %s", s.seatName(seat)), true
		}
	}
	if c >= ActSeat && c < ActEnemy {
		return fmt.Sprintf("Choose %s", s.seatName(seat)), true
	}
	return "", false
}
