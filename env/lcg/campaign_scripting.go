package lcg

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Scripting for campaign rules cases (package lcgcase): setting a campaign
// deck list, defeating an investigator, ending the scenario with a
// resolution. Like scripting.go, these edit a game only before its first
// decision is answered; the engine itself never calls them.

// SwapCampaignCard replaces a copy of card out in seat's campaign deck list
// with card in (the deck keeps its size).
func (s *State) SwapCampaignCard(seat int, out, in cards.ID) error {
	if !s.Camp.On {
		return fmt.Errorf("not a campaign game")
	}
	if seat < 0 || seat >= int(s.N) {
		return fmt.Errorf("no investigator in seat %d", seat)
	}
	c := &s.Camp.Seats[seat]
	for i, d := range c.deck() {
		if d == out {
			c.Deck[i] = in
			return nil
		}
	}
	return fmt.Errorf("seat %d's campaign deck holds no %s", seat, def(out).Name)
}

// CampaignDeckCount counts the copies of d in seat's campaign deck list.
func (s *State) CampaignDeckCount(seat int, d cards.ID) int {
	n := 0
	for _, x := range s.Camp.Seats[seat].deck() {
		if x == d {
			n++
		}
	}
	return n
}

// CampaignDeckSize is the number of cards in seat's campaign deck list.
func (s *State) CampaignDeckSize(seat int) int { return int(s.Camp.Seats[seat].NDeck) }

// Defeat eliminates seat as a defeat by damage, horror or both, or a
// resignation ("damage", "horror", "both", "resigned"), recording the
// trauma the defeat gives (LCG §3 Defeated, §3 Trauma).
func (s *State) Defeat(seat int, how string) error {
	if seat < 0 || seat >= int(s.N) || !s.inGame(seat) {
		return fmt.Errorf("seat %d is not in the game", seat)
	}
	var r uint8
	switch strings.ToLower(strings.TrimSpace(how)) {
	case "damage":
		r = OutDamage
	case "horror":
		r = OutHorror
	case "both":
		r = OutBoth
	case "resigned":
		r = OutResigned
	default:
		return fmt.Errorf("defeat %q: want damage, horror, both or resigned", how)
	}
	s.eliminate(seat, r)
	if s.over && s.campaignContinues() {
		s.run() // the last investigator out ended the scenario
	}
	return nil
}

// EndScenario ends the scenario now with resolution res (ResR1…,
// ResNoResolution), as its act or agenda would (LCG §12.5); in a campaign
// the between-scenarios step follows.
func (s *State) EndScenario(res uint8) error {
	if s.over || s.Camp.On && s.Camp.Step != CampPlaying {
		return fmt.Errorf("the scenario is over")
	}
	if res == ResNone || res > ResNoResolution {
		return fmt.Errorf("resolution %d: want R1, R2, R3 or no resolution", res)
	}
	s.finish(res)
	if s.campaignContinues() {
		s.run()
		return nil
	}
	s.stack.Clear()
	s.prompt.Reset(game.NoAgent, PkNone, -1)
	return nil
}

// ParseResolution reads "R1", "R2", "R3" or "no resolution".
func ParseResolution(name string) (uint8, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "r1", "resolution 1":
		return ResR1, nil
	case "r2", "resolution 2":
		return ResR2, nil
	case "r3", "resolution 3":
		return ResR3, nil
	case "no resolution", "none":
		return ResNoResolution, nil
	}
	return 0, fmt.Errorf("resolution %q: want R1, R2, R3 or no resolution", name)
}

// SeatStatusName names a campaign seat status: active, killed, insane.
func SeatStatusName(st uint8) string {
	switch st {
	case SeatKilled:
		return "killed"
	case SeatInsane:
		return "insane"
	}
	return "active"
}

// CampaignStepName names a campaign step: playing, between, over.
func CampaignStepName(st uint8) string {
	switch st {
	case CampBetween:
		return "between"
	case CampOver:
		return "over"
	}
	return "playing"
}
