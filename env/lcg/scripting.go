package lcg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Scripting helpers: the setup steps of a scripted rules case (package
// lcgcase, docs/rules-cases.md). They edit a game between decisions the way
// a person arranging the table would: put a card in a hand, stack a deck,
// place an enemy. None of them is used by the rules themselves, and none is
// on the step path. After a series of edits call Refresh so that the prompt
// reflects the new state.

// Refresh re-runs the rules until the next decision, so that the current
// prompt is rebuilt from the (edited) state.
func (s *State) Refresh() {
	if !s.over {
		s.run()
	}
}

// ParseToken reads a chaos token name: a number ("+1", "0", "-2") or a
// symbol ("skull", "cultist", "tablet", "elder thing", "auto-fail",
// "elder sign"; LCG §3 Chaos Tokens).
func ParseToken(name string) (int8, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	n = strings.NewReplacer("_", " ", "-", " ").Replace(n)
	switch n {
	case "skull":
		return TokSkull, nil
	case "cultist":
		return TokCultist, nil
	case "tablet":
		return TokTablet, nil
	case "elder thing", "elderthing":
		return TokElderThing, nil
	case "auto fail", "autofail", "tentacles":
		return TokAutoFail, nil
	case "elder sign", "eldersign":
		return TokElderSign, nil
	}
	v, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(name), "+", ""))
	if err != nil || v < -8 || v > 8 {
		return 0, fmt.Errorf("chaos token %q: want a number from -8 to +8 or skull, cultist, tablet, elder thing, auto-fail, elder sign", name)
	}
	return int8(v), nil
}

// DifficultyName names the game's difficulty level (LCG §3 Difficulty (game level)).
func (s *State) DifficultyName() string { return difficultyNames[s.cfg.difficulty] }

// LocationSlot returns the scenario's location slot whose card has the given
// name or code, in play or not, or -1.
//
// A location with versions (The Midnight Masks' Southside and Downtown) is
// also named by its subtitle ("Historical Society") or both ("Southside
// (Historical Society)"); a bare title shared by versions names the one in
// play.
func (s *State) LocationSlot(name string) int {
	name = strings.TrimSpace(name)
	found := -1
	for k, id := range s.LocInst {
		if id < 0 {
			continue
		}
		d := s.card(id)
		if d.Code == name || d.Subname != "" && (strings.EqualFold(d.Subname, name) || strings.EqualFold(d.Name+" ("+d.Subname+")", name)) {
			return k
		}
		if strings.EqualFold(d.Name, name) && (found < 0 || s.locInPlay(k) && !s.locInPlay(found)) {
			found = k
		}
	}
	return found
}

// StackSetAside puts set-aside cards d (instances already set aside, in
// that order) at the end of the set-aside list, the first listed last: a
// scenario's deck kept set aside draws from the end (The Midnight Masks'
// Cultist deck), so the first listed is drawn first.
func (s *State) StackSetAside(ds ...cards.ID) error {
	for i := len(ds) - 1; i >= 0; i-- {
		found := int16(-1)
		for _, id := range s.SetAside {
			if s.Cards[id].Def == ds[i] {
				found = id
				break
			}
		}
		if found < 0 {
			return fmt.Errorf("%s is not set aside", def(ds[i]).Name)
		}
		s.moveTo(found, ZoneSetAside, -1)
	}
	return nil
}

// PutInVictory puts a copy of encounter card d into the victory display.
func (s *State) PutInVictory(d cards.ID) {
	id := s.takeCard(d, -1)
	s.moveTo(id, ZoneVictory, -1)
}

// SetEnemyDoom sets the doom on enemy instance e.
func (s *State) SetEnemyDoom(e int16, n int) { s.Cards[e].Doom = int8(n) }

// CampaignCards lists the cards named under list entry k of the campaign log.
func (s *State) CampaignCards(k LogKey) []cards.ID {
	var out []cards.ID
	for _, c := range s.Campaign.Cards[:s.Campaign.NCards] {
		if c.Key == k {
			out = append(out, c.Card)
		}
	}
	return out
}

// Attached lists the cards attached to location slot k.
func (s *State) Attached(k int) []int16 {
	var out []int16
	if k < 0 || k >= MaxLocations || s.LocInst[k] < 0 {
		return nil
	}
	for _, a := range s.Board {
		if s.Cards[a].Host == s.LocInst[k] {
			out = append(out, a)
		}
	}
	return out
}

// PutLocationInPlay puts location slot k into play, unrevealed unless it was
// revealed before.
func (s *State) PutLocationInPlay(k int) error {
	if k < 0 || k >= MaxLocations || s.LocInst[k] < 0 {
		return fmt.Errorf("no location in slot %d", k)
	}
	if s.locInPlay(k) {
		return nil
	}
	id := s.LocInst[k]
	s.moveTo(id, ZoneBoard, -1)
	s.Cards[id].Loc = int8(k)
	return nil
}

// RevealLocation turns location slot k face up and places its clues (LCG §3
// Locations); it puts the location into play first if needed.
func (s *State) RevealLocation(k int) error {
	if err := s.PutLocationInPlay(k); err != nil {
		return err
	}
	s.revealLocation(k)
	return nil
}

// SetLocationClues sets the clues on location slot k.
func (s *State) SetLocationClues(k, n int) error {
	if k < 0 || k >= MaxLocations || s.LocInst[k] < 0 {
		return fmt.Errorf("no location in slot %d", k)
	}
	if n < 0 || n > 100 {
		return fmt.Errorf("location clues %d: want 0 to 100", n)
	}
	s.Cards[s.LocInst[k]].Clues = int8(n)
	return nil
}

// PlaceInvestigator puts seat at location slot k without a move action (no
// "after you enter" abilities, no attacks of opportunity); engaged enemies
// come along and the location is revealed (LCG §10.2 #11).
func (s *State) PlaceInvestigator(seat, k int) error {
	if seat < 0 || seat >= int(s.N) {
		return fmt.Errorf("no investigator in seat %d", seat)
	}
	if !s.locInPlay(k) {
		return fmt.Errorf("location slot %d is not in play", k)
	}
	s.placeInvestigator(seat, k)
	return nil
}

// takeCard finds an instance of card d for a scripted move: for a player
// card, one owned by seat in its deck, discard pile or the set-aside zone;
// for an encounter card, one in the encounter deck, its discard pile or set
// aside. With none, a new instance is made (owned by seat, or -1 for
// encounter cards) in the set-aside zone.
func (s *State) takeCard(d cards.ID, seat int, skip ...int16) int16 {
	c := def(d)
	owner := int8(seat)
	var lists [][]int16
	if c.IsPlayerCard() {
		if seat < 0 || seat >= int(s.N) {
			owner = -1
		} else {
			v := &s.Inv[seat]
			lists = [][]int16{v.Deck, v.Discard}
		}
	} else {
		owner = -1
		lists = [][]int16{s.EncDeck, s.EncDiscard}
	}
	lists = append(lists, s.SetAside)
	for _, l := range lists {
		for i := len(l) - 1; i >= 0; i-- {
			id := l[i]
			if s.Cards[id].Def == d && (s.Cards[id].Owner == owner || s.Cards[id].Zone == ZoneSetAside && !c.IsPlayerCard()) && !taken(skip, id) {
				return id
			}
		}
	}
	return s.newInst(d, owner, ZoneSetAside, -1)
}

// taken reports whether id is in list.
func taken(list []int16, id int16) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}

// PutInHand puts a copy of card d into seat's hand (taken from the deck or
// discard pile when one is there) and returns its instance.
func (s *State) PutInHand(seat int, d cards.ID) (int16, error) {
	if seat < 0 || seat >= int(s.N) {
		return -1, fmt.Errorf("no investigator in seat %d", seat)
	}
	id := s.takeCard(d, seat)
	s.moveTo(id, ZoneHand, seat)
	s.Cards[id].Owner = int8(seat)
	return id, nil
}

// StackDeck puts copies of the cards ds on top of seat's deck: ds[0] is the
// top card, drawn first (LCG §3 Drawing Cards).
func (s *State) StackDeck(seat int, ds ...cards.ID) ([]int16, error) {
	if seat < 0 || seat >= int(s.N) {
		return nil, fmt.Errorf("no investigator in seat %d", seat)
	}
	ids := make([]int16, len(ds))
	for i := len(ds) - 1; i >= 0; i-- {
		id := s.takeCard(ds[i], seat, ids[i+1:]...)
		s.moveTo(id, ZoneDeck, seat)
		s.Cards[id].Owner = int8(seat)
		ids[i] = id
	}
	return ids, nil
}

// ReturnHandToDeck puts every card in seat's hand on the bottom of its deck,
// in hand order, so that a case can give the investigator an exact hand.
func (s *State) ReturnHandToDeck(seat int) error {
	if seat < 0 || seat >= int(s.N) {
		return fmt.Errorf("no investigator in seat %d", seat)
	}
	v := &s.Inv[seat]
	for len(v.Hand) > 0 {
		id := v.Hand[len(v.Hand)-1]
		s.moveTo(id, ZoneDeck, seat)
		copy(v.Deck[1:], v.Deck[:len(v.Deck)-1])
		v.Deck[0] = id
	}
	return nil
}

// DiscardDeck puts every card of seat's deck on its discard pile, emptying
// the deck (LCG §3 Drawing Cards: an empty deck).
func (s *State) DiscardDeck(seat int) error {
	if seat < 0 || seat >= int(s.N) {
		return fmt.Errorf("no investigator in seat %d", seat)
	}
	v := &s.Inv[seat]
	for len(v.Deck) > 0 {
		s.moveTo(v.Deck[len(v.Deck)-1], ZoneDiscard, seat)
	}
	return nil
}

// PutInDiscard puts a copy of card d on top of seat's discard pile.
func (s *State) PutInDiscard(seat int, d cards.ID) (int16, error) {
	if seat < 0 || seat >= int(s.N) {
		return -1, fmt.Errorf("no investigator in seat %d", seat)
	}
	id := s.takeCard(d, seat)
	s.moveTo(id, ZoneDiscard, seat)
	s.Cards[id].Owner = int8(seat)
	return id, nil
}

// PutInPlay puts a copy of asset d into seat's play area with its printed
// uses (LCG §3 Uses), without paying its cost or resolving "enters play"
// abilities.
func (s *State) PutInPlay(seat int, d cards.ID) (int16, error) {
	if seat < 0 || seat >= int(s.N) {
		return -1, fmt.Errorf("no investigator in seat %d", seat)
	}
	if t := def(d).Type; t != typeAsset {
		return -1, fmt.Errorf("%s is a %s card, not an asset: it cannot be put into a play area", def(d).Name, t)
	}
	id := s.takeCard(d, seat)
	s.moveTo(id, ZonePlay, seat)
	s.Cards[id].Owner = int8(seat)
	s.Cards[id].Uses = def(d).UsesCount
	return id, nil
}

// PutInThreat puts card d into seat's threat area, as its Revelation would
// (LCG §3 Threat Area): Cover Up with 3 clues, The Necronomicon with 3 horror.
func (s *State) PutInThreat(seat int, d cards.ID) (int16, error) {
	if seat < 0 || seat >= int(s.N) {
		return -1, fmt.Errorf("no investigator in seat %d", seat)
	}
	if c := def(d); c.Type != typeTreachery && !(c.Weakness && c.Revelation && c.Type != typeEnemy) {
		return -1, fmt.Errorf("%s is a %s card; only treacheries and weaknesses with a Revelation go into a threat area this way (enemies: PlaceEnemy)", c.Name, c.Type)
	}
	id := s.takeCard(d, seat)
	intoThreat(s, seat, id) // with the tokens it enters with (cardHooks.threatSetup)
	return id, nil
}

// StackEncounter puts copies of the cards ds on top of the encounter deck:
// ds[0] is the top card, drawn first (LCG §3 Encounter Deck).
func (s *State) StackEncounter(ds ...cards.ID) []int16 {
	ids := make([]int16, len(ds))
	for i := len(ds) - 1; i >= 0; i-- {
		id := s.takeCard(ds[i], -1, ids[i+1:]...)
		s.moveTo(id, ZoneEncDeck, -1)
		ids[i] = id
	}
	return ids
}

// EngageAuto, EngageNone: the engaged argument of PlaceEnemy.
const (
	EngageAuto = -1 // engage as the rules would at once (LCG §3 Enemy Engagement, Prey)
	EngageNone = -2 // leave it unengaged at the location
)

// PlaceEnemy puts enemy card d into play at location slot loc (LCG §3
// Enemy Cards) with its damage and exhausted state. engaged is a seat to
// engage with (the enemy moves to that investigator's location), EngageAuto
// to let the engagement rule decide, or EngageNone. It returns the instance.
func (s *State) PlaceEnemy(d cards.ID, loc, engaged, damage int, exhausted bool) (int16, error) {
	return s.PlaceEnemyWith(d, loc, engaged, damage, exhausted, 0)
}

// PlaceEnemyWith is PlaceEnemy for an enemy that has gained the keywords kw
// (ParseKeywords) before it is placed, so that its engagement follows them
// (LCG §3 Aloof, §3 Massive).
func (s *State) PlaceEnemyWith(d cards.ID, loc, engaged, damage int, exhausted bool, kw uint8) (int16, error) {
	c := def(d)
	if c.Type != typeEnemy {
		return -1, fmt.Errorf("%s is a %s card, not an enemy", c.Name, c.Type)
	}
	if engaged >= 0 {
		if engaged >= int(s.N) || !s.inGame(engaged) {
			return -1, fmt.Errorf("no investigator in the game in seat %d", engaged)
		}
		loc = int(s.Inv[engaged].Loc)
	}
	if !s.locInPlay(loc) {
		return -1, fmt.Errorf("location slot %d is not in play", loc)
	}
	if damage < 0 || damage >= s.enemyHealthOf(d) {
		return -1, fmt.Errorf("%s: damage %d must be 0 to %d", c.Name, damage, s.enemyHealthOf(d)-1)
	}
	owner := -1
	if c.IsPlayerCard() {
		// A weakness enemy belongs to an investigator (its bearer, LCG §3
		// Bearer): the engaged one, else seat 0.
		owner = 0
		if engaged >= 0 {
			owner = engaged
		}
	}
	e := s.takeCard(d, owner)
	s.takeOut(e)
	if s.enemySlot(e) < 0 {
		s.addEnemy(e)
	}
	in := &s.Cards[e]
	in.Damage, in.Exhausted, in.Doom, in.Clues, in.Host = int8(damage), exhausted, 0, 0, -1
	in.Kw |= kw
	if engaged >= 0 && !s.isMassive(e) {
		in.Zone, in.Ctrl, in.Loc = ZoneThreat, int8(engaged), int8(loc)
		s.Inv[engaged].Threat = append(s.Inv[engaged].Threat, e)
		return e, nil
	}
	in.Zone, in.Ctrl, in.Loc = ZoneBoard, -1, int8(loc)
	s.Board = append(s.Board, e)
	if engaged == EngageAuto && !exhausted && !s.isAloof(e) && !s.isMassive(e) {
		var mask uint8
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) && int(s.Inv[i].Loc) == loc {
				mask |= 1 << uint(i)
			}
		}
		if seat := s.preyPick(e, mask); seat >= 0 {
			s.engageQuiet(e, seat)
		}
	}
	return e, nil
}

// SetDoom sets the doom on the current agenda (LCG §3 Doom). It does not
// check the threshold: that happens at LCG §5.2 1.3 or when an effect places doom.
func (s *State) SetDoom(n int) error {
	if n < 0 || n > 100 {
		return fmt.Errorf("doom %d: want 0 to 100", n)
	}
	s.AgendaDoom = int8(n)
	return nil
}

// SetAgenda makes agenda index i (0 for 1a) current without resolving any
// b-side; doom stays as it is.
func (s *State) SetAgenda(i int) error {
	if n := len(s.scen().Agendas); i < 0 || i >= n {
		return fmt.Errorf("agenda %d: want 0 to %d", i, n-1)
	}
	s.Agenda = int8(i)
	return nil
}

// AdvanceAct advances the current act as the rules do: its b-side resolves
// (LCG §3 Act Deck and Agenda Deck), and the rules run on to the next decision.
func (s *State) AdvanceAct() {
	if s.over {
		return
	}
	s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
	s.run()
}

// ActCount is the number of acts of the scenario.
func (s *State) ActCount() int { return len(s.scen().Acts) }

// CardName returns the title of card instance id.
func (s *State) CardName(id int16) string { return s.card(id).Name }

// ResolutionName names a resolution (R1, R2, R3, no resolution, or "none").
func ResolutionName(r uint8) string {
	switch r {
	case ResR1:
		return "R1"
	case ResR2:
		return "R2"
	case ResR3:
		return "R3"
	case ResNoResolution:
		return "no resolution"
	}
	return "none"
}

// SetLocationDoom sets the doom on location slot k (LCG §3 Doom: doom on
// any card in play counts toward the agenda's threshold).
func (s *State) SetLocationDoom(k, n int) error {
	if k < 0 || k >= MaxLocations || s.LocInst[k] < 0 {
		return fmt.Errorf("no location in slot %d", k)
	}
	if n < 0 || n > 100 {
		return fmt.Errorf("location doom %d: want 0 to 100", n)
	}
	s.Cards[s.LocInst[k]].Doom = int8(n)
	return nil
}

// SetEnemyClues sets the clues on enemy instance e (LCG §3 Clues: a card
// effect may place clues on an enemy).
func (s *State) SetEnemyClues(e int16, n int) { s.Cards[e].Clues = int8(n) }

// SetCardTokens sets the clues and doom on card instance id (a card in a
// play or threat area); a nil count is left as it is.
func (s *State) SetCardTokens(id int16, clues, doom *int) error {
	if id < 0 || int(id) >= len(s.Cards) {
		return fmt.Errorf("no card instance %d", id)
	}
	for _, n := range []*int{clues, doom} {
		if n != nil && (*n < 0 || *n > 100) {
			return fmt.Errorf("%d tokens: want 0 to 100", *n)
		}
	}
	if clues != nil {
		s.Cards[id].Clues = int8(*clues)
	}
	if doom != nil {
		s.Cards[id].Doom = int8(*doom)
	}
	return nil
}

// EmptyEncounter puts every card of the encounter deck on the encounter
// discard pile, top card first, so that the next encounter draw finds the
// deck empty and shuffles the discard pile back (LCG §3 Encounter Deck).
func (s *State) EmptyEncounter() {
	for len(s.EncDeck) > 0 {
		s.moveTo(s.EncDeck[len(s.EncDeck)-1], ZoneEncDiscard, -1)
	}
}

// SetActClues sets the clues on the current act, for an act whose objective
// is clues placed on it (The Devourer Below's act 3a; StageDef.CluesOnAct).
func (s *State) SetActClues(n int) error {
	st := &s.scen().Acts[s.Act]
	if st.SetCluesOnAct == nil {
		return fmt.Errorf("act %d of %s holds no clues", s.Act, s.ScenarioName())
	}
	if n < 0 || n > 100 {
		return fmt.Errorf("act clues %d: want 0 to 100", n)
	}
	st.SetCluesOnAct(s, n)
	return nil
}
