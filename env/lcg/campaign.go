package lcg

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// A campaign (LCG §12.5, Campaign Play): the chaos bag its setup builds and
// the campaign log its scenarios write and read. The log is plain data in
// the state, so it clones and serializes with it.

// CampaignDef is a campaign's setup: its name and the chaos bag per
// difficulty (LCG §7 step 6; a standalone scenario uses its campaign's bag).
type CampaignDef struct {
	Name string
	Bags [4][]int8 // Easy, Standard, Hard, Expert
	// Scenarios are the campaign's scenario codes in the campaign guide's
	// order (campaign play, campaign_play.go).
	Scenarios []string
}

// nightOfTheZealot is the core set's campaign.
var nightOfTheZealot = &CampaignDef{
	Name:      "Night of the Zealot",
	Scenarios: []string{"01104", "01120", "01142"}, // The Gathering, The Midnight Masks, The Devourer Below
	Bags: [4][]int8{
		{+1, +1, 0, 0, 0, -1, -1, -1, -2, -2, TokSkull, TokSkull, TokCultist, TokTablet, TokAutoFail, TokElderSign},
		{+1, 0, 0, -1, -1, -1, -2, -2, -3, -4, TokSkull, TokSkull, TokCultist, TokTablet, TokAutoFail, TokElderSign},
		{0, 0, 0, -1, -1, -2, -2, -3, -3, -4, -5, TokSkull, TokSkull, TokCultist, TokTablet, TokAutoFail, TokElderSign},
		{0, -1, -1, -2, -2, -3, -3, -4, -4, -5, -6, -8, TokSkull, TokSkull, TokCultist, TokTablet, TokAutoFail, TokElderSign},
	},
}

// LogKey is an entry of the campaign log (the campaign guide's "record in
// your campaign log that …").
type LogKey uint8

// Campaign-log entries of Night of the Zealot.
const (
	LogHouseBurned          LogKey = iota // "your house has burned to the ground"
	LogHouseStanding                      // "your house is still standing"
	LogGhoulPriestAlive                   // "the Ghoul Priest is still alive"
	LogLitaForced                         // "Lita was forced to find others to help her cause"
	LogPastMidnight                       // "it is past midnight"
	LogCultistsInterrogated               // "cultists we interrogated" (a list: CampaignLog.Cards)
	LogCultistsGotAway                    // "cultists who got away" (a list)
	LogArkhamSuccumbed                    // "Arkham succumbed to Umôrdhoth's terrible vengeance"
	LogRitualBroken                       // "the ritual to summon Umôrdhoth was broken"
	LogRepelledUmordhoth                  // "the investigators repelled Umôrdhoth"
	LogSacrificedLita                     // "the investigators sacrificed Lita Chantler to Umôrdhoth"
	numLogKeys
)

// NumLogKeys is the number of campaign-log entries (LogKey values).
const NumLogKeys = int(numLogKeys)

var logKeyNames = [numLogKeys]string{
	"your house has burned to the ground", "your house is still standing", "the Ghoul Priest is still alive",
	"Lita was forced to find others to help her cause", "it is past midnight",
	"cultists we interrogated", "cultists who got away",
	"Arkham succumbed to Umôrdhoth's terrible vengeance", "the ritual to summon Umôrdhoth was broken",
	"the investigators repelled Umôrdhoth", "the investigators sacrificed Lita Chantler to Umôrdhoth",
}

// ParseLogEntry reads an entry, or a list entry with the cards it names
// after a colon ("cultists who got away: Herman Collins, Ruth Turner"; each
// card by code or title).
func ParseLogEntry(text string) (LogKey, []cards.ID, error) {
	head, list, isList := strings.Cut(text, ":")
	k, err := ParseLogKey(head)
	if err != nil || !isList {
		return k, nil, err
	}
	var ids []cards.ID
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		d, ok := findCardTitle(name)
		if !ok {
			return k, nil, fmt.Errorf("campaign log: %q: unknown card %q", head, name)
		}
		ids = append(ids, d)
	}
	return k, ids, nil
}

// findCardTitle resolves a code or a title (quotes ignored, case-insensitive).
func findCardTitle(name string) (cards.ID, bool) {
	if c, ok := cards.ByCode(name); ok {
		return c.ID, true
	}
	low := strings.ToLower(strings.ReplaceAll(name, "\"", ""))
	all := cards.All()
	for i := range all {
		if strings.ToLower(strings.ReplaceAll(all[i].Name, "\"", "")) == low {
			return all[i].ID, true
		}
	}
	return 0, false
}

// String is the entry as the campaign guide words it.
func (k LogKey) String() string {
	if k < numLogKeys {
		return logKeyNames[k]
	}
	return "log?"
}

// maxLogCards bounds the cards the log's lists name.
const maxLogCards = 16

// LogCard is one card named under a list entry ("cultists we
// interrogated": the Masked Hunter).
type LogCard struct {
	Key  LogKey
	Card cards.ID
}

// CampaignLog is what the campaign log holds: entries recorded (a bit per
// LogKey) and the cards named under list entries, in the order recorded.
type CampaignLog struct {
	Records uint32
	NCards  int8
	Cards   [maxLogCards]LogCard
}

// Record writes entry k.
func (l *CampaignLog) Record(k LogKey) { l.Records |= 1 << k }

// Has reports whether entry k is recorded.
func (l *CampaignLog) Has(k LogKey) bool { return l.Records&(1<<k) != 0 }

// AddCard names card d under list entry k (and records k). A full list is
// an engine error (LCG capacities hold the whole campaign).
func (l *CampaignLog) AddCard(k LogKey, d cards.ID) {
	if int(l.NCards) >= maxLogCards {
		panic("lcg: campaign log: more than 16 cards named")
	}
	l.Record(k)
	l.Cards[l.NCards] = LogCard{Key: k, Card: d}
	l.NCards++
}

// Entries lists the recorded entries in LogKey order.
func (l *CampaignLog) Entries() []LogKey {
	var out []LogKey
	for k := LogKey(0); k < numLogKeys; k++ {
		if l.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

// ParseLogKey reads an entry by its words (or a part of them: "house
// burned", "ghoul priest", "past midnight").
func ParseLogKey(name string) (LogKey, error) {
	low := strings.ToLower(strings.TrimSpace(name))
	low = strings.ReplaceAll(low, "house burned", "house has burned")
	low = strings.ReplaceAll(low, "house standing", "house is still standing")
	for k := LogKey(0); k < numLogKeys; k++ {
		if low != "" && strings.Contains(strings.ToLower(logKeyNames[k]), low) {
			return k, nil
		}
	}
	return 0, fmt.Errorf("campaign log: unknown entry %q (known: %s)", name, strings.Join(logKeyNames[:], "; "))
}
