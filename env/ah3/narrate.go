package ah3

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

var outcomeNames = [...]string{"", "won", "lost", "stopped at the round cap"}

func (s *State) seatName(seat int8) string {
	if seat < 0 || seat >= s.N {
		return "the investigators"
	}
	if inv := s.Seats[seat].Inv; inv >= 0 {
		return s.sc().Investigators[inv].Name
	}
	return fmt.Sprintf("seat %d", seat)
}

func (s *State) spaceName(sp int8) string {
	if sp < 0 || int(sp) >= len(s.sc().Spaces) {
		return "nowhere"
	}
	return s.sc().Spaces[sp].Name
}

func (s *State) monsterName(m int8) string {
	if m < 0 || m >= MaxMonsters || s.Monsters[m].Kind < 0 {
		return "a monster"
	}
	return s.g.kinds[s.Monsters[m].Kind].Name
}

// Render describes the board as everyone sees it (game.Narrator): the round
// and phase, the scenario sheet and codex, each neighborhood with its
// centre and spaces (doom, investigators, monsters), the streets, the
// Reserve and the mythos cup, then every investigator. Hidden things (deck
// orders, condition backs, unrevealed archive cards) are not shown.
func (s *State) Render(viewer game.AgentID) string {
	var b strings.Builder
	sc := s.sc()
	fmt.Fprintf(&b, "%s — round %d, %s phase", sc.Title, s.Round, s.Phase)
	if s.Outcome != OutcomeNone {
		fmt.Fprintf(&b, " — the investigators have %s", outcomeNames[s.Outcome])
	}
	fmt.Fprintf(&b, "\nScenario sheet: doom %d, clues %d. Unstable: %s.\n", s.SheetDoom, s.SheetClues, s.unstableNames())
	b.WriteString("Codex:\n")
	for i := 0; i < int(s.NCodex); i++ {
		a := &sc.Archive[s.Codex[i]]
		fmt.Fprintf(&b, "  [%d] %s — %s\n", a.Number, a.Name, a.Text)
	}
	if s.Rumor >= 0 {
		h := &sc.Headlines[s.Rumor]
		fmt.Fprintf(&b, "  Rumor: %s (%d markers) — %s\n", h.Name, s.Markers, h.Text)
	}
	for h, nb := range sc.Neighborhoods {
		fmt.Fprintf(&b, "%s: %d clue(s) in the centre", nb.Name, s.Clues[h])
		if s.Anomaly[h] {
			b.WriteString(", ANOMALY")
		}
		if a := s.Attached[h]; a >= 0 {
			fmt.Fprintf(&b, ", under its deck: archive card %d %s", sc.Archive[a].Number, sc.Archive[a].Name)
		}
		b.WriteString("\n")
		for _, sp := range nb.Spaces {
			s.renderSpace(&b, int8(sp))
		}
	}
	b.WriteString("Streets:\n")
	for i, sp := range sc.Spaces {
		if sp.Street != content.NotStreet {
			s.renderSpace(&b, int8(i))
		}
	}
	b.WriteString("Reserve:")
	for _, c := range s.Reserve {
		if c >= 0 {
			fmt.Fprintf(&b, " %s ($%d);", sc.Assets[c].Name, sc.Assets[c].Price)
		}
	}
	fmt.Fprintf(&b, "\nDecks: events %d (discard %d), monsters %d, headlines %d, items %d, spells %d, allies %d.\nMythos cup:", s.Event.N, s.EventDiscard.N, s.MonsterDeck.N, s.Headlines.N, s.Items.N, s.Spells.N, s.Allies.N)
	for k, n := range s.Cup {
		if n > 0 {
			fmt.Fprintf(&b, " %s ×%d;", tokenWords[k], n)
		}
	}
	b.WriteString("\n")
	for i := int8(0); i < s.N; i++ {
		s.renderSeat(&b, i, viewer)
	}
	return b.String()
}

func (s *State) unstableNames() string {
	var n []string
	for k := 0; s.unstable(k) >= 0; k++ {
		n = append(n, s.spaceName(s.unstable(k)))
	}
	return strings.Join(n, ", ")
}

func (s *State) renderSpace(b *strings.Builder, sp int8) {
	def := &s.sc().Spaces[sp]
	kind := ""
	if def.Street != content.NotStreet {
		kind = " (" + content.StreetTypeNames[def.Street] + ")"
	}
	fmt.Fprintf(b, "  %-16s%s", def.Name, kind)
	// The connections (AH3 476): where a step from here leads.
	b.WriteString(" ↔ ")
	for k, y := range def.Adjacent {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(s.spaceName(int8(y)))
	}
	b.WriteString(";")
	if s.SpaceMarkers[sp] > 0 {
		fmt.Fprintf(b, " markers %d", s.SpaceMarkers[sp])
	}
	if s.Doom[sp] > 0 {
		fmt.Fprintf(b, " doom %d", s.Doom[sp])
	}
	for i := int8(0); i < s.N; i++ {
		if s.Seats[i].Inv >= 0 && s.Seats[i].Space == sp {
			fmt.Fprintf(b, " [%s]", s.seatName(i))
		}
	}
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind < 0 || m.Space != sp {
			continue
		}
		st := [...]string{"ready", "exhausted", "engaged"}[m.Status]
		if m.Engaged != 0 {
			st = "engaged with"
			for seat := int8(0); seat < s.N; seat++ {
				if m.engagedWith(seat) {
					st += " " + s.seatName(seat)
				}
			}
		}
		fmt.Fprintf(b, " <#%d %s %d/%d %s>", i, s.g.kinds[m.Kind].Name, int(m.Health)-int(m.Damage), m.Health, st)
	}
	b.WriteString("\n")
}

func (s *State) renderSeat(b *strings.Builder, i int8, viewer game.AgentID) {
	st := &s.Seats[i]
	mark := ""
	if game.AgentID(i) == viewer {
		mark = " (you)"
	}
	if i == s.Lead {
		mark += " (lead)"
	}
	if st.Inv < 0 {
		fmt.Fprintf(b, "Seat %d%s: no investigator\n", i, mark)
		return
	}
	inv := &s.sc().Investigators[st.Inv]
	fmt.Fprintf(b, "%s%s at %s: health %d/%d, sanity %d/%d, $%d, clues %d, remnants %d", inv.Name, mark, s.spaceName(st.Space),
		inv.Health-int(st.Damage), inv.Health, inv.Sanity-int(st.Horror), inv.Sanity, st.Money, st.Clues, st.Remnants)
	b.WriteString(", skills")
	for k := 0; k < 5; k++ {
		fmt.Fprintf(b, " %s %d", skillNames[k][:3], inv.Skills[k]+int(st.Tokens[k]))
		if st.Tokens[k] > 0 {
			b.WriteString("*")
		}
	}
	if st.Delayed {
		b.WriteString(", DELAYED")
	}
	// AH3 420: the activation token is inactive from the action turn
	// until the encounter.
	switch {
	case st.Active || s.Phase == PhaseSetup || s.Phase == PhaseMythos:
	case s.Phase == PhaseAction:
		b.WriteString(", turn taken")
	default:
		b.WriteString(", encounter to come")
	}
	b.WriteString("\n   assets:")
	for k := 0; k < int(st.NAssets); k++ {
		a := &st.Assets[k]
		def := &s.sc().Assets[a.Card]
		name := def.Name
		if def.Kind == content.Condition {
			name = def.Condition // the card itself is face down (AH3 479.7)
		}
		fmt.Fprintf(b, " %s", name)
		if a.Damage > 0 || a.Horror > 0 {
			fmt.Fprintf(b, "(%d dmg, %d hor)", a.Damage, a.Horror)
		}
		b.WriteString(";")
	}
	b.WriteString("\n")
}

// Describe says what choosing option i of the current prompt does (game.Narrator).
func (s *State) Describe(i int) string {
	if i < 0 || i >= len(s.prompt.Options) {
		return "?"
	}
	o := s.prompt.Options[i]
	c := o.Code
	sc := s.sc()
	seat := int8(s.prompt.Actor)
	switch {
	case c == ActPass:
		switch s.prompt.Kind {
		case PromptAction:
			return "end the turn"
		case PromptReroll:
			return "accept the roll"
		case PromptRedirect:
			return "take it yourself"
		}
		return "done / decline"
	case c >= ActSeat && c < ActSeat+MaxSeats:
		if s.prompt.Kind == PromptReckonOrder {
			return "reckoning of " + s.seatName(int8(o.Arg)) + "'s cards"
		}
		return s.seatName(int8(o.Arg))
	case c == ActReckonSheet:
		return "reckoning of the scenario sheet"
	case c == ActReckonRumor:
		if s.Rumor >= 0 {
			return "reckoning of the rumor " + sc.Headlines[s.Rumor].Name
		}
	case c >= ActCodex && c < ActCodex+MaxCodex:
		if k := int(c - ActCodex); k < int(s.NCodex) {
			return fmt.Sprintf("reckoning of codex card %d %s", o.Arg, sc.Archive[s.Codex[k]].Name)
		}
	case c == ActMove:
		return "Move (up to 2 spaces, then up to 2 more for $1 each)" // AH3 416.2
	case c >= ActMove && c <= ActEvade:
		return standardActions[c-ActMove]
	case c == ActRecover:
		return "stand up (delayed)"
	case c >= ActAbility && c < ActAbility+MaxAbilities:
		if st := &s.Seats[seat]; seat >= 0 && st.Inv >= 0 {
			return "action: " + sc.Investigators[st.Inv].Abilities[o.Arg].Name
		}
	case c >= ActAssetAction && c < ActAssetAction+MaxAssets, c >= ActAsset && c < ActAsset+MaxAssets:
		if st := &s.Seats[seat]; seat >= 0 && int(o.Arg) < int(st.NAssets) {
			return "asset: " + sc.Assets[st.Assets[o.Arg].Card].Name
		}
	case c >= ActSkill && c < ActSkill+5:
		return skillNames[c-ActSkill]
	case c >= ActSpace && c < ActSpace+MaxSpaces:
		if s.prompt.Kind == PromptDoomOrder {
			return "doom in " + s.spaceName(int8(o.Arg))
		}
		if s.prompt.Kind == PromptMove && s.moveStepCosts() {
			return "to " + s.spaceName(int8(o.Arg)) + StepCostNote
		}
		return "to " + s.spaceName(int8(o.Arg))
	case c >= ActMonster && c < ActMonster+MaxMonsters:
		return fmt.Sprintf("#%d %s", o.Arg, s.monsterName(int8(o.Arg)))
	case c >= ActOption && c < ActOption+MaxOptions:
		if s.prompt.Kind == PromptStarting {
			return sc.Assets[o.Arg].Name
		}
		if s.prompt.Kind == PromptEncounterType {
			return [2]string{"the anomaly encounter", "the neighborhood encounter"}[o.Arg&1]
		}
		if s.prompt.Kind == PromptChoice && s.prompt.Source >= 0 {
			e := &sc.Program.Effects[s.prompt.Source]
			return sc.Program.Options(e)[o.Arg].Label
		}
	case c >= ActReserve && c < ActReserve+ReserveSize:
		if r := s.Reserve[o.Arg]; r >= 0 {
			return fmt.Sprintf("%s ($%d)", sc.Assets[r].Name, sc.Assets[r].Price)
		}
	case c >= ActInvestigator && c < ActInvestigator+MaxInvestigator:
		return sc.Investigators[o.Arg].Name
	case c >= ActTheirAsset && c < ActTheirAsset+MaxAssets:
		return "take their asset " + fmt.Sprint(o.Arg)
	}
	return s.g.info.ActionNames[c]
}

// numberedCardText answers "card #N" (or "card N"): the card of the monster
// the board shows as <#N ...>, with its state there. ok is false when q is
// not a number.
func (s *State) numberedCardText(q string) (text string, ok bool, err error) {
	n, err := strconv.Atoi(strings.TrimPrefix(q, "#"))
	if err != nil {
		return "", false, nil
	}
	if n < 0 || n >= MaxMonsters || s.Monsters[n].Kind < 0 {
		return "", true, fmt.Errorf("card #%d: no monster on the board has that number (the board shows monsters as <#N name>)", n)
	}
	m := &s.Monsters[n]
	k := &s.g.kinds[m.Kind]
	st := [...]string{"ready", "exhausted", "engaged"}[m.Status]
	text = fmt.Sprintf("#%d %s (monster, %s): health %d of %d left, attack %+d, evade %+d, deals %d damage and %d horror, speed %d; at %s, %s.\n  %s\n",
		n, k.Name, k.Type, int(m.Health)-int(m.Damage), m.Health, k.Attack, k.Evade, k.Damage, k.Horror, k.Speed, s.spaceName(m.Space), st, k.Text)
	return text, true, nil
}

// tokenWords name the mythos tokens in words (content.TokenNames spells
// them as the content files do).
var tokenWords = [content.NumTokens]string{"spread doom", "spawn monster", "spawn clue", "headline", "gate burst", "reckoning", "blank"}

// StepCostNote ends the text of a Move step that costs $1 (AH3 416.2);
// scripts may name the option without it.
const StepCostNote = " (this step costs $1)"

// moveStepCosts reports whether the next step of the Move action in
// progress costs $1: the third and fourth steps do (AH3 416.2, Appendix E
// #9).
func (s *State) moveStepCosts() bool {
	f := s.stack.Top()
	return f != nil && f.Op == opMove && f.A >= 2
}

// Narrate says what an event means (game.Narrator).
func (s *State) Narrate(e game.Event) string {
	who := s.seatName(int8(e.Who))
	sc := s.sc()
	switch e.Kind {
	case EvRound:
		return fmt.Sprintf("— Round %d —", e.A)
	case EvPhase:
		return fmt.Sprintf("%s phase", Phase(e.A))
	case EvTurn:
		return who + " takes a turn"
	case EvAction:
		c := game.ActionCode(e.A)
		if e.Who >= 0 && s.Seats[e.Who].Inv >= 0 {
			st := &s.Seats[e.Who]
			switch {
			case c >= ActAbility && c < ActAbility+MaxAbilities:
				return who + ": " + sc.Investigators[st.Inv].Abilities[c-ActAbility].Name
			case c >= ActAssetAction && c < ActAssetAction+MaxAssets && int(c-ActAssetAction) < int(st.NAssets):
				return who + ": " + sc.Assets[st.Assets[c-ActAssetAction].Card].Name
			}
		}
		return who + ": " + s.g.info.ActionNames[e.A]
	case EvMove:
		return fmt.Sprintf("%s moves to %s", who, s.spaceName(int8(e.A)))
	case EvTest:
		return fmt.Sprintf("%s tests %s with %s: %s", who, skillNames[e.A], plural(int(e.C), "die", "dice"), plural(int(e.B), "success", "successes"))
	case EvRoll:
		return fmt.Sprintf("%s rolls a %d", who, e.A)
	case EvHarm:
		return fmt.Sprintf("%s takes %d damage and %d horror", who, e.A, e.B)
	case EvDefeat:
		return fmt.Sprintf("%s is %s", sc.Investigators[e.A].Name, [...]string{"", "", "defeated", "devoured", "retired"}[e.B])
	case EvEnter:
		return fmt.Sprintf("%s enters play", sc.Investigators[e.A].Name)
	case EvDoom:
		return fmt.Sprintf("doom in %s is now %d", s.spaceName(int8(e.A)), e.B)
	case EvSheetDoom:
		return fmt.Sprintf("%d doom on the scenario sheet (now %d)", e.B, e.A)
	case EvSurge:
		return "a surge bursts from " + s.spaceName(int8(e.A))
	case EvAnomaly:
		if e.B == 1 {
			return "an anomaly opens in " + sc.Neighborhoods[e.A].Name
		}
		return "the anomaly in " + sc.Neighborhoods[e.A].Name + " closes"
	case EvClue:
		return fmt.Sprintf("a clue appears in %s", sc.Neighborhoods[e.A].Name)
	case EvGainClue:
		return fmt.Sprintf("%s gains the clue of %s", who, sc.Neighborhoods[e.A].Name)
	case EvResearch:
		if e.Who < 0 { // a curriculum start (start.go)
			return fmt.Sprintf("the game starts with %d clue(s) on the scenario sheet", e.A)
		}
		return fmt.Sprintf("%s researches %d clue(s); the sheet holds %d", who, e.A, e.B)
	case EvSpawn:
		return fmt.Sprintf("%s spawns in %s", s.g.kinds[e.A].Name, s.spaceName(int8(e.B)))
	case EvMonsterMove:
		return fmt.Sprintf("%s moves to %s", s.monsterName(int8(e.A)), s.spaceName(int8(e.B)))
	case EvEngage:
		return fmt.Sprintf("%s engages %s", s.monsterName(int8(e.A)), who)
	case EvLead:
		return who + " takes the lead investigator token"
	case EvAttach:
		hood := s.sc().Neighborhoods[e.B].Name
		if e.C == 0 {
			return fmt.Sprintf("archive card %d is tucked under the %s deck", e.A, hood)
		}
		return fmt.Sprintf("archive card %d under the %s deck triggers for %s", e.A, hood, who)
	case EvMarker:
		return fmt.Sprintf("%s now holds %d marker(s)", s.spaceName(int8(e.A)), e.B)
	case EvAttack:
		return fmt.Sprintf("%s attacks %s (%d damage, %d horror)", s.monsterName(int8(e.A)), who, e.B, e.C)
	case EvMonsterDefeat:
		return s.g.kinds[e.A].Name + " is defeated"
	case EvMythos:
		return fmt.Sprintf("%s draws a %s token from the mythos cup", who, tokenWords[e.A])
	case EvHeadline:
		return fmt.Sprintf("headline: %s — %s", sc.Headlines[e.A].Name, sc.Headlines[e.A].Text)
	case EvSpread:
		return "doom spreads: " + sc.Encounters[e.A].Name
	case EvGateBurst:
		return "a gate bursts in " + sc.Neighborhoods[e.A].Name
	case EvCodex:
		return fmt.Sprintf("archive card %d joins the codex", e.A)
	case EvCodexFire:
		return fmt.Sprintf("archive card %d resolves", e.A)
	case EvEncounter:
		enc := &sc.Encounters[e.A]
		return fmt.Sprintf("%s encounters %s: %s", who, enc.Name, enc.Texts[e.B])
	case EvGain:
		return fmt.Sprintf("%s gains %s", who, sc.Assets[e.A].Name)
	case EvDiscard:
		return fmt.Sprintf("%s discards %s", who, sc.Assets[e.A].Name)
	case EvImprove:
		return fmt.Sprintf("%s improves %s", who, skillNames[e.A])
	case EvDelayed:
		return who + " is delayed"
	case EvFlip:
		return fmt.Sprintf("%s flips %s: %s", who, sc.Assets[e.A].Name, sc.Assets[e.A].BackText)
	case EvMoney:
		return s.narrateMoney(who, e.A, e.B, e.C)
	case EvDice:
		return s.narrateDice(who, e.A, e.B, e.C)
	case EvEnd:
		return "the investigators have " + outcomeNames[e.A]
	}
	return fmt.Sprintf("event %d", e.Kind)
}

// promptQuestions ask the question of each prompt kind in words, for the
// prompt lines of mythos play and the decisions of mythos replay.
var promptQuestions = [NumPromptKinds]string{
	PromptWho:           "which investigator takes the next turn?",
	PromptAction:        "which action next, or end the turn?",
	PromptMove:          "where is the next step of the move, or stop?",
	PromptSkill:         "which skill is improved, or which token discarded?",
	PromptTarget:        "which monster is attacked or damaged?",
	PromptReroll:        "influence the dice, or accept the result?",
	PromptRedirect:      "which asset takes the damage or horror?",
	PromptChoice:        "the encounter offers a choice: which?",
	PromptGain:          "gain which card: from the Reserve or the top of the deck?",
	PromptPurchase:      "buy from (or discard from) the Reserve?",
	PromptTrade:         "trade: give or take what?",
	PromptEvade:         "evade which monster?",
	PromptDoom:          "on which space does the doom from the street go?",
	PromptMonsterOrder:  "which monster activates next?",
	PromptEngage:        "whom does the monster engage?",
	PromptInvestigator:  "which new investigator joins?",
	PromptStarting:      "which starting item?",
	PromptRetire:        "retire the investigator?",
	PromptCast:          "spend remnants against casting horror?",
	PromptExchange:      "A Friend in Need: what is exchanged?",
	PromptRepeat:        "which action is performed again?",
	PromptAttackOrder:   "which engaged monster attacks next?",
	PromptDoomOrder:     "which space takes the next doom?",
	PromptReckonOrder:   "which reckoning effect resolves next?",
	PromptGear:          "which asset is used in the test?",
	PromptEncounterType: "which encounter does the investigator have?",
}

// Question asks the current prompt's question in words (a front end prints
// it above the options; a replay beside each answer).
func (s *State) Question() string {
	if f := s.stack.Top(); s.prompt.Kind == PromptAction && f != nil && f.Op == opTurn {
		// AH3 201.1: two actions a turn.
		left := 2 - int(s.Seats[s.prompt.Actor].Taken)
		return fmt.Sprintf("which action next (%d of 2 left), or end the turn?", left)
	}
	if s.prompt.Kind == PromptReroll {
		// AH3 470.4: the player sees the dice before influencing them.
		a, b := s.packDice()
		return fmt.Sprintf("the %s dice show %s (%s): influence them, or accept the result?",
			skillNames[s.TestSkill], diceFaces(a, b, int32(s.NDice)), plural(int(s.successes()), "success", "successes"))
	}
	if s.prompt.Kind == PromptMove && s.prompt.Source >= 0 {
		// A monster's path when several are equally short (AH3 004).
		return fmt.Sprintf("which way does #%d %s move next?", s.prompt.Source, s.monsterName(int8(s.prompt.Source)))
	}
	if k := int(s.prompt.Kind); k > 0 && k < len(promptQuestions) && promptQuestions[k] != "" {
		return promptQuestions[k]
	}
	if k := int(s.prompt.Kind); k < len(promptNames) {
		return promptNames[k]
	}
	return "?"
}
