package ah3

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// CheckInvariants verifies the state's structural rules: the prompt belongs
// to a seat and has options unless the game is over; counts are not
// negative; no doom on streets (AH3 489.2); investigators are within their
// limits unless a defeat is pending; engagement is consistent (AH3 448.8-9,
// 454); every card is in exactly one place (decks, Reserve, piles, owners,
// board, an encounter in progress); the mythos cup keeps its tokens.
func (s *State) CheckInvariants() error {
	sc := s.sc()
	if s.Over() {
		if len(s.prompt.Options) != 0 {
			return fmt.Errorf("the game is over but the prompt has %d options", len(s.prompt.Options))
		}
	} else {
		if len(s.prompt.Options) == 0 {
			return fmt.Errorf("no options while the game goes on")
		}
		if a := int8(s.prompt.Actor); a < 0 || a >= s.N {
			return fmt.Errorf("prompt actor %d", a)
		}
		seen := map[game.ActionCode]bool{}
		for _, o := range s.prompt.Options {
			if int(o.Code) >= NumActions || seen[o.Code] {
				return fmt.Errorf("option code %d out of range or repeated", o.Code)
			}
			seen[o.Code] = true
		}
	}
	pendingDefeat, buying := false, false
	var encInFlight []int16
	for _, f := range s.stack.Frames {
		switch f.Op {
		case opPurchase:
			buying = true // the Reserve refills after the purchase (AH3 411.5)
		case opDefeat:
			pendingDefeat = true
		case opEncounterEnd:
			encInFlight = append(encInFlight, int16(f.Src))
		}
	}
	for sp, n := range s.SpaceMarkers {
		if n < 0 || n > 0 && sp >= len(sc.Spaces) {
			return fmt.Errorf("%d markers in space %d (AH3 443)", n, sp)
		}
	}
	inPlay := 0
	for i := int8(0); i < s.N; i++ {
		st := &s.Seats[i]
		if st.Inv < 0 {
			continue
		}
		inPlay++
		inv := &sc.Investigators[st.Inv]
		if s.Sheet[st.Inv] != SheetInPlay {
			return fmt.Errorf("seat %d plays sheet %d whose status is %d", i, st.Inv, s.Sheet[st.Inv])
		}
		if st.Space < 0 || int(st.Space) >= len(sc.Spaces) {
			return fmt.Errorf("seat %d is in space %d", i, st.Space)
		}
		if st.Money < 0 || st.Clues < 0 || st.Remnants < 0 || st.Damage < 0 || st.Horror < 0 {
			return fmt.Errorf("seat %d has a negative count: %+v", i, *st)
		}
		if !pendingDefeat && (int(st.Damage) >= inv.Health || int(st.Horror) >= inv.Sanity) {
			return fmt.Errorf("seat %d (%s) is past its limits (%d/%d damage, %d/%d horror) and not defeated", i, inv.Name, st.Damage, inv.Health, st.Horror, inv.Sanity)
		}
		for k := 0; k < 5; k++ {
			if st.Tokens[k] < 0 || (st.Tokens[k] > 1 && inv.Focus != 0) {
				return fmt.Errorf("seat %d has %d %s tokens", i, st.Tokens[k], skillNames[k])
			}
		}
		for k := 0; k < int(st.NAssets); k++ {
			a := &st.Assets[k]
			def := &sc.Assets[a.Card]
			if a.Damage < 0 || a.Horror < 0 || (int(a.Damage) >= def.Health && a.Damage > 0) || (int(a.Horror) >= def.Sanity && a.Horror > 0) {
				return fmt.Errorf("seat %d asset %s holds %d damage and %d horror", i, def.Name, a.Damage, a.Horror)
			}
		}
	}
	n := 0
	for _, x := range s.Sheet {
		if x == SheetInPlay {
			n++
		}
	}
	if n != inPlay {
		return fmt.Errorf("%d sheets in play, %d seats with an investigator", n, inPlay)
	}
	for sp, d := range s.Doom {
		if d < 0 || (d > 0 && (sp >= len(sc.Spaces) || sc.Spaces[sp].Street != content.NotStreet)) {
			return fmt.Errorf("space %d holds %d doom", sp, d)
		}
	}
	for h, c := range s.Clues {
		if c < 0 {
			return fmt.Errorf("neighborhood %d holds %d clues", h, c)
		}
	}
	onBoard := map[int16]int{}
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Kind < 0 {
			if m.Engaged != 0 {
				return fmt.Errorf("free monster slot %d is engaged", i)
			}
			continue
		}
		onBoard[m.Kind]++
		def := &s.g.kinds[m.Kind]
		if m.Space < 0 || int(m.Space) >= len(sc.Spaces) || m.Damage >= m.Health || m.Damage < 0 {
			return fmt.Errorf("monster %d (%s) at %d with %d/%d damage", i, def.Name, m.Space, m.Damage, m.Health)
		}
		for seat := int8(0); seat < MaxSeats; seat++ {
			if m.engagedWith(seat) && (seat >= s.N || s.Seats[seat].Inv < 0 || s.Seats[seat].Space != m.Space) {
				return fmt.Errorf("monster %d (%s) in %d is engaged with seat %d who is not there", i, def.Name, m.Space, seat)
			}
		}
		if def.Massive {
			if m.Status == Exhausted {
				return fmt.Errorf("massive monster %d is exhausted (AH3 454.5)", i)
			}
		} else if (m.Status == Engaged) != (m.Engaged != 0) || (m.Engaged&(m.Engaged-1)) != 0 {
			return fmt.Errorf("monster %d (%s) status %d engaged %b", i, def.Name, m.Status, m.Engaged)
		}
	}
	// Monster cards: the deck and the board hold every copy.
	deck := map[int16]int{}
	for _, c := range s.MonsterDeck.Cards() {
		deck[c]++
	}
	for _, c := range s.SetAside.Cards() {
		deck[c]++ // AH3 457
	}
	for k, def := range sc.Monsters {
		if deck[int16(k)]+onBoard[int16(k)] != def.Copies {
			return fmt.Errorf("monster %s: %d in the deck and %d on the board, %d copies", def.Name, deck[int16(k)], onBoard[int16(k)], def.Copies)
		}
	}
	for k := len(sc.Monsters); k < len(s.g.kinds); k++ {
		if onBoard[int16(k)] > 1 {
			return fmt.Errorf("epic monster %s twice on the board", s.g.kinds[k].Name)
		}
	}
	// Asset cards.
	count := make([]int, len(sc.Assets))
	for _, p := range []*Pile{&s.Items, &s.Spells, &s.Allies} {
		for _, c := range p.Cards() {
			count[c]++
		}
	}
	for _, c := range s.Reserve {
		if c >= 0 {
			count[c]++
		} else if s.Items.N > 0 && !buying {
			return fmt.Errorf("an empty Reserve slot while the item deck has cards (AH3 411.4)")
		}
	}
	for i := int8(0); i < s.N; i++ {
		for k := 0; k < int(s.Seats[i].NAssets); k++ {
			count[s.Seats[i].Assets[k].Card]++
		}
	}
	for i, a := range sc.Assets {
		if count[i]+int(s.Avail[i]) != a.Copies {
			return fmt.Errorf("asset %s: %d held or in decks, %d in its pile, %d copies", a.Name, count[i], s.Avail[i], a.Copies)
		}
	}
	// Encounter cards.
	enc := make([]int, len(sc.Encounters))
	piles := []*Pile{&s.Street, &s.Event, &s.EventDiscard, &s.Anomalies}
	for h := range sc.Neighborhoods {
		piles = append(piles, &s.Hood[h])
	}
	for _, p := range piles {
		for _, c := range p.Cards() {
			enc[c]++
		}
	}
	for _, c := range encInFlight {
		enc[c]++
	}
	for i, e := range sc.Encounters {
		want := 1
		if e.Kind == content.AnomalyCard {
			want = 0
			for _, a := range sc.Anomalies {
				if a == i {
					want = 1
				}
			}
		}
		if enc[i] != want {
			return fmt.Errorf("encounter card %s is in %d places", e.Name, enc[i])
		}
	}
	for k := range s.Cup {
		if s.Cup[k] < 0 || int(s.Cup[k])+int(s.Drawn[k]) != sc.Cup[k] {
			return fmt.Errorf("mythos token %s: %d in the cup, %d drawn, %d in the scenario", content.TokenNames[k], s.Cup[k], s.Drawn[k], sc.Cup[k])
		}
	}
	return nil
}
