package content

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// compiler turns the raw sections into a Scenario, collecting every error.
type compiler struct {
	r    *raw
	sc   *Scenario
	errs Errors
	// name indices
	space, asset, monster, enc, headline, inv map[string]int
	hood                                      map[string]int
	archives                                  map[int]bool
	conditions                                map[string]bool
}

func (c *compiler) errf(file string, line int, format string, a ...any) {
	c.errs = append(c.errs, fmt.Sprintf("%s:%d: %s", file, line, fmt.Sprintf(format, a...)))
}

func compile(l *loader) (*Scenario, error) {
	r := l.r
	c := &compiler{r: r, sc: &Scenario{}, space: map[string]int{}, asset: map[string]int{}, monster: map[string]int{}, enc: map[string]int{}, headline: map[string]int{}, inv: map[string]int{}, hood: map[string]int{}, archives: map[int]bool{}, conditions: map[string]bool{}}
	if r.scenario == nil {
		return nil, Errors{"content: no scenario section in any file"}
	}
	c.board()
	c.names()
	c.assets()
	c.monsters()
	c.investigators()
	c.encounters()
	c.headlines()
	c.archive()
	c.setup()
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	return c.sc, nil
}

func (c *compiler) board() {
	rs, f, sc := c.r.scenario, c.r.scenarioFile, c.sc
	sc.Name, sc.Title, sc.Intro, sc.Line = rs.Name, rs.Title, rs.Intro, rs.line
	if rs.Name == "" {
		c.errf(f, rs.line, "the scenario needs a name")
	}
	if len(rs.Neighborhoods) == 0 {
		c.errf(f, rs.line, "the map needs at least one neighborhood (AH3 472)")
	}
	add := func(line int, sp Space) int {
		if sp.Name == "" {
			c.errf(f, line, "a space needs a name")
		} else if _, dup := c.space[sp.Name]; dup {
			c.errf(f, line, "space %q is named twice", sp.Name)
		}
		c.space[sp.Name] = len(sc.Spaces)
		sc.Spaces = append(sc.Spaces, sp)
		return len(sc.Spaces) - 1
	}
	for i, h := range rs.Neighborhoods {
		if _, dup := c.hood[h.Name]; dup || h.Name == "" {
			c.errf(f, h.line, "neighborhood %q: names must be present and unique", h.Name)
		}
		c.hood[h.Name] = i
		nb := Neighborhood{Name: h.Name, Line: h.line}
		if len(h.Spaces) != 3 {
			c.errf(f, h.line, "neighborhood %q has %d spaces, want exactly 3 (AH3 472.2)", h.Name, len(h.Spaces))
		}
		for j, s := range h.Spaces {
			k := add(h.line, Space{Name: s.Name, Neighborhood: i, Icons: s.Icons, Line: h.line})
			if j < 3 {
				nb.Spaces[j] = k
			}
		}
		sc.Neighborhoods = append(sc.Neighborhoods, nb)
	}
	for _, st := range rs.Streets {
		t := indexOf(StreetTypeNames[:], st.Type)
		if t <= 0 {
			c.errf(f, st.line, "street %q has type %q, want residential, bridge or park (AH3 489.1)", st.Name, st.Type)
			t = int(Residential)
		}
		add(st.line, Space{Name: st.Name, Neighborhood: -1, Street: StreetType(t), Icons: st.Icons, Line: st.line})
	}
	seen := map[[2]int]bool{}
	for i, pair := range rs.Adjacent {
		line := rs.line
		if i < len(rs.adjLine) {
			line = rs.adjLine[i]
		}
		if len(pair) != 2 {
			c.errf(f, line, "an adjacency is a pair of space names, got %d names", len(pair))
			continue
		}
		a, okA := c.space[pair[0]]
		b, okB := c.space[pair[1]]
		if !okA || !okB {
			c.errf(f, line, "adjacency %v names an unknown space", pair)
			continue
		}
		if a == b {
			c.errf(f, line, "space %q cannot be adjacent to itself (AH3 476.4)", pair[0])
			continue
		}
		if a > b {
			a, b = b, a
		}
		if seen[[2]int{a, b}] {
			c.errf(f, line, "adjacency %v is listed twice", pair)
			continue
		}
		seen[[2]int{a, b}] = true
		// Adjacency is symmetric (AH3 476.2): record both directions.
		sc.Spaces[a].Adjacent = append(sc.Spaces[a].Adjacent, b)
		sc.Spaces[b].Adjacent = append(sc.Spaces[b].Adjacent, a)
	}
	for i := range sc.Spaces {
		sort.Ints(sc.Spaces[i].Adjacent)
		if len(sc.Spaces[i].Adjacent) == 0 && len(sc.Spaces) > 1 {
			c.errf(f, sc.Spaces[i].Line, "space %q is adjacent to nothing", sc.Spaces[i].Name)
		}
	}
	// The board must be connected so that every monster can reach its prey.
	if len(sc.Spaces) > 0 {
		reach := make([]bool, len(sc.Spaces))
		queue := []int{0}
		reach[0] = true
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range sc.Spaces[x].Adjacent {
				if !reach[y] {
					reach[y] = true
					queue = append(queue, y)
				}
			}
		}
		for i, ok := range reach {
			if !ok {
				c.errf(f, sc.Spaces[i].Line, "space %q cannot be reached from %q: the board must be connected", sc.Spaces[i].Name, sc.Spaces[0].Name)
				break
			}
		}
	}
	st, ok := c.space[rs.Start]
	if !ok {
		c.errf(f, rs.line, "start %q is not a space of the map (AH3 482.3b)", rs.Start)
	}
	sc.Start = st
}

func (c *compiler) names() {
	for i, a := range c.r.assets {
		if a.Name == "" {
			c.errf(a.file, a.line, "an asset needs a name")
		} else if _, dup := c.asset[a.Name]; dup {
			c.errf(a.file, a.line, "asset %q is defined twice", a.Name)
		}
		c.asset[a.Name] = i
		if c.r.assetPile[i] == ConditionPile {
			c.conditions[a.Condition] = true
		}
	}
	for i, m := range c.r.monsters {
		if _, dup := c.monster[m.Name]; dup || m.Name == "" {
			c.errf(m.file, m.line, "monster %q: names must be present and unique", m.Name)
		}
		c.monster[m.Name] = i
	}
	for i, e := range c.r.encounters {
		if _, dup := c.enc[e.Name]; dup || e.Name == "" {
			c.errf(e.file, e.line, "encounter card %q: names must be present and unique", e.Name)
		}
		c.enc[e.Name] = i
	}
	for _, a := range c.r.archive {
		if a.Number < 1 {
			c.errf(a.file, a.line, "archive card %q needs a number >= 1 (AH3 403.4)", a.Name)
		}
		c.archives[a.Number] = true
	}
}

func (c *compiler) action(file string, line int, ra *rawAction, name string) *Action {
	if ra == nil {
		return nil
	}
	a := &Action{Name: ra.Name, Engaged: ra.Engaged, Where: -1}
	if a.Name == "" {
		a.Name = name
	}
	if ra.Where != "" {
		w, ok := c.space[ra.Where]
		if !ok {
			c.errf(file, line, "action %q: where %q is not a space (AH3 455.4)", a.Name, ra.Where)
		}
		a.Where = w
	}
	a.Effects = c.block(file, &ra.Effects, true)
	return a
}

func (c *compiler) assets() {
	for i, ra := range c.r.assets {
		pile := c.r.assetPile[i]
		a := Asset{Name: ra.Name, Pile: pile, Traits: ra.Traits, Price: ra.Price, Hands: ra.Hands, Health: ra.Health, Sanity: ra.Sanity, Copies: ra.Copies,
			Bonus: ra.Bonus.array(), BonusAction: ra.BonusAction, SixDouble: ra.SixDouble, Reroll: ra.Reroll, CastHorror: ra.CastHorror,
			RaiseDie: ra.RaiseDie, Successes: ra.Successes.array(), FocusLimit: ra.FocusLimit, HoodInstead: ra.HoodInstead,
			Condition: ra.Condition, OtherFace: ra.OtherFace, BackText: ra.BackText, Text: ra.Text, Line: ra.line,
			RerollDice: ra.RerollDice, Discount: ra.Discount, HalfPrice: ra.HalfPrice}
		if a.Copies == 0 {
			a.Copies = 1
		}
		if a.Hands > 0 && a.Successes != [NumSkills]int{} {
			c.errf(ra.file, ra.line, "asset %q: successes are added by hand-free cards only (hands: 0; AH3 470.4d)", a.Name)
		}
		switch {
		case ra.RerollDice < 0:
			c.errf(ra.file, ra.line, "asset %q: reroll_dice %d: want 1 or more dice (AH3 470.4b)", a.Name, ra.RerollDice)
		case ra.RerollDice > 0:
			a.Reroll = true // reroll up to N dice
		case a.Reroll:
			a.RerollDice = 1
		}
		if a.Discount < 0 {
			c.errf(ra.file, ra.line, "asset %q: discount %d: want $0 or more (AH3 441)", a.Name, a.Discount)
		}
		if a.Reroll && a.RaiseDie {
			c.errf(ra.file, ra.line, "asset %q: reroll and raise_die are one test effect each; give it one of them (AH3 470.4b)", a.Name)
		}
		switch pile {
		case ItemDeck:
			a.Kind = Item
		case SpellDeck:
			a.Kind = Spell
		case AllyDeck:
			a.Kind = Ally
		case ConditionPile:
			a.Kind = Condition
			if a.Condition == "" {
				c.errf(ra.file, ra.line, "condition card %q needs condition: its name in capitals (AH3 479.3)", a.Name)
			} else if a.Condition != strings.ToUpper(a.Condition) {
				c.errf(ra.file, ra.line, "condition %q must be written in capitals (AH3 479.3)", a.Condition)
			}
			if a.OtherFace != "" && !c.conditions[a.OtherFace] {
				c.errf(ra.file, ra.line, "other_face %q is not a condition of any card", a.OtherFace)
			}
		default:
			k := indexOf(AssetKindNames[:], ra.Kind)
			if k < 0 || AssetKind(k) == Condition {
				c.errf(ra.file, ra.line, "%s card %q needs kind: item, spell, ally or talent (AH3 456.1)", AssetPileNames[pile], a.Name)
				k = int(Item)
			}
			a.Kind = AssetKind(k)
		}
		if ra.Kind != "" && pile <= ConditionPile && indexOf(AssetKindNames[:], ra.Kind) != int(a.Kind) {
			c.errf(ra.file, ra.line, "asset %q in section %s cannot have kind %q", a.Name, AssetPileNames[pile], ra.Kind)
		}
		if (pile == ItemDeck || pile == SpellDeck) && a.Price <= 0 {
			c.errf(ra.file, ra.line, "%s %q needs a price >= 1 (AH3 410.2, 425.2)", AssetKindNames[a.Kind], a.Name)
		}
		if a.Hands < 0 || a.Hands > 2 {
			c.errf(ra.file, ra.line, "asset %q: hands must be 0, 1 or 2 (AH3 410.3)", a.Name)
		}
		if a.Health < 0 || a.Sanity < 0 || a.Copies < 0 || a.Copies > 8 {
			c.errf(ra.file, ra.line, "asset %q: health, sanity >= 0 and copies 1..8", a.Name)
		}
		if a.Kind == Spell && ra.Action == nil {
			c.errf(ra.file, ra.line, "spell %q needs an action: a spell is cast (AH3 425.7)", a.Name)
		}
		if ra.BonusAction != "" && indexOf(actionNames, ra.BonusAction) < 0 {
			c.errf(ra.file, ra.line, "bonus_action %q is not an action (%s)", ra.BonusAction, strings.Join(actionNames, ", "))
		}
		a.Action = c.action(ra.file, ra.line, ra.Action, a.Name)
		a.Reckoning = c.block(ra.file, &ra.Reckoning, false)
		a.Back = c.block(ra.file, &ra.Back, false)
		c.sc.Assets = append(c.sc.Assets, a)
	}
	// Every deck the rules draw from must hold cards (AH3 107).
	var n [6]int
	for _, a := range c.sc.Assets {
		n[a.Pile] += a.Copies
	}
	f, line := c.r.scenarioFile, c.r.scenario.line
	if n[ItemDeck] < 6 {
		c.errf(f, line, "the item deck needs at least 6 cards to fill the Reserve of 5 (AH3 107.2), has %d", n[ItemDeck])
	}
	if n[SpellDeck] == 0 || n[AllyDeck] == 0 {
		c.errf(f, line, "the spell and ally decks must not be empty (AH3 107.1)")
	}
}

// actionNames are the standard actions a bonus may be limited to.
var actionNames = []string{"move", "gather", "focus", "ward", "research", "trade", "attack", "evade"}

func (c *compiler) monsterOf(file string, rm *rawMonster, epic bool) Monster {
	m := Monster{Name: rm.Name, Type: rm.Type, Health: rm.Health, Attack: rm.Attack, Evade: rm.Evade, Damage: rm.Damage, Horror: rm.Horror,
		Speed: rm.Speed, Remnant: rm.Remnant, Epic: epic, Text: rm.Text, Copies: rm.Copies, SetAside: rm.SetAside, Line: rm.line, DestSpace: -1, SpawnSpace: -1}
	line := rm.line
	if m.Copies == 0 {
		m.Copies = 1
	}
	if m.Health < 1 {
		c.errf(file, line, "monster %q needs health >= 1 (AH3 445.8e)", m.Name)
	}
	if m.Speed < 0 || m.Damage < 0 || m.Horror < 0 {
		c.errf(file, line, "monster %q: speed, damage and horror must be >= 0", m.Name)
	}
	for _, k := range rm.Keywords {
		switch {
		case k == "feeding":
			m.Feeding = true
		case k == "watching":
			m.Watching = true
		case k == "elusive":
			m.Elusive = true
		case k == "massive":
			m.Massive = true
		case strings.HasPrefix(k, "elite "):
			v, err := strconv.Atoi(strings.TrimPrefix(k, "elite "))
			if err != nil || v < 1 {
				c.errf(file, line, "monster %q: keyword %q, want elite N with N >= 1 (AH3 495.2)", m.Name, k)
			}
			m.Elite = v
		default:
			c.errf(file, line, "monster %q: unknown keyword %q (feeding, watching, elusive, massive, elite N; AH3 436.3)", m.Name, k)
		}
	}
	lb := indexOf(LabelNames[:], rm.Label)
	if lb < 0 {
		c.errf(file, line, "monster %q: label %q, want hunter, patrol or lurker (AH3 453)", m.Name, rm.Label)
		lb = 0
	}
	m.Label = Label(lb)
	if rm.Prey != "" {
		p := indexOf(SelectorNames[:], rm.Prey)
		if p < int(PreyNearest) || p > int(PreyLowestSanity) {
			c.errf(file, line, "monster %q: prey %q is not a prey selector (nearest, lowest_strength, lowest_will, most_clues, lowest_health, lowest_sanity; AH3 419)", m.Name, rm.Prey)
		} else {
			m.Prey = Selector(p)
		}
	}
	if rm.Destination != "" {
		p := indexOf(SelectorNames[:], rm.Destination)
		switch {
		case p == int(DestUnstable) || p == int(DestMostDoom) || p == int(DestNearestClue):
			m.Dest = Selector(p)
		default:
			if s, ok := c.space[rm.Destination]; ok {
				m.Dest, m.DestSpace = DestSpace, s
			} else {
				c.errf(file, line, "monster %q: destination %q is neither unstable, most_doom, nearest_clue nor a space (AH3 494)", m.Name, rm.Destination)
			}
		}
	}
	switch m.Label {
	case Hunter:
		if m.Prey == SelNone {
			c.errf(file, line, "hunter %q needs a prey (AH3 458.2)", m.Name)
		}
	case Patrol:
		if m.Dest == SelNone {
			c.errf(file, line, "patrol %q needs a destination (AH3 459.2)", m.Name)
		}
	}
	switch rm.Spawn {
	case "here":
		m.Spawn = SelNone
	case "", "unstable":
		m.Spawn = DestUnstable
	default:
		if s, ok := c.space[rm.Spawn]; ok {
			m.Spawn, m.SpawnSpace = DestSpace, s
		} else {
			c.errf(file, line, "monster %q: spawn %q is neither here, unstable nor a space (AH3 445.3b)", m.Name, rm.Spawn)
		}
	}
	m.Activation = c.block(file, &rm.Activation, false)
	return m
}

func (c *compiler) monsters() {
	for i := range c.r.monsters {
		rm := &c.r.monsters[i]
		c.sc.Monsters = append(c.sc.Monsters, c.monsterOf(rm.file, rm, false))
	}
	if len(c.sc.Monsters) == 0 {
		c.errf(c.r.scenarioFile, c.r.scenario.line, "the monster deck must not be empty (AH3 104.1)")
	}
}

func (c *compiler) assetRef(file string, line int, name string, piles ...AssetPile) int {
	i, ok := c.asset[name]
	if !ok {
		c.errf(file, line, "unknown card %q", name)
		return -1
	}
	for _, p := range piles {
		if c.sc.Assets[i].Pile == p {
			return i
		}
	}
	c.errf(file, line, "card %q is in %s, not where this reference looks", name, AssetPileNames[c.sc.Assets[i].Pile])
	return -1
}

func (c *compiler) investigators() {
	for _, ri := range c.r.investigators {
		f, line := ri.file, ri.line
		v := Investigator{Name: ri.Name, Occupation: ri.Occupation, Roles: ri.Roles, Health: ri.Health, Sanity: ri.Sanity, Skills: ri.Skills.array(),
			Focus: ri.Focus, Money: ri.Money, Clues: ri.Clues, Remnants: ri.Remnants, Line: line}
		if _, dup := c.inv[v.Name]; dup || v.Name == "" {
			c.errf(f, line, "investigator %q: names must be present and unique", v.Name)
		}
		c.inv[v.Name] = len(c.sc.Investigators)
		if v.Health < 1 || v.Sanity < 1 {
			c.errf(f, line, "investigator %q needs health and sanity >= 1 (AH3 483.2e)", v.Name)
		}
		for k, x := range v.Skills {
			if x < 0 || x > 6 {
				c.errf(f, line, "investigator %q: %s %d is outside 0..6", v.Name, SkillNames[k], x)
			}
		}
		if v.Focus < 0 {
			c.errf(f, line, "investigator %q: focus limit must be >= 0 (0 = unlimited)", v.Name)
		}
		for _, r := range v.Roles {
			if indexOf([]string{"fighter", "seeker", "flex", "mystic", "guardian"}, r) < 0 {
				c.errf(f, line, "investigator %q: role %q, want fighter, seeker, flex, mystic or guardian (AH3 474.1)", v.Name, r)
			}
		}
		for _, s := range ri.Starting {
			if k := c.assetRef(f, line, s, StartingPile, SpecialPile, ItemDeck, AllyDeck, SpellDeck); k >= 0 {
				v.Starting = append(v.Starting, k)
			}
		}
		for _, s := range ri.Options {
			if k := c.assetRef(f, line, s, StartingPile, SpecialPile, ItemDeck, AllyDeck, SpellDeck); k >= 0 {
				v.Options = append(v.Options, k)
			}
		}
		for _, ra := range ri.Abilities {
			ab := Ability{Name: ra.Name, Text: ra.Text, Passive: Passive{PreventDamage: ra.PreventDamage, PreventHorror: ra.PreventHorror, Dice: ra.Dice.array(), ClueReroll: ra.ClueReroll}}
			if ab.Name == "" {
				c.errf(f, line, "investigator %q: an ability needs a name", v.Name)
			}
			ab.Action = c.action(f, line, ra.Action, ra.Name)
			v.Abilities = append(v.Abilities, ab)
		}
		c.sc.Investigators = append(c.sc.Investigators, v)
	}
	if len(c.sc.Investigators) == 0 {
		c.errf(c.r.scenarioFile, c.r.scenario.line, "no investigators: a content directory needs at least one (AH3 110)")
	}
}
