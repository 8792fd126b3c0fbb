package content

import "fmt"

func (c *compiler) encounters() {
	for _, re := range c.r.encounters {
		f, line := re.file, re.line
		e := Encounter{Name: re.Name, Kind: re.kind, Neighborhood: -1, Line: line}
		var want [3]string
		switch re.kind {
		case NeighborhoodCard, EventCard:
			h, ok := c.hood[re.Neighborhood]
			if !ok {
				c.errf(f, line, "%s card %q: neighborhood %q is not on the map (AH3 433.1)", EncounterKindNames[re.kind], e.Name, re.Neighborhood)
				break
			}
			e.Neighborhood = h
			for j := 0; j < 3; j++ {
				want[j] = c.sc.Spaces[c.sc.Neighborhoods[h].Spaces[j]].Name
			}
		case StreetCard:
			want = [3]string{"residential", "bridge", "park"}
		case AnomalyCard:
			want = [3]string{"0-1", "2", "3+"}
		}
		if re.kind != NeighborhoodCard && re.kind != EventCard && re.Neighborhood != "" {
			c.errf(f, line, "%s card %q cannot name a neighborhood", EncounterKindNames[re.kind], e.Name)
		}
		if re.kind == EventCard {
			if len(re.Doom) == 0 {
				c.errf(f, line, "event card %q needs at least one doom space (AH3 406.2)", e.Name)
			}
			for _, d := range re.Doom {
				s, ok := c.space[d]
				if !ok {
					c.errf(f, line, "event card %q: doom space %q is not on the map", e.Name, d)
					continue
				}
				if c.sc.Spaces[s].Street != NotStreet {
					c.errf(f, line, "event card %q: doom space %q is a street, and no doom is placed on streets (AH3 489.2)", e.Name, d)
				}
				e.Doom = append(e.Doom, s)
			}
		} else if len(re.Doom) > 0 {
			c.errf(f, line, "only event cards carry doom spaces")
		}
		if len(re.Encounters) != 3 {
			c.errf(f, line, "%s card %q has %d encounters, want 3 (AH3 433.2, 434.1, 402.5)", EncounterKindNames[re.kind], e.Name, len(re.Encounters))
		}
		for j, x := range re.Encounters {
			if j >= 3 {
				break
			}
			if x.At != "" && x.At != want[j] {
				c.errf(f, x.Effects.Line, "encounter %d of %q is at %q, want %q (the order is fixed)", j+1, e.Name, x.At, want[j])
			}
			e.Texts[j] = x.Text
			e.Effects[j] = c.block(f, &x.Effects, true)
		}
		c.sc.Encounters = append(c.sc.Encounters, e)
	}
	for i := range c.sc.Encounters {
		e := &c.sc.Encounters[i]
		if e.Kind == NeighborhoodCard && e.Neighborhood >= 0 {
			c.sc.Neighborhoods[e.Neighborhood].Deck = append(c.sc.Neighborhoods[e.Neighborhood].Deck, i)
		}
	}
	f, line := c.r.scenarioFile, c.r.scenario.line
	var kinds [4]int
	for _, e := range c.sc.Encounters {
		kinds[e.Kind]++
	}
	for _, h := range c.sc.Neighborhoods {
		if len(h.Deck) == 0 {
			c.errf(f, h.Line, "neighborhood %q has no neighborhood cards (AH3 433.1)", h.Name)
		}
	}
	hasStreet := false
	for _, s := range c.sc.Spaces {
		hasStreet = hasStreet || s.Street != NotStreet
	}
	if hasStreet && kinds[StreetCard] == 0 {
		c.errf(f, line, "the map has streets but the street deck is empty (AH3 434)")
	}
	if kinds[EventCard] == 0 {
		c.errf(f, line, "the event deck must not be empty (AH3 103)")
	}
}

func (c *compiler) headlines() {
	for _, rh := range c.r.headlines {
		h := Headline{Name: rh.Name, Rumor: rh.Rumor, Markers: rh.Markers, Text: rh.Text, Line: rh.line}
		if _, dup := c.headline[h.Name]; dup || h.Name == "" {
			c.errf(rh.file, rh.line, "headline %q: names must be present and unique", h.Name)
		}
		c.headline[h.Name] = len(c.sc.Headlines)
		h.Effects = c.block(rh.file, &rh.Effects, !h.Rumor)
		h.Reckoning = c.block(rh.file, &rh.Reckoning, false)
		h.Expire = c.block(rh.file, &rh.Expire, false)
		if !h.Rumor && (h.Reckoning.Len > 0 || h.Markers > 0 || h.Expire.Len > 0) {
			c.errf(rh.file, rh.line, "headline %q: only a Rumor stays in the codex with reckoning, markers or expire (AH3 423.7)", h.Name)
		}
		if h.Rumor && h.Reckoning.Len == 0 && h.Markers == 0 {
			c.errf(rh.file, rh.line, "Rumor %q needs a reckoning effect or markers while it is in the codex (AH3 423.8)", h.Name)
		}
		c.sc.Headlines = append(c.sc.Headlines, h)
	}
}

func (c *compiler) archive() {
	for _, ra := range c.r.archive {
		a := Archive{Number: ra.Number, Name: ra.Name, Text: ra.Text, ClueNeed: ra.Clues, DoomAt: ra.Doom, Line: ra.line}
		switch ra.Rule {
		case "":
		case "surge":
			a.Rule = RuleSurge
		case "anomalies":
			a.Rule = RuleAnomalies
		default:
			c.errf(ra.file, ra.line, "archive card %d: rule %q, want surge or anomalies (AH3 412, 402.3)", a.Number, ra.Rule)
		}
		a.OnAdd = c.block(ra.file, &ra.OnAdd, false)
		a.Reckoning = c.block(ra.file, &ra.Reckoning, false)
		a.OnClues = c.block(ra.file, &ra.OnClues, false)
		a.OnDoom = c.block(ra.file, &ra.OnDoom, false)
		a.Attach = -1
		if ra.Attach != "" {
			h, ok := c.hood[ra.Attach]
			if !ok {
				c.errf(ra.file, ra.line, "archive card %d: attach: unknown neighborhood %q (AH3 403.5h)", a.Number, ra.Attach)
			}
			if ok {
				a.Attach = h
			}
			a.OnInteract = c.block(ra.file, &ra.Interact, false)
			if a.OnInteract.Len == 0 {
				c.errf(ra.file, ra.line, "archive card %d: attach needs on_interact, what happens when someone interacts (AH3 403.5i)", a.Number)
			}
		}
		if (a.ClueNeed > 0) != (a.OnClues.Len > 0) {
			c.errf(ra.file, ra.line, "archive card %d: clues and on_clues go together (AH3 403.5c)", a.Number)
		}
		if (a.DoomAt > 0) != (a.OnDoom.Len > 0) {
			c.errf(ra.file, ra.line, "archive card %d: doom and on_doom go together (AH3 403.5d)", a.Number)
		}
		if ra.Monster != nil {
			ra.Monster.line = ra.line
			m := c.monsterOf(ra.file, ra.Monster, true)
			a.Monster = &m
		}
		c.sc.Archive = append(c.sc.Archive, a)
	}
}

func (c *compiler) setup() {
	rs, f, sc := c.r.scenario, c.r.scenarioFile, c.sc
	sc.Doom = make([]int, len(sc.Spaces))
	for _, d := range rs.Doom {
		s, ok := c.space[d.Space]
		if !ok {
			c.errf(f, rs.line, "doom on unknown space %q", d.Space)
			continue
		}
		if sc.Spaces[s].Street != NotStreet {
			c.errf(f, rs.line, "doom on street %q: no doom is placed on streets (AH3 489.2)", d.Space)
		}
		if d.N < 0 {
			c.errf(f, rs.line, "doom on %q must be >= 0", d.Space)
		}
		sc.Doom[s] += d.N
	}
	for _, p := range rs.Placements {
		m, ok := c.monster[p.Monster]
		s, ok2 := c.space[p.Space]
		if !ok || !ok2 {
			c.errf(f, rs.line, "monsters_on_map: unknown monster %q or space %q (AH3 102.2)", p.Monster, p.Space)
			continue
		}
		sc.Placements = append(sc.Placements, Placement{Monster: m, Space: s, Exhausted: p.Exhausted})
	}
	for i, m := range sc.Monsters {
		if m.SetAside {
			continue // AH3 457.1: set aside, not shuffled into the deck
		}
		for k := 0; k < m.Copies; k++ {
			sc.MonsterDeck = append(sc.MonsterDeck, i)
		}
	}
	cu := rs.Cup
	sc.Cup = [NumTokens]int{cu.SpreadDoom, cu.SpawnMonster, cu.SpawnClue, cu.Headline, cu.GateBurst, cu.Reckoning, cu.Blank}
	total := 0
	for k, n := range sc.Cup {
		if n < 0 || n > 16 {
			c.errf(f, rs.line, "cup: %s %d is outside 0..16", TokenNames[k], n)
		}
		total += n
	}
	if total == 0 {
		c.errf(f, rs.line, "the mythos cup is empty (AH3 105.1)")
	}
	sc.HeadlineCount = rs.Headlines
	if sc.HeadlineCount == 0 {
		sc.HeadlineCount = 13
	}
	if sc.HeadlineCount > len(sc.Headlines) {
		c.errf(f, rs.line, "headlines: %d wanted in the deck but only %d are defined (AH3 106.1)", sc.HeadlineCount, len(sc.Headlines))
	}
	usesAnomalies := false
	for _, n := range rs.Codex {
		if !c.archives[n] {
			c.errf(f, rs.line, "codex: archive card %d is not defined (AH3 111.4b)", n)
		}
		sc.Codex = append(sc.Codex, n)
	}
	for _, a := range sc.Archive {
		usesAnomalies = usesAnomalies || a.Rule == RuleAnomalies
	}
	for _, name := range rs.Anomalies {
		e, ok := c.enc[name]
		if !ok || sc.Encounters[e].Kind != AnomalyCard {
			c.errf(f, rs.line, "anomalies: %q is not an anomaly card (AH3 111.5)", name)
			continue
		}
		sc.Anomalies = append(sc.Anomalies, e)
	}
	if usesAnomalies && len(sc.Anomalies) == 0 {
		c.errf(f, rs.line, "an archive card brings in the Anomalies rule but the anomaly deck is empty (AH3 402.4)")
	}
	sc.Reckoning = c.block(f, &rs.Reckoning, false)
	sc.ReckoningText = rs.ReckoningText
	// Effects that name archive cards must name defined ones.
	for i := range sc.Program.Effects {
		e := &sc.Program.Effects[i]
		if (e.Op == OpAddCodex || e.Op == OpSpawnEpic) && !c.archives[e.Ref] {
			c.errf(e.File, e.Line, "effect names archive card %d, which is not defined", e.Ref)
		}
		if e.Op == OpSpawnEpic {
			ok := false
			for _, a := range sc.Archive {
				ok = ok || (a.Number == e.Ref && a.Monster != nil)
			}
			if !ok {
				c.errf(e.File, e.Line, "spawn_epic: archive card %d is not an epic monster (AH3 403.5e)", e.Ref)
			}
		}
	}
	if len(sc.Spaces) > MaxSpaces || len(sc.Neighborhoods) > MaxNeighborhoods {
		c.errf(f, rs.line, "the map has %d spaces and %d neighborhoods; the engine holds at most %d and %d", len(sc.Spaces), len(sc.Neighborhoods), MaxSpaces, MaxNeighborhoods)
	}
	_ = fmt.Sprint
}

// Limits the engine's fixed layout holds.
const (
	MaxSpaces        = 32
	MaxNeighborhoods = 8
)
