package lcg

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// A scenario is one unit (LCG §7 step 10, §12.5): a ScenarioDef value,
// registered by its scenario card's code, that holds its setup, its
// locations and their connections, its act and agenda decks with their
// b-sides, its chaos-bag symbol effects per difficulty, its resolutions and
// the campaign-log entries they record. The generic engine names no
// scenario: it asks the current one (State.scen) through these fields. A new
// scenario is a file scenario_<name>.go with one ScenarioDef and the small
// functions it points to (scenario_gathering.go is the model).

// LocationDef is one location slot of a scenario: the card, whether it
// starts in play, and the location's own rules the engine asks about.
type LocationDef struct {
	Card   cards.ID
	InPlay bool // in play at setup (otherwise set aside)
	// Barred: while unrevealed, investigators cannot move into it (The
	// Gathering's Parlor: LCG §3 Move, card text beats the rules §1.1).
	Barred bool
	// Resign: its revealed side has "⮕ Resign" (LCG §3 Resign).
	Resign bool
	// Ability is its revealed side's ⮕ ability, used by an investigator
	// at it (LCG §3 Activate; option ActLocation+slot in the action prompt).
	Ability *LocationAbility
	// CostMod modifies the cost of card id an investigator at this location
	// plays (a constant ability of the location, LCG §3 Modifiers); nil: 0.
	CostMod func(s *State, seat int, id int16) int
	// InvestigateWith is the skill + 1 this location is investigated with
	// instead of intellect (a constant ability: The Devourer Below's Old
	// House, Cliffside, Tangled Thicket; LCG §3 Investigate); 0: intellect.
	InvestigateWith int8
	// MoveOutTest: "when you move out of this location, test skill (3); if you
	// fail, cancel the move" (Twisting Paths): the skill + 1 and difficulty
	// of the test a Move action out of it starts first; 0: none.
	MoveOutTest, MoveOutDiff int8
}

// LocationAbility is a location's ⮕ ability (LCG §3 Activate): whether seat
// may use it now (limits and costs included) and its effect once the action
// is paid (a frame handler, so it may ask).
type LocationAbility struct {
	Text   string
	Usable func(s *State, seat int) bool
	Run    func(s *State, seat int)
}

// StageDef is one act or agenda card (LCG §3 Act Deck and Agenda Deck):
// its "a" side's rules and its "b" side's effect.
type StageDef struct {
	Card cards.ID
	// SpendClues: the group may spend the clue threshold to advance with a
	// ⚡ ability at any time (LCG §3 Act Deck: the default objective).
	SpendClues bool
	// Objective words an act without a clue threshold for the render.
	Objective string
	// Progress, for an act without a clue threshold, is the part of it done
	// in [0, 1] (the shaping potential, potential.go); nil: 0.
	Progress func(s *State) float64
	// BSide resolves the "b" side after the generic advance (doom removed,
	// event logged); a frame handler, so it may ask (f.Step > 0 on entry).
	// It sets State.Act/Agenda to the next stage or ends the game.
	BSide func(s *State, f *game.Frame) game.Control
	// Resign: the card has "⮕ Resign" (an agenda's; LCG §3 Resign).
	Resign bool
	// Ability is an act's ⮕ ability whose cost is AbilityClues clues per
	// investigator spent as a group (LCG §3 Act Deck, §3 Activate): offered
	// as ActAdvanceAct in the action prompt; Ability resolves it after the
	// clues are paid. AbilityText words it.
	Ability      func(s *State, seat int)
	AbilityOK    func(s *State) bool // the ability could change the game state now; nil: always
	AbilityClues int8
	AbilityText  string
	// AbilityOwnClues: the ability costs AbilityClues clues of the
	// investigator who uses it (not per investigator, not as a group: The
	// Devourer Below's act 3a, "spend 1 clue").
	AbilityOwnClues bool
	// CluesOnAct, for an act whose objective is clues placed on it (The
	// Devourer Below's act 3a), counts the clues on it; CluesOnActNeeded is
	// how many the objective needs per investigator. nil: none.
	CluesOnAct       func(s *State) int
	CluesOnActNeeded int8
	// SetCluesOnAct sets the clues on the act (scripted rules cases).
	SetCluesOnAct func(s *State, n int)
	// NoDoom: the agenda has no doom threshold (The Devourer Below's
	// agenda 3b, both the current act and agenda: LCG §3 Act Deck and
	// Agenda Deck).
	NoDoom bool
}

// SymbolDef is what a symbol chaos token does on one side of the scenario
// reference card (LCG §3 Chaos Tokens; §6 ST.4).
type SymbolDef struct {
	// Mod resolves the token for test t at ST.4 and returns its modifier
	// (it may deal damage now: "take 1 damage"); nil: 0.
	Mod func(s *State, t *SkillTest) int
	// Estimate is the modifier an agent may expect for seat's test (seat may
	// be -1) without resolving anything (TokenEstimate); nil: 0.
	Estimate func(s *State, seat int) int
	// RevealAnother: reveal another token, whose modifier adds (ST.4).
	RevealAnother bool
	// RevealAnotherIf: reveal another token when it holds (a conditional
	// "reveal another token"); nil: never.
	RevealAnotherIf func(s *State, t *SkillTest) bool
	// Fail is "if you fail" (ST.7); AfterFail "if you fail, after this skill
	// test" (once the test has ended, ST.8). Either may be nil.
	Fail, AfterFail func(s *State, seat int)
}

// ResolutionDef is one resolution of a scenario (LCG §12.5 and the
// campaign guide's "do not read until the end of the scenario").
type ResolutionDef struct {
	Name string // for the render: "Resolution 1 (the house burns)"
	Won  bool   // reached on the act deck: a win in standalone mode (LCG §3 Standalone Mode)
	// Log is what the resolution records in the campaign log (campaign.go).
	Log []LogKey
	// BonusXP, LeadMentalTrauma: the resolution's experience bonus for each
	// investigator and the lead's mental trauma, for the campaign layer
	// (standalone play records neither).
	BonusXP, LeadMentalTrauma int8
	// BagAdd are chaos tokens the resolution adds to the bag for the rest of
	// the campaign (campaign_play.go).
	BagAdd []int8
}

// ScenarioDef is a scenario: setup data, decks, symbol effects,
// resolutions, and the hooks its cards' forced abilities and objectives
// need at the engine's timing points. Every field is immutable once
// registered; states refer to a scenario by its index (State.Scenario).
type ScenarioDef struct {
	Code     string // the scenario reference card's code: the scenario's id
	Name     string
	Campaign *CampaignDef
	// Locations are the slots (slot k is Locations[k]); Connections the
	// printed connections as pairs of slots, both ways (LCG §3 Locations).
	Locations   []LocationDef
	Connections [][2]int8
	Start       int8       // the slot every investigator starts in (LCG §7 step 12)
	SetAside    []cards.ID // other cards set aside at setup (LCG §7 step 10)
	// EncounterSets are shuffled into the encounter deck (LCG §7 step 11),
	// less the set-aside cards and the locations, acts, agendas and
	// scenario cards.
	EncounterSets []string
	Acts, Agendas []StageDef
	// Symbols are the reference card's sides: [0] easy/standard, [1]
	// hard/expert; within a side, skull, cultist, tablet, elder thing.
	Symbols [2][4]SymbolDef
	// Resolutions are indexed by ResR1… (ResNone and ResNoResolution
	// included: "no resolution was reached" has its own entry).
	Resolutions [ResNoResolution + 1]ResolutionDef

	// Hooks at the engine's timing points (nil: nothing).
	EndOfEnemyPhase func(s *State)          // LCG §5.2 3.4
	EndOfRound      func(s *State)          // LCG §5.2 4.6, after the cards' own "until the end of the round"
	EnemyDefeated   func(s *State, e int16) // after enemy e is defeated (an act objective)
	// CanParley / ParleyTest: a Parley action a scenario card grants (LCG §3
	// Parley; The Gathering: the Parlor's for Lita Chantler): whether seat
	// may take it, and the test it starts (kind tkParley); ParleyResult is
	// its ST.7.
	CanParley    func(s *State, seat int) bool
	ParleyTest   func(s *State, seat int)
	ParleyResult func(s *State, t *SkillTest, ok bool)
	ParleyText   string // the Parley option in words

	// StandaloneLog is what a standalone game's campaign log holds at setup
	// when the options give none (LCG §3 Standalone Mode: the entries of
	// earlier scenarios the setup reads).
	StandaloneLog []LogKey
	// Setup runs after the generic setup (LCG §7 steps 10–13, setupScenario):
	// the scenario's own steps, reading the campaign log and choosing at
	// random with the state's RNG (which version of a location is used).
	Setup func(s *State)
	// Finish records the campaign-log entries a resolution computes (lists
	// of cards) when the game ends with resolution res; nil: none.
	Finish func(s *State, res uint8)
	// Determinize resamples the scenario's own hidden information (the order
	// of a deck kept set aside) with rng (State.Determinize, LCG §12.4).
	Determinize func(s *State, rng *game.RNG)
	// EndOfMythos runs at the end of the mythos phase (LCG §5.2 1.5).
	EndOfMythos func(s *State)
	// StartVictory is the curriculum's head start on the scenario's
	// victory-display objective (Start.Victory, docs/shaping.md): it puts n
	// of the cards the objective counts in the victory display at the end of
	// setup; StartVictoryMax is the largest n (0: no such start).
	StartVictory    func(s *State, n int)
	StartVictoryMax int
	// SpawnLoc may redirect enemy e's spawn to a location slot (a
	// location's "spawn it here instead", LCG §3 Spawn); -1: no change.
	SpawnLoc func(s *State, e int16) int

	// encounter is the encounter deck's cards, one entry per copy, in set
	// and collector order (computed at registration: the reset reads no
	// card table and allocates nothing).
	encounter []cards.ID

	// BagAdd are chaos tokens the setup adds to the bag for the rest of the
	// campaign (The Devourer Below's elder thing; LCG §7 step 6).
	BagAdd []int8
	// AfterOpeningHands runs after the opening hands are drawn (LCG §7
	// step 8), before the mulligans: a setup step on hands (discards).
	AfterOpeningHands func(s *State)
	// EndOfTurn runs at the end of each investigator's turn (LCG §5.2
	// 2.2.2), after the cards' own forced abilities.
	EndOfTurn func(s *State, seat int)
	// TestResult is ST.7 of a test the scenario's act or agenda started
	// (kind tkScenario, Target the scenario's selector; margin < 0 when
	// failed by that much).
	TestResult func(s *State, t *SkillTest, ok bool, margin int)
	// EnemyBonus is the fight and evade every enemy gets (an agenda's
	// constant ability, LCG §3 Modifiers); nil: 0.
	EnemyBonus func(s *State, e int16) int

	// Effects are the scenario's multi-step effects, run by opEffect frames
	// with A = effScenario and B = the index (pushScenarioEffect).
	Effects []func(s *State, f *game.Frame) game.Control
}

// scenarioList holds the registered scenarios; State.Scenario indexes it.
var scenarioList []*ScenarioDef

// registerScenario adds a scenario at init; codes are unique. The list is
// sorted by code, so State.Scenario numbers stay those of the campaign.
func registerScenario(sc *ScenarioDef) {
	for _, x := range scenarioList {
		if x.Code == sc.Code {
			panic("lcg: scenario " + sc.Code + " registered twice")
		}
	}
	if len(sc.Locations) > MaxLocations {
		panic(fmt.Sprintf("lcg: scenario %s has %d location slots, more than MaxLocations (%d)", sc.Name, len(sc.Locations), MaxLocations))
	}
	for _, set := range sc.EncounterSets {
		for _, d := range cards.BySet(set) {
			c := def(d)
			if sc.setAside(d) || c.Type == cards.Location || c.Type == cards.Act ||
				c.Type == cards.Agenda || c.Type == cards.Scenario || c.Type == cards.Story || c.Hidden {
				continue
			}
			for q := 0; q < int(c.Quantity); q++ {
				sc.encounter = append(sc.encounter, d)
			}
		}
	}
	// Kept in code order (the campaign's order: The Gathering first, the
	// default), whatever the order of the files' init functions.
	at := len(scenarioList)
	for at > 0 && scenarioList[at-1].Code > sc.Code {
		at--
	}
	scenarioList = append(scenarioList, nil)
	copy(scenarioList[at+1:], scenarioList[at:])
	scenarioList[at] = sc
}

// findScenario resolves a scenario code or (part of a) name; "" is the
// first registered (The Gathering).
func findScenario(name string) (uint8, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return 0, nil
	}
	// Codes first: a campaign names its scenarios by code, and moving to the
	// next one (a step) then allocates nothing.
	for i, sc := range scenarioList {
		if sc.Code == name {
			return uint8(i), nil
		}
	}
	for i, sc := range scenarioList {
		if strings.Contains(strings.ToLower(sc.Name), name) {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("scenario %q: unknown (known: %s)", name, strings.Join(ScenarioNames(), ", "))
}

// ScenarioNames lists the registered scenarios as "code name".
func ScenarioNames() []string {
	out := make([]string, len(scenarioList))
	for i, sc := range scenarioList {
		out[i] = sc.Code + " " + sc.Name
	}
	return out
}

// scen returns the scenario being played.
func (s *State) scen() *ScenarioDef { return scenarioList[s.Scenario] }

// ScenarioName names the scenario being played.
func (s *State) ScenarioName() string { return s.scen().Name }

// setupScenario is LCG §7 steps 10–13 from the scenario's data: the
// locations (in play or set aside) in their slots and their connections,
// the other set-aside cards, the encounter deck shuffled, every
// investigator at the starting location.
func (s *State) setupScenario() {
	sc := s.scen()
	for k := range s.LocInst {
		s.LocInst[k] = -1
		s.Conn[k] = 0
	}
	for k, l := range sc.Locations {
		z := ZoneSetAside
		if l.InPlay {
			z = ZoneBoard
		}
		id := s.newInst(l.Card, -1, z, -1)
		s.Cards[id].Loc = int8(k)
		s.LocInst[k] = id
	}
	for _, c := range sc.Connections {
		s.Conn[c[0]] |= 1 << uint(c[1])
		s.Conn[c[1]] |= 1 << uint(c[0])
	}
	for _, d := range sc.SetAside {
		s.newInst(d, -1, ZoneSetAside, -1)
	}
	for _, d := range sc.encounter {
		s.newInst(d, -1, ZoneEncDeck, -1)
	}
	s.shuffleEncounter()
	if s.Camp.On {
		// Campaign play: the log the earlier scenarios wrote (and the one
		// the options started with, recorded by beginCampaign).
	} else if len(s.cfg.campaign) > 0 {
		for _, k := range s.cfg.campaign {
			s.Campaign.Record(k)
		}
		for _, c := range s.cfg.campaignCards {
			s.Campaign.AddCard(c.Key, c.Card)
		}
	} else {
		for _, k := range sc.StandaloneLog {
			s.Campaign.Record(k) // LCG §3 Standalone Mode
		}
	}
	for i := 0; i < int(s.N); i++ {
		s.placeInvestigator(i, int(sc.Start))
	}
	if sc.Setup != nil {
		sc.Setup(s)
	}
}

// setAside reports whether d is one of the scenario's set-aside cards.
func (sc *ScenarioDef) setAside(d cards.ID) bool {
	for _, x := range sc.SetAside {
		if x == d {
			return true
		}
	}
	return false
}

// locDef returns the scenario's definition of the location in slot k: the
// definition of the card there (a setup may shuffle location versions over
// their slots so that a slot does not tell an unrevealed version: The
// Devourer Below's Arkham Woods), else the slot's.
func (s *State) locDef(k int) *LocationDef {
	sc := s.scen()
	if k < 0 || k >= len(sc.Locations) {
		return &noLocation
	}
	if id := s.LocInst[k]; id >= 0 && sc.Locations[k].Card != s.Cards[id].Def {
		for j := range sc.Locations {
			if sc.Locations[j].Card == s.Cards[id].Def {
				return &sc.Locations[j]
			}
		}
	}
	return &sc.Locations[k]
}

var noLocation LocationDef

// symbol returns the current side's definition of a symbol token, or nil
// for numbers, the auto-fail and the elder sign.
func (s *State) symbol(tok int8) *SymbolDef {
	if tok < TokSkull || tok > TokElderThing {
		return nil
	}
	side := 0
	if s.cfg.difficulty >= Hard {
		side = 1
	}
	return &s.scen().Symbols[side][tok-TokSkull]
}

// tfSym is the test flag that marks a resolved symbol with an "if you fail"
// effect (skull, cultist, tablet, elder thing).
var tfSym = [4]uint16{tfFailSkull, tfFailCultist, tfFailTablet, tfFailElderThing}

// pushScenarioEffect pushes the scenario's effect i for seat.
func (s *State) pushScenarioEffect(seat int, i int) {
	s.push(opEffect, seat, -1, -1, effScenario, int32(i))
}

// resolution returns the scenario's definition of resolution r.
func (s *State) resolution(r uint8) *ResolutionDef {
	if int(r) >= len(s.scen().Resolutions) {
		return &s.scen().Resolutions[ResNone]
	}
	return &s.scen().Resolutions[r]
}
