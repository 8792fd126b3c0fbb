package lcg

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// config is the immutable setup of an env: who plays, with which decks, at
// which difficulty. States share it.
type config struct {
	difficulty    uint8
	investigators []cards.ID
	decks         [][]cards.ID // per seat, the deck list expanded (no random weakness)
	weakDraws     []int        // per seat, the random basic weaknesses setup draws (deck.go)
	uniqueWeak    bool         // draw them without replacement across the team
	chooseLead    bool         // the team chooses the lead at setup (LCG §7 step 2)
	mulligan      bool
	randomWeak    bool
	start         Start // curriculum starting conditions (curriculum.go)
	scenario      uint8 // index of the scenario (scenario.go)
	campaign      []LogKey
	campaignCards []LogCard    // the cards named under list entries
	openingTop    [][]cards.ID // per seat, cards stacked before the opening draw (Options.OpeningTop)

	// Campaign play (campaign_play.go): the whole campaign as one game.
	campaignPlay     bool
	campaignStart    int                 // the position in the campaign's sequence to start at
	seatSetup        []CampaignSeatSetup // per seat: scripted experience and trauma
	bagAdds          []int8              // scripted tokens added for the rest of the campaign
	replacements     []cards.ID          // the investigators a killed or insane one is replaced by, in order
	replacementDecks [][]cards.ID        // their starter decks
}

// CampaignSeatSetup is a seat's experience and trauma at the start of a
// campaign game (a case or a curriculum starting mid-campaign; zero: a new
// campaign, LCG §9).
type CampaignSeatSetup struct {
	XP, Physical, Mental int8
}

// basicWeaknesses are the core set's basic weaknesses, one drawn at random
// per investigator at setup (LCG §3 Deckbuilding, §12.3 R4).
var basicWeaknesses = []string{"01096", "01097", "01098", "01099", "01100", "01101", "01102", "01103"}

// Options configure a new game.
type Options struct {
	// Investigators are investigator codes or names ("01001", "Roland Banks", "roland").
	Investigators []string
	// Difficulty is easy, standard, hard or expert.
	Difficulty string
	// Mulligan offers each investigator a mulligan of the opening hand.
	Mulligan bool
	// NoRandomWeakness leaves the random basic weakness out of each deck.
	NoRandomWeakness bool
	// Start is a curriculum's starting conditions (zero: the real setup).
	Start Start
	// Scenario is the scenario's code or name ("" : The Gathering).
	Scenario string
	// Decks are the seats' own decks (LoadDeck; nil: the starter deck of
	// Investigators' entry for that seat). A deck overrides that seat's
	// investigator; a deck beyond the Investigators list adds its seat.
	Decks []*cards.Deck
	// ChooseLead asks the team at setup who is the lead investigator (LCG §7
	// step 2; a prompt to seat 0); false: seat 0 is the lead.
	ChooseLead bool
	// UniqueWeaknesses draws the random basic weaknesses without replacement
	// across the team (LCG §3 Deckbuilding: each is a card of the
	// collection). false keeps the draws independent (the recorded
	// trajectories of env/lcg/testdata/equivalence.golden).
	UniqueWeaknesses bool
	// CampaignLog lists the campaign-log entries the game starts with (their
	// names, ParseLogKey); empty: the scenario's standalone defaults
	// (ScenarioDef.StandaloneLog).
	CampaignLog []string

	// Campaign plays the scenario's whole campaign as one game (LCG §3
	// Campaign; campaign_play.go): its scenarios in order from
	// CampaignStart (0: the first), with the upgrade step between them.
	// CampaignLog is then the log the campaign starts with.
	Campaign      bool
	CampaignStart int
	// CampaignSeats are the seats' experience and trauma at the start
	// (empty: none); CampaignBag are tokens added to the bag for the rest of
	// the campaign (chaos-token names: "cultist", "-2").
	CampaignSeats []CampaignSeatSetup
	CampaignBag   []int8

	// OpeningTop stacks each seat's deck after its shuffle and before the
	// opening draw (LCG §7 step 8): OpeningTop[seat][0] is the top card,
	// drawn first. A card not in the deck is added as a new copy. For
	// scripted rules cases (a known opening hand); nil: the shuffle decides.
	OpeningTop [][]cards.ID
}

// newConfig validates options and builds the decks.
func newConfig(o Options) (*config, error) {
	cfg := &config{mulligan: o.Mulligan, randomWeak: !o.NoRandomWeakness, start: o.Start,
		uniqueWeak: o.UniqueWeaknesses, chooseLead: o.ChooseLead}
	sc, err := findScenario(o.Scenario)
	if err != nil {
		return nil, err
	}
	cfg.scenario = sc
	if len(o.OpeningTop) > 0 {
		cfg.openingTop = o.OpeningTop
	}
	for _, name := range o.CampaignLog {
		k, ids, err := ParseLogEntry(name)
		if err != nil {
			return nil, err
		}
		cfg.campaign = append(cfg.campaign, k)
		for _, d := range ids {
			if len(cfg.campaignCards) >= maxLogCards {
				return nil, fmt.Errorf("campaign log: more than %d cards named", maxLogCards)
			}
			cfg.campaignCards = append(cfg.campaignCards, LogCard{Key: k, Card: d})
		}
	}
	if o.Campaign {
		if err := cfg.campaignConfig(o); err != nil {
			return nil, err
		}
	}
	first := sc // the scenario the starting conditions apply to
	if o.Campaign {
		if first, err = findScenario(scenarioList[sc].Campaign.Scenarios[cfg.campaignStart]); err != nil {
			return nil, err
		}
	}
	if err := o.Start.validate(scenarioList[first]); err != nil {
		return nil, err
	}
	d, err := parseDifficulty(strings.ToLower(strings.TrimSpace(o.Difficulty)))
	if err != nil {
		return nil, err
	}
	cfg.difficulty = d
	seats := max(len(o.Investigators), len(o.Decks))
	if seats < 1 || seats > MaxInvestigators {
		return nil, fmt.Errorf("investigators: want 1 to %d, got %d", MaxInvestigators, seats)
	}
	for seat := 0; seat < seats; seat++ {
		if seat < len(o.Decks) && o.Decks[seat] != nil {
			if err := cfg.addDeck(seat, o.Decks[seat]); err != nil {
				return nil, err
			}
			continue
		}
		if seat >= len(o.Investigators) {
			return nil, fmt.Errorf("investigators: seat %d has neither a deck nor an investigator (give deck%d, or list more investigators)", seat, seat)
		}
		id, err := findInvestigator(o.Investigators[seat])
		if err != nil {
			return nil, err
		}
		for _, x := range cfg.investigators {
			if x == id {
				return nil, fmt.Errorf("investigators: %s chosen twice (LCG §7 step 1: each a different investigator)", def(id).Name)
			}
		}
		deck, err := cards.StarterDeck(def(id).Code)
		if err != nil {
			return nil, err
		}
		var list []cards.ID
		for _, code := range deck.Expand() {
			list = append(list, cards.MustCode(code))
		}
		cfg.investigators = append(cfg.investigators, id)
		cfg.decks = append(cfg.decks, list)
		cfg.weakDraws = append(cfg.weakDraws, 1)
	}
	if o.Campaign && len(o.CampaignSeats) > len(cfg.investigators) {
		return nil, fmt.Errorf("campaign: %d seats' experience and trauma for %d investigators", len(o.CampaignSeats), len(cfg.investigators))
	}
	for i := range cfg.decks {
		if o.Campaign && len(cfg.decks[i])+cfg.weakDraws[i] > maxCampaignDeck {
			return nil, fmt.Errorf("campaign: seat %d's deck has %d cards, more than a campaign deck holds (%d)", i, len(cfg.decks[i])+cfg.weakDraws[i], maxCampaignDeck)
		}
	}
	return cfg, nil
}

// campaignConfig reads the campaign-play options (campaign_play.go): the
// starting position, the seats' experience and trauma, the bag's additions,
// and the replacement investigators with their starter decks.
func (cfg *config) campaignConfig(o Options) error {
	camp := scenarioList[cfg.scenario].Campaign
	if o.CampaignStart < 0 || o.CampaignStart >= len(camp.Scenarios) {
		return fmt.Errorf("campaign %s: start at scenario %d; it has %d (0 to %d)", camp.Name, o.CampaignStart, len(camp.Scenarios), len(camp.Scenarios)-1)
	}
	if len(camp.Scenarios) > maxCampaignScenarios {
		return fmt.Errorf("campaign %s: %d scenarios, more than %d", camp.Name, len(camp.Scenarios), maxCampaignScenarios)
	}
	cfg.campaignPlay, cfg.campaignStart = true, o.CampaignStart
	for i, su := range o.CampaignSeats {
		if su.XP < 0 || su.Physical < 0 || su.Mental < 0 {
			return fmt.Errorf("campaign: seat %d: negative experience or trauma", i)
		}
	}
	cfg.seatSetup = o.CampaignSeats
	if len(o.CampaignBag) > maxBagAdds {
		return fmt.Errorf("campaign: %d tokens added to the bag, at most %d", len(o.CampaignBag), maxBagAdds)
	}
	cfg.bagAdds = o.CampaignBag
	for _, code := range replacementInvestigators {
		deck, err := cards.StarterDeck(code)
		if err != nil {
			return err
		}
		var list []cards.ID
		for _, c := range deck.Expand() {
			list = append(list, cards.MustCode(c))
		}
		cfg.replacements = append(cfg.replacements, cards.MustCode(code))
		cfg.replacementDecks = append(cfg.replacementDecks, list)
	}
	return nil
}

// replacementInvestigators are the core set's investigators, in code order:
// a killed or insane investigator's seat takes the first not yet used
// (ruling R-CAMP-REPLACE).
var replacementInvestigators = []string{"01001", "01002", "01003", "01004", "01005"}

// addDeck seats a validated deck's investigator with the deck (deck.go).
func (cfg *config) addDeck(seat int, d *cards.Deck) error {
	name := fmt.Sprintf("deck%d", seat)
	if err := ValidateDeck(name, d, deckNoXPCheck); err != nil {
		return err
	}
	id := cards.MustCode(d.Investigator)
	for _, x := range cfg.investigators {
		if x == id {
			return fmt.Errorf("%s: %s chosen twice (LCG §7 step 1: each a different investigator)", name, def(id).Name)
		}
	}
	list, draws := deckSetup(d)
	cfg.investigators = append(cfg.investigators, id)
	cfg.decks = append(cfg.decks, list)
	cfg.weakDraws = append(cfg.weakDraws, draws)
	return nil
}

// findInvestigator resolves a code or (part of a) name to an investigator card.
func findInvestigator(name string) (cards.ID, error) {
	name = strings.TrimSpace(name)
	if c, ok := cards.ByCode(name); ok && c.Type == cards.Investigator {
		return c.ID, nil
	}
	low := strings.ToLower(name)
	all := cards.All()
	for i := range all {
		c := &all[i]
		if c.Type == cards.Investigator && low != "" && strings.Contains(strings.ToLower(c.Name), low) {
			if _, err := cards.StarterDeck(c.Code); err == nil {
				return c.ID, nil
			}
		}
	}
	return 0, fmt.Errorf("investigators: unknown investigator %q (use a code 01001-01005 or a name)", name)
}

// New returns a new game of the scenario the options name (The Gathering by
// default).
func New(o Options, seed uint64, logging bool) (*State, error) {
	cfg, err := newConfig(o)
	if err != nil {
		return nil, err
	}
	s := &State{cfg: cfg, info: newInfo(cfg)}
	s.Reset(seed, logging)
	return s, nil
}

// newInfo describes the game for a configuration.
func newInfo(cfg *config) *game.Info {
	names := make([]string, len(cfg.investigators))
	for i, id := range cfg.investigators {
		names[i] = def(id).Name
	}
	return &game.Info{
		Name: "ArkhamLCG", Agents: len(names), AgentNames: names,
		Actions: NumActions, ActionNames: actionNames, PromptKinds: promptKinds,
	}
}

// maxWeakRedraws bounds the redraws of a random basic weakness (a team of
// four leaves at least six of the core set's ten copies; the bound is never
// reached in play).
const maxWeakRedraws = 1000

// weakCopies counts the copies of w in taken.
func weakCopies(taken []cards.ID, w cards.ID) int {
	n := 0
	for _, x := range taken {
		if x == w {
			n++
		}
	}
	return n
}

// newInst appends a card instance and returns its id.
func (s *State) newInst(d cards.ID, owner int8, z Zone, seat int8) int16 {
	id := int16(len(s.Cards))
	s.Cards = append(s.Cards, Inst{Def: d, Owner: owner, Ctrl: seat, Loc: -1, Host: -1})
	s.trigLive |= trigCardMask[d]
	s.hookLive = s.hookLive || hasHooks(d)
	s.Cards[id].Zone = z
	if l := s.zoneList(z, seat); l != nil {
		*l = append(*l, id)
	}
	return id
}

// Reset starts a new game with seed, reusing the state's memory.
func (s *State) Reset(seed uint64, logging bool) {
	s.rng.Seed(seed)
	s.log.Enabled = logging
	s.log.Reset()
	s.trigOpt = [maxTrigOpts]int8{} // the last game's reaction prompts (the state's bytes)
	s.Campaign = CampaignLog{}      // standalone: an empty log (LCG §3 Standalone Mode)
	s.Camp = CampaignPlay{}
	if s.cfg.campaignPlay {
		s.beginCampaign()
	}
	s.setupGame()
	s.run()
}

// setupGame sets up the scenario (LCG §7): the standalone one, or the
// campaign's current one with its decks, trauma and bag (campaign_play.go).
// It pushes the first frames; the caller runs them.
func (s *State) setupGame() {
	cfg := s.cfg
	camp := s.Camp.On
	s.stack.Clear()
	s.prompt.Reset(game.NoAgent, PkNone, -1)
	s.Round, s.Phase, s.Lead, s.Active = 0, PhaseSetup, 0, -1
	s.N = int8(len(cfg.investigators))
	s.Cards = s.Cards[:0]
	s.trigLive, s.hookLive = 0, false
	for i := range s.Inv {
		v := &s.Inv[i]
		*v = Investigator{Card: -1, Deck: v.Deck[:0], Hand: v.Hand[:0], Discard: v.Discard[:0], Play: v.Play[:0], Threat: v.Threat[:0]}
	}
	s.Board, s.Enemies, s.EncDeck, s.EncDiscard = s.Board[:0], s.Enemies[:0], s.EncDeck[:0], s.EncDiscard[:0]
	s.SetAside, s.Victory, s.Removed, s.Limbo = s.SetAside[:0], s.Victory[:0], s.Removed[:0], s.Limbo[:0]
	s.Revealed, s.Tests, s.forced = s.Revealed[:0], s.Tests[:0], s.forced[:0]
	s.Resolution, s.over, s.BlankSlots = ResNone, false, 0
	if cap(s.Events) < maxEvents {
		s.Events = make([]event, 0, maxEvents) // never grown: pointers into it stay valid (triggers.go)
	}
	s.Events = s.Events[:0]
	s.Act, s.Agenda, s.AgendaDoom = 0, 0, 0
	s.Scenario = cfg.scenario
	if camp {
		s.Scenario = s.campaignScenario(int(s.Camp.Index))
	}

	// LCG §7 step 6: the chaos bag of the campaign setup.
	s.Bag = append(s.Bag[:0], s.scen().Campaign.Bags[cfg.difficulty]...)
	s.Bag = append(s.Bag, s.scen().BagAdd...)                  // tokens the scenario's setup adds
	s.Bag = append(s.Bag, s.Camp.BagAdds[:s.Camp.NBagAdds]...) // added for the rest of the campaign

	// LCG §7 steps 1 and 4: investigators and shuffled decks; step 7: 5
	// resources. The random basic weaknesses (LCG §3 Deckbuilding) are drawn
	// from the core set's eight titles (ruling R-WEAK); with uniqueWeak,
	// without replacement across the team: a title whose copies in the core
	// set (Amnesia and Paranoia 2, the others 1) are all in the team already
	// (drawn, or in a deck list) is drawn again, so seeds whose draws never
	// meet such a title keep the draws of independent ones.
	var taken [2 * MaxInvestigators]cards.ID
	nt := 0
	if cfg.uniqueWeak {
		for i := range cfg.decks {
			for _, d := range s.deckList(i) {
				if def(d).BasicWeakness && nt < len(taken) {
					taken[nt] = d
					nt++
				}
			}
		}
	}
	for i, inv := range cfg.investigators {
		v := &s.Inv[i]
		draws := 0
		if cfg.randomWeak {
			draws = cfg.weakDraws[i]
		}
		if camp {
			inv, draws = s.Camp.Seats[i].Inv, int(s.Camp.Seats[i].WeakDraws)
		}
		v.Def = inv
		v.Card = s.newInst(inv, int8(i), ZoneInvestigator, int8(i))
		for _, d := range s.deckList(i) {
			s.newInst(d, int8(i), ZoneDeck, int8(i))
		}
		for k := 0; k < draws; k++ {
			w := mustID(basicWeaknesses[s.rng.IntN(len(basicWeaknesses))])
			for try := 0; cfg.uniqueWeak && weakCopies(taken[:nt], w) >= int(def(w).Quantity) && try < maxWeakRedraws; try++ {
				w = mustID(basicWeaknesses[s.rng.IntN(len(basicWeaknesses))])
			}
			if nt < len(taken) {
				taken[nt] = w
				nt++
			}
			s.newInst(w, int8(i), ZoneDeck, int8(i))
			if camp {
				s.Camp.Seats[i].addCard(w) // in the deck for the rest of the campaign
			}
		}
		if camp {
			s.Camp.Seats[i].WeakDraws = 0
			s.Camp.use(inv)
		}
		game.ShuffleInts(&s.rng, v.Deck)
		v.Resources = 5
	}
	if camp {
		s.startingTrauma() // LCG §3 Trauma: setup step 2
	}
	// LCG §7 steps 10–13: the scenario (scenario.go).
	s.setupScenario()
	// A scripted case's stacked decks (Options.OpeningTop).
	for i := 0; i < len(cfg.openingTop) && i < int(s.N) && (!camp || int(s.Camp.Index) == cfg.campaignStart); i++ {
		s.StackDeck(i, cfg.openingTop[i]...)
	}
	// LCG §7 step 8: opening hands of 5; weaknesses set aside and replaced,
	// then shuffled back.
	for i := 0; i < int(s.N); i++ {
		s.openingDraw(i, 5)
	}
	if h := s.scen().AfterOpeningHands; h != nil {
		h(s)
	}
	s.push(opRound, 0, -1, -1, 0, 0)
	if cfg.mulligan {
		for k := int(s.N) - 1; k >= 0; k-- {
			if cfg.chooseLead {
				// In player order from the lead chosen below: Frame B 1 says
				// Tgt is the place in player order (hMulligan).
				s.push(opMulligan, 0, -1, int32(k), 0, 1)
				continue
			}
			s.push(opMulligan, s.seatAt(k), -1, -1, 0, 0)
		}
	}
	s.applyStart()
	if cfg.chooseLead {
		// LCG §7 step 2: the investigators choose the lead (a prompt to seat
		// 0, the lead until chosen; none for one investigator).
		s.push(opEffect, 0, -1, -1, effChooseLead, 0)
	}
}

// deckList is seat i's deck list: the campaign deck in campaign play, else
// the configured one.
func (s *State) deckList(i int) []cards.ID {
	if s.Camp.On {
		return s.Camp.Seats[i].deck()
	}
	return s.cfg.decks[i]
}

// openingDraw draws n cards for seat without resolving weaknesses: each
// weakness is set aside and replaced, then shuffled back (LCG §7 step 8).
func (s *State) openingDraw(seat, n int) {
	v := &s.Inv[seat]
	setAside := 0
	for n > 0 && len(v.Deck) > 0 {
		id := v.Deck[len(v.Deck)-1]
		if s.card(id).Weakness {
			s.moveTo(id, ZoneSetAside, seat)
			setAside++
			continue
		}
		s.moveTo(id, ZoneHand, seat)
		n--
	}
	if setAside > 0 {
		for i := 0; i < len(s.SetAside); i++ {
			id := s.SetAside[i]
			if s.Cards[id].Owner == int8(seat) && s.Cards[id].Zone == ZoneSetAside {
				s.moveTo(id, ZoneDeck, seat)
				i--
			}
		}
		s.shuffleDeck(seat)
	}
}

// hMulligan is LCG §3 Mulligan: the investigator sets aside any number of
// opening-hand cards one by one, then draws that many and shuffles them back.
// Frame A counts the cards set aside.
func (s *State) hMulligan(f *game.Frame) game.Control {
	if f.B == 1 {
		f.Who, f.B = game.AgentID(s.seatAt(int(f.Tgt))), 0
	}
	seat := int(f.Who)
	v := &s.Inv[seat]
	if f.Answer != game.NoAnswer {
		o := s.chosen(f)
		if o.Code == ActKeep {
			s.openingDraw(seat, int(f.A))
			for i := 0; i < len(s.SetAside); i++ {
				id := s.SetAside[i]
				if s.Cards[id].Owner == int8(seat) {
					s.moveTo(id, ZoneDeck, seat)
					i--
				}
			}
			if f.A > 0 {
				s.shuffleDeck(seat)
			}
			s.log.Add(evMulligan, game.AgentID(seat), f.A, 0, 0)
			v.Mulligan = true
			return game.Done
		}
		s.moveTo(int16(o.Arg), ZoneSetAside, seat)
		f.A++
	}
	p := s.ask(seat, PkMulligan, -1)
	p.Add(ActKeep, 0, 0)
	for h, id := range v.Hand {
		if h < MaxHand {
			p.Add(ActMulligan+game.ActionCode(h), int32(id), 0)
		}
	}
	return game.Wait
}
