package lcgobs

import (
	"github.com/mythos-rl/mythos/encode"
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

// campaign writes the campaign fields: the campaign row and each
// investigator row's campaign state, each keyed by what it is written from.
func (w *writer) campaign() {
	s := w.s
	pos := s.CampaignPosition()
	if pos < 0 || pos >= campaignScenarios {
		pos = campaignScenarios // none of the one-hot's columns
	}
	var interrogated, gotAway int
	for _, lc := range s.Campaign.Cards[:s.Campaign.NCards] {
		switch lc.Key {
		case lcg.LogCultistsInterrogated:
			interrogated++
		case lcg.LogCultistsGotAway:
			gotAway++
		}
	}
	cp := &s.Camp
	key := encode.Key{1 | uint64(pos)<<1 | uint64(s.Campaign.Records&(1<<lcg.NumLogKeys-1))<<3 |
		encode.KeyU8(interrogated)<<(3+lcg.NumLogKeys) | encode.KeyU8(gotAway)<<(11+lcg.NumLogKeys)}
	if cp.On {
		key[1] = 1 | uint64(min(cp.Step, 3))<<1 | encode.KeyU8(cp.NBagAdds)<<3 | uint64(uint32(cp.Score))<<11
	}
	if w.Changed(w.b.campaign, key) {
		c := w.Fresh(w.at.campaign, campaignCols)
		if pos < campaignScenarios {
			c[cScenario+pos] = 1
		}
		for k := 0; k < lcg.NumLogKeys; k++ {
			c[cLog+k] = b2f(s.Campaign.Has(lcg.LogKey(k)))
		}
		c[cInterrogated], c[cGotAway] = float32(interrogated), float32(gotAway)
		if cp.On {
			c[cInCampaign] = 1
			if st := int(cp.Step); st < 3 {
				c[cStep+st] = 1
			}
			c[cBagAdds] = float32(cp.NBagAdds)
			c[cScore] = float32(s.Score())
		}
	}
	n := 0 // rows with a campaign state: none in a standalone game
	if cp.On {
		n = w.n
	}
	w.Absent(w.b.campaignSeat+n, seats-n)
	for r := 0; r < n; r++ {
		cs := &cp.Seats[w.seatOf(r)]
		if !w.Changed(w.b.campaignSeat+r, encode.Key{1 | encode.KeyU8(cs.XP)<<1 | encode.KeyU8(cs.Earned)<<9 | encode.KeyU8(cs.Physical)<<17 |
			encode.KeyU8(cs.Mental)<<25 | uint64(cs.Status)<<33 | encode.KeyU8(cs.Lost)<<41 | encode.KeyU8(cs.NDeck)<<49}) {
			continue
		}
		x := w.Fresh(w.at.campaignSeats+r*campaignSeatCols, campaignSeatCols)
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
