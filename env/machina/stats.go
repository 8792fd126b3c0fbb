package machina

// Characteristics (MA §7.2): a creature's effective defence, will and other
// modified values are its card's plus equipment symbols plus every passive in
// play that reaches it plus its continuous effects, clamped to 0..9.

func clamp9(v int) int {
	if v < 0 {
		return 0
	}
	if v > 9 {
		return 9
	}
	return v
}

// statSum adds every modifier of stat that reaches creature cr: passives of
// cards in play (MA §16.3) and continuous effects (MA §18.4).
func (s *State) statSum(cr int, stat Stat) int {
	sum := 0
	for i := range s.Mods {
		m := &s.Mods[i]
		if int(m.Target) == cr && (m.Stat == stat || (m.Stat == StatDefWill && (stat == StatDefence || stat == StatWill))) {
			sum += int(m.N)
		}
	}
	// Pioneers' own cards, personal events and equipped items.
	for p := 0; p < int(s.N); p++ {
		if !s.onBoardPioneer(p) {
			continue
		}
		if pc := s.pioneerCard(p); pc.passives.has(stat) {
			sum += s.passiveSum(pc.Abilities, p, cr, stat, false)
		}
		for k := 0; k < int(s.P[p].PersonalN); k++ {
			if ev := &s.ct.Events[s.P[p].Personal[k]]; ev.passives.has(stat) {
				sum += s.passiveSum(ev.Abilities, p, cr, stat, false)
			}
		}
	}
	if (stat == StatDefence || stat == StatWill) && isPioneer(cr) && s.onBoardPioneer(cr) {
		// The printed defence and will of the items cr has equipped.
		for _, i := range s.ct.printedItems {
			if it := &s.Items[i]; it.Zone == ZoneEquipped && int(it.Owner) == cr {
				if stat == StatDefence {
					sum += int(s.ct.Items[i].Defence)
				} else {
					sum += int(s.ct.Items[i].Will)
				}
			}
		}
	}
	if stat < numStats {
		// Only the items with a passive of this stat can add to it
		// (Content.statItems; defence and will list def_will items too).
		for _, i := range s.ct.statItems[stat] {
			it := &s.Items[i]
			if !s.passiveApplies(it) {
				continue
			}
			sum += s.passiveSum(s.ct.Items[i].Abilities, int(it.Owner), cr, stat, false)
		}
	}
	// Current events and the chapter: no owner (MA §15.1, §14.1).
	if e := s.currentEvent(false); e >= 0 && s.ct.Events[e].passives.has(stat) {
		sum += s.passiveSum(s.ct.Events[e].Abilities, -1, cr, stat, false)
	}
	if e := s.currentEvent(true); e >= 0 && s.ct.Events[e].passives.has(stat) {
		sum += s.passiveSum(s.ct.Events[e].Abilities, -1, cr, stat, true)
	}
	if ch := s.chapter(); ch != nil && ch.passives.has(stat) {
		sum += s.passiveSum(ch.Abilities, -1, cr, stat, false)
	}
	// Monsters' cards (auras).
	for _, m := range s.Order {
		if mc := &s.ct.Monsters[m]; mc.passives.has(stat) {
			sum += s.passiveSum(mc.Abilities, MonsterBase+int(m), cr, stat, true)
		}
	}
	return sum
}

// statSet is a set of stats, bit st for Stat st.
type statSet uint32

// The set must hold every stat.
var _ = [32 - numStats]struct{}{}

// has reports whether a passive effect of a card whose passives change the
// stats in set can add to stat: one of stat itself, or of defence and will
// together for either (as passiveSum matches them).
func (set statSet) has(stat Stat) bool { return set&(1<<stat) != 0 }

// characteristicSet holds the stats AllCharacteristics sums (addPassives3).
const characteristicSet = statSet(1<<StatMaxStamina | 1<<StatDefence | 1<<StatWill | 1<<StatDefWill)

// passiveSum adds the passive modify effects of one card that reach cr.
// owner is the card's creature, or -1; monsterSide says whose card an ownerless
// default scope reaches (horror events: monsters).
func (s *State) passiveSum(abs []Ability, owner, cr int, stat Stat, monsterSide bool) int {
	sum := 0
	for ai := range abs {
		a := &abs[ai]
		if a.When != WhenPassive {
			continue
		}
		for ei := range a.Effects {
			e := &a.Effects[ei]
			if e.Stat != stat && !(e.Stat == StatDefWill && (stat == StatDefence || stat == StatWill)) {
				continue
			}
			if s.scopeReaches(e.On, owner, cr, monsterSide) {
				sum += int(e.N)
			}
		}
	}
	return sum
}

// scopeReaches reports whether a passive of scope sc on a card owned by owner
// reaches creature cr (MA §16.3, §17.7 Crystal Figurine, §21.2 Ran-Tigot).
func (s *State) scopeReaches(sc Scope, owner, cr int, monsterSide bool) bool {
	switch sc {
	case ScopeDefault, ScopeSelf:
		if owner >= 0 {
			return cr == owner
		}
		if monsterSide {
			return isMonster(cr)
		}
		return isPioneer(cr)
	case ScopeTilePioneers:
		if !isPioneer(cr) || owner < 0 {
			return isPioneer(cr)
		}
		a, b := s.posOf(owner), s.posOf(cr)
		return a >= 0 && b >= 0 && TileOf(a) == TileOf(b)
	case ScopeRange2Pioneers:
		if !isPioneer(cr) || owner < 0 {
			return false
		}
		a, b := s.posOf(owner), s.posOf(cr)
		return a >= 0 && b >= 0 && Cheb(a, b) <= 2
	case ScopeAllMonsters, ScopeMonsters:
		return isMonster(cr)
	case ScopeAllPioneers, ScopePioneers:
		return isPioneer(cr)
	case ScopeCreatures:
		return true
	}
	return false
}

// defence is a creature's effective defence (MA §7.2).
func (s *State) defence(cr int) int {
	switch {
	case isPioneer(cr):
		return clamp9(int(s.pioneerCard(cr).Defence) + s.statSum(cr, StatDefence))
	case isMonster(cr):
		return clamp9(int(s.monsterCard(cr).Defence) + s.statSum(cr, StatDefence))
	}
	if r := s.ritualIndex(cr - CellBase); r >= 0 {
		return int(s.sc.Finale.RitualDefence)
	}
	return 1 // a barrel: damaged by a result of at least 1 (MA §12.11)
}

// will is a creature's effective will (MA §7.2).
func (s *State) will(cr int) int {
	switch {
	case isPioneer(cr):
		return clamp9(int(s.pioneerCard(cr).Will) + s.statSum(cr, StatWill))
	case isMonster(cr):
		return clamp9(int(s.monsterCard(cr).Will) + s.statSum(cr, StatWill))
	}
	if r := s.ritualIndex(cr - CellBase); r >= 0 {
		return int(s.sc.Finale.RitualWill)
	}
	return 1
}

// maxStamina is a creature's maximum stamina with its modifiers (MA §22.A.6).
func (s *State) maxStamina(cr int) int {
	if isPioneer(cr) {
		return clamp9(int(s.pioneerCard(cr).MaxStam) + s.statSum(cr, StatMaxStamina))
	}
	return clamp9(int(s.monsterCard(cr).Stamina) + s.statSum(cr, StatMaxStamina))
}

// markersUsed counts the pioneer markers (owner ≥ 0) or horror markers
// (owner -1) on cards (MA §18.5, §18.7).
func (s *State) markersUsed(owner int) int {
	n := 0
	for i := range s.Mods {
		if s.Mods[i].Marker && int(s.Mods[i].Owner) == owner {
			n++
		}
	}
	return n
}

// Marker pools (MA §2.4).
const (
	PioneerMarkers = 3
	HorrorMarkers  = 4
)

// stacked counts how many times an ability's continuous effect has been
// resolved by owner this round (MA §18.4 ×X).
func (s *State) stacked(owner int, src int32, stat Stat) int {
	n := 0
	for i := range s.Mods {
		if int(s.Mods[i].Owner) == owner && s.Mods[i].Src == src && s.Mods[i].Stat == stat {
			n++
		}
	}
	return n
}

// expireMods ends the continuous effects of one marker kind: pioneers'
// (owner ≥ 0) at the start of the pioneers phase, horror markers' at the
// start of the horror phase (MA §6.1, §6.3, §18.5, §18.7).
func (s *State) expireMods(horror bool) {
	out := s.Mods[:0]
	for _, m := range s.Mods {
		if (m.Owner < 0) != horror {
			out = append(out, m)
		}
	}
	s.Mods = out
	s.syncCells() // an ended counts_as gives cells their printed kind back (MA §12.18)
}

// indexStats fills Content.statSelf and statItems (see hasStat) and each
// card's and chapter's passives (statSum skips a card that cannot add).
func (c *Content) indexStats() {
	for st := range c.statSelf {
		c.statSelf[st] = Stat(st) != StatDefence && Stat(st) != StatWill && Stat(st) != StatDefWill
		c.statItems[st] = nil
	}
	// scan indexes one card's passives and returns the set of stats they
	// change, a def_will effect counting for defence and will too.
	scan := func(abs []Ability, owned bool, item int) statSet {
		var set statSet
		for ai := range abs {
			if abs[ai].When != WhenPassive {
				continue
			}
			for _, e := range abs[ai].Effects {
				set |= 1 << e.Stat
				if e.Stat == StatDefWill { // it adds to both (statSum)
					set |= 1<<StatDefence | 1<<StatWill
				}
				if !owned || (e.On != ScopeDefault && e.On != ScopeSelf) {
					c.statSelf[e.Stat] = false
				}
				if item >= 0 {
					c.listItem(e.Stat, item)
					if e.Stat == StatDefWill {
						c.listItem(StatDefence, item)
						c.listItem(StatWill, item)
					}
				}
			}
		}
		return set
	}
	for i := range c.Pioneers {
		c.Pioneers[i].passives = scan(c.Pioneers[i].Abilities, true, -1)
	}
	c.printedItems = nil
	for i := range c.Items {
		scan(c.Items[i].Abilities, true, i) // items are found through statItems
		if c.Items[i].Defence != 0 || c.Items[i].Will != 0 {
			c.printedItems = append(c.printedItems, int16(i))
		}
	}
	for i := range c.Events {
		// A personal event has an owner; a current event has none.
		c.Events[i].passives = scan(c.Events[i].Abilities, false, -1)
	}
	for i := range c.Monsters {
		c.Monsters[i].passives = scan(c.Monsters[i].Abilities, true, -1)
	}
	for i := range c.Scenarios {
		for k := range c.Scenarios[i].Chapters {
			ch := &c.Scenarios[i].Chapters[k]
			ch.passives = scan(ch.Abilities, false, -1)
		}
	}
}

// indexItems fills Content.whenItems and weaponItems.
func (c *Content) indexItems() {
	c.whenItems, c.weaponItems = [numWhens][]int16{}, nil
	for i := range c.Items {
		var seen [numWhens]bool
		for _, a := range c.Items[i].Abilities {
			if !seen[a.When] {
				seen[a.When] = true
				c.whenItems[a.When] = append(c.whenItems[a.When], int16(i))
			}
		}
		if c.Items[i].Deck == Weapon {
			c.weaponItems = append(c.weaponItems, int16(i))
		}
	}
}

// listItem adds item to statItems[st] once (items are scanned in order).
func (c *Content) listItem(st Stat, item int) {
	if l := c.statItems[st]; len(l) == 0 || l[len(l)-1] != int16(item) {
		c.statItems[st] = append(l, int16(item))
	}
}

// hasStat reports whether statSum(cr, stat) > 0, looking only at the
// creature's own cards when every passive of the stat reaches only its own
// card's creature (Content.statSelf): its continuous effects, and its
// pioneer card, personal events and equipped items, or its monster card.
// The step path asks it for rare movement stats (chasm_walk, move_through,
// wall_walk) without scanning every card.
func (s *State) hasStat(cr int, stat Stat) bool {
	if !s.ct.statSelf[stat] {
		return s.statSum(cr, stat) > 0
	}
	sum := 0
	for i := range s.Mods {
		if m := &s.Mods[i]; int(m.Target) == cr && m.Stat == stat {
			sum += int(m.N)
		}
	}
	switch {
	case isPioneer(cr):
		if !s.onBoardPioneer(cr) {
			break
		}
		if pc := s.pioneerCard(cr); pc.passives.has(stat) {
			sum += s.passiveSum(pc.Abilities, cr, cr, stat, false)
		}
		for k := 0; k < int(s.P[cr].PersonalN); k++ {
			if ev := &s.ct.Events[s.P[cr].Personal[k]]; ev.passives.has(stat) {
				sum += s.passiveSum(ev.Abilities, cr, cr, stat, false)
			}
		}
		for _, i := range s.ct.statItems[stat] {
			if it := &s.Items[i]; it.Zone == ZoneEquipped && int(it.Owner) == cr {
				sum += s.passiveSum(s.ct.Items[i].Abilities, cr, cr, stat, false)
			}
		}
	case isMonster(cr):
		if mc := s.monsterCard(cr); s.Mx[cr-MonsterBase].Zone == ZonePlay && mc.passives.has(stat) {
			sum += s.passiveSum(mc.Abilities, cr, cr, stat, true)
		}
	}
	return sum > 0
}

// weaponSum adds the passive modify effects of the extensions attached
// directly to weapon item (MA §13.7: «Предмет-расширение влияет только на
// предмет, к которому он непосредственно присоединён»): they count for the
// attacks made with that weapon's abilities only (the Mystic Filler makes
// that weapon's attacks magic, MA §9.4, §21.3), never for its owner's other
// attacks.
func (s *State) weaponSum(item int, stat Stat) int {
	if item < 0 || s.ct.Items[item].Deck != Weapon {
		return 0
	}
	sum := 0
	for j := range s.ct.Items {
		if x := &s.Items[j]; x.Zone == ZoneEquipped && x.Ext && int(x.Host) == item {
			sum += s.passiveSum(s.ct.Items[j].Abilities, int(x.Owner), int(x.Owner), stat, false)
		}
	}
	return sum
}

// characteristicStats are the stats of a CharacteristicTable, in its order.
var characteristicStats = [3]Stat{StatMaxStamina, StatDefence, StatWill}

// CharacteristicTable holds the maximum stamina, defence and will of every
// creature id below MonsterBase+MaxMonsters (pioneers and monsters), with
// their modifiers (MA §7.2, §22.A.6): MaxStamina, Defence and Will.
type CharacteristicTable [MonsterBase + MaxMonsters][3]int8

// AllCharacteristics writes MaxStamina(cr), Defence(cr) and Will(cr) into
// dst[cr] for every pioneer seat and every monster in play, in one pass over
// the cards in play for all of them (statSum's sources, each passive asked
// once for every creature); it leaves the other entries as they are. An
// observation that shows every creature's characteristics reads them there.
func (s *State) AllCharacteristics(dst *CharacteristicTable) {
	var crsBuf [MaxPioneers + MaxMonsters]int
	crs := crsBuf[:0]
	for p := 0; p < int(s.N); p++ {
		crs = append(crs, p)
	}
	for m := range s.ct.Monsters {
		if s.Mx[m].Zone == ZonePlay {
			crs = append(crs, MonsterBase+m)
		}
	}
	var sum [MonsterBase + MaxMonsters][3]int
	for i := range s.Mods {
		m := &s.Mods[i]
		t := int(m.Target)
		if t < 0 || t >= len(sum) {
			continue
		}
		switch m.Stat {
		case StatMaxStamina:
			sum[t][0] += int(m.N)
		case StatDefence:
			sum[t][1] += int(m.N)
		case StatWill:
			sum[t][2] += int(m.N)
		case StatDefWill:
			sum[t][1] += int(m.N)
			sum[t][2] += int(m.N)
		}
	}
	// Pioneers' own cards, personal events and equipped items.
	for p := 0; p < int(s.N); p++ {
		if !s.onBoardPioneer(p) {
			continue
		}
		if pc := s.pioneerCard(p); pc.passives&characteristicSet != 0 {
			s.addPassives3(&sum, crs, pc.Abilities, p, false)
		}
		for k := 0; k < int(s.P[p].PersonalN); k++ {
			if ev := &s.ct.Events[s.P[p].Personal[k]]; ev.passives&characteristicSet != 0 {
				s.addPassives3(&sum, crs, ev.Abilities, p, false)
			}
		}
	}
	for _, i := range s.ct.printedItems {
		// The printed defence and will of the items a pioneer on the board
		// has equipped, for that pioneer.
		if it := &s.Items[i]; it.Zone == ZoneEquipped && isPioneer(int(it.Owner)) && int(it.Owner) < int(s.N) && s.onBoardPioneer(int(it.Owner)) {
			sum[it.Owner][1] += int(s.ct.Items[i].Defence)
			sum[it.Owner][2] += int(s.ct.Items[i].Will)
		}
	}
	for k, stat := range characteristicStats {
		for _, i := range s.ct.statItems[stat] {
			it := &s.Items[i]
			if !s.passiveApplies(it) {
				continue
			}
			for _, cr := range crs {
				sum[cr][k] += s.passiveSum(s.ct.Items[i].Abilities, int(it.Owner), cr, stat, false)
			}
		}
	}
	// Current events and the chapter: no owner (MA §15.1, §14.1).
	if e := s.currentEvent(false); e >= 0 && s.ct.Events[e].passives&characteristicSet != 0 {
		s.addPassives3(&sum, crs, s.ct.Events[e].Abilities, -1, false)
	}
	if e := s.currentEvent(true); e >= 0 && s.ct.Events[e].passives&characteristicSet != 0 {
		s.addPassives3(&sum, crs, s.ct.Events[e].Abilities, -1, true)
	}
	if ch := s.chapter(); ch != nil && ch.passives&characteristicSet != 0 {
		s.addPassives3(&sum, crs, ch.Abilities, -1, false)
	}
	// Monsters' cards (auras).
	for _, m := range s.Order {
		if mc := &s.ct.Monsters[m]; mc.passives&characteristicSet != 0 {
			s.addPassives3(&sum, crs, mc.Abilities, MonsterBase+int(m), true)
		}
	}
	for _, cr := range crs {
		var base [3]int
		if isPioneer(cr) {
			pc := s.pioneerCard(cr)
			base = [3]int{int(pc.MaxStam), int(pc.Defence), int(pc.Will)}
		} else {
			mc := s.monsterCard(cr)
			base = [3]int{int(mc.Stamina), int(mc.Defence), int(mc.Will)}
		}
		for k := range base {
			dst[cr][k] = int8(clamp9(base[k] + sum[cr][k]))
		}
	}
}

// addPassives3 adds to sum[cr], for each creature cr of crs, what the
// passives of abs (passiveSum's arguments) add to its maximum stamina,
// defence and will.
func (s *State) addPassives3(sum *[MonsterBase + MaxMonsters][3]int, crs []int, abs []Ability, owner int, monsterSide bool) {
	for ai := range abs {
		a := &abs[ai]
		if a.When != WhenPassive {
			continue
		}
		for ei := range a.Effects {
			e := &a.Effects[ei]
			lo, hi := 0, 0 // the characteristics it adds to: [lo, hi]
			switch e.Stat {
			case StatMaxStamina:
				lo, hi = 0, 0
			case StatDefence:
				lo, hi = 1, 1
			case StatWill:
				lo, hi = 2, 2
			case StatDefWill:
				lo, hi = 1, 2
			default:
				continue
			}
			for _, cr := range crs {
				if s.scopeReaches(e.On, owner, cr, monsterSide) {
					for k := lo; k <= hi; k++ {
						sum[cr][k] += int(e.N)
					}
				}
			}
		}
	}
}

// passiveApplies reports whether an item's passive stat abilities count for
// its owner: it is equipped by a pioneer on the board, and it is not an
// extension of a weapon, which changes only its own weapon (MA §13.7; see
// weaponSum).
func (s *State) passiveApplies(it *ItemState) bool {
	if it.Zone != ZoneEquipped || !s.onBoardPioneer(int(it.Owner)) {
		return false
	}
	return !it.Ext || it.Host < 0 || s.ct.Items[it.Host].Deck != Weapon
}
