package lcg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
)

// name returns a card instance's title.
func (s *State) name(id int16) string {
	if id < 0 || int(id) >= len(s.Cards) {
		return "?"
	}
	return s.card(id).Name
}

// locName names location slot k; when another location in play shows the
// same name (four face-down Arkham Woods), its place on the table tells
// them apart ("Arkham Woods (place 3)"), or a revealed one's card number.
func (s *State) locName(k int) string {
	if k < 0 || k >= MaxLocations || s.LocInst[k] < 0 {
		return "?"
	}
	n := s.locLabel(k)
	for j := 0; j < MaxLocations; j++ {
		if j != k && s.LocInst[j] >= 0 && s.locInPlay(j) && s.locLabel(j) == n {
			if !s.Cards[s.LocInst[k]].Revealed {
				// Face-down twins (the Arkham Woods) are told apart by their
				// place on the table: the card behind one is hidden, and its
				// instance number would name it (Determinize re-deals them).
				return fmt.Sprintf("%s (place %d)", n, k+1)
			}
			return fmt.Sprintf("%s #%d", n, s.LocInst[k])
		}
	}
	return n
}

// locLabel is the name location slot k shows: its card's name, with the
// version of a revealed one.
func (s *State) locLabel(k int) string {
	id := s.LocInst[k]
	if d := s.card(id); d.Subname != "" && s.Cards[id].Revealed {
		return d.Name + " (" + d.Subname + ")" // a revealed version: Arkham Woods (Quiet Glade)
	}
	return s.name(id)
}

// properPlaces are the location names that are proper names: they take no
// article ("Move to Rivertown", "Your House is revealed"), where the rooms of
// a house and the like do ("Move to the Study").
var properPlaces = map[string]bool{
	"Arkham Woods": true, "Downtown": true, "Easttown": true, "Miskatonic University": true, "Northside": true,
	"Rivertown": true, "Southside": true, "St. Mary's Hospital": true, "Your House": true,
}

// theLoc names location slot k in a sentence: "the Study", "Rivertown".
func (s *State) theLoc(k int) string {
	if k >= 0 && k < MaxLocations && s.LocInst[k] >= 0 && properPlaces[s.card(s.LocInst[k]).Name] {
		return s.locName(k)
	}
	return "the " + s.locName(k)
}

// theLocStart is theLoc at the start of a sentence: "The Study", "Your House".
func (s *State) theLocStart(k int) string {
	n := s.theLoc(k)
	return strings.ToUpper(n[:1]) + n[1:]
}

// seatName names an investigator.
func (s *State) seatName(i int) string {
	if i < 0 || i >= int(s.N) {
		return "the game"
	}
	return def(s.Inv[i].Def).Name
}

// Render implements game.Narrator: the board as viewer sees it. Each card
// shown carries its number (#N: its instance, the same all game), which
// `mythos play`'s card command takes; lines fit 100 columns (lists wrap).
func (s *State) Render(viewer game.AgentID) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Round %d, %s phase. Lead: %s.\n", s.Round, s.Phase, s.seatName(int(s.Lead)))
	if s.over {
		fmt.Fprintf(&b, "The game is over: %s (score %+.2g).\n", s.resolution(s.Resolution).Name, s.Score())
		for _, k := range s.Campaign.Entries() {
			fmt.Fprintf(&b, "Campaign log: %s.\n", k)
		}
	}
	ag, ac := def(s.AgendaCard()), def(s.ActCard())
	fmt.Fprintf(&b, "Agenda %d: %s — doom %d/%d.\n", s.Agenda+1, ag.Name, s.doomInPlay(), s.agendaThreshold())
	if n := s.actClues(); n > 0 {
		fmt.Fprintf(&b, "Act %d: %s — spend %s as a group (group has %d).\n", s.Act+1, ac.Name, plural(n, "clue"), s.groupClues())
	} else {
		fmt.Fprintf(&b, "Act %d: %s — objective: %s.\n", s.Act+1, ac.Name, s.scen().Acts[min(int(s.Act), len(s.scen().Acts)-1)].Objective)
	}
	b.WriteString("Locations:\n")
	for k := 0; k < MaxLocations; k++ {
		if !s.locInPlay(k) {
			continue
		}
		id := s.LocInst[k]
		c := &s.Cards[id]
		var parts []string
		head := "  " + s.numbered(id)
		if c.Revealed {
			head += fmt.Sprintf(" (shroud %d, %s)", s.shroud(k), plural(int(c.Clues), "clue"))
		} else {
			head += " (unrevealed)"
		}
		parts = append(parts, head)
		var conn []string
		for j := 0; j < MaxLocations; j++ {
			if s.connected(k, j) {
				conn = append(conn, s.locName(j))
			}
		}
		if len(conn) > 0 {
			parts = append(parts, "→ "+strings.Join(conn, ", "))
		}
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) && int(s.Inv[i].Loc) == k {
				parts = append(parts, "["+s.seatName(i)+"]")
			}
		}
		for _, a := range s.Board {
			if s.Cards[a].Host == id || (s.Cards[a].Host < 0 && s.card(a).Type == typeAsset && int(s.Cards[a].Loc) == k) {
				parts = append(parts, "{"+s.numbered(a)+"}")
			}
		}
		wrapList(&b, "", parts, " ", "      ")
	}
	b.WriteString("Enemies:\n")
	for _, e := range s.Enemies {
		if e < 0 {
			continue
		}
		d := s.card(e)
		c := &s.Cards[e]
		parts := []string{
			fmt.Sprintf("  %s at %s: fight %d, health %d/%d, evade %d", s.numbered(e), s.theLoc(int(c.Loc)),
				s.enemyFight(e), s.enemyHealth(e)-int(c.Damage), s.enemyHealth(e), s.enemyEvade(e)),
			fmt.Sprintf("attacks for %d damage, %d horror", d.Damage, d.Horror),
		}
		if c.Zone == ZoneThreat {
			parts = append(parts, "engaged with "+s.seatName(int(c.Ctrl)))
		}
		if st := s.enemyStatus(e); len(st) > 0 {
			parts = append(parts, strings.Join(st, ", "))
		}
		wrapList(&b, "", parts, "; ", "      ")
	}
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		d := def(v.Def)
		status := ""
		if v.Out != OutNone {
			status = " (eliminated)"
		}
		fmt.Fprintf(&b, "%s%s at %s: willpower %d, intellect %d, combat %d, agility %d\n",
			s.numbered(v.Card), status, s.theLoc(int(v.Loc)), s.baseSkill(i, 0), s.baseSkill(i, 1), s.baseSkill(i, 2), s.baseSkill(i, 3))
		fmt.Fprintf(&b, "    %s, %s, damage %d/%d, horror %d/%d", plural(int(v.Resources), "resource"), plural(int(v.Clues), "clue"),
			v.Damage, d.Health, v.Horror, d.Sanity)
		// Actions are counted only on the investigator's own turn (LCG §5.2 2.2.1).
		if s.Phase == PhaseInvestigation && int(s.Active) == i && v.Out == OutNone {
			fmt.Fprintf(&b, "; %s left", plural(int(v.Actions), "action"))
		}
		fmt.Fprintf(&b, "; deck %d, discard %d\n", len(v.Deck), len(v.Discard))
		if v.PhysicalTrauma > 0 || v.MentalTrauma > 0 {
			// Recorded for the campaign (LCG §3 Trauma).
			fmt.Fprintf(&b, "    trauma: %d physical, %d mental\n", v.PhysicalTrauma, v.MentalTrauma)
		}
		var play, threat, hand []string
		for _, id := range v.Play {
			play = append(play, s.withStatus(id))
		}
		for _, id := range v.Threat {
			if s.card(id).Type != typeEnemy {
				threat = append(threat, s.withStatus(id))
			}
		}
		if len(play) > 0 {
			wrapList(&b, "    in play: ", play, ", ", "      ")
		}
		if len(threat) > 0 {
			wrapList(&b, "    threat area: ", threat, ", ", "      ")
		}
		if game.AgentID(i) == viewer {
			for _, id := range v.Hand {
				hand = append(hand, s.numbered(id))
			}
			if len(hand) == 0 {
				hand = append(hand, "no cards")
			}
			wrapList(&b, "    hand: ", hand, ", ", "      ")
		} else {
			fmt.Fprintf(&b, "    hand: %s\n", plural(len(v.Hand), "card"))
		}
	}
	// the bag in a fixed order, as a player reads it: numbers from the
	// highest, then the symbols
	tokens := slices.Clone(s.Bag)
	slices.SortFunc(tokens, func(a, b int8) int {
		if isSymbol(a) != isSymbol(b) || isSymbol(a) {
			return int(a) - int(b) // numbers (below TokSkull) before symbols, symbols by code
		}
		return int(b) - int(a)
	})
	var bag []string
	for _, t := range tokens {
		bag = append(bag, TokenName(t))
	}
	wrapList(&b, "Chaos bag: ", bag, " ", "  ")
	if len(s.Tests) > 0 {
		t := s.test()
		src := "" // the card that asks for the test: "Skill test (Rotting Remains)"
		if t.Src >= 0 && int(t.Src) < len(s.Cards) {
			src = " (" + s.name(t.Src) + ")"
		}
		fmt.Fprintf(&b, "Skill test%s: %s tests %s against %d (skill now %d).\n", src, s.seatName(int(t.Tester)), skillNames[t.Skill], s.difficulty(t), s.skillValue(t))
	}
	s.renderCampaign(&b, viewer)
	// The prompt and its options are listed by the caller (mythos play),
	// with Describe.
	return b.String()
}

// Describe implements game.Narrator: what option i of the prompt does.
func (s *State) Describe(i int) string {
	if i < 0 || i >= len(s.prompt.Options) {
		return "?"
	}
	o := s.prompt.Options[i]
	c := o.Code
	seat := int(s.prompt.Actor)
	id := int16(o.Arg)
	if d, ok := s.describeCampaign(o); ok {
		return d
	}
	if d, ok := s.describeExt(o); ok {
		return d
	}
	switch {
	case c == ActEndTurn:
		if s.prompt.Kind == PkCommit {
			return "Commit nothing more"
		}
		return "End your turn"
	case c == ActPass:
		return "Pass"
	case c == ActInvestigate:
		return fmt.Sprintf("Investigate %s (shroud %d)", s.theLoc(int(o.Arg)), s.shroud(int(o.Arg)))
	case c == ActDraw:
		return "Draw 1 card"
	case c == ActResource:
		return "Take 1 resource"
	case c == ActAdvanceAct:
		return fmt.Sprintf("Spend %s as a group to advance the act", plural(s.actClues(), "clue"))
	case c == ActResign:
		return "Resign (leave the scenario)"
	case c == ActParley:
		return s.scen().ParleyText
	case c == ActKeep:
		return "Keep this hand"
	case c == ActToInvestigator:
		return s.describeAssign(-1)
	case c == ActSkidsAction:
		return "Spend 2 resources for an additional action"
	case c >= ActMove && c < ActFight:
		return fmt.Sprintf("Move to %s", s.theLoc(int(o.Arg)))
	case c >= ActFight && c < ActEngage:
		return fmt.Sprintf("Fight %s (fight %d)", s.name(id), s.enemyFight(id))
	case c >= ActEngage && c < ActEvade:
		return fmt.Sprintf("Engage %s", s.name(id))
	case c >= ActEvade && c < ActPlay:
		return fmt.Sprintf("Evade %s (evade %d)", s.name(id), s.enemyEvade(id))
	case c >= ActPlay && c < ActCommit:
		return fmt.Sprintf("Play %s (%s)", s.name(id), plural(s.cost(id), "resource"))
	case c >= ActCommit && c < ActDiscard:
		ic := s.card(id).Icons
		sk := int8(0)
		if len(s.Tests) > 0 {
			sk = s.test().Skill
		}
		return fmt.Sprintf("Commit %s (+%d %s)", s.name(id), ic[sk]+ic[skWild], skillNames[sk])
	case c >= ActDiscard && c < ActMulligan:
		return fmt.Sprintf("Discard %s", s.name(id))
	case c >= ActMulligan && c < ActAbility:
		return fmt.Sprintf("Mulligan %s", s.name(id))
	case c >= ActAbility && c < ActThreat:
		if h := s.hook(id); h != nil && h.boosts {
			return fmt.Sprintf("Use %s: 1 resource for +1 %s", s.name(id), skillNames[h.boost[o.Arg2]])
		}
		return s.describeAbility(id, int(o.Arg2))
	case c >= ActThreat && c < ActAssign:
		return fmt.Sprintf("Use %s in your threat area", s.name(id))
	case c >= ActAssign && c < ActSeat:
		return s.describeAssign(id)
	case c >= ActSeat && c < ActEnemy && s.prompt.Kind == PkTarget:
		return fmt.Sprintf("Choose %s", s.seatName(int(o.Arg))) // an investigator as a target (First Aid)
	case c >= ActSeat && c < ActEnemy:
		return fmt.Sprintf("%s takes the next turn", s.seatName(int(o.Arg)))
	case c >= ActEnemy && c < ActLocation:
		return fmt.Sprintf("Choose %s", s.name(id))
	case c >= ActLocation && c < ActChoose:
		return fmt.Sprintf("Choose %s", s.theLoc(int(o.Arg)))
	}
	k := int(c - ActChoose)
	switch {
	case s.prompt.Kind == PkChoice && s.Act == 2 && s.stackTop(opActAdvance):
		return []string{"Burn it down (Resolution 1)", "Spare the house (Resolution 2)"}[k&1]
	case s.prompt.Kind == PkChoice && s.stackTop(opAgendaAdvance):
		// the choice of the agenda that advances, named (The Gathering's agenda 1)
		return fmt.Sprintf("Agenda %d, %s: %s", s.Agenda+1, def(s.AgendaCard()).Name,
			[]string{"each investigator discards 1 random card", "the lead investigator takes 2 horror"}[k&1])
	case s.prompt.Kind == PkReaction && seat >= 0 && !s.invBlank(seat) && hooksOf[s.Inv[seat].Def] != nil && hooksOf[s.Inv[seat].Def].choiceText != "":
		return hooksOf[s.Inv[seat].Def].choiceText
	case id >= 0 && int(id) < len(s.Cards):
		return fmt.Sprintf("Choose %s", s.name(id))
	}
	return fmt.Sprintf("Choice %d", k)
}

// stackTop reports whether the top frame has operation op.
func (s *State) stackTop(op uint16) bool {
	f := s.stack.Top()
	return f != nil && f.Op == op
}

// Narrate implements game.Narrator: one line per event.
func (s *State) Narrate(e game.Event) string {
	if line, ok := s.narrateCampaign(e); ok {
		return line
	}
	who := s.seatName(int(e.Who))
	switch e.Kind {
	case evRound:
		return fmt.Sprintf("Round %d begins.", e.A)
	case evPhase:
		return fmt.Sprintf("The %s phase begins.", Phase(e.A))
	case evDraw:
		return fmt.Sprintf("%s draws %s.", who, s.name(int16(e.A)))
	case evEncounter:
		if id := int16(e.A); id >= 0 && int(id) < len(s.Cards) && s.Cards[id].Owner >= 0 {
			// A weakness from the deck: its draw was told by the evDraw line
			// just before (LCG §3 Weakness).
			return fmt.Sprintf("%s is a weakness: it resolves at once.", s.name(id))
		}
		return fmt.Sprintf("%s draws the encounter card %s.", who, s.name(int16(e.A)))
	case evResource:
		return fmt.Sprintf("%s gains %s.", who, plural(int(e.A), "resource"))
	case evToken:
		return fmt.Sprintf("%s reveals the %s token.", who, TokenName(int8(e.A)))
	case evTokenEffect:
		if e.C == 1 {
			return fmt.Sprintf("The %s token: the test fails automatically.", TokenName(int8(e.A)))
		}
		return fmt.Sprintf("The %s token counts %s.", TokenName(int8(e.A)), signed(int(e.B)))
	case evTestResult:
		r := "fails"
		if e.A == 1 {
			r = "succeeds"
		}
		return fmt.Sprintf("%s %s the test: %d against %d.", who, r, e.B, e.C)
	case evDamage, evHorror:
		kind := "damage"
		if e.Kind == evHorror {
			kind = "horror"
		}
		switch e.A {
		case 0:
			return fmt.Sprintf("%s takes %d %s.", who, e.C, kind)
		case 1:
			return fmt.Sprintf("%s takes %d %s.", s.name(int16(e.B)), e.C, kind)
		}
		return fmt.Sprintf("%s is dealt %d %s.", s.name(int16(e.B)), e.C, kind)
	case evDoom:
		return fmt.Sprintf("%d doom is placed on the agenda (now %d).", e.A, e.B)
	case evSpawn:
		if e.C == 1 {
			return fmt.Sprintf("%s spawns engaged with %s.", s.name(int16(e.A)), who)
		}
		return fmt.Sprintf("%s spawns at %s.", s.name(int16(e.A)), s.theLoc(int(e.B)))
	case evActAdvance:
		return fmt.Sprintf("Act %d advances.", e.A+1)
	case evAgendaAdvance:
		return fmt.Sprintf("Agenda %d advances.", e.A+1)
	case evMove:
		return fmt.Sprintf("%s moves to %s.", who, s.theLoc(int(e.A)))
	case evClue:
		return fmt.Sprintf("%s discovers %s at %s.", who, plural(int(e.A), "clue"), s.theLoc(int(e.B)))
	case evDefeat:
		return fmt.Sprintf("%s is defeated.", s.name(int16(e.A)))
	case evEliminated:
		return fmt.Sprintf("%s is eliminated.", who)
	case evResolution:
		return fmt.Sprintf("The scenario ends: %s.", s.resolution(uint8(e.A)).Name)
	case evPlay:
		return fmt.Sprintf("%s plays %s.", who, s.name(int16(e.A)))
	case evCommit:
		return fmt.Sprintf("%s commits %s.", who, s.name(int16(e.A)))
	case evAttack:
		return fmt.Sprintf("%s attacks %s (%d damage, %d horror).", s.name(int16(e.A)), who, e.B, e.C)
	case evEngage:
		return fmt.Sprintf("%s engages %s.", s.name(int16(e.A)), who)
	case evEvade:
		return fmt.Sprintf("%s evades %s.", who, s.name(int16(e.A)))
	case evDiscard:
		return fmt.Sprintf("%s is discarded.", s.name(int16(e.A)))
	case evShuffle:
		return fmt.Sprintf("%s shuffles their deck.", who)
	case evReveal:
		return fmt.Sprintf("%s is revealed with %s.", s.theLocStart(int(e.A)), plural(int(e.B), "clue"))
	case evAction:
		return fmt.Sprintf("%s takes an action.", who)
	case evHeal:
		return fmt.Sprintf("%s heals %d.", who, e.A)
	case evTakeControl:
		return fmt.Sprintf("%s takes control of %s.", s.seatName(int(e.B)), s.name(int16(e.A)))
	case evEnemyMove:
		return fmt.Sprintf("%s moves to %s.", s.name(int16(e.A)), s.theLoc(int(e.B)))
	case evMulligan:
		return fmt.Sprintf("%s mulligans %s.", who, plural(int(e.A), "card"))
	}
	return fmt.Sprintf("event %d", e.Kind)
}

// signed writes a modifier as the chaos bag prints it: "+1", "-2", "0".
func signed(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}
