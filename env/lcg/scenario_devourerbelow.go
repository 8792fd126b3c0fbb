package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The Devourer Below (Night of the Zealot, scenario 3): the whole scenario
// as one unit. Its setup (the campaign log it reads, four of the six Arkham
// Woods and one of the four Agents sets chosen at random, the elder thing
// token), the woods with their abilities, the agendas (a Monster on agenda
// 1b, the Madness of agenda 2b, Umôrdhoth on agenda 3) and the acts (the
// cultists who got away, the Ritual Site, disrupting the ritual), the
// reference card's symbols, the resolutions with their campaign-log entries,
// and the cards of its own set (Umôrdhoth, Umôrdhoth's Wrath) are here. The
// shared sets it uses (Ancient Evils, Striking Fear, Ghouls, Dark Cult and
// the four Agents sets) are in encounter_sets.go and encounter.go. Rulings:
// R-DEVOURER-* in docs/lcg-rulings.md.

// The Devourer Below's own cards.
var (
	idMainPath, idUnhallowedGround, idTwistingPaths = mustID("01149"), mustID("01150"), mustID("01151")
	idOldHouse, idCliffside, idTangledThicket       = mustID("01152"), mustID("01153"), mustID("01154")
	idQuietGlade, idRitualSite, idUmordhoth         = mustID("01155"), mustID("01156"), mustID("01157")
	idUmordhothsWrath                               = mustID("01158")
	devourerAgenda1, devourerAgenda2                = mustID("01143"), mustID("01144")
	devourerAgenda3                                 = mustID("01145")
	devourerAct1, devourerAct2, devourerAct3        = mustID("01146"), mustID("01147"), mustID("01148")
	// The four Agents sets; the setup shuffles one, chosen at random, into
	// the encounter deck and removes the others' cards.
	devourerAgents = [...]string{"agents_of_yog", "agents_of_shub", "agents_of_cthulhu", "agents_of_hastur"}
)

// Location slots of The Devourer Below.
const (
	dbMainPath = iota
	dbUnhallowed
	dbTwisting
	dbOldHouse
	dbCliffside
	dbThicket
	dbGlade
	dbRitualSite
)

// Selectors of The Devourer Below's tests (ScenarioDef.TestResult) and
// effects (ScenarioDef.Effects).
const (
	dbTestAct3     = iota // act 3a's ⮕ test: a clue on the act if it succeeds
	dbTestAgenda2b        // agenda 2b's willpower (6): a Madness weakness if it fails
)
const (
	dbDoomNearest     = iota // the cultist token: doom on the nearest enemy (Frame Tgt: how much)
	dbMonsterFromDeck        // the hard skull: search for a Monster enemy and draw it
	dbAct3Choose             // act 3a's ⮕: test willpower or agility (the user chooses)
)

// theDevourerBelow is the scenario (campaign guide, The Devourer Below
// setup; LCG §7 steps 10–13): The Devourer Below, Ancient Evils, Striking
// Fear, Ghouls, Dark Cult and one Agents set chosen at random form the
// encounter deck (Umôrdhoth set aside); the Main Path and four of the six
// Arkham Woods, chosen at random, are in play (the other two removed);
// the Ritual Site is set aside; everyone starts at the Main Path; an elder
// thing token is added to the chaos bag.
var theDevourerBelow = &ScenarioDef{
	Code:     "01142",
	Name:     "The Devourer Below",
	Campaign: nightOfTheZealot,
	Locations: []LocationDef{
		dbMainPath: {Card: idMainPath, InPlay: true, Resign: true},
		// Unhallowed Ground: its forced ability is a trigger (devourerTriggers).
		dbUnhallowed: {Card: idUnhallowedGround},
		// Twisting Paths: when you move out of it, test intellect (3); if you
		// fail, cancel the move.
		dbTwisting:  {Card: idTwistingPaths, MoveOutTest: skIntellect + 1, MoveOutDiff: 3},
		dbOldHouse:  {Card: idOldHouse, InvestigateWith: skWillpower + 1},
		dbCliffside: {Card: idCliffside, InvestigateWith: skAgility + 1},
		dbThicket:   {Card: idTangledThicket, InvestigateWith: skCombat + 1},
		dbGlade: {Card: idQuietGlade, Ability: &LocationAbility{
			Text: "Quiet Glade: heal 1 damage or 1 horror (once per turn)",
			Usable: func(s *State, seat int) bool {
				v := &s.Inv[seat]
				return v.UsedTurn&bitLocTurn == 0 && (v.Damage > 0 || v.Horror > 0)
			},
			Run: func(s *State, seat int) {
				s.Inv[seat].UsedTurn |= bitLocTurn
				s.pushCardEffect(seat, s.LocInst[s.Inv[seat].Loc], -1, 0)
			}}},
		dbRitualSite: {Card: idRitualSite},
	},
	// The Main Path is connected to each other Woods location (its text);
	// each Arkham Woods and the Ritual Site connect (ruling R-DEVOURER-MAP).
	Connections: [][2]int8{
		{dbMainPath, dbUnhallowed}, {dbMainPath, dbTwisting}, {dbMainPath, dbOldHouse},
		{dbMainPath, dbCliffside}, {dbMainPath, dbThicket}, {dbMainPath, dbGlade},
		{dbUnhallowed, dbRitualSite}, {dbTwisting, dbRitualSite}, {dbOldHouse, dbRitualSite},
		{dbCliffside, dbRitualSite}, {dbThicket, dbRitualSite}, {dbGlade, dbRitualSite},
	},
	Start:    dbMainPath,
	SetAside: []cards.ID{idUmordhoth},
	// Which unrevealed Arkham Woods is in which slot is hidden (LCG §12.4).
	Determinize: devourerDeterminize,
	EncounterSets: []string{"tentacles", "ancient_evils", "striking_fear", "ghouls", "pentagram",
		"agents_of_yog", "agents_of_shub", "agents_of_cthulhu", "agents_of_hastur"},
	StandaloneLog:     nil, // ruling R-DEVOURER-STANDALONE: nothing recorded
	Setup:             devourerSetup,
	AfterOpeningHands: devourerPastMidnight,
	BagAdd:            []int8{TokElderThing},
	Agendas: []StageDef{
		{Card: devourerAgenda1, BSide: devourerAgenda1b},
		{Card: devourerAgenda2, BSide: devourerAgenda2b},
		{Card: devourerAgenda3, BSide: devourerAgenda3b},
		// Agenda 3b, The Devourer Below: both the current act and agenda,
		// with no doom threshold.
		{Card: devourerAgenda3, NoDoom: true, BSide: func(s *State, f *game.Frame) game.Control { return game.Done }},
	},
	Acts: []StageDef{
		{Card: devourerAct1, SpendClues: true, BSide: devourerAct1b},
		{Card: devourerAct2, Objective: "an investigator enters the Ritual Site", BSide: devourerAct2b},
		{Card: devourerAct3, Objective: "2 clues per investigator on the act",
			Progress: func(s *State) float64 {
				return min(float64(s.devourerActClues())/float64(2*int(s.N)), 1)
			},
			CluesOnAct: (*State).devourerActClues, CluesOnActNeeded: 2,
			SetCluesOnAct: func(s *State, n int) { s.Cards[s.LocInst[dbRitualSite]].Uses = int8(n) },
			Ability:       func(s *State, seat int) { s.pushScenarioEffect(seat, dbAct3Choose) }, AbilityClues: 1, AbilityOwnClues: true,
			AbilityText: "spend 1 clue: test willpower (3) or agility (3); if you succeed, place 1 clue on the act",
			BSide: func(s *State, f *game.Frame) game.Control {
				s.finish(ResR1) // act 3b: (→R1)
				return game.Halt
			}},
		{Card: devourerAgenda3, Objective: "defeat Umôrdhoth",
			BSide: func(s *State, f *game.Frame) game.Control {
				s.finish(ResR2) // agenda 3b's objective: (→R2)
				return game.Halt
			}},
	},
	Symbols: [2][4]SymbolDef{
		{ // Easy / Standard
			{ // skull: −X, X = Monster enemies in play.
				Mod:      func(s *State, t *SkillTest) int { return -s.devourerMonsters(-1) },
				Estimate: func(s *State, _ int) int { return -s.devourerMonsters(-1) }},
			{ // cultist: −2; 1 doom on the nearest enemy.
				Mod: func(s *State, t *SkillTest) int {
					s.push(opEffect, int(t.Tester), -1, 1, effScenario, dbDoomNearest)
					return -2
				},
				Estimate: func(*State, int) int { return -2 }},
			{ // tablet: −3; with a Monster enemy at your location, take 1 damage.
				Mod: func(s *State, t *SkillTest) int {
					if s.devourerMonsters(s.Inv[t.Tester].Loc) > 0 {
						s.takeDamage(int(t.Tester), 1, 0, -1)
					}
					return -3
				},
				Estimate: func(*State, int) int { return -3 }},
			{ // elder thing: −5; with an Ancient One enemy in play, reveal another.
				Mod:             func(*State, *SkillTest) int { return -5 },
				Estimate:        func(*State, int) int { return -5 },
				RevealAnotherIf: func(s *State, _ *SkillTest) bool { return s.devourerAncientOne() }},
		},
		{ // Hard / Expert
			{ // skull: −3; if you fail, after the test, search the encounter
				// deck and discard pile for a Monster enemy and draw it; shuffle.
				Mod:       func(*State, *SkillTest) int { return -3 },
				Estimate:  func(*State, int) int { return -3 },
				AfterFail: func(s *State, seat int) { s.pushScenarioEffect(seat, dbMonsterFromDeck) }},
			{ // cultist: −4; 2 doom on the nearest enemy.
				Mod: func(s *State, t *SkillTest) int {
					s.push(opEffect, int(t.Tester), -1, 2, effScenario, dbDoomNearest)
					return -4
				},
				Estimate: func(*State, int) int { return -4 }},
			{ // tablet: −5; with a Monster enemy at your location, take 1 damage and 1 horror.
				Mod: func(s *State, t *SkillTest) int {
					if s.devourerMonsters(s.Inv[t.Tester].Loc) > 0 {
						s.takeDamage(int(t.Tester), 1, 1, -1)
					}
					return -5
				},
				Estimate: func(*State, int) int { return -5 }},
			{ // elder thing: −7; with an Ancient One enemy in play, reveal another.
				Mod:             func(*State, *SkillTest) int { return -7 },
				Estimate:        func(*State, int) int { return -7 },
				RevealAnotherIf: func(s *State, _ *SkillTest) bool { return s.devourerAncientOne() }},
		},
	},
	// Resolutions (campaign guide): R1 from act 3b, R2 from agenda 3b's
	// objective (Umôrdhoth defeated), R3 from Umôrdhoth's ⮕ ability; with
	// no resolution (every investigator resigned or defeated) Arkham
	// succumbs. Trauma and experience are the campaign layer's (ruling
	// R-DEVOURER-LOG).
	Resolutions: [ResNoResolution + 1]ResolutionDef{
		ResNone:         {Name: "no resolution yet"},
		ResR1:           {Name: "Resolution 1 (the ritual disrupted)", Won: true, Log: []LogKey{LogRitualBroken}},
		ResR2:           {Name: "Resolution 2 (Umôrdhoth repelled)", Won: true, Log: []LogKey{LogRepelledUmordhoth}},
		ResR3:           {Name: "Resolution 3 (Lita sacrificed)", Won: true, Log: []LogKey{LogSacrificedLita}},
		ResNoResolution: {Name: "no resolution (every investigator resigned or eliminated): Arkham succumbs", Log: []LogKey{LogArkhamSuccumbed}},
	},
	EndOfRound: devourerEndOfRound,
	EndOfTurn: func(s *State, seat int) {
		// Umôrdhoth: at the end of each investigator's turn, ready him.
		for _, e := range s.Enemies {
			if e >= 0 && s.Cards[e].Def == idUmordhoth && !s.blank(e) && s.Cards[e].Exhausted {
				s.Cards[e].Exhausted = false
				s.autoEngage()
			}
		}
	},
	EnemyBonus: func(s *State, e int16) int {
		if s.Agenda == 1 {
			return 1 // agenda 2a: each enemy gets +1 fight and +1 evade
		}
		return 0
	},
	EnemyDefeated: func(s *State, e int16) {
		if s.Cards[e].Def == idUmordhoth && s.Agenda == 3 {
			s.finish(ResR2) // agenda 3b's objective: Umôrdhoth defeated (→R2)
		}
	},
	TestResult: func(s *State, t *SkillTest, ok bool, margin int) {
		switch t.Target {
		case dbTestAct3:
			if ok && s.Act == 2 {
				s.Cards[s.LocInst[dbRitualSite]].Uses++ // a clue on act 3a (devourerActClues)
				if s.devourerActClues() >= 2*int(s.N) {
					s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0) // its objective
				}
			}
		case dbTestAgenda2b:
			if !ok {
				s.devourerMadness(int(t.Tester))
			}
		}
	},
	Effects: []func(s *State, f *game.Frame) game.Control{
		dbDoomNearest:     devourerDoomNearest,
		dbMonsterFromDeck: func(s *State, f *game.Frame) game.Control { return s.devourerDrawMonster(f) },
		dbAct3Choose: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			if !s.inGame(seat) {
				return game.Done
			}
			if f.Answer == game.NoAnswer {
				p := s.ask(seat, PkChoice, -1)
				p.Add(ActChoose+0, 0, 0) // willpower (3)
				p.Add(ActChoose+1, 1, 0) // agility (3)
				return game.Wait
			}
			sk := skWillpower
			if s.chosen(f).Arg == 1 {
				sk = skAgility
			}
			s.pushTest(seat, sk, 3, tkScenario, dbTestAct3, -1)
			return game.Done
		},
	},
}

func init() {
	registerScenario(theDevourerBelow)
	// The Quiet Glade: heal 1 damage or 1 horror (the investigator chooses
	// when both are possible).
	registerHooks(idQuietGlade, &cardHooks{effect: func(s *State, f *game.Frame) game.Control {
		seat := int(f.Who)
		v := &s.Inv[seat]
		if !s.inGame(seat) {
			return game.Done
		}
		if f.Answer == game.NoAnswer {
			switch {
			case v.Damage > 0 && v.Horror > 0:
				p := s.ask(seat, PkChoice, f.Src)
				p.Add(ActChoose+0, 0, 0) // heal 1 damage
				p.Add(ActChoose+1, 1, 0) // heal 1 horror
				return game.Wait
			case v.Damage > 0:
				s.heal(seat, 1, false)
			default:
				s.heal(seat, 1, true)
			}
			return game.Done
		}
		s.heal(seat, 1, s.chosen(f).Arg == 1)
		return game.Done
	}})
	// Twisting Paths: the move-out test (LocationDef.MoveOutTest); failing
	// it cancels the move (effMoveOut reads seat's bit).
	registerHooks(idTwistingPaths, &cardHooks{testResult: func(s *State, t *SkillTest, ok bool, _ int) {
		if !ok {
			s.Cards[t.Src].Uses |= 1 << uint(t.Tester)
		}
	}})
	// Unhallowed Ground: after you enter, test willpower (4); if you fail,
	// take 1 damage and 1 horror.
	registerHooks(idUnhallowedGround, &cardHooks{testResult: func(s *State, t *SkillTest, ok bool, _ int) {
		if !ok {
			s.takeDamage(int(t.Tester), 1, 1, int32(t.Src))
		}
	}})
	registerMoreTriggers([]trigAbility{
		{kind: tpAfterEnter, name: "Unhallowed Ground", card: idUnhallowedGround, from: fromScenario, forced: true,
			ok: func(s *State, ev *event, _ int, loc int16) bool { return s.Cards[loc].Def == idUnhallowedGround },
			run: func(s *State, ev *event, _ int, loc int16, _ game.Option) {
				s.pushTest(int(ev.Seat), skWillpower, 4, tkTreachery, -1, loc)
			}},
		// Act 2a's objective: an investigator enters the Ritual Site.
		{kind: tpAfterEnter, name: "Into the Darkness", card: idRitualSite, from: fromScenario, forced: true,
			ok: func(s *State, ev *event, _ int, loc int16) bool {
				return s.Cards[loc].Def == idRitualSite && s.Act == 1
			},
			run: func(s *State, ev *event, _ int, loc int16, _ game.Option) {
				s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
			}},
	})

	// Umôrdhoth (Hunter, Massive, +4 health per investigator from the card
	// data): ready at the end of each turn (EndOfTurn); ⮕ if you control
	// Lita Chantler: throw her to him (→R3). The ability is not a Parley:
	// it provokes attacks of opportunity (option ParleyEnemy<k>).
	registerHooks(idUmordhoth, &cardHooks{
		parleyCan: func(s *State, seat int, _ int16) bool {
			for _, id := range s.Inv[seat].Play {
				if s.Cards[id].Def == idLita {
					return true
				}
			}
			return false
		},
		parleyText:     "throw Lita Chantler to Umôrdhoth (→R3)",
		parleyRun:      func(s *State, seat int, _ int16) { s.finish(ResR3) },
		parleyProvokes: true,
	})
	// Umôrdhoth's Wrath: test willpower (5); for each point failed by,
	// choose: discard a card from your hand, or take 1 damage and 1 horror.
	registerHooks(idUmordhothsWrath, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.pushTest(seat, skWillpower, 5, tkTreachery, -1, id) },
		testResult: func(s *State, t *SkillTest, ok bool, margin int) {
			if !ok {
				s.pushCardEffect(int(t.Tester), t.Src, -1, int32(-margin))
			}
		},
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			v := &s.Inv[seat]
			if f.Answer != game.NoAnswer {
				if o := s.chosen(f); o.Code == ActChoose {
					s.takeDamage(seat, 1, 1, f.Src)
				} else {
					s.toDiscard(int16(o.Arg))
				}
				f.B--
				f.Answer = game.NoAnswer
				if s.over {
					return game.Halt
				}
				return game.Again // the damage (if any) resolves first
			}
			if f.B <= 0 || !s.inGame(seat) {
				return game.Done
			}
			p := s.ask(seat, PkChoice, f.Src)
			p.Add(ActChoose, 0, 0) // take 1 damage and 1 horror
			for h, id := range v.Hand {
				if h < MaxHand {
					p.Add(ActDiscard+game.ActionCode(h), int32(id), 0)
				}
			}
			return game.Wait
		},
	})
}

// devourerSetup is the campaign guide's setup beyond the generic steps:
// one Agents set at random (the others' cards removed from the game), four
// of the six Arkham Woods at random (the others removed), the Ghoul Priest
// shuffled in if he is still alive, and 1 doom on agenda 1 per 2 cultists
// who got away (rounded up). Lita Chantler, if she was forced to find
// others, is shuffled into the lead investigator's deck (ruling
// R-DEVOURER-STANDALONE).
func devourerSetup(s *State) {
	keep := devourerAgents[s.rng.IntN(len(devourerAgents))]
	for i := 0; i < len(s.EncDeck); i++ {
		if id := s.EncDeck[i]; s.isAgentsCard(id) && s.card(id).EncounterSet != keep {
			s.moveTo(id, ZoneRemoved, -1)
			i--
		}
	}
	// The six Arkham Woods are shuffled over their six slots (a slot does
	// not tell an unrevealed version: locDef reads the card); the first four
	// slots' are in play, the other two removed.
	woods := s.LocInst[dbUnhallowed : dbGlade+1]
	shuffle16(s, woods)
	for n, id := range woods {
		s.Cards[id].Loc = int8(dbUnhallowed + n)
		if n < 4 {
			s.moveTo(id, ZoneBoard, -1)
		} else {
			s.moveTo(id, ZoneRemoved, -1)
		}
	}
	if s.Campaign.Has(LogGhoulPriestAlive) {
		s.newInst(idGhoulPriest, -1, ZoneEncDeck, -1)
	}
	s.shuffleEncounter()
	got := 0
	for _, c := range s.Campaign.Cards[:s.Campaign.NCards] {
		if c.Key == LogCultistsGotAway {
			got++
		}
	}
	s.AgendaDoom += int8((got + 1) / 2)
	if s.Campaign.Has(LogLitaForced) {
		lead := s.leadSeat()
		s.newInst(idLita, int8(lead), ZoneDeck, int8(lead))
		s.shuffleDeck(lead)
	}
}

// isAgentsCard reports whether card id is of one of the four Agents sets.
func (s *State) isAgentsCard(id int16) bool {
	set := s.card(id).EncounterSet
	for _, a := range devourerAgents {
		if set == a {
			return true
		}
	}
	return false
}

// devourerPastMidnight: if it is past midnight, each investigator discards
// 2 cards at random from their opening hand.
func devourerPastMidnight(s *State) {
	if !s.Campaign.Has(LogPastMidnight) {
		return
	}
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		for k := 0; k < 2 && len(v.Hand) > 0; k++ {
			s.toDiscard(v.Hand[s.rng.IntN(len(v.Hand))])
		}
	}
}

// devourerEndOfRound: the Ritual Site's forced ability: at the end of the
// round, if it has fewer than 2 clues per investigator, add clues up to that.
func devourerEndOfRound(s *State) {
	if !s.locInPlay(dbRitualSite) || !s.Cards[s.LocInst[dbRitualSite]].Revealed {
		return
	}
	c := &s.Cards[s.LocInst[dbRitualSite]]
	if want := int8(2 * s.N); c.Clues < want {
		c.Clues = want
	}
}

// devourerActClues is the number of clues on act 3a (kept on the Ritual
// Site's Uses: the act has no card instance).
func (s *State) devourerActClues() int {
	if id := s.LocInst[dbRitualSite]; id >= 0 {
		return int(s.Cards[id].Uses)
	}
	return 0
}

// devourerMonsters counts Monster enemies in play (at location loc when
// loc ≥ 0).
func (s *State) devourerMonsters(loc int8) int {
	n := 0
	for _, e := range s.Enemies {
		if e >= 0 && s.has(e, trMonster) && (loc < 0 || s.Cards[e].Loc == loc) {
			n++
		}
	}
	return n
}

// devourerAncientOne reports whether an Ancient One enemy is in play.
func (s *State) devourerAncientOne() bool {
	for _, e := range s.Enemies {
		if e >= 0 && s.hasTrait(e, "Ancient One") {
			return true
		}
	}
	return false
}

// hasTrait reports whether card instance id has the trait (for the rare
// traits without a bit).
func (s *State) hasTrait(id int16, trait string) bool {
	for _, t := range s.card(id).Traits {
		if t == trait {
			return true
		}
	}
	return false
}

// devourerDoomNearest places Frame Tgt doom on the enemy nearest to the
// investigator (LCG §3 Nearest; on a tie they choose; none: nothing).
func devourerDoomNearest(s *State, f *game.Frame) game.Control {
	seat := int(f.Who)
	from := int(s.Inv[seat].Loc)
	if from < 0 || !s.inGame(seat) {
		return game.Done
	}
	dist := s.distances(from)
	best := int8(-1)
	for _, e := range s.Enemies {
		if e >= 0 {
			if d := dist[s.Cards[e].Loc]; d >= 0 && (best < 0 || d < best) {
				best = d
			}
		}
	}
	if best < 0 {
		return game.Done
	}
	n := int8(f.Tgt)
	return s.chooseEnemy(f, func(e int16) bool { return dist[s.Cards[e].Loc] == best }, false,
		func(e int16) { s.Cards[e].Doom += n }) // checked at the next mythos phase (LCG §5.2 1.3)
}

// devourerDrawMonster is the hard skull after a failed test: search the
// encounter deck and discard pile for a Monster enemy and draw it; shuffle
// the encounter deck.
func (s *State) devourerDrawMonster(f *game.Frame) game.Control {
	seat := int(f.Who)
	if !s.inGame(seat) {
		return game.Done
	}
	return s.drawEnemyWithTrait(seat, trMonster)
}

// devourerDiscardUntil shuffles the encounter discard pile into the deck,
// then discards from the top until n enemies (Monster enemies when monster)
// are discarded; it returns them (fewer when the deck runs out).
func (s *State) devourerDiscardUntil(n int, monster bool, out []int16) []int16 {
	for len(s.EncDiscard) > 0 {
		s.moveTo(s.EncDiscard[len(s.EncDiscard)-1], ZoneEncDeck, -1)
	}
	s.shuffleEncounter()
	for len(out) < n && len(s.EncDeck) > 0 {
		id := s.EncDeck[len(s.EncDeck)-1]
		s.toDiscard(id)
		if s.card(id).Type == typeEnemy && (!monster || s.has(id, trMonster)) {
			out = append(out, id)
		}
	}
	return out
}

// devourerAgenda1b: a Monster enemy from the encounter deck spawns at the
// Main Path with 1 doom; agenda 2a becomes current.
func devourerAgenda1b(s *State, f *game.Frame) game.Control {
	s.Agenda = 1
	var buf [1]int16
	for _, e := range s.devourerDiscardUntil(1, true, buf[:0]) {
		s.spawnEnemy(e, s.leadSeat(), dbMainPath)
		if inPlayZone(s.Cards[e].Zone) {
			s.Cards[e].Doom++ // checked at the next mythos phase (LCG §5.2 1.3)
		}
	}
	return game.Done
}

// devourerAgenda2b: in player order each investigator tests willpower (6);
// each who fails adds a random basic Madness weakness to their hand.
func devourerAgenda2b(s *State, f *game.Frame) game.Control {
	s.Agenda = 2
	for k := int(s.N) - 1; k >= 0; k-- {
		if seat := s.seatAt(k); s.inGame(seat) {
			s.pushTest(seat, skWillpower, 6, tkScenario, dbTestAgenda2b, -1)
		}
	}
	return game.Done
}

// devourerMadness adds a random basic Madness weakness from the collection
// (the core set's Amnesia, Paranoia, Psychosis, Hypochondria) to seat's hand
// (ruling R-DEVOURER-MADNESS).
func (s *State) devourerMadness(seat int) {
	var pool [8]cards.ID
	n := 0
	for _, code := range basicWeaknesses {
		if d := mustID(code); devourerIsMadness(d) {
			pool[n] = d
			n++
		}
	}
	if n == 0 || len(s.Inv[seat].Hand) >= MaxHand {
		return
	}
	s.newInst(pool[s.rng.IntN(n)], int8(seat), ZoneHand, int8(seat))
}

// devourerIsMadness reports whether card d has the Madness trait.
func devourerIsMadness(d cards.ID) bool {
	for _, t := range def(d).Traits {
		if t == "Madness" {
			return true
		}
	}
	return false
}

// devourerAgenda3b: when agenda 3 advances, Umôrdhoth spawns at the Ritual
// Site (put into play at act 1; its enemies discarded at act 2 or 3); then
// The Devourer Below is the current act and agenda (Umôrdhoth defeated:
// →R2, at once if he already is).
func devourerAgenda3b(s *State, f *game.Frame) game.Control {
	if s.Act == 0 {
		s.devourerRitualSiteIn()
	} else {
		for i := 0; i < len(s.Enemies); i++ {
			if e := s.Enemies[i]; e >= 0 && int(s.Cards[e].Loc) == dbRitualSite {
				s.dropEnemy(e)
				s.toDiscard(e)
			}
		}
	}
	defeated := true
	for _, id := range s.SetAside {
		if s.Cards[id].Def == idUmordhoth {
			s.spawnEnemy(id, s.leadSeat(), dbRitualSite)
			defeated = false
			break
		}
	}
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Def == idUmordhoth {
			defeated = false
		}
	}
	s.Agenda, s.Act = 3, 3
	if defeated {
		s.finish(ResR2) // Umôrdhoth already defeated: the objective holds
		return game.Halt
	}
	return game.Done
}

// devourerRitualSiteIn puts the set-aside Ritual Site into play (unrevealed).
func (s *State) devourerRitualSiteIn() {
	if id := s.LocInst[dbRitualSite]; id >= 0 && s.Cards[id].Zone == ZoneSetAside {
		s.moveTo(id, ZoneBoard, -1)
		s.Cards[id].Loc = dbRitualSite
	}
}

// devourerAct1b: the Ritual Site into play; each cultist who got away (the
// campaign log) spawns at the Main Path, from the collection.
func devourerAct1b(s *State, f *game.Frame) game.Control {
	s.Act = 1
	s.devourerRitualSiteIn()
	for _, c := range s.Campaign.Cards[:s.Campaign.NCards] {
		if c.Key == LogCultistsGotAway && def(c.Card).Type == cards.Enemy {
			e := s.newInst(c.Card, -1, ZoneLimbo, -1)
			s.spawnEnemy(e, s.leadSeat(), dbMainPath)
		}
	}
	return game.Done
}

// devourerAct2b: the encounter discard pile shuffled in, cards discarded
// from the top until 1 enemy (2 with 3 or more investigators) is
// discarded; each spawns at the Ritual Site. Act 3a becomes current.
func devourerAct2b(s *State, f *game.Frame) game.Control {
	s.Act = 2
	s.Cards[s.LocInst[dbRitualSite]].Uses = 0 // no clues on act 3a yet
	n := 1
	if s.N >= 3 {
		n = 2
	}
	var buf [2]int16
	for _, e := range s.devourerDiscardUntil(n, false, buf[:0]) {
		s.spawnEnemy(e, s.leadSeat(), dbRitualSite)
	}
	return game.Done
}

// devourerDeterminize deals the Arkham Woods that are not revealed (in play
// unrevealed, or removed at setup) anew over their slots: what an agent
// cannot see of the map (LCG §12.4, ruling R-DET).
func devourerDeterminize(s *State, rng *game.RNG) {
	var slots, ids [6]int16
	n := 0
	for k := dbUnhallowed; k <= dbGlade; k++ {
		id := s.LocInst[k]
		if id < 0 || s.Cards[id].Revealed || s.Cards[id].Zone != ZoneBoard && s.Cards[id].Zone != ZoneRemoved {
			continue
		}
		for _, a := range s.Board {
			if s.Cards[a].Host == id {
				return // an attachment would move with it: keep the map
			}
		}
		slots[n], ids[n] = int16(k), id
		n++
	}
	var zones [6]Zone
	for i := 0; i < n; i++ {
		zones[i] = s.Cards[ids[i]].Zone
	}
	game.ShuffleInts(rng, ids[:n])
	for i := 0; i < n; i++ {
		k, id := slots[i], ids[i]
		s.LocInst[k] = id
		s.Cards[id].Loc = int8(k)
		if s.Cards[id].Zone != zones[i] {
			s.moveTo(id, zones[i], -1)
		}
	}
}
