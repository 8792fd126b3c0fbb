package env

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// lcgDefaultInvestigators is the order a count of investigators takes them
// in: one of each class, Guardian, Seeker, Rogue, Mystic (then Survivor).
var lcgDefaultInvestigators = []string{"01001", "01002", "01003", "01004", "01005"}

// lcgPotentials are The Gathering's shaping terms (docs/shaping.md); each is
// a view of env/lcg.
var lcgPotentials = []PotentialTerm{
	{Name: "clues", Doc: "clues the team holds, per investigator", Value: func(s game.State) float64 { return s.(*lcg.State).CluePotential() }},
	{Name: "act", Doc: "progress through the act deck in [0, 1]: acts done plus the current act's part, over 3; the group's clues toward an act's threshold are half of it, advancing it the other half (act 3: damage on the Ghoul Priest toward his health)", Value: func(s game.State) float64 { return s.(*lcg.State).ActPotential() }},
	{Name: "doom", Doc: "minus the progress through the agenda deck in [-1, 0]: agendas advanced plus doom toward the threshold, over 3", Value: func(s game.State) float64 { return s.(*lcg.State).DoomPotential() }},
	{Name: "damage", Doc: "minus the harm taken in [-1, 0]: per investigator, the mean of damage/health and horror/sanity, 1 if eliminated", Value: func(s game.State) float64 { return s.(*lcg.State).DamagePotential() }},
}

// lcgDeckOptions are the options of real decks and the lead's choice
// (docs/lcg-decks.md), shared by every LCG env.
var lcgDeckOptions = []OptionDoc{
	{Name: "deck0", Default: "", Doc: "a deck for seat 0 (a path: a text file of card codes or an ArkhamDB deck export), validated by the deckbuilding rules; it overrides that seat's investigator and starter deck; deck1, deck2, deck3 likewise (a deck beyond the investigators adds its seat)"},
	{Name: "deck1", Default: "", Doc: "a deck for seat 1 (see deck0)"},
	{Name: "deck2", Default: "", Doc: "a deck for seat 2 (see deck0)"},
	{Name: "deck3", Default: "", Doc: "a deck for seat 3 (see deck0)"},
	{Name: "choose_lead", Default: "false", Doc: "the investigators choose the lead at setup (a prompt to seat 0); false: seat 0 is the lead"},
}

// The registration of the games lives here, on the env side: games know
// nothing of env or encode (DESIGN: arrows point one way).
func init() {
	Register(Entry{
		ID:          lcg.TheGatheringID,
		Description: "Arkham Horror: The Card Game, The Gathering (Night of the Zealot 1), standalone, 1-4 investigators with starter decks",
		Options: append([]OptionDoc{
			{Name: "investigators", Default: "01001", Doc: "a count 1-4 (the first N of 01001 Roland Banks, 01002 Daisy Walker, 01003 Skids O'Toole, 01004 Agnes Baker: one per class), or comma-separated investigator codes or names (those four and 01005 Wendy Adams)"},
			{Name: "difficulty", Default: "standard", Doc: "easy, standard, hard or expert (chaos bag and scenario reference side)"},
			{Name: "mulligan", Default: "true", Doc: "offer each investigator a mulligan of the opening hand"},
			{Name: "random_weakness", Default: "true", Doc: "add a random basic weakness to each starter deck"},
			{Name: "start_act", Default: "1", Doc: "curriculum: start on act 1, 2 or 3; the earlier acts advance as the rules do, at the end of setup, before the mulligans (docs/shaping.md)"},
			{Name: "start_clues", Default: "0", Doc: "curriculum: extra clues each investigator holds at the start (0-10)"},
			{Name: "start_resources", Default: "0", Doc: "curriculum: extra resources each investigator holds at the start, beyond the five (0-20)"},
		}, append(lcgDeckOptions, ShapingOptions(lcgPotentials)...)...),
		Build:      buildGathering,
		Potentials: lcgPotentials,
	})
	Register(Entry{
		ID:          lcg.TheMidnightMasksID,
		Description: "Arkham Horror: The Card Game, The Midnight Masks (Night of the Zealot 2), standalone, 1-4 investigators with starter decks; the same observation layout and actions as The Gathering",
		Options: append([]OptionDoc{
			{Name: "investigators", Default: "01001", Doc: "a count 1-4 (the first N of 01001 Roland Banks, 01002 Daisy Walker, 01003 Skids O'Toole, 01004 Agnes Baker: one per class), or comma-separated investigator codes or names (those four and 01005 Wendy Adams)"},
			{Name: "difficulty", Default: "standard", Doc: "easy, standard, hard or expert (chaos bag and scenario reference side)"},
			{Name: "mulligan", Default: "true", Doc: "offer each investigator a mulligan of the opening hand"},
			{Name: "random_weakness", Default: "true", Doc: "add a random basic weakness to each starter deck"},
			{Name: "start_act", Default: "1", Doc: "curriculum: the act to start on (The Midnight Masks has one act: 1)"},
			{Name: "start_clues", Default: "0", Doc: "curriculum: extra clues each investigator holds at the start (0-10)"},
			{Name: "start_resources", Default: "0", Doc: "curriculum: extra resources each investigator holds at the start, beyond the five (0-20)"},
			{Name: "start_victory", Default: "0", Doc: "curriculum: 0-5 unique cultists from the top of the shuffled Cultist deck start in the victory display, as if interrogated (act 1a needs 6; The Masked Hunter is always left) (docs/shaping.md)"},
			{Name: "campaign_log", Default: "", Doc: "the campaign log The Gathering left, entries separated by ';' (\"house burned\", \"house standing\", \"ghoul priest is still alive\", \"lita\"); empty: the standalone default, the house still standing (Your House in play, the Ghoul Priest not in the encounter deck)"},
		}, append(lcgDeckOptions, ShapingOptions(lcgPotentials)...)...),
		Build:      func(opts Options) (*Game, error) { return buildLCG(opts, "01120") },
		Potentials: lcgPotentials,
	})
	Register(Entry{
		ID: lcg.TheDevourerBelowID,
		Description: "Arkham Horror: The Card Game, The Devourer Below (Night of the Zealot 3), standalone, 1-4 investigators with starter decks; " +
			"the same observation layout and actions as The Gathering. Reward: +1 for Resolution 1 (the ritual disrupted, act 3b), 2 (Umôrdhoth defeated) " +
			"or 3 (Lita thrown to Umôrdhoth), -1 with no resolution (every investigator resigned or eliminated), 0 until the end",
		Options: append([]OptionDoc{
			{Name: "investigators", Default: "01001", Doc: "a count 1-4 (the first N of 01001 Roland Banks, 01002 Daisy Walker, 01003 Skids O'Toole, 01004 Agnes Baker: one per class), or comma-separated investigator codes or names (those four and 01005 Wendy Adams)"},
			{Name: "difficulty", Default: "standard", Doc: "easy, standard, hard or expert (chaos bag with the scenario's elder thing token, and scenario reference side)"},
			{Name: "mulligan", Default: "true", Doc: "offer each investigator a mulligan of the opening hand"},
			{Name: "random_weakness", Default: "true", Doc: "add a random basic weakness to each starter deck"},
			{Name: "start_act", Default: "1", Doc: "curriculum: start on act 1, 2 or 3; the earlier acts advance as the rules do, at the end of setup, before the mulligans (docs/shaping.md)"},
			{Name: "start_clues", Default: "0", Doc: "curriculum: extra clues each investigator holds at the start (0-10)"},
			{Name: "start_resources", Default: "0", Doc: "curriculum: extra resources each investigator holds at the start, beyond the five (0-20)"},
			{Name: "campaign_log", Default: "", Doc: "the campaign log the first two scenarios left, entries separated by ';' (\"ghoul priest is still alive\", \"lita\" (Lita Chantler shuffled into the lead's deck), \"past midnight\", \"cultists who got away: Herman Collins, Ruth Turner\"); empty: the standalone default, nothing recorded (ruling R-DEVOURER-STANDALONE)"},
		}, append(lcgDeckOptions, ShapingOptions(lcgPotentials)...)...),
		Build:      func(opts Options) (*Game, error) { return buildLCG(opts, "01142") },
		Potentials: lcgPotentials,
	})
}

// This init registers the campaign played as one game
// (env/lcg/campaign_play.go; reward in docs/shaping.md).
func init() {
	Register(Entry{
		ID: lcg.NightOfTheZealotID,
		Description: "Arkham Horror: The Card Game, the Night of the Zealot campaign as one episode: The Gathering, the upgrade step, " +
			"The Midnight Masks, the upgrade step, The Devourer Below, with the campaign log, experience, trauma, killed and insane investigators " +
			"carried; the same observation layout and actions as the scenario envs. Reward per scenario as it resolves: +1 for an act-deck " +
			"resolution, -1 otherwise, +0.05 per point of experience earned (the seats' mean, at most 10), -0.5 per investigator killed or insane",
		Options: append([]OptionDoc{
			{Name: "investigators", Default: "01001", Doc: "a count 1-4 (the first N of 01001 Roland Banks, 01002 Daisy Walker, 01003 Skids O'Toole, 01004 Agnes Baker: one per class), or comma-separated investigator codes or names (those four and 01005 Wendy Adams); a killed or insane investigator is replaced by the first core investigator not yet used (ruling R-CAMP-REPLACE)"},
			{Name: "difficulty", Default: "standard", Doc: "easy, standard, hard or expert (chaos bag and scenario reference side)"},
			{Name: "mulligan", Default: "true", Doc: "offer each investigator a mulligan of the opening hand, in each scenario"},
			{Name: "random_weakness", Default: "true", Doc: "add a random basic weakness to each starter deck (drawn once, kept for the campaign)"},
			{Name: "campaign_start", Default: "0", Doc: "curriculum: the scenario to start at: 0 The Gathering, 1 The Midnight Masks, 2 The Devourer Below (the log: campaign_log, else that scenario's standalone defaults)"},
			{Name: "campaign_log", Default: "", Doc: "the campaign log the campaign starts with, entries separated by ';' (see the scenario envs); empty: none (or the standalone defaults of campaign_start's scenario)"},
			{Name: "campaign_xp", Default: "0", Doc: "curriculum: the unspent experience each investigator starts the campaign with (0-50), spent at the first upgrade step"},
			{Name: "start_act", Default: "1", Doc: "curriculum: the act the episode's first scenario (campaign_start's) starts on; the earlier acts advance as the rules do, at the end of setup (docs/shaping.md); the later scenarios start on act 1"},
			{Name: "start_clues", Default: "0", Doc: "curriculum: extra clues each investigator holds at the start of the episode's first scenario (0-10)"},
			{Name: "start_resources", Default: "0", Doc: "curriculum: extra resources each investigator holds at the start of the episode's first scenario, beyond the five (0-20)"},
		}, append(lcgDeckOptions, ShapingOptions(lcgPotentials)...)...),
		Build:      func(opts Options) (*Game, error) { return buildLCGGame(opts, "", true) },
		Potentials: lcgPotentials,
	})
}

// lcgInvestigators reads the investigators option: a number of one or two
// digits is a count and takes the first N of lcgDefaultInvestigators;
// anything else (the codes have five digits) is a list of codes or names.
func lcgInvestigators(v string) ([]string, error) {
	t := strings.TrimSpace(v)
	n, err := strconv.Atoi(t)
	if err != nil || len(t) > 2 {
		return strings.Split(v, ","), nil
	}
	if n < 1 || n > lcg.MaxInvestigators {
		return nil, fmt.Errorf("option investigators=%d: want a count 1 to %d, or investigator codes or names", n, lcg.MaxInvestigators)
	}
	return lcgDefaultInvestigators[:n], nil
}

// buildGathering makes The Gathering for env options.
func buildGathering(opts Options) (*Game, error) { return buildLCG(opts, "") }

// buildLCG makes a scenario (its code; "" The Gathering) for env options:
// one option set, observation layout and action vocabulary for every LCG env.
func buildLCG(opts Options, scenario string) (*Game, error) {
	return buildLCGGame(opts, scenario, false)
}

// buildLCGGame is buildLCG, or with campaign the scenario's whole campaign
// as one game (lcg.Options.Campaign).
func buildLCGGame(opts Options, scenario string, campaign bool) (*Game, error) {
	mull, err := opts.Bool("mulligan", true)
	if err != nil {
		return nil, err
	}
	weak, err := opts.Bool("random_weakness", true)
	if err != nil {
		return nil, err
	}
	chooseLead, err := opts.Bool("choose_lead", false)
	if err != nil {
		return nil, err
	}
	var decks []*cards.Deck
	for seat := 0; seat < lcg.MaxInvestigators; seat++ {
		if path := opts.Str(fmt.Sprintf("deck%d", seat), ""); path != "" {
			d, err := lcg.LoadDeck(path)
			if err != nil {
				return nil, err
			}
			decks = append(decks, make([]*cards.Deck, seat+1-len(decks))...)
			decks[seat] = d
		}
	}
	invs, err := lcgInvestigators(opts.Str("investigators", "01001"))
	if err != nil {
		return nil, err
	}
	var start lcg.Start
	for _, o := range []struct {
		name string
		dst  *int
		def  int
	}{{"start_act", &start.Act, 1}, {"start_clues", &start.Clues, 0}, {"start_resources", &start.Resources, 0}, {"start_victory", &start.Victory, 0}} {
		if *o.dst, err = opts.Int(o.name, o.def); err != nil {
			return nil, err
		}
	}
	if start.Act < 1 {
		return nil, fmt.Errorf("option start_act=%d: want 1, 2 or 3", start.Act)
	}
	var log []string
	for _, e := range strings.Split(opts.Str("campaign_log", ""), ";") {
		if e = strings.TrimSpace(e); e != "" {
			log = append(log, e)
		}
	}
	campStart := 0
	var campSeats []lcg.CampaignSeatSetup
	if campaign {
		if campStart, err = opts.Int("campaign_start", 0); err != nil {
			return nil, err
		}
		xp, err := opts.Int("campaign_xp", 0)
		if err != nil {
			return nil, err
		}
		if xp < 0 || xp > 50 {
			return nil, fmt.Errorf("option campaign_xp=%d: want 0 to 50", xp)
		}
		for seat := 0; seat < max(len(invs), len(decks)); seat++ {
			campSeats = append(campSeats, lcg.CampaignSeatSetup{XP: int8(xp)})
		}
	}
	sc, err := lcg.NewScenario(lcg.Options{
		Campaign:         campaign,
		CampaignStart:    campStart,
		CampaignSeats:    campSeats,
		Investigators:    invs,
		Difficulty:       opts.Str("difficulty", "standard"),
		Mulligan:         mull,
		NoRandomWeakness: !weak,
		UniqueWeaknesses: true,
		Decks:            decks,
		ChooseLead:       chooseLead,
		Start:            start,
		Scenario:         scenario,
		CampaignLog:      log,
	})
	if err != nil {
		return nil, err
	}
	enc, err := lcgobs.New(sc.Info())
	if err != nil {
		return nil, err
	}
	return &Game{
		Info:    sc.Info(),
		New:     func(seed uint64, logging bool) game.State { return sc.New(seed, logging) },
		Encoder: enc,
	}, nil
}
