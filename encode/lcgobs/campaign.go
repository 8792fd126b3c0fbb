package lcgobs

import (
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Campaign play in the observation (env/lcg/campaign_play.go): the fields
// campaign and campaign_seats, and the option rows of the upgrade step's
// Buy and Remove actions (their card is a shop card, not an instance).

// campaignScenarios is the one-hot width of the scenario's position in its
// campaign (Night of the Zealot has 3).
const campaignScenarios = 3

// Campaign columns.
const (
	cInCampaign = iota
	cScenario                                   // one-hot position in the campaign
	cStep       = cScenario + campaignScenarios // one-hot playing, between, over
	cLog        = cStep + 3                     // one flag per campaign-log entry
)

var (
	cInterrogated = cLog + lcg.NumLogKeys
	cGotAway      = cInterrogated + 1
	cBagAdds      = cGotAway + 1
	cScore        = cBagAdds + 1
	campaignCols  = cScore + 1
)

var campaignColumns = func() columns {
	c := columns{"in_campaign"}
	c = append(c, numbered("scenario=", campaignScenarios)...)
	c = append(c, "step=playing", "step=between", "step=over")
	if len(logColumnNames) != lcg.NumLogKeys {
		panic("lcgobs: logColumnNames does not name every campaign-log entry")
	}
	for _, n := range logColumnNames {
		c = append(c, "log="+n)
	}
	return append(c, "interrogated_count", "got_away_count", "bag_tokens_added", "score")
}()

// logColumnNames name the campaign-log entries (lcg.LogKey order) as column
// names.
var logColumnNames = []string{"house_burned", "house_standing", "ghoul_priest_alive", "lita_forced", "past_midnight",
	"cultists_interrogated", "cultists_got_away", "arkham_succumbed", "ritual_broken", "repelled_umordhoth", "sacrificed_lita"}

// Campaign seat columns.
const (
	csXP = iota
	csEarned
	csPhysical
	csMental
	csKilled
	csInsane
	csLost
	csDeckSize
	campaignSeatCols
)

var campaignSeatColumns = columns{"experience_unspent", "experience_earned_last", "physical_trauma", "mental_trauma",
	"killed", "insane", "investigators_lost", "deck_size"}

// campaign writes the campaign fields.
func (w *writer) campaign() {
	s := w.s
	c := w.F(w.at.campaign, campaignCols)
	if k := s.CampaignPosition(); k >= 0 && k < campaignScenarios {
		c[cScenario+k] = 1
	}
	for k := 0; k < lcg.NumLogKeys; k++ {
		c[cLog+k] = b2f(s.Campaign.Has(lcg.LogKey(k)))
	}
	for _, lc := range s.Campaign.Cards[:s.Campaign.NCards] {
		switch lc.Key {
		case lcg.LogCultistsInterrogated:
			c[cInterrogated]++
		case lcg.LogCultistsGotAway:
			c[cGotAway]++
		}
	}
	if !s.Camp.On {
		return
	}
	c[cInCampaign] = 1
	if st := int(s.Camp.Step); st < 3 {
		c[cStep+st] = 1
	}
	c[cBagAdds] = float32(s.Camp.NBagAdds)
	c[cScore] = float32(s.Score())
	rows := w.F(w.at.campaignSeats, seats*campaignSeatCols)
	for i := 0; i < w.n; i++ {
		cs := &s.Camp.Seats[i]
		x := rows[w.row(i)*campaignSeatCols:][:campaignSeatCols]
		x[csXP] = float32(cs.XP)
		x[csEarned] = float32(cs.Earned)
		x[csPhysical] = float32(cs.Physical)
		x[csMental] = float32(cs.Mental)
		x[csKilled] = b2f(cs.Status == lcg.SeatKilled)
		x[csInsane] = b2f(cs.Status == lcg.SeatInsane)
		x[csLost] = float32(cs.Lost)
		x[csDeckSize] = float32(cs.NDeck)
	}
}

// shopCard is the card of a Buy or Remove action's shop slot k (public:
// the collection), if it has one.
func shopCard(k int) (cards.ID, bool) {
	d := lcg.ShopCard(k)
	return d, d != 0 && int(d) < len(cardFeatures)
}
