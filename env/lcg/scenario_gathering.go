package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The Gathering (Night of the Zealot, scenario 1): the whole scenario as one
// unit. Its setup, locations, acts and agendas with their b-sides, the
// reference card's symbol effects, the Parlor's Parley for Lita Chantler and
// its resolutions are here; the engine reaches them through theGathering.

// The Gathering's own cards.
var (
	idStudy, idHallway, idAttic, idCellar, idParlor = mustID("01111"), mustID("01112"), mustID("01113"), mustID("01114"), mustID("01115")
	idGhoulPriest, idLita                           = mustID("01116"), mustID("01117")
)

// Location slots of The Gathering.
const (
	locStudy = iota
	locHallway
	locAttic
	locCellar
	locParlor
)

// The Gathering's effects (ScenarioDef.Effects).
const (
	gatherGhoulFromDeck = iota // the hard skull: search for a Ghoul and draw it
	gatherBarrier              // act 2a's objective at the end of the round
)

// theGathering is the scenario (LCG §7 steps 10–13: the Study in play with
// every investigator in it; Hallway, Attic, Cellar, Parlor, Ghoul Priest and
// Lita Chantler set aside; the other sets shuffled into the encounter deck;
// agenda 1a and act 1a current).
var theGathering = &ScenarioDef{
	Code:     "01104",
	Name:     "The Gathering",
	Campaign: nightOfTheZealot,
	Locations: []LocationDef{
		locStudy:   {Card: idStudy, InPlay: true},
		locHallway: {Card: idHallway},
		locAttic:   {Card: idAttic},
		locCellar:  {Card: idCellar},
		locParlor:  {Card: idParlor, Barred: true, Resign: true},
	},
	// The Hallway connects to the Attic, the Cellar and the Parlor.
	Connections:   [][2]int8{{locHallway, locAttic}, {locHallway, locCellar}, {locHallway, locParlor}},
	Start:         locStudy,
	SetAside:      []cards.ID{idGhoulPriest, idLita},
	EncounterSets: []string{"torch", "rats", "ghouls", "striking_fear", "ancient_evils", "chilling_cold"},
	Agendas: []StageDef{
		{Card: mustID("01105"), BSide: gatheringAgenda1b},
		{Card: mustID("01106"), BSide: gatheringAgenda2b},
		{Card: mustID("01107"), BSide: gatheringAgenda3b},
	},
	Acts: []StageDef{
		{Card: mustID("01108"), SpendClues: true, BSide: gatheringAct1b},
		{Card: mustID("01109"), BSide: gatheringAct2b}, // objective at the end of the round: EndOfRound
		{Card: mustID("01110"), Objective: "defeat the Ghoul Priest", Progress: ghoulPriestProgress, BSide: gatheringAct3b},
	},
	Symbols: [2][4]SymbolDef{
		{ // Easy / Standard
			{ // skull: −X, X = Ghoul enemies at your location.
				Mod: func(s *State, t *SkillTest) int { return -s.ghoulsAt(s.Inv[t.Tester].Loc) },
				Estimate: func(s *State, seat int) int {
					if seat < 0 || seat >= int(s.N) {
						return -1
					}
					return -s.ghoulsAt(s.Inv[seat].Loc)
				}},
			{ // cultist: −1. If you fail, take 1 horror.
				Mod:      func(*State, *SkillTest) int { return -1 },
				Estimate: func(*State, int) int { return -1 },
				Fail:     func(s *State, seat int) { s.takeDamage(seat, 0, 1, -1) }},
			{ // tablet: −2. If there is a Ghoul enemy at your location, take 1 damage.
				Mod: func(s *State, t *SkillTest) int {
					if s.ghoulsAt(s.Inv[t.Tester].Loc) > 0 {
						s.takeDamage(int(t.Tester), 1, 0, -1)
					}
					return -2
				},
				Estimate: func(*State, int) int { return -2 }},
			{}, // no elder thing
		},
		{ // Hard / Expert
			{ // skull: −2. If you fail, after this skill test, search the encounter
				// deck and discard pile for a Ghoul enemy, and draw it. Shuffle the encounter deck.
				Mod:       func(*State, *SkillTest) int { return -2 },
				Estimate:  func(*State, int) int { return -2 },
				AfterFail: func(s *State, seat int) { s.pushScenarioEffect(seat, gatherGhoulFromDeck) }},
			{ // cultist: reveal another token. If you fail, take 2 horror.
				RevealAnother: true,
				Estimate:      func(*State, int) int { return -2 }, // about the next token's mean
				Fail:          func(s *State, seat int) { s.takeDamage(seat, 0, 2, -1) }},
			{ // tablet: −4. If there is a Ghoul enemy at your location, take 1 damage and 1 horror.
				Mod: func(s *State, t *SkillTest) int {
					if s.ghoulsAt(s.Inv[t.Tester].Loc) > 0 {
						s.takeDamage(int(t.Tester), 1, 1, -1)
					}
					return -4
				},
				Estimate: func(*State, int) int { return -4 }},
			{},
		},
	},
	// Resolutions (campaign guide): R1 and R2 from act 3b, R3 from agenda 3b
	// at act 1 or 2; with no resolution (everyone eliminated) the guide reads
	// Resolution 3's entries.
	Resolutions: [ResNoResolution + 1]ResolutionDef{
		ResNone: {Name: "no resolution yet"},
		ResR1: {Name: "Resolution 1 (the house burns)", Won: true, Log: []LogKey{LogHouseBurned},
			BonusXP: 2, LeadMentalTrauma: 1},
		ResR2: {Name: "Resolution 2 (the house stands)", Won: true, Log: []LogKey{LogHouseStanding}, BonusXP: 2},
		ResR3: {Name: "Resolution 3 (trapped: the ghouls break free)",
			Log: []LogKey{LogLitaForced, LogHouseStanding, LogGhoulPriestAlive}},
		ResNoResolution: {Name: "no resolution (every investigator eliminated)",
			Log: []LogKey{LogLitaForced, LogHouseStanding, LogGhoulPriestAlive}},
	},
	EndOfEnemyPhase: gatheringEndOfEnemyPhase,
	EndOfRound:      gatheringEndOfRound,
	EnemyDefeated: func(s *State, e int16) {
		// Act 3a's objective: if the Ghoul Priest is defeated, advance.
		if s.Cards[e].Def == idGhoulPriest && s.Act == 2 {
			s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
		}
	},
	// The Parlor: while Lita Chantler is not controlled by a player, she
	// gains "⮕ Parley. Test intellect (4). If you succeed, take control of
	// Lita Chantler."
	CanParley: func(s *State, seat int) bool {
		id := s.litaInst()
		return id >= 0 && s.Cards[id].Loc == s.Inv[seat].Loc
	},
	ParleyText: "Parley with Lita Chantler (intellect 4) to take control of her",
	ParleyTest: func(s *State, seat int) { s.pushTest(seat, skIntellect, 4, tkParley, -1, -1) },
	ParleyResult: func(s *State, t *SkillTest, ok bool) {
		if ok {
			s.takeControlLita(int(t.Tester))
		}
	},
	Effects: []func(s *State, f *game.Frame) game.Control{
		gatherGhoulFromDeck: gatheringGhoulFromDeck,
		gatherBarrier:       gatheringBarrierObjective,
	},
}

func init() {
	registerScenario(theGathering)
	// Lita Chantler (story asset): while you control her, each investigator
	// at your location gets +1 combat, and when an investigator at your
	// location successfully attacks a Monster enemy, that investigator deals
	// +1 damage (a reaction applied at once: ruling R-AUTO). Her Parley is
	// the Parlor's (above); act 2b puts her into play.
	registerHooks(idLita, &cardHooks{
		skillMod: func(s *State, _ int16, ctrl, seat int, sk int8) int {
			if sk == skCombat && s.Inv[ctrl].Loc == s.Inv[seat].Loc {
				return 1
			}
			return 0
		},
		attackDamage: func(s *State, _ int16, ctrl, seat int, e int16) int {
			if s.has(e, trMonster) && s.Inv[ctrl].Loc == s.Inv[seat].Loc {
				return 1
			}
			return 0
		},
	})
}

// gatheringAgenda1b: the lead decides: each investigator discards 1 random
// card from hand, or the lead takes 2 horror.
func gatheringAgenda1b(s *State, f *game.Frame) game.Control {
	lead := int(s.Lead)
	if f.Answer == game.NoAnswer {
		p := s.ask(lead, PkChoice, -1)
		p.Add(ActChoose+0, 0, 0)
		p.Add(ActChoose+1, 1, 0)
		return game.Wait
	}
	s.Agenda = 1
	if s.chosen(f).Arg == 0 {
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) && len(s.Inv[i].Hand) > 0 {
				s.discardFromHand(i, s.rng.IntN(len(s.Inv[i].Hand)))
			}
		}
		return game.Done
	}
	s.takeDamage(lead, 0, 2, -1)
	return game.Done
}

// gatheringAgenda2b: shuffle the encounter discard into the deck; discard
// from the top until a Ghoul enemy; the lead draws it.
func gatheringAgenda2b(s *State, f *game.Frame) game.Control {
	s.Agenda = 2
	for len(s.EncDiscard) > 0 {
		s.moveTo(s.EncDiscard[len(s.EncDiscard)-1], ZoneEncDeck, -1)
	}
	s.shuffleEncounter()
	for len(s.EncDeck) > 0 {
		id := s.EncDeck[len(s.EncDeck)-1]
		if s.card(id).Type == typeEnemy && s.has(id, trGhoul) {
			s.moveTo(id, ZoneLimbo, -1)
			s.push(opEncounter, int(s.Lead), -1, int32(id), 0, 0)
			break
		}
		s.toDiscard(id)
	}
	return game.Done
}

// gatheringAgenda3b: at act 1 or 2 the investigators are trapped (R3); at
// act 3 each investigator who has not resigned is defeated and suffers 1
// physical trauma.
func gatheringAgenda3b(s *State, f *game.Frame) game.Control {
	if s.Act < 2 {
		s.finish(ResR3)
		return game.Halt
	}
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) {
			s.eliminate(i, OutDefeated)
			s.Inv[i].PhysicalTrauma++ // "is defeated and suffers 1 physical trauma" (LCG §3 Trauma)
		}
	}
	s.finish(ResNoResolution)
	return game.Halt
}

// gatheringAct1b: Hallway, Cellar, Attic and Parlor enter play; enemies in
// the Study are discarded; everyone moves to the Hallway; the Study is
// removed from the game.
func gatheringAct1b(s *State, f *game.Frame) game.Control {
	for k := locHallway; k <= locParlor; k++ {
		s.moveTo(s.LocInst[k], ZoneBoard, -1)
		s.Cards[s.LocInst[k]].Loc = int8(k)
	}
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Loc == locStudy {
			s.toDiscard(e)
		}
	}
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) {
			s.placeInvestigator(i, locHallway)
		}
	}
	study := s.LocInst[locStudy]
	s.moveTo(study, ZoneRemoved, -1)
	s.Cards[study].Revealed = false
	s.Act = 1
	s.autoEngage()
	return game.Done
}

// gatheringAct2b: the barrier vanishes: reveal the Parlor, put Lita
// Chantler into play there, spawn the Ghoul Priest in the Hallway.
func gatheringAct2b(s *State, f *game.Frame) game.Control {
	s.Act = 2
	s.revealLocation(locParlor)
	for i := 0; i < len(s.SetAside); i++ {
		id := s.SetAside[i]
		switch s.Cards[id].Def {
		case idLita:
			s.moveTo(id, ZoneBoard, -1)
			s.Cards[id].Loc = locParlor
			i--
		case idGhoulPriest:
			s.spawnEnemy(id, int(s.Lead), locHallway)
			i--
		}
	}
	return game.Done
}

// gatheringAct3b: the lead decides: burn the house down (R1) or not (R2);
// both are act-deck resolutions.
func gatheringAct3b(s *State, f *game.Frame) game.Control {
	if f.Answer == game.NoAnswer {
		p := s.ask(int(s.Lead), PkChoice, -1)
		p.Add(ActChoose+0, int32(ResR1), 0)
		p.Add(ActChoose+1, int32(ResR2), 0)
		return game.Wait
	}
	s.finish(uint8(s.chosen(f).Arg))
	return game.Halt
}

// ghoulPriestProgress is act 3a's progress: the Ghoul Priest's damage toward
// his health while he is in play.
func ghoulPriestProgress(s *State) float64 {
	part := 0.0
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Def == idGhoulPriest && inPlayZone(s.Cards[e].Zone) {
			if h := s.enemyHealth(e); h > 0 {
				part = min(float64(s.Cards[e].Damage)/float64(h), 1)
			}
		}
	}
	return part
}

// gatheringEndOfEnemyPhase is agenda 3a's forced ability: at the end of the
// enemy phase each unengaged Ghoul enemy moves 1 location toward the Parlor.
func gatheringEndOfEnemyPhase(s *State) {
	if s.Agenda != 2 || !s.locInPlay(locParlor) {
		return
	}
	for _, e := range s.Enemies {
		if e < 0 || s.Cards[e].Zone != ZoneBoard || !s.has(e, trGhoul) {
			continue
		}
		if k := s.firstStep(int(s.Cards[e].Loc), 1<<locParlor); k >= 0 && !s.enemyBlocked(e, k) {
			s.moveEnemy(e, k)
		}
	}
}

// gatheringEndOfRound: agenda 3a adds doom for Ghouls in the Hallway or
// Parlor, and act 2a's objective lets the investigators in the Hallway
// spend clues to advance (a prompt frame).
func gatheringEndOfRound(s *State) {
	if s.Agenda == 2 {
		n := 0
		for _, e := range s.Enemies {
			if e >= 0 && s.has(e, trGhoul) && (s.Cards[e].Loc == locHallway || s.Cards[e].Loc == locParlor) {
				n++
			}
		}
		s.placeAgendaDoom(n)
	}
	if s.Act == 1 && s.cluesAt(locHallway) >= s.actClues() {
		s.pushScenarioEffect(int(s.Lead), gatherBarrier)
	}
}

// gatheringBarrierObjective is act 2a's objective at the end of the round:
// the investigators in the Hallway may spend the clues as a group to advance.
func gatheringBarrierObjective(s *State, f *game.Frame) game.Control {
	if f.Answer == game.NoAnswer {
		if s.Act != 1 || s.cluesAt(locHallway) < s.actClues() {
			return game.Done
		}
		seat := int(s.Lead)
		if !s.inGame(seat) {
			return game.Done
		}
		p := s.ask(seat, PkChoice, -1)
		p.Add(ActPass, 0, 0)
		p.Add(ActAdvanceAct, 0, 0)
		return game.Wait
	}
	if s.chosen(f).Code == ActAdvanceAct {
		var mask uint8
		for i := 0; i < int(s.N); i++ {
			if s.inGame(i) && s.Inv[i].Loc == locHallway {
				mask |= 1 << uint(i)
			}
		}
		s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
		s.payGroupClues(s.actClues(), mask) // resolves first (LCG §3 Act Deck: the cost)
	}
	return game.Done
}

// gatheringGhoulFromDeck is the hard skull's effect after a failed test:
// search the encounter deck and discard for a Ghoul enemy and draw it;
// shuffle the encounter deck.
func gatheringGhoulFromDeck(s *State, f *game.Frame) game.Control {
	seat := int(f.Who)
	if !s.inGame(seat) {
		return game.Done
	}
	return s.drawEnemyWithTrait(seat, trGhoul)
}

// ghoulsAt counts Ghoul enemies at location slot loc.
func (s *State) ghoulsAt(loc int8) int {
	n := 0
	for _, e := range s.Enemies {
		if e >= 0 && s.Cards[e].Loc == loc && s.has(e, trGhoul) {
			n++
		}
	}
	return n
}

// litaInst returns Lita Chantler's instance if she is uncontrolled on the board.
func (s *State) litaInst() int16 {
	for _, id := range s.Board {
		if s.Cards[id].Def == idLita {
			return id
		}
	}
	return -1
}

// takeControlLita puts Lita Chantler into seat's play area.
func (s *State) takeControlLita(seat int) {
	id := s.litaInst()
	if id < 0 {
		return
	}
	s.moveTo(id, ZonePlay, seat)
	s.Cards[id].Loc = -1
	s.log.Add(evTakeControl, 0, int32(id), int32(seat), 0)
	s.checkSlots(seat, id)
}
