package machina

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
)

// The narrator: the board as text, options and events in words. For people;
// nothing on the step path calls it.

// creatureName names a creature.
func (s *State) creatureName(cr int) string {
	switch {
	case cr < 0:
		return "nobody"
	case isPioneer(cr):
		return s.pioneerCard(cr).Name
	case isMonster(cr):
		return s.ct.Monsters[cr-MonsterBase].Name
	case isCellCreature(cr):
		c := cr - CellBase
		return fmt.Sprintf("the %s at %s", s.Board.Kind[c], cellName(c))
	}
	return "?"
}

func cellName(c int) string { return fmt.Sprintf("(%d,%d)", c%Size, c/Size) }

// Render draws the board (walls, doors, cells, figures) and the table state.
// Pioneers are their seat's digit, monsters letters in the monster order.
func (s *State) Render(viewer game.AgentID) string {
	var b strings.Builder
	ch := "finale"
	if c := s.chapter(); c != nil {
		ch = fmt.Sprintf("%d %s", s.ChapterPos+1, c.Title)
	}
	fmt.Fprintf(&b, "%s — round %d, %s phase; chapter %s; lair %d, horror %d, danger %d/%d, monster level %d\n",
		s.sc.Name, s.Round, s.Phase, ch, s.Lair, s.Horror, s.Danger, s.dangerTrack(), s.Level)
	b.WriteString(s.DrawMap())
	for p := 0; p < int(s.N); p++ {
		pi := &s.P[p]
		state := "off the board"
		switch {
		case !pi.Alive:
			state = "dead"
		case pi.OnBoard:
			state = "at " + cellName(int(pi.Pos))
		}
		fmt.Fprintf(&b, "%d %s (%s): health %d/%d, stamina %d, inspiration %d, defence %d, will %d, %s",
			p+1, s.pioneerCard(p).Name, s.pioneerCard(p).Class, pi.HP, s.pioneerCard(p).MaxHP, pi.Stamina, pi.Insp,
			s.defence(p), s.will(p), state)
		var eq []string
		for i := range s.ct.Items {
			if int(s.Items[i].Owner) == p && (s.Items[i].Zone == ZoneEquipped || s.Items[i].Zone == ZoneInventory) {
				mark := ""
				if s.Items[i].Zone == ZoneEquipped {
					mark = "*"
				}
				eq = append(eq, mark+s.ct.Items[i].Name)
			}
		}
		if len(eq) > 0 {
			fmt.Fprintf(&b, "; items %s", strings.Join(eq, ", "))
		}
		b.WriteByte('\n')
	}
	for k, m := range s.Order {
		cr := MonsterBase + int(m)
		fmt.Fprintf(&b, "%c %s (level %d) at %s: health %d, defence %d, will %d\n", 'a'+k, s.ct.Monsters[m].Name,
			s.ct.Monsters[m].Level, cellName(int(s.Mx[m].Pos)), s.health(cr), s.defence(cr), s.will(cr))
	}
	if e := s.currentEvent(false); e >= 0 {
		fmt.Fprintf(&b, "pioneer event: %s\n", s.ct.Events[e].Name)
	}
	if e := s.currentEvent(true); e >= 0 {
		fmt.Fprintf(&b, "horror event: %s\n", s.ct.Events[e].Name)
	}
	if s.over {
		fmt.Fprintf(&b, "the game is over: %s\n", map[int8]string{1: "victory", -1: "defeat", 0: "truncated"}[s.result])
	}
	return b.String()
}

// DrawBoard draws the placed tiles in the format of ParseMap, with figures.
func (s *State) DrawBoard() string {
	g := &s.Board.Grid
	w, h := 0, 0
	for c := 0; c < NumCells; c++ {
		if g.Present(c) {
			w, h = max(w, c%Size+1), max(h, c/Size+1)
		}
	}
	var b strings.Builder
	edge := func(e Edge, wall byte) byte {
		switch e {
		case EdgeWall:
			return wall
		case EdgeDoor:
			return 'd'
		case EdgeClosed:
			return 'D'
		case EdgeDestroyed:
			return 'x'
		}
		return ' '
	}
	order := map[int]byte{}
	for k, m := range s.Order {
		order[MonsterBase+int(m)] = byte('a' + k)
	}
	for y := 0; y <= h; y++ {
		for x := 0; x < w; x++ {
			b.WriteByte('+')
			if y < Size {
				above, below := y > 0 && g.Present((y-1)*Size+x), g.Present(y*Size+x)
				if above || below {
					b.WriteByte(edge(g.H[y][x], '-'))
				} else {
					b.WriteByte(' ')
				}
			} else if g.Present((y-1)*Size + x) {
				b.WriteByte(edge(g.H[y][x], '-'))
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString("+\n")
		if y == h {
			break
		}
		for x := 0; x <= w; x++ {
			left, here := x > 0 && g.Present(y*Size+x-1), x < Size && g.Present(y*Size+x)
			if left || here {
				b.WriteByte(edge(g.V[y][min(x, Size)], '|'))
			} else {
				b.WriteByte(' ')
			}
			if x == w {
				break
			}
			c := y*Size + x
			ch := byte(' ')
			if g.Present(c) {
				ch = g.Kind[c].Char()
				if g.Dest[c] > 0 {
					ch = ch - 'A' + 'a'
					if g.Kind[c] == KindFloor {
						ch = '.'
					}
				} else if g.Lit[c] {
					ch = '*'
				}
				if cr := s.at(c); cr >= 0 {
					if isPioneer(cr) {
						ch = byte('1' + cr)
					} else if o, ok := order[cr]; ok {
						ch = o
					}
				}
			}
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Describe says what option i of the current prompt does.
func (s *State) Describe(i int) string {
	if i < 0 || i >= len(s.prompt.Options) {
		return "?"
	}
	o := s.prompt.Options[i]
	c := o.Code
	switch {
	case c == CodePass:
		if s.prompt.Kind == PromptAction || s.prompt.Kind == PromptMonster {
			return "end the turn"
		}
		return "no / done"
	case c == CodeYes:
		return "yes"
	case c < CodeOpenDoor:
		return "move " + Direction(c-CodeMove).String() + " to " + cellName(int(o.Arg))
	case c < CodeCloseDoor:
		return "open the door to the " + Side(o.Arg2).String()
	case c < CodeBreakDoor:
		return "close the door to the " + Side(o.Arg2).String()
	case c < CodeUseCell:
		return "destroy the door to the " + Side(o.Arg2).String()
	case c < CodeSeal:
		return "use the " + s.Board.Kind[o.Arg].String() + " at " + cellName(int(o.Arg))
	case c < CodeExplore:
		return "seal the lair cell at " + cellName(int(o.Arg))
	case c == CodeExplore:
		return "explore a new tile"
	case c == CodeLeave:
		return "leave the board"
	case c == CodeInventory:
		return "use inventory"
	case c < CodeAbility:
		if s.prompt.Kind == PromptLoadout {
			return "give an item to " + s.creatureName(int(o.Arg))
		}
		return "trade with " + s.creatureName(int(o.Arg))
	case c < CodeCell:
		a := s.abilityOf(o.Arg)
		return "use " + s.refName(o.Arg) + ": " + abilityText(a)
	case c < CodeDoor:
		if cr := s.targetCreature(int(o.Arg)); cr >= 0 {
			return s.creatureName(cr) + " at " + cellName(int(o.Arg))
		}
		return "cell " + cellName(int(o.Arg))
	case c < CodeChoice:
		return "the door on the " + Side(o.Arg2).String() + " of " + cellName(int(o.Arg))
	case c < CodeAmount:
		return s.describeChoice(int(o.Arg))
	case c < CodePioneer:
		return fmt.Sprintf("spend %d inspiration", o.Arg)
	case c < CodeItem:
		if s.prompt.Kind == PromptAction {
			return "let " + s.creatureName(int(o.Arg)) + " use its inventory"
		}
		return s.creatureName(int(o.Arg))
	case c < CodeAttach:
		return s.ct.Items[o.Arg].Name
	}
	return "attach " + s.ct.Items[o.Arg].Name
}

func (s *State) describeChoice(i int) string {
	switch s.prompt.Kind {
	case PromptEventCell:
		return [2]string{"gain 1 inspiration and trigger a pioneer event", "roll the fate die against the horror value"}[i&1]
	case PromptLeftover:
		return [2]string{"discard it", "return it to the top of its deck"}[i&1]
	case PromptKeep:
		return "keep " + s.ct.Events[i].Name
	case PromptDrawMode:
		if i < 4 {
			return "two cards from the " + deckWord(Deck(i)) + " deck"
		}
		pr := pairDecks[i-4]
		return "one card each from the " + deckWord(Deck(pr[0])) + " and " + deckWord(Deck(pr[1])) + " decks"
	case PromptWorkbench:
		return "a card from the " + deckWord(Deck(i)) + " deck"
	case PromptWindow:
		return fmt.Sprintf("keep the tiles of window %d", i)
	}
	return fmt.Sprintf("choice %d", i)
}

// deckWord names an item deck in words ("one-use", not the content's
// one_use).
func deckWord(d Deck) string { return strings.ReplaceAll(d.String(), "_", "-") }

// refName names the card of an ability reference.
func (s *State) refName(ref int32) string {
	kind, card, _ := refParts(ref)
	switch kind {
	case refPioneer:
		return s.ct.Pioneers[card].Name
	case refItem:
		return s.ct.Items[card].Name
	case refEvent:
		return s.ct.Events[card].Name
	case refChapter:
		return s.sc.Chapters[card].Title
	case refMonster:
		return s.ct.Monsters[card].Name
	}
	return "?"
}

func abilityText(a *Ability) string {
	if a == nil {
		return "?"
	}
	var parts []string
	for _, e := range a.Effects {
		// The content's names (melee_weapon, gain_item) in words.
		parts = append(parts, strings.ReplaceAll(e.String(), "_", " "))
	}
	cost := ""
	if a.Stamina > 0 {
		cost = fmt.Sprintf("[%d stamina] ", a.Stamina)
	}
	name := ""
	if a.Name != "" {
		name = a.Name + " — "
	}
	return name + cost + strings.Join(parts, ", ")
}

// Narrate says what a logged event means.
func (s *State) Narrate(e game.Event) string {
	switch e.Kind {
	case evRound:
		return fmt.Sprintf("round %d begins", e.A)
	case evMove:
		return fmt.Sprintf("%s moves to %s", s.creatureName(int(e.A)), cellName(int(e.C)))
	case evAttackRoll:
		kind := "an attack"
		if e.C == 1 {
			kind = "a magic attack"
		}
		if e.A < 0 {
			// An attack with no attacker: an event's or a cell's.
			return fmt.Sprintf("%s rolls %d", strings.ToUpper(kind[:1])+kind[1:], e.B)
		}
		return fmt.Sprintf("%s rolls %d for %s", s.creatureName(int(e.A)), e.B, kind)
	case evDamage:
		return fmt.Sprintf("%s takes damage (health %d)", s.creatureName(int(e.A)), e.B)
	case evSoak:
		return fmt.Sprintf("%s loses 1 inspiration instead of health", s.creatureName(int(e.A)))
	case evKilled:
		return fmt.Sprintf("%s is destroyed (by %s)", s.creatureName(int(e.A)), s.creatureName(int(e.B)))
	case evBanished:
		return fmt.Sprintf("%s is banished", s.creatureName(int(e.A)))
	case evSpawn:
		return fmt.Sprintf("%s appears at %s", s.creatureName(int(e.A)), cellName(int(e.B)))
	case evDanger:
		return fmt.Sprintf("danger is %d, monster level %d", e.A, e.B)
	case evMonsterLevel:
		return fmt.Sprintf("the monster level rises to %d", e.A)
	case evFate:
		return fmt.Sprintf("fate die: %d against %d", e.A, e.B)
	case evPioneerEvent:
		return fmt.Sprintf("pioneer event: %s", s.ct.Events[e.A].Name)
	case evHorrorEvent:
		return fmt.Sprintf("horror event: %s", s.ct.Events[e.A].Name)
	case evChapter:
		return fmt.Sprintf("chapter %d: %s", e.A+1, s.sc.Chapters[e.B].Title)
	case evExplore:
		return fmt.Sprintf("tile %s is placed", s.ct.Tiles[e.A].Name)
	case evDiscardTile:
		return fmt.Sprintf("tile %s is discarded", s.ct.Tiles[e.A].Name)
	case evDoor:
		return fmt.Sprintf("the door on the %s of %s is now %s", Side(e.B), cellName(int(e.A)), [...]string{"open", "a wall", "open", "closed", "destroyed"}[e.C])
	case evCellUsed:
		return fmt.Sprintf("%s uses the %s at %s", s.creatureName(int(e.Who)), CellKind(e.B), cellName(int(e.A)))
	case evItemGained:
		return fmt.Sprintf("%s gains %s", s.creatureName(int(e.A)), s.ct.Items[e.B].Name)
	case evEquip:
		return fmt.Sprintf("%s equips %s", s.creatureName(int(e.A)), s.ct.Items[e.B].Name)
	case evEnd:
		return map[int32]string{1: "the expedition wins", -1: "the expedition is lost", 0: "the game is cut short"}[e.A]
	case evRestore:
		return fmt.Sprintf("%s restores the %s at %s", s.creatureName(int(e.Who)), s.Board.Kind[e.A], cellName(int(e.A)))
	case evCampaign:
		return fmt.Sprintf("the survivors go on: game %d of the campaign, danger raised %d times", e.A+1, e.B)
	case evLeave:
		return fmt.Sprintf("%s leaves the board", s.creatureName(int(e.A)))
	case evSeal:
		return fmt.Sprintf("the lair cell at %s is sealed", cellName(int(e.A)))
	case evExplode:
		return fmt.Sprintf("the barrel at %s explodes", cellName(int(e.A)))
	case evTraps:
		return "the traps trigger"
	case evAbility:
		return fmt.Sprintf("%s uses %s", s.creatureName(int(e.A)), s.refName(e.B))
	case evHeal:
		return fmt.Sprintf("%s restores %d health", s.creatureName(int(e.A)), e.B)
	case evTeleport:
		return fmt.Sprintf("%s teleports to %s", s.creatureName(int(e.A)), cellName(int(e.B)))
	}
	return fmt.Sprintf("event %d", e.Kind)
}

var _ game.State = (*State)(nil)

// promptQuestions ask the question of each prompt kind in words, for the
// prompt lines of mythos play and the decisions of mythos replay.
var promptQuestions = [numPromptKinds]string{
	PromptAction:      "what does the pioneer do next on this turn?",
	PromptNextPioneer: "which pioneer takes the next turn?",
	PromptTarget:      "which cell does the ability target?",
	PromptPlace:       "which entrance cell does the pioneer start on?",
	PromptStep:        "where is the next step of the move, or stop?",
	PromptBoost:       "how much inspiration is added to the attack roll?",
	PromptSoak:        "lose inspiration instead of health (yours, or another pioneer's)?",
	PromptEventCell:   "which effect of the event cell?",
	PromptDrawMode:    "gain an item: from which decks are the cards drawn?",
	PromptPickItem:    "gain an item: which card is kept?",
	PromptLeftover:    "the card not kept: discard it or return it to its deck?",
	PromptRecipient:   "who receives the item?",
	PromptFreeEquip:   "equip the item as main for free?",
	PromptLoadout:     "use inventory: equip or attach an item, or done?",
	PromptHost:        "which item hosts the upgrade or extension?",
	PromptTrade:       "trade: give or take an item, or done?",
	PromptWindow:      "which tiles stay on the board (the others are discarded)?",
	PromptExitCell:    "where is the exit token put?",
	PromptTieBreak:    "the monster's tie: which choice do the pioneers make?",
	PromptMonster:     "what does the monster do next on its turn?",
	PromptLevel5:      "danger level 5: discard an equipped item or die?",
	PromptDoor:        "which door does the effect act on?",
	PromptWorkbench:   "workbench: from which deck is the next card drawn?",
	PromptSupport:     "who pays the next point of inspiration?",
	PromptLairOrder:   "which pioneer makes the next lair roll?",
	PromptReaction:    "use a free ability now, or pass?",
	PromptKeep:        "which card is kept for the next game of the campaign?",
	PromptPartner:     "recharge station: trade with which pioneer, or pass?",
	PromptSwap:        "workbench: which of one's own items is swapped for the revealed card, or pass?",
}

// Question asks the current prompt's question in words (a front end prints
// it above the options; a replay beside each answer).
func (s *State) Question() string {
	if k := int(s.prompt.Kind); k > 0 && k < len(promptQuestions) && promptQuestions[k] != "" {
		return promptQuestions[k]
	}
	return promptKindNames[min(int(s.prompt.Kind), len(promptKindNames)-1)]
}
