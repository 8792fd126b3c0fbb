package lcgcase

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
	"github.com/mythos-rl/mythos/internal/casefile"
)

// differ collects the differences between expected and actual values and
// counts the expectations checked (the runners' shared casefile.Diffs).
type differ = casefile.Diffs

// check compares the state with the expectations and returns the
// differences; a case that expects nothing fails (it could never fail).
func check(s *lcg.State, e *Expect) []string {
	var d differ
	d.Str("phase", e.Phase, s.Phase.String())
	d.Int("round", e.Round, int(s.Round))
	d.Int("act", e.Act, int(s.Act))
	d.Int("agenda", e.Agenda, int(s.Agenda))
	d.Int("doom on the agenda", e.Doom, int(s.AgendaDoom))
	d.Int("doom in play", e.DoomInPlay, s.DoomTotal())
	d.Int("lead investigator", e.Lead, int(s.Lead))
	d.Bool("game over", e.Over, s.Over())
	d.Str("resolution", e.Resolution, lcg.ResolutionName(s.Resolution))
	if e.Score != nil {
		d.N++
		if *e.Score != s.Score() {
			d.Add("score: want %v, got %v", *e.Score, s.Score())
		}
	}
	for i := range e.Seats {
		checkSeat(s, &d, &e.Seats[i])
	}
	for _, l := range e.Locations {
		k, err := location(s, l.Name)
		if err != nil {
			d.Add("location: %v", err)
			continue
		}
		c := &s.Cards[s.LocInst[k]]
		w := "location " + l.Name
		d.Int(w+" clues", l.Clues, int(c.Clues))
		d.Bool(w+" revealed", l.Revealed, c.Revealed)
		d.Bool(w+" in play", l.InPlay, s.LocationInPlay(k))
		d.Int(w+" shroud", l.Shroud, s.ShroudAt(k))
		d.Int(w+" doom", l.Doom, int(c.Doom))
		checkZone(s, &d, w+" attachments", s.Attached(k), l.Attached)
	}
	if e.Campaign != nil {
		checkCampaign(s, &d, e.Campaign)
	}
	if e.CampaignPlay != nil {
		checkCampaignPlay(s, &d, e.CampaignPlay)
	}
	for i := range e.Enemies {
		checkEnemy(s, &d, &e.Enemies[i])
	}
	if e.Prompt != nil {
		checkPrompt(s, &d, e.Prompt)
	}
	checkZone(s, &d, "victory display", s.Victory, e.Victory)
	checkZone(s, &d, "encounter discard", s.EncDiscard, e.EncDiscard)
	checkZone(s, &d, "encounter deck", s.EncDeck, e.EncDeck)
	checkZone(s, &d, "removed from the game", s.Removed, e.Removed)
	checkZone(s, &d, "set aside", s.SetAside, e.SetAside)
	d.Int("chaos bag size", e.BagSize, len(s.Bag))
	if len(e.BagHas) > 0 {
		d.N++
		need := map[int8]int{}
		for _, n := range e.BagHas {
			t, err := lcg.ParseToken(n)
			if err != nil {
				d.Add("bag_has: %v", err)
				continue
			}
			need[t]++
		}
		have := map[int8]int{}
		for _, t := range s.Bag {
			have[t]++
		}
		for _, n := range e.BagHas {
			t, _ := lcg.ParseToken(n)
			if have[t] < need[t] {
				d.Add("chaos bag: want %d × %s, got %d", need[t], lcg.TokenName(t), have[t])
				need[t] = 0
			}
		}
	}
	if e.VictoryPts != nil {
		n := 0
		for _, id := range s.Victory {
			n += int(cards.Get(s.Cards[id].Def).Victory)
		}
		d.Int("victory points", e.VictoryPts, n)
	}
	checkLogOrder(s, &d, e.LogOrder)
	checkExactCounts(s, &d, e)
	if e.ActClues != nil {
		on, _ := s.ActCluesOnAct()
		d.Int("clues on the act", e.ActClues, on)
	}
	if d.N == 0 {
		d.Add("the case expects nothing: state at least one expectation")
	}
	return d.Lines
}

var outNames = map[uint8]string{lcg.OutNone: "in", lcg.OutDamage: "damage", lcg.OutHorror: "horror", lcg.OutBoth: "both", lcg.OutResigned: "resigned", lcg.OutDefeated: "defeated"}

func checkSeat(s *lcg.State, d *differ, e *SeatExpect) {
	if e.Seat < 0 || e.Seat >= int(s.N) {
		d.Add("seat %d: no such investigator (the game has %d)", e.Seat, s.N)
		return
	}
	v := &s.Inv[e.Seat]
	w := fmt.Sprintf("seat %d ", e.Seat)
	d.Int(w+"resources", e.Resources, int(v.Resources))
	d.Int(w+"clues", e.Clues, int(v.Clues))
	d.Int(w+"damage", e.Damage, int(v.Damage))
	d.Int(w+"horror", e.Horror, int(v.Horror))
	d.Int(w+"actions left", e.Actions, int(v.Actions))
	got := locName(s, int(v.Loc))
	if e.Location != "" && s.LocationSlot(e.Location) == int(v.Loc) {
		got = e.Location // named by its subtitle (Arkham Woods (Quiet Glade))
	}
	d.Str(w+"location", e.Location, got)
	d.Str(w+"out", e.Out, outNames[v.Out])
	d.Int(w+"physical trauma", e.PhysicalTrauma, int(v.PhysicalTrauma))
	d.Int(w+"mental trauma", e.MentalTrauma, int(v.MentalTrauma))
	d.Int(w+"experience penalty", e.XPPenalty, int(v.XPPenalty))
	d.Int(w+"hand size", e.HandCount, len(v.Hand))
	d.Int(w+"deck size", e.DeckCount, len(v.Deck))
	d.Int(w+"discard size", e.DiscardCount, len(v.Discard))
	d.Int(w+"cards in play", e.PlayCount, len(v.Play))
	d.Int(w+"cards in threat area", e.ThreatCount, len(v.Threat))
	checkZone(s, d, w+"hand", v.Hand, e.Hand)
	checkZone(s, d, w+"deck", v.Deck, e.Deck)
	checkZone(s, d, w+"discard", v.Discard, e.Discard)
	checkZone(s, d, w+"play area", v.Play, e.Play)
	checkZone(s, d, w+"threat area", v.Threat, e.Threat)
	if len(e.Skills) > 0 {
		names := []string{"willpower", "intellect", "combat", "agility"}
		for k := 0; k < len(e.Skills) && k < 4; k++ {
			want := e.Skills[k]
			d.Int(w+names[k], &want, s.SkillOf(e.Seat, k))
		}
	}
	for _, ce := range e.Cards {
		d.N++ // the card is in the play or threat area
		id := int16(-1)
		for _, l := range [][]int16{v.Play, v.Threat} {
			for _, x := range l {
				if id < 0 && isCard(s, x, ce.Card) {
					id = x
				}
			}
		}
		if id < 0 {
			d.Add("%s%s: not in the play or threat area", w, ce.Card)
			continue
		}
		c := &s.Cards[id]
		cw := w + ce.Card + " "
		d.Int(cw+"damage", ce.Damage, int(c.Damage))
		d.Int(cw+"horror", ce.Horror, int(c.Horror))
		d.Int(cw+"clues", ce.Clues, int(c.Clues))
		d.Int(cw+"doom", ce.Doom, int(c.Doom))
		d.Int(cw+"uses", ce.Uses, int(c.Uses))
		d.Bool(cw+"exhausted", ce.Exhausted, c.Exhausted)
	}
}

// checkZone checks that list holds the Has cards (with repeats) and none of the Lacks.
func checkZone(s *lcg.State, d *differ, what string, list []int16, z ZoneExpect) {
	checkZoneExact(s, d, what, list, z) // count, exactly (format_counts.go)
	if len(z.Has) == 0 && len(z.Lacks) == 0 {
		return
	}
	d.N++
	count := func(name string) int {
		n := 0
		for _, id := range list {
			if isCard(s, id, name) {
				n++
			}
		}
		return n
	}
	need := map[string]int{}
	for _, n := range z.Has {
		need[strings.ToLower(strings.TrimSpace(n))]++
	}
	done := map[string]bool{}
	for _, n := range z.Has {
		key := strings.ToLower(strings.TrimSpace(n))
		if done[key] {
			continue
		}
		done[key] = true
		if _, err := cardID(n); err != nil {
			d.Add("%s: %v", what, err)
			continue
		}
		if got := count(n); got < need[key] {
			d.Add("%s: want %d × %s, got %d (%s)", what, need[key], n, got, zoneList(s, list))
		}
	}
	for _, n := range z.Lacks {
		if _, err := cardID(n); err != nil {
			d.Add("%s: %v", what, err)
			continue
		}
		if got := count(n); got > 0 {
			d.Add("%s: want no %s, got %d (%s)", what, n, got, zoneList(s, list))
		}
	}
}

// zoneList names the cards of a zone (at most 12).
func zoneList(s *lcg.State, list []int16) string {
	if len(list) == 0 {
		return "empty"
	}
	var parts []string
	for i, id := range list {
		if i == 12 {
			parts = append(parts, fmt.Sprintf("… %d more", len(list)-12))
			break
		}
		parts = append(parts, s.CardName(id))
	}
	return strings.Join(parts, ", ")
}

func checkEnemy(s *lcg.State, d *differ, e *EnemyExpect) {
	d.N++ // in play, or not (InPlay)
	if _, err := cardID(e.Card); err != nil {
		d.Add("enemy: %v", err)
		return
	}
	var found []int16
	for _, x := range s.Enemies {
		if x >= 0 && isCard(s, x, e.Card) {
			found = append(found, x)
		}
	}
	w := "enemy " + e.Card
	d.Int(w+" count in play", e.Count, len(found))
	want := e.InPlay == nil || *e.InPlay
	if !want {
		if len(found) > 0 {
			d.Add("%s: want not in play, got in play at %s", w, locName(s, int(s.Cards[found[0]].Loc)))
		}
		return
	}
	if len(found) == 0 {
		if e.Count == nil || *e.Count > 0 {
			d.Add("%s: want in play, got not in play", w)
		}
		return
	}
	id := found[0]
	c := &s.Cards[id]
	d.Str(w+" location", e.At, locName(s, int(c.Loc)))
	d.Int(w+" damage", e.Damage, int(c.Damage))
	d.Bool(w+" exhausted", e.Exhausted, c.Exhausted)
	d.Int(w+" health", e.Health, s.EnemyHealthOf(id))
	d.Int(w+" doom", e.Doom, int(c.Doom))
	d.Int(w+" clues", e.Clues, int(c.Clues))
	if e.Engaged != "" {
		var with []string
		for i := 0; i < int(s.N); i++ {
			if s.EngagedWith(id, i) {
				with = append(with, strconv.Itoa(i))
			}
		}
		got := "none"
		if len(with) > 0 {
			got = strings.Join(with, ",")
		}
		d.Str(w+" engaged with", e.Engaged, got)
	}
}

func checkPrompt(s *lcg.State, d *differ, e *PromptExpect) {
	p := s.Prompt()
	d.Str("prompt kind", e.Kind, kindName(s, p.Kind))
	d.Int("prompt actor", e.Actor, int(p.Actor))
	d.Int("prompt option count", e.Count, len(p.Options))
	d.N += len(e.Has) + len(e.Lacks)
	for _, a := range e.Has {
		if a.Option != nil || a.Advance != "" {
			d.Add("prompt has: %q is not an option name", a.String())
			continue
		}
		switch matchOption(s, a) {
		case -1:
			d.Add("prompt: want option %q, got %s", a.String(), optionList(s))
		case -2:
			d.Add("prompt: unknown action %q", a.String())
		}
	}
	for _, a := range e.Lacks {
		switch i := matchOption(s, a); {
		case i >= 0:
			d.Add("prompt: want no option %q, got %s", a.String(), optionList(s))
		case i == -2:
			d.Add("prompt: unknown action %q", a.String())
		}
	}
}

// checkCampaign compares the campaign log.
func checkCampaign(s *lcg.State, d *differ, e *CampaignExpect) {
	for _, list := range []struct {
		names []string
		want  bool
	}{{e.Has, true}, {e.Lacks, false}} {
		for _, n := range list.names {
			d.N++
			k, err := lcg.ParseLogKey(n)
			if err != nil {
				d.Add("campaign_log: %v", err)
				continue
			}
			if s.Campaign.Has(k) != list.want {
				d.Add("campaign log %q: want recorded %v, got %v", k, list.want, !list.want)
			}
		}
	}
	for _, list := range []struct {
		key   lcg.LogKey
		names []string
	}{{lcg.LogCultistsInterrogated, e.Interrogated}, {lcg.LogCultistsGotAway, e.GotAway}} {
		if list.names == nil {
			continue
		}
		d.N++
		var got []string
		for _, c := range s.CampaignCards(list.key) {
			got = append(got, cards.Get(c).Name)
		}
		var want []string
		for _, n := range list.names {
			id, err := cardID(n)
			if err != nil {
				d.Add("campaign_log: %v", err)
				continue
			}
			want = append(want, cards.Get(id).Name)
		}
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			d.Add("campaign log %q: want [%s], got [%s]", list.key, strings.Join(want, "; "), strings.Join(got, "; "))
		}
	}
}
