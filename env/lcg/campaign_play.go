package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Campaign play (LCG §3 Campaign, §9, §12.5): a campaign's scenarios played
// one after another as one game. Between two scenarios the campaign layer
// records the outcome (the campaign log, campaign.go), the trauma (with the
// investigator's choice after a defeat by damage and horror at once), the
// experience (the victory display, qualifying locations included, and the
// resolution's bonus), the killed and insane investigators, and then offers
// the upgrade step (upgrade.go); the next scenario is set up with the
// carried log, decks, trauma and chaos-bag changes. Everything is plain data
// in State.Camp, so it clones and serializes with the state.

// maxCampaignDeck bounds a campaign deck list (30 cards, the signature cards
// and weakness, the random basic weakness, and room for permanent cards).
const maxCampaignDeck = 40

// maxBagAdds bounds the chaos tokens a campaign adds to its bag.
const maxBagAdds = 8

// Seat statuses of the campaign (LCG §3 Killed and Insane Investigators).
const (
	SeatActive uint8 = iota
	SeatKilled       // physical trauma ≥ printed health
	SeatInsane       // mental trauma ≥ printed sanity
)

// CampaignSeat is one seat's investigator in the campaign: the deck list
// (the investigator card excluded, weaknesses and signature cards included),
// unspent experience, trauma and status.
type CampaignSeat struct {
	Inv              cards.ID
	XP               int8 // unspent experience (LCG §3 Campaign, Experience 3)
	Earned           int8 // experience earned by the last scenario
	Physical, Mental int8 // trauma (LCG §3 Trauma)
	Status           uint8
	// Killed and Insane count the investigators this seat lost (each
	// replaced by a new one, ruling R-CAMP-REPLACE).
	Lost int8
	// WeakDraws are the random basic weaknesses the next setup draws and
	// adds to the deck list for the rest of the campaign (LCG §3
	// Deckbuilding: added at the end of deck building).
	WeakDraws int8
	NDeck     int8
	Deck      [maxCampaignDeck]cards.ID
	// Declined holds, one bit per shop card (ShopCard), the purchases this
	// seat cancelled in the current upgrade step: they are not offered
	// again until the seat is done (ruling R-CAMP-UPGRADE), so buying and
	// cancelling cannot loop for ever.
	Declined [(MaxShop + 63) / 64]uint64
}

// deck returns the deck list.
func (c *CampaignSeat) deck() []cards.ID { return c.Deck[:c.NDeck] }

// addCard appends d to the deck list (false when the list is full).
func (c *CampaignSeat) addCard(d cards.ID) bool {
	if int(c.NDeck) >= maxCampaignDeck {
		return false
	}
	c.Deck[c.NDeck] = d
	c.NDeck++
	return true
}

// removeAt removes the deck list's entry i, keeping the order.
func (c *CampaignSeat) removeAt(i int) {
	copy(c.Deck[i:c.NDeck], c.Deck[i+1:c.NDeck])
	c.NDeck--
	c.Deck[c.NDeck] = 0
}

// Steps of campaign play (CampaignPlay.Step).
const (
	CampPlaying uint8 = iota // a scenario is being played
	CampBetween              // between scenarios: trauma choices and the upgrade step
	CampOver                 // the last scenario resolved, or the roster is spent
)

// CampaignPlay is the campaign state (LCG §3 Campaign "Engine S"): the
// position in the campaign's sequence, each seat's investigator, deck list,
// experience and trauma, the chaos tokens added for the rest of the
// campaign, the investigators used, each scenario's resolution, and the
// team's score so far (the reward, docs/shaping.md).
type CampaignPlay struct {
	On    bool  // the game is a campaign (false: a standalone scenario)
	Index int8  // the scenario being played, its index in CampaignDef.Scenarios
	Step  uint8 // CampPlaying, CampBetween, CampOver
	// Lost is set when a killed or insane investigator could not be
	// replaced (LCG §12.5: the campaign is lost).
	Lost  bool
	Seats [MaxInvestigators]CampaignSeat
	// BagAdds are tokens added to the bag for the rest of the campaign.
	NBagAdds int8
	BagAdds  [maxBagAdds]int8
	// Used are the investigators used in this campaign (LCG §3 Campaign:
	// a new investigator must not have been used).
	NUsed int8
	Used  [8]cards.ID
	// Results are the resolutions of the scenarios played, in order.
	Results [maxCampaignScenarios]uint8
	// Score is the sum of the scenarios' graded rewards (scenarioReward),
	// in thousandths (an integer: canonical bytes, no rounding drift).
	Score int32
}

// maxCampaignScenarios bounds a campaign's sequence.
const maxCampaignScenarios = 8

// used reports whether investigator d was used in this campaign.
func (c *CampaignPlay) used(d cards.ID) bool {
	for _, x := range c.Used[:c.NUsed] {
		if x == d {
			return true
		}
	}
	return false
}

// use records investigator d as used.
func (c *CampaignPlay) use(d cards.ID) {
	if !c.used(d) && int(c.NUsed) < len(c.Used) {
		c.Used[c.NUsed] = d
		c.NUsed++
	}
}

// InCampaign reports whether the game is a campaign.
func (s *State) InCampaign() bool { return s.Camp.On }

// campaignDef returns the campaign of the game's configuration.
func (s *State) campaignDef() *CampaignDef { return scenarioList[s.cfg.scenario].Campaign }

// beginCampaign starts campaign play from the configuration (LCG §9:
// investigators chosen, decks built, no experience or trauma unless the
// configuration scripts them): called by Reset before the first setup.
func (s *State) beginCampaign() {
	cfg := s.cfg
	s.Camp = CampaignPlay{On: true, Index: int8(cfg.campaignStart)}
	for i, inv := range cfg.investigators {
		c := &s.Camp.Seats[i]
		c.Inv = inv
		for _, d := range cfg.decks[i] {
			c.addCard(d)
		}
		if cfg.randomWeak {
			c.WeakDraws = int8(cfg.weakDraws[i])
		}
		if i < len(cfg.seatSetup) {
			su := cfg.seatSetup[i]
			c.XP, c.Physical, c.Mental = su.XP, su.Physical, su.Mental
		}
		s.Camp.use(inv)
	}
	for _, t := range cfg.bagAdds {
		s.Camp.addToken(t)
	}
	// The log the campaign starts with: the options', else (starting past
	// the first scenario) the scenario's standalone defaults (LCG §3
	// Standalone Mode).
	if len(cfg.campaign) > 0 {
		for _, k := range cfg.campaign {
			s.Campaign.Record(k)
		}
		for _, c := range cfg.campaignCards {
			s.Campaign.AddCard(c.Key, c.Card)
		}
	} else if cfg.campaignStart > 0 {
		for _, k := range scenarioList[s.campaignScenario(cfg.campaignStart)].StandaloneLog {
			s.Campaign.Record(k)
		}
	}
}

// addToken adds a chaos token to the bag for the rest of the campaign.
func (c *CampaignPlay) addToken(t int8) {
	if int(c.NBagAdds) < maxBagAdds {
		c.BagAdds[c.NBagAdds] = t
		c.NBagAdds++
	}
}

// campaignScenario returns the index (State.Scenario) of the campaign's
// scenario at position k.
func (s *State) campaignScenario(k int) uint8 {
	sc, err := findScenario(s.campaignDef().Scenarios[k])
	if err != nil {
		panic("lcg: campaign " + s.campaignDef().Name + ": " + err.Error())
	}
	return sc
}

// startingTrauma is LCG §3 Trauma (setup step 2, "Engine S"): each physical
// trauma is 1 starting damage, each mental trauma 1 starting horror.
func (s *State) startingTrauma() {
	for i := 0; i < int(s.N); i++ {
		v, c := &s.Inv[i], &s.Camp.Seats[i]
		v.Damage, v.Horror = c.Physical, c.Mental
	}
}

// campaignContinues runs when a scenario of a campaign has ended: it keeps
// the game going into the between-scenarios step (the stack cleared, one
// opCampaign frame) unless this was the campaign's last scenario. It reports
// whether the game goes on.
func (s *State) campaignContinues() bool {
	if !s.Camp.On || s.Camp.Step != CampPlaying {
		return false
	}
	s.Camp.Results[s.Camp.Index] = s.Resolution
	s.Camp.Step = CampBetween
	s.over = false
	s.stack.Clear()
	s.Bag = append(s.Bag, s.Revealed...)                                      // revealed tokens go back (LCG §6 ST.8)
	s.Events, s.Tests, s.Revealed = s.Events[:0], s.Tests[:0], s.Revealed[:0] // the scenario's timing points and tests ended with it
	s.Active = -1
	s.push(opCampaign, 0, -1, -1, 0, 0)
	return true
}

// Steps of the opCampaign frame (Frame Step).
const (
	csTrauma  = iota // each investigator defeated by damage and horror at once chooses the trauma
	csTally          // trauma, experience, killed and insane (no decision)
	csUpgrade        // the upgrade step, seat by seat in player order (upgrade.go)
	csNext           // set up the next scenario
)

// hCampaign is the between-scenarios step (LCG §3 Campaign, §9). Frame A is
// the player-order cursor of the trauma choices and of the upgrade step.
func (s *State) hCampaign(f *game.Frame) game.Control {
	for {
		switch f.Step {
		case csTrauma:
			if f.Answer != game.NoAnswer {
				seat := int(f.Who)
				if s.chosen(f).Code == ActChoose {
					s.Inv[seat].PhysicalTrauma++
				} else {
					s.Inv[seat].MentalTrauma++
				}
				s.Inv[seat].Out = OutDefeated // the choice is made
				f.Answer = game.NoAnswer
				f.A++
			}
			for ; int(f.A) < int(s.N); f.A++ {
				seat := s.seatAt(int(f.A))
				if s.Inv[seat].Out != OutBoth {
					continue
				}
				// LCG §3 Campaign, Trauma: "if the damage threshold and the
				// horror threshold are reached at the same time, the
				// investigator chooses which trauma to take".
				p := s.ask(seat, PkTrauma, int32(s.Inv[seat].Card))
				p.Add(ActChoose+0, 0, 0) // physical
				p.Add(ActChoose+1, 1, 0) // mental
				f.Who = game.AgentID(seat)
				return game.Wait
			}
			f.Step, f.A = csTally, 0
		case csTally:
			s.tallyScenario()
			if s.Camp.Step == CampOver {
				s.over = true
				return game.Halt
			}
			f.Step, f.A = csUpgrade, 0
		case csUpgrade:
			if c := s.upgradeStep(f); c != game.Done {
				return c
			}
			f.Step = csNext
		default:
			return game.Done // run sets up the next scenario
		}
	}
}

// tallyScenario records the ended scenario's outcome (LCG §3 Campaign,
// Experience and Trauma; §9): the trauma of the scenario and the
// resolution, the experience, the killed and insane investigators and their
// replacements, the reward. It ends the campaign after the last scenario, or
// when a lost investigator cannot be replaced (LCG §12.5).
func (s *State) tallyScenario() {
	res := s.resolution(s.Resolution)
	vp := s.victoryPoints()
	lost := 0
	for i := 0; i < int(s.N); i++ {
		v, c := &s.Inv[i], &s.Camp.Seats[i]
		c.Physical += v.PhysicalTrauma
		c.Mental += v.MentalTrauma
		if i == int(s.Lead) {
			c.Mental += res.LeadMentalTrauma
		}
		// LCG §3 Campaign, Experience 1: the victory display's points plus
		// the resolution's bonus, less what card effects cost (Hospital
		// Debts); unspent experience never drops below 0 (ruling R-CAMP-XP).
		c.Earned = int8(vp) + res.BonusXP - v.XPPenalty
		c.XP = max(c.XP+c.Earned, 0)
		// LCG §3 Killed and Insane Investigators: trauma ≥ the printed value.
		d := def(c.Inv)
		switch {
		case c.Physical >= d.Health:
			c.Status = SeatKilled
		case c.Mental >= d.Sanity:
			c.Status = SeatInsane
		}
		if c.Status != SeatActive {
			lost++
		}
		s.log.Add(evCampaignTally, game.AgentID(i), int32(c.Earned), int32(c.Physical), int32(c.Mental))
	}
	for _, t := range res.BagAdd {
		s.Camp.addToken(t) // "for the rest of the campaign"
	}
	s.Camp.Score += scenarioReward(s.Won(), s.Camp.Seats[:s.N], lost)
	last := int(s.Camp.Index)+1 >= len(s.campaignDef().Scenarios)
	for i := 0; i < int(s.N); i++ {
		if s.Camp.Seats[i].Status != SeatActive && !last && !s.replaceInvestigator(i) {
			s.Camp.Lost = true
		}
	}
	if last || s.Camp.Lost {
		s.Camp.Step = CampOver
	}
}

// victoryPoints is the victory display's total at the end of the scenario
// (LCG §3 Victory Display): the cards there, and each location in play,
// revealed, with no clues and victory points (which goes there now).
func (s *State) victoryPoints() int {
	for _, id := range s.LocInst {
		if id < 0 {
			continue
		}
		c := &s.Cards[id]
		if c.Zone == ZoneBoard && c.Revealed && c.Clues == 0 && s.card(id).Victory > 0 {
			s.moveTo(id, ZoneVictory, -1)
		}
	}
	n := 0
	for _, id := range s.Victory {
		n += int(s.card(id).Victory)
	}
	return n
}

// replaceInvestigator gives seat i a new investigator after its
// investigator was killed or driven insane (LCG §3 Campaign: "the player
// picks a new investigator and builds a new deck"; ruling R-CAMP-REPLACE):
// the first core investigator, in code order, not used in this campaign,
// with their starter deck, no experience and no trauma. It reports false
// when none is left.
func (s *State) replaceInvestigator(i int) bool {
	for k, inv := range s.cfg.replacements {
		if s.Camp.used(inv) {
			continue
		}
		c := &s.Camp.Seats[i]
		lost := c.Lost + 1
		*c = CampaignSeat{Inv: inv, Lost: lost}
		for _, d := range s.cfg.replacementDecks[k] {
			c.addCard(d)
		}
		if s.cfg.randomWeak {
			c.WeakDraws = 1
		}
		s.Camp.use(inv)
		s.log.Add(evCampaignReplace, game.AgentID(i), int32(inv), 0, 0)
		return true
	}
	return false
}

// nextScenario sets up the campaign's next scenario (LCG §9: setup with the
// current trauma, bag and decks) once the between-scenarios step is done.
func (s *State) nextScenario() {
	s.Camp.Index++
	s.Camp.Step = CampPlaying
	s.setupGame()
}

// Reward weights of a scenario in campaign play (docs/shaping.md).
const (
	rewardWin    = 1000 // an act-deck resolution (LCG §3 Standalone Mode's win)
	rewardLoss   = -1000
	rewardPerXP  = 50  // per point of experience earned, the seats' mean
	rewardMaxXP  = 10  // the experience counted at most (so a loss stays negative)
	rewardPerDie = 500 // per investigator killed or driven insane
)

// scenarioReward is a scenario's graded reward in thousandths
// (docs/shaping.md): +1 for an act-deck resolution, −1 otherwise; plus 0.05
// per point of experience the seats earned on average (at most 10 points);
// less 0.5 per investigator killed or driven insane.
func scenarioReward(won bool, seats []CampaignSeat, lost int) int32 {
	r := int32(rewardLoss)
	if won {
		r = rewardWin
	}
	xp := 0
	for i := range seats {
		xp += int(max(seats[i].Earned, 0))
	}
	if len(seats) > 0 {
		r += int32(min(xp/len(seats), rewardMaxXP) * rewardPerXP)
	}
	return r - int32(lost*rewardPerDie)
}

// write writes the campaign state's canonical bytes (State.MarshalBinary).
func (c *CampaignPlay) write(w *game.Writer) {
	w.Bool(c.On)
	w.U8(uint8(c.Index))
	w.U8(c.Step)
	w.Bool(c.Lost)
	for i := range c.Seats {
		x := &c.Seats[i]
		w.I32(int32(x.Inv))
		w.U8(uint8(x.XP))
		w.U8(uint8(x.Earned))
		w.U8(uint8(x.Physical))
		w.U8(uint8(x.Mental))
		w.U8(x.Status)
		w.U8(uint8(x.Lost))
		w.U8(uint8(x.WeakDraws))
		game.Ints(w, x.deck())
		for _, d := range x.Declined {
			w.U64(d)
		}
	}
	game.Ints(w, c.BagAdds[:c.NBagAdds])
	game.Ints(w, c.Used[:c.NUsed])
	game.Ints(w, c.Results[:])
	w.I32(c.Score)
}

// CampaignPosition is the position of the scenario being played in its
// campaign's sequence (0 The Gathering), in campaign play and standalone
// alike; -1 if the campaign does not list it.
func (s *State) CampaignPosition() int {
	sc := s.scen()
	for k, code := range sc.Campaign.Scenarios {
		if code == sc.Code {
			return k
		}
	}
	return -1
}
