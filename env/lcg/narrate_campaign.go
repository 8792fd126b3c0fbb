package lcg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The campaign in words (campaign_play.go, upgrade.go): the render's
// campaign lines, the campaign prompts' options, the campaign's events.

// renderCampaign writes the campaign's state: the position, each seat's
// investigator, experience, trauma and status, and between scenarios the
// deck list of the investigator deciding.
func (s *State) renderCampaign(b *strings.Builder, viewer game.AgentID) {
	if !s.Camp.On {
		return
	}
	cd := s.campaignDef()
	fmt.Fprintf(b, "Campaign %s: scenario %d of %d (%s), %s; reward so far %+.2f.\n", cd.Name, s.Camp.Index+1, len(cd.Scenarios),
		s.ScenarioName(), CampaignStepName(s.Camp.Step), s.Score())
	for i := 0; i < int(s.N); i++ {
		c := &s.Camp.Seats[i]
		st := ""
		if c.Status != SeatActive {
			st = " — " + SeatStatusName(c.Status)
		}
		fmt.Fprintf(b, "  seat %d %s: %d experience unspent (%+d last scenario), trauma %d physical, %d mental%s\n",
			i, def(c.Inv).Name, c.XP, c.Earned, c.Physical, c.Mental, st)
	}
	if s.Camp.Step != CampBetween {
		return
	}
	for _, k := range s.Campaign.Entries() {
		fmt.Fprintf(b, "Campaign log: %s.\n", k)
	}
	seat := int(s.prompt.Actor)
	if seat < 0 || seat >= int(s.N) || (viewer != game.NoAgent && int(viewer) != seat) {
		return
	}
	count := map[string]int{}
	for _, d := range s.Camp.Seats[seat].deck() {
		c := def(d)
		name := c.Name
		if c.Level > 0 {
			name = fmt.Sprintf("%s (level %d)", c.Name, c.Level)
		}
		count[name]++
	}
	names := make([]string, 0, len(count))
	for n := range count {
		names = append(names, n)
	}
	sort.Strings(names)
	list := make([]string, len(names))
	for i, n := range names {
		list[i] = fmt.Sprintf("%d× %s", count[n], n)
	}
	wrapList(b, "  deck: ", list, ", ", "    ")
}

// describeCampaign words an option of a campaign prompt.
func (s *State) describeCampaign(o game.Option) (string, bool) {
	seat := int(s.prompt.Actor)
	switch s.prompt.Kind {
	case PkUpgrade:
		if o.Code == ActPass {
			return fmt.Sprintf("Done: keep the %d experience for later", s.Camp.Seats[seat].XP), true
		}
		k := int(o.Code - ActBuy)
		c := def(shop[k])
		cost, upgrade, _ := s.Quote(seat, k)
		how := "a new card: choose the card it replaces next"
		if upgrade {
			how = "an upgrade of the lower level in your deck"
		}
		return fmt.Sprintf("Buy %s (%s, level %d) for %d experience: %s", c.Name, c.Class, c.Level, cost, how), true
	case PkUpgradeRemove:
		if o.Code == ActPass {
			return "Cancel the purchase", true
		}
		c := def(shop[int(o.Code-ActRemove)])
		return fmt.Sprintf("Replace a %s (level %d) with the %s bought", c.Name, c.Level, s.purchaseName()), true
	case PkTrauma:
		if o.Code == ActChoose {
			return "Take 1 physical trauma (start each later scenario with 1 more damage)", true
		}
		return "Take 1 mental trauma (start each later scenario with 1 more horror)", true
	}
	return "", false
}

// purchaseName names the card of the purchase waiting for its removal.
func (s *State) purchaseName() string {
	if f := s.stack.Top(); f != nil && f.Op == opCampaign && f.Tgt >= 0 && int(f.Tgt) < len(shop) {
		return def(shop[f.Tgt]).Name
	}
	return "card"
}

// narrateCampaign is the line of a campaign event.
func (s *State) narrateCampaign(e game.Event) (string, bool) {
	who := s.seatName(int(e.Who))
	switch e.Kind {
	case evCampaignTally:
		return fmt.Sprintf("%s earns %d experience; trauma now %d physical, %d mental.", who, e.A, e.B, e.C), true
	case evCampaignReplace:
		return fmt.Sprintf("Seat %d's investigator is lost; %s joins the campaign.", e.Who, def(cards.ID(e.A)).Name), true
	case evUpgrade:
		if e.B != 0 {
			return fmt.Sprintf("%s buys %s for %d experience, replacing %s.", who, def(cards.ID(e.A)).Name, e.C, def(cards.ID(e.B)).Name), true
		}
		return fmt.Sprintf("%s buys %s for %d experience.", who, def(cards.ID(e.A)).Name, e.C), true
	}
	return "", false
}
