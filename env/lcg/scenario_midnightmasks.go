package lcg

import (
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The Midnight Masks (Night of the Zealot, scenario 2): the whole scenario
// as one unit. Its setup (the campaign log it reads, the Downtown and
// Southside versions chosen at random), the Arkham locations with their
// abilities, the agendas (the Masked Hunter on agenda 1b) and the act with
// its Cultist deck, the reference card's symbols, the resolutions with their
// campaign-log lists, and the cards of its own sets (The Midnight Masks'
// treacheries, the Cult of Umôrdhoth's cultists with their interrogations)
// are here. The shared sets it uses (Dark Cult, Nightgaunts, Locked Doors,
// Chilling Cold) are in encounter_sets.go. Rulings: R-MASKS-* in
// docs/lcg-rulings.md.

// The Midnight Masks' own cards.
var (
	idYourHouse, idRivertown                = mustID("01124"), mustID("01125")
	idSouthsideHS, idSouthsideMa, idStMarys = mustID("01126"), mustID("01127"), mustID("01128")
	idMiskatonicU, idDowntownBank           = mustID("01129"), mustID("01130")
	idDowntownAsylum, idEasttown            = mustID("01131"), mustID("01132")
	idGraveyard, idNorthside                = mustID("01133"), mustID("01134")
	idHuntingShadow, idFalseLead            = mustID("01135"), mustID("01136")
	idDrew, idHerman, idPeter               = mustID("01137"), mustID("01138"), mustID("01139")
	idVictoria, idRuth, idMaskedHunter      = mustID("01140"), mustID("01141"), mustID("01121b")
	masksCultists                           = [...]cards.ID{idDrew, idHerman, idPeter, idVictoria, idRuth, idMaskedHunter}
	masksCultistSet                         = "cultists"
	masksAgenda1, masksAgenda2, masksAct1   = mustID("01121a"), mustID("01122"), mustID("01123")
)

// Location slots of The Midnight Masks.
const (
	mmYourHouse = iota
	mmRivertown
	mmSouthsideHS // the Southside in play: Historical Society or Ma's Boarding House, one chosen at random
	mmSouthsideMa // the other Southside version (removed from the game)
	mmStMarys
	mmMiskatonic
	mmDowntownBank   // the Downtown in play: First Bank of Arkham or Arkham Asylum, one chosen at random
	mmDowntownAsylum // the other Downtown version (removed from the game)
	mmEasttown
	mmGraveyard
	mmNorthside
)

// The Midnight Masks' effects (ScenarioDef.Effects).
const (
	mmDoomNearest = iota // the standard cultist token: 1 doom on the nearest Cultist enemy
)

// Bits of a location's Uses for its "limit once per game" ability: bit seat
// for each investigator, masksGroupBit for a group limit.
const masksGroupBit int8 = 1 << 4

// theMidnightMasks is the scenario (campaign guide, The Midnight Masks
// setup; LCG §7 steps 10–13): the Midnight Masks, Chilling Cold,
// Nightgaunts, Dark Cult and Locked Doors sets shuffled into the encounter
// deck; the Cult of Umôrdhoth set aside, shuffled, as the Cultist deck;
// Rivertown, one Southside, St. Mary's Hospital, Miskatonic University, one
// Downtown, Easttown, the Graveyard and Northside in play; Your House in play
// (everyone starts there) unless the house burned (then it is removed and
// everyone starts in Rivertown); the Ghoul Priest shuffled into the
// encounter deck if he is still alive.
var theMidnightMasks = &ScenarioDef{
	Code:     "01120",
	Name:     "The Midnight Masks",
	Campaign: nightOfTheZealot,
	Locations: []LocationDef{
		mmYourHouse: {Card: idYourHouse, InPlay: true, Ability: &LocationAbility{
			Text: "Your House: draw 1 card and gain 1 resource (once per turn)",
			Usable: func(s *State, seat int) bool {
				return s.Inv[seat].UsedTurn&bitLocTurn == 0
			},
			Run: func(s *State, seat int) {
				s.Inv[seat].UsedTurn |= bitLocTurn
				s.gainResources(seat, 1)
				s.drawCards(seat, 1)
			}}},
		mmRivertown: {Card: idRivertown, InPlay: true},
		mmSouthsideHS: {Card: idSouthsideHS, Ability: &LocationAbility{
			Text:   "Historical Society: draw 3 cards (once per game)",
			Usable: func(s *State, seat int) bool { return !s.masksUsed(seat) },
			Run: func(s *State, seat int) {
				s.masksUse(seat)
				s.drawCards(seat, 3)
			}}},
		mmSouthsideMa: {Card: idSouthsideMa, Ability: &LocationAbility{
			Text:   "Ma's Boarding House: search your deck for an Ally asset, take it into hand, shuffle (once per game)",
			Usable: func(s *State, seat int) bool { return !s.masksUsed(seat) },
			Run: func(s *State, seat int) {
				s.masksUse(seat)
				s.pushCardEffect(seat, s.LocInst[s.Inv[seat].Loc], -1, mmSearchAlly)
			}}},
		mmStMarys: {Card: idStMarys, Ability: &LocationAbility{
			Text:   "St. Mary's Hospital: heal 3 damage (once per game)",
			Usable: func(s *State, seat int) bool { return !s.masksUsed(seat) && s.Inv[seat].Damage > 0 },
			Run: func(s *State, seat int) {
				s.masksUse(seat)
				s.heal(seat, 3, false)
			}}},
		mmMiskatonic: {Card: idMiskatonicU, Ability: &LocationAbility{
			Text:   "Miskatonic University: search the top 6 cards of your deck for a Tome or Spell, take it into hand, shuffle",
			Usable: func(s *State, seat int) bool { return len(s.Inv[seat].Deck) > 0 },
			Run: func(s *State, seat int) {
				s.pushCardEffect(seat, s.LocInst[mmMiskatonic], -1, mmSearchTome)
			}}},
		mmDowntownBank: {Card: idDowntownBank, Ability: &LocationAbility{
			Text:   "First Bank of Arkham: gain 3 resources (once per game)",
			Usable: func(s *State, seat int) bool { return !s.masksUsed(seat) },
			Run: func(s *State, seat int) {
				s.masksUse(seat)
				s.gainResources(seat, 3)
			}}},
		mmDowntownAsylum: {Card: idDowntownAsylum, Ability: &LocationAbility{
			Text:   "Arkham Asylum: heal 3 horror (once per game)",
			Usable: func(s *State, seat int) bool { return !s.masksUsed(seat) && s.Inv[seat].Horror > 0 },
			Run: func(s *State, seat int) {
				s.masksUse(seat)
				s.heal(seat, 3, true)
			}}},
		mmEasttown: {Card: idEasttown, CostMod: func(s *State, seat int, id int16) int {
			if s.card(id).Type == typeAsset && s.has(id, trAlly) {
				return -2 // Easttown: Ally assets you play cost 2 less while you are here
			}
			return 0
		}},
		mmGraveyard: {Card: idGraveyard}, // its forced ability: masksTriggers
		mmNorthside: {Card: idNorthside, Ability: &LocationAbility{
			Text: "Northside: spend 5 resources to gain 2 clues (group limit once per game)",
			Usable: func(s *State, seat int) bool {
				return s.Cards[s.LocInst[mmNorthside]].Uses&masksGroupBit == 0 && s.Inv[seat].Resources >= 5
			},
			Run: func(s *State, seat int) {
				s.Cards[s.LocInst[mmNorthside]].Uses |= masksGroupBit
				s.Inv[seat].Resources -= 5
				s.Inv[seat].Clues += 2 // gained from the token pool, not discovered
			}}},
	},
	// The printed connections (each location card's connection symbols).
	Connections: [][2]int8{
		{mmYourHouse, mmRivertown},
		{mmRivertown, mmEasttown}, {mmRivertown, mmMiskatonic}, {mmRivertown, mmGraveyard},
		{mmRivertown, mmSouthsideHS}, {mmRivertown, mmSouthsideMa},
		{mmSouthsideHS, mmMiskatonic}, {mmSouthsideMa, mmMiskatonic},
		{mmSouthsideHS, mmStMarys}, {mmSouthsideMa, mmStMarys},
		{mmStMarys, mmMiskatonic}, {mmMiskatonic, mmNorthside},
		{mmNorthside, mmDowntownBank}, {mmNorthside, mmDowntownAsylum},
		{mmDowntownBank, mmEasttown}, {mmDowntownAsylum, mmEasttown},
	},
	Start:         mmYourHouse,
	SetAside:      []cards.ID{idMaskedHunter},
	EncounterSets: []string{"arkham", "chilling_cold", "nightgaunts", "pentagram", "locked_doors", masksCultistSet},
	StandaloneLog: []LogKey{LogHouseStanding}, // ruling R-MASKS-STANDALONE
	Setup:         masksSetup,
	// Curriculum (docs/shaping.md): up to the Cultist deck's five unique
	// cultists start in the victory display; The Masked Hunter, set aside
	// for agenda 1b, is always left to find.
	StartVictory:    masksStartVictory,
	StartVictoryMax: 5,
	Agendas: []StageDef{
		{Card: masksAgenda1, Resign: true, BSide: masksAgenda1b},
		{Card: masksAgenda2, Resign: true, BSide: masksAgenda2b},
	},
	Acts: []StageDef{
		{Card: masksAct1, Objective: "add 6 unique Cultist enemies to the victory display",
			Progress: func(s *State) float64 { return float64(s.masksInterrogated()) / 6 },
			Ability:  masksDrawCultist, AbilityClues: 2,
			AbilityOK:   func(s *State) bool { return s.masksCultistTop() >= 0 },
			AbilityText: "spend 2 clues per investigator as a group to draw the top card of the Cultist deck",
			BSide: func(s *State, f *game.Frame) game.Control {
				s.finish(ResR1) // act 1b: (→R1)
				return game.Halt
			}},
	},
	Symbols: [2][4]SymbolDef{
		{ // Easy / Standard
			{ // skull: −X, X = the most doom on a Cultist enemy in play.
				Mod:      func(s *State, t *SkillTest) int { return -s.masksMostCultistDoom() },
				Estimate: func(s *State, _ int) int { return -s.masksMostCultistDoom() }},
			{ // cultist: −2; place 1 doom on the nearest Cultist enemy.
				Mod: func(s *State, t *SkillTest) int {
					s.pushScenarioEffect(int(t.Tester), mmDoomNearest)
					return -2
				},
				Estimate: func(*State, int) int { return -2 }},
			{ // tablet: −3; if you fail, place 1 of your clues on your location.
				Mod:      func(*State, *SkillTest) int { return -3 },
				Estimate: func(*State, int) int { return -3 },
				Fail:     func(s *State, seat int) { s.masksDropClues(seat, 1) }},
			{},
		},
		{ // Hard / Expert
			{ // skull: −X, X = the total doom in play.
				Mod:      func(s *State, t *SkillTest) int { return -s.doomInPlay() },
				Estimate: func(s *State, _ int) int { return -s.doomInPlay() }},
			{ // cultist: −2; 1 doom on each Cultist enemy in play; with none, reveal another token.
				Mod: func(s *State, t *SkillTest) int {
					for _, e := range s.Enemies {
						if e >= 0 && s.has(e, trCultist) {
							s.Cards[e].Doom++
						}
					}
					return -2
				},
				RevealAnotherIf: func(s *State, _ *SkillTest) bool { return s.masksCultistsInPlay() == 0 },
				Estimate:        func(*State, int) int { return -2 }},
			{ // tablet: −4; if you fail, place all your clues on your location.
				Mod:      func(*State, *SkillTest) int { return -4 },
				Estimate: func(*State, int) int { return -4 },
				Fail:     func(s *State, seat int) { s.masksDropClues(seat, int(s.Inv[seat].Clues)) }},
			{},
		},
	},
	// Resolutions (campaign guide): R1 from act 1b, R2 from agenda 2b; with
	// no resolution (every investigator resigned or defeated) the guide
	// reads Resolution 1. Each records the cultists interrogated and those
	// who got away (Finish); R2 also records that it is past midnight.
	Resolutions: [ResNoResolution + 1]ResolutionDef{
		ResNone:         {Name: "no resolution yet"},
		ResR1:           {Name: "Resolution 1 (the conspiracy uncovered)", Won: true},
		ResR2:           {Name: "Resolution 2 (the clock strikes midnight)", Log: []LogKey{LogPastMidnight}},
		ResR3:           {Name: "no Resolution 3"},
		ResNoResolution: {Name: "no resolution (every investigator resigned or eliminated): Resolution 1's entries"},
	},
	Finish: masksFinish,
	// The Cultist deck's order is hidden (LCG §12.4): a determinization
	// shuffles it like the other decks.
	Determinize: func(s *State, rng *game.RNG) {
		// Which version of an unrevealed Southside or Downtown is in play
		// is hidden too (ruling R-DET): dealt anew.
		for _, pair := range masksVersionPairs {
			in, out := s.LocInst[pair[0]], s.LocInst[pair[1]]
			if in < 0 || out < 0 || s.Cards[in].Revealed || s.Cards[in].Zone != ZoneBoard || s.Cards[out].Zone != ZoneRemoved ||
				s.Cards[in].Doom != 0 || s.Cards[in].Clues != 0 || s.hasAttachment(in) {
				continue
			}
			if rng.IntN(2) == 1 {
				s.masksSetVersion(pair, out, in)
			}
		}
		var at [8]int
		var ids [8]int16
		n := 0
		for i, id := range s.SetAside {
			if s.card(id).EncounterSet == masksCultistSet && n < len(at) {
				at[n], ids[n] = i, id
				n++
			}
		}
		game.ShuffleInts(rng, ids[:n])
		for k := 0; k < n; k++ {
			s.SetAside[at[k]] = ids[k]
		}
	},
	SpawnLoc: func(s *State, e int16) int {
		// Your House: when the Ghoul Priest spawns, he spawns here instead.
		if s.Cards[e].Def == idGhoulPriest && s.locInPlay(mmYourHouse) {
			return mmYourHouse
		}
		return -1
	},
	EnemyDefeated: func(s *State, e int16) { s.masksCheckObjective() },
	Effects: []func(s *State, f *game.Frame) game.Control{
		mmDoomNearest: func(s *State, f *game.Frame) game.Control {
			return s.doomOnNearestCultist(f, 1)
		},
	},
}

// Card-effect selectors (cardHooks.effect's Frame B) of the locations.
const (
	mmSearchAlly int32 = iota
	mmSearchTome
	mmGraveyardChoice
)

func init() {
	registerScenario(theMidnightMasks)
	// Ma's Boarding House and Miskatonic University: search and choose.
	registerHooks(idSouthsideMa, &cardHooks{effect: masksSearchEffect})
	registerHooks(idMiskatonicU, &cardHooks{effect: masksSearchEffect})
	// The Graveyard: after you enter, test willpower (3); if you fail, take 2
	// horror or move to Rivertown (you choose).
	registerHooks(idGraveyard, &cardHooks{
		testResult: func(s *State, t *SkillTest, ok bool, _ int) {
			if !ok {
				s.pushCardEffect(int(t.Tester), t.Src, -1, mmGraveyardChoice)
			}
		},
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			if !s.inGame(seat) {
				return game.Done
			}
			if f.Answer == game.NoAnswer {
				if !s.locInPlay(mmRivertown) || s.Inv[seat].Loc == mmRivertown {
					s.takeDamage(seat, 0, 2, f.Src)
					return game.Done
				}
				p := s.ask(seat, PkChoice, f.Src)
				p.Add(ActChoose+0, 0, 0) // take 2 horror
				p.Add(ActChoose+1, 1, 0) // move to Rivertown
				return game.Wait
			}
			if s.chosen(f).Arg == 0 {
				s.takeDamage(seat, 0, 2, f.Src)
			} else {
				s.startMove(seat, mmRivertown, false)
			}
			return game.Done
		},
	})
	registerMoreTriggers([]trigAbility{
		{kind: tpAfterEnter, name: "Graveyard", card: idGraveyard, from: fromScenario, forced: true,
			ok: func(s *State, ev *event, _ int, loc int16) bool { return s.Cards[loc].Def == idGraveyard },
			run: func(s *State, ev *event, _ int, loc int16, _ game.Option) {
				s.pushTest(int(ev.Seat), skWillpower, 3, tkTreachery, -1, loc)
			}},
	})

	// Hunting Shadow (Peril): spend 1 clue or take 2 damage (you choose).
	registerHooks(idHuntingShadow, &cardHooks{
		revelation: func(s *State, seat int, id int16) { s.pushCardEffect(seat, id, -1, 0) },
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			if !s.inGame(seat) {
				return game.Done
			}
			canSpend := s.Inv[seat].Clues > 0 && !s.clueLocked(seat)
			if f.Answer == game.NoAnswer {
				if !canSpend {
					s.takeDamage(seat, 2, 0, f.Src)
					return game.Done
				}
				p := s.ask(seat, PkChoice, f.Src)
				p.Add(ActChoose+0, 0, 0) // spend 1 clue
				p.Add(ActChoose+1, 1, 0) // take 2 damage
				return game.Wait
			}
			if s.chosen(f).Arg == 0 {
				s.Inv[seat].Clues--
			} else {
				s.takeDamage(seat, 2, 0, f.Src)
			}
			return game.Done
		},
	})
	// False Lead: with no clues it gains surge; otherwise test intellect (4)
	// and place 1 of your clues on your location per point failed by.
	registerHooks(idFalseLead, &cardHooks{
		revelation: func(s *State, seat int, id int16) {
			s.Cards[id].Uses = 0
			if s.Inv[seat].Clues == 0 {
				s.Cards[id].Uses = 1 // gains surge this time (Uses marks it; a treachery has no uses)
				return
			}
			s.pushTest(seat, skIntellect, 4, tkTreachery, -1, id)
		},
		surge: func(s *State, id int16) bool { return s.Cards[id].Uses == 1 },
		testResult: func(s *State, t *SkillTest, ok bool, margin int) {
			if !ok {
				s.masksDropClues(int(t.Tester), -margin)
			}
		},
	})

	// The Cult of Umôrdhoth: the cultists and how each is interrogated
	// (added to the victory display).
	// "Wolf-Man" Drew: when he attacks, heal 1 damage from him.
	registerHooks(idDrew, &cardHooks{attacks: func(s *State, e int16, _ int) {
		if s.Cards[e].Damage > 0 {
			s.Cards[e].Damage--
		}
	}})
	// Herman Collins: ⮕ choose and discard 4 cards from your hand: Parley.
	registerHooks(idHerman, &cardHooks{
		parleyCan:  func(s *State, seat int, _ int16) bool { return len(s.Inv[seat].Hand) >= 4 },
		parleyText: "choose and discard 4 cards from your hand to interrogate him (victory display)",
		parleyRun:  func(s *State, seat int, e int16) { s.pushCardEffect(seat, e, -1, 0) },
		effect: func(s *State, f *game.Frame) game.Control {
			seat := int(f.Who)
			v := &s.Inv[seat]
			if f.Answer != game.NoAnswer {
				s.toDiscard(int16(s.chosen(f).Arg))
				f.B++
			}
			if f.B < 4 && len(v.Hand) > 0 {
				p := s.ask(seat, PkHandSize, f.Src)
				for h, id := range v.Hand {
					if h < MaxHand {
						p.Add(ActDiscard+game.ActionCode(h), int32(id), 0)
					}
				}
				return game.Wait
			}
			if f.B >= 4 {
				s.masksInterrogate(int16(f.Src))
			}
			return s.cont(game.Done)
		},
	})
	// Peter Warren: ⮕ spend 2 clues: Parley.
	registerHooks(idPeter, &cardHooks{
		parleyCan:  func(s *State, seat int, _ int16) bool { return s.Inv[seat].Clues >= 2 && !s.clueLocked(seat) },
		parleyText: "spend 2 clues to interrogate him (victory display)",
		parleyRun: func(s *State, seat int, e int16) {
			s.Inv[seat].Clues -= 2
			s.masksInterrogate(e)
		},
	})
	// Victoria Devereux: ⮕ spend 5 resources: Parley.
	registerHooks(idVictoria, &cardHooks{
		parleyCan:  func(s *State, seat int, _ int16) bool { return s.Inv[seat].Resources >= 5 },
		parleyText: "spend 5 resources to interrogate her (victory display)",
		parleyRun: func(s *State, seat int, e int16) {
			s.Inv[seat].Resources -= 5
			s.masksInterrogate(e)
		},
	})
	// Ruth Turner: after she is evaded, add her to the victory display.
	registerHooks(idRuth, &cardHooks{evaded: func(s *State, e int16, _ int) { s.masksInterrogate(e) }})
	// The Masked Hunter (agenda 1b): spawns engaged with its Prey (most
	// clues; R-SPAWN), +2 health per investigator (card data), and while you
	// are engaged with it you cannot discover or spend clues.
	registerHooks(idMaskedHunter, &cardHooks{lockClues: true})
}

// masksSetup is the campaign guide's setup beyond the generic steps: the
// campaign log decides Your House and the Ghoul Priest; one Southside and
// one Downtown are chosen at random (the state's RNG), the other versions
// removed from the game; the cultists are set aside, shuffled, as the
// Cultist deck.
func masksSetup(s *State) {
	// The Cultist deck: the Cult of Umôrdhoth set, set aside, shuffled.
	var deck [8]int16
	n := 0
	for i := 0; i < len(s.EncDeck); i++ {
		if id := s.EncDeck[i]; s.card(id).EncounterSet == masksCultistSet {
			deck[n] = id
			n++
		}
	}
	shuffle16(s, deck[:n])
	for _, id := range deck[:n] {
		s.moveTo(id, ZoneSetAside, -1)
	}
	// One of each pair of versions, at random. The version in play takes
	// the pair's first slot and the other the second, so that the slot of
	// an unrevealed Southside or Downtown does not tell its version (LCG
	// §12.4; locDef reads the card, not the slot).
	for _, pair := range masksVersionPairs {
		k := s.rng.IntN(2)
		in, out := s.LocInst[pair[k]], s.LocInst[pair[1-k]]
		s.masksSetVersion(pair, in, out)
	}
	for _, k := range []int{mmStMarys, mmMiskatonic, mmEasttown, mmGraveyard, mmNorthside} {
		s.moveTo(s.LocInst[k], ZoneBoard, -1)
		s.Cards[s.LocInst[k]].Loc = int8(k)
	}
	if s.Campaign.Has(LogHouseBurned) {
		// The house burned: Your House is removed; everyone starts in Rivertown.
		for i := 0; i < int(s.N); i++ {
			s.placeInvestigator(i, mmRivertown)
		}
		house := s.LocInst[mmYourHouse]
		s.moveTo(house, ZoneRemoved, -1)
		s.Cards[house].Revealed, s.Cards[house].Clues = false, 0
	}
	if s.Campaign.Has(LogGhoulPriestAlive) {
		s.newInst(idGhoulPriest, -1, ZoneEncDeck, -1)
		s.shuffleEncounter()
	}
}

// masksVersionPairs are the slots of the two locations with two versions
// (Southside, Downtown): the version in play sits in the first slot.
var masksVersionPairs = [2][2]int{{mmSouthsideHS, mmSouthsideMa}, {mmDowntownBank, mmDowntownAsylum}}

// masksSetVersion puts location instance in into play in pair's first slot
// and removes instance out from the game in its second.
func (s *State) masksSetVersion(pair [2]int, in, out int16) {
	s.LocInst[pair[0]], s.LocInst[pair[1]] = in, out
	if s.Cards[in].Zone != ZoneBoard {
		s.moveTo(in, ZoneBoard, -1)
	}
	if s.Cards[out].Zone != ZoneRemoved {
		s.moveTo(out, ZoneRemoved, -1)
	}
	s.Cards[in].Loc, s.Cards[out].Loc = int8(pair[0]), int8(pair[1])
}

// hasAttachment reports whether a card is attached to card instance id.
func (s *State) hasAttachment(id int16) bool {
	for _, a := range s.Board {
		if s.Cards[a].Host == id {
			return true
		}
	}
	return false
}

// masksUsed / masksUse: seat's "limit once per game" use of its location's
// ability (bits of the location's Uses).
func (s *State) masksUsed(seat int) bool {
	return s.Cards[s.LocInst[s.Inv[seat].Loc]].Uses&(1<<uint(seat)) != 0
}

func (s *State) masksUse(seat int) {
	s.Cards[s.LocInst[s.Inv[seat].Loc]].Uses |= 1 << uint(seat)
}

// masksSearchEffect is Ma's Boarding House (an Ally asset from the whole
// deck) and Miskatonic University (a Tome or Spell among the top 6): the
// investigator chooses one of the cards found (or none is found), it goes
// into hand, and the deck is shuffled.
func masksSearchEffect(s *State, f *game.Frame) game.Control {
	seat := int(f.Who)
	v := &s.Inv[seat]
	if !s.inGame(seat) {
		return game.Done
	}
	if f.Answer != game.NoAnswer {
		if o := s.chosen(f); o.Code != ActPass {
			s.moveTo(int16(o.Arg), ZoneHand, seat)
		}
		s.shuffleDeck(seat)
		return game.Done
	}
	ally := f.B == mmSearchAlly
	lo := 0
	if !ally {
		lo = max(len(v.Deck)-6, 0) // the top 6 (the deck's top is its end)
	}
	p := s.ask(seat, PkChoice, f.Src)
	var seen [MaxChoice]cards.ID
	n := 0
	for i := len(v.Deck) - 1; i >= lo && n < MaxChoice; i-- {
		id := v.Deck[i]
		d := s.Cards[id].Def
		ok := ally && s.card(id).Type == typeAsset && s.has(id, trAlly) || !ally && (s.has(id, trTome) || s.has(id, trSpell))
		dup := false
		for _, x := range seen[:n] {
			dup = dup || x == d
		}
		if ok && !dup {
			seen[n] = d
			p.Add(ActChoose+game.ActionCode(n), int32(id), 0)
			n++
		}
	}
	if n == 0 {
		s.shuffleDeck(seat)
		return game.Done
	}
	return game.Wait
}

// masksDropClues places up to n of seat's clues on their location.
func (s *State) masksDropClues(seat, n int) {
	v := &s.Inv[seat]
	n = min(n, int(v.Clues))
	if n <= 0 || !s.locInPlay(int(v.Loc)) {
		return
	}
	v.Clues -= int8(n)
	s.Cards[s.LocInst[v.Loc]].Clues += int8(n)
}

// masksCultistTop is the top card of the Cultist deck (the last cultist set
// aside), or -1.
func (s *State) masksCultistTop() int16 {
	for i := len(s.SetAside) - 1; i >= 0; i-- {
		if id := s.SetAside[i]; s.card(id).EncounterSet == masksCultistSet {
			return id
		}
	}
	return -1
}

// masksDrawCultist is act 1a's ability after its clues are paid: draw the
// top card of the Cultist deck (it spawns as its Spawn instruction says).
func masksDrawCultist(s *State, seat int) {
	if id := s.masksCultistTop(); id >= 0 {
		s.moveTo(id, ZoneLimbo, -1)
		s.push(opEncounter, seat, -1, int32(id), 0, 0)
	}
}

// masksStartVictory is the curriculum's head start on act 1a's objective:
// the top n cards of the shuffled Cultist deck go to the victory display as
// if interrogated, so which cultists are left to find differs from game to
// game (Start.Victory).
func masksStartVictory(s *State, n int) {
	for k := 0; k < n; k++ {
		id := s.masksCultistTop()
		if id < 0 {
			return
		}
		s.moveTo(id, ZoneVictory, -1)
	}
}

// masksInterrogate adds a cultist to the victory display (its Parley, Ruth
// Turner's evasion) and checks act 1a's objective.
func (s *State) masksInterrogate(e int16) {
	if !inPlayZone(s.Cards[e].Zone) {
		return
	}
	s.dropEnemy(e)
	s.moveTo(e, ZoneVictory, -1)
	s.log.Add(evDefeat, -1, int32(e), 1, 0)
	s.masksCheckObjective()
}

// masksInterrogated counts the unique Cultist enemies in the victory display.
func (s *State) masksInterrogated() int {
	n := 0
	for _, id := range s.Victory {
		if s.has(id, trCultist) && s.card(id).Unique && s.card(id).Type == typeEnemy {
			n++
		}
	}
	return n
}

// masksCheckObjective: act 1a advances once 6 unique Cultist enemies are in
// the victory display.
func (s *State) masksCheckObjective() {
	if s.Act == 0 && s.masksInterrogated() >= 6 && !s.over {
		s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
	}
}

// masksCultistsInPlay counts Cultist enemies in play.
func (s *State) masksCultistsInPlay() int {
	n := 0
	for _, e := range s.Enemies {
		if e >= 0 && s.has(e, trCultist) {
			n++
		}
	}
	return n
}

// masksMostCultistDoom is the most doom on one Cultist enemy in play.
func (s *State) masksMostCultistDoom() int {
	m := 0
	for _, e := range s.Enemies {
		if e >= 0 && s.has(e, trCultist) {
			m = max(m, int(s.Cards[e].Doom))
		}
	}
	return m
}

// masksAgenda1b: the agenda flips to The Masked Hunter, who spawns engaged
// with his Prey (most clues); agenda 2a becomes current.
func masksAgenda1b(s *State, f *game.Frame) game.Control {
	s.Agenda = 1
	for _, id := range s.SetAside {
		if s.Cards[id].Def == idMaskedHunter {
			s.spawnEnemy(id, s.leadSeat(), -1)
			break
		}
	}
	return game.Done
}

// masksAgenda2b: the clock strikes midnight (→R2).
func masksAgenda2b(s *State, f *game.Frame) game.Control {
	s.finish(ResR2)
	return game.Halt
}

// masksFinish records the resolution's lists (R1, R2 and no resolution):
// under "cultists we interrogated" each unique Cultist enemy in the victory
// display, under "cultists who got away" each of the six that is not
// (ruling R-MASKS-LOG).
func masksFinish(s *State, res uint8) {
	if res != ResR1 && res != ResR2 && res != ResNoResolution {
		return
	}
	for _, d := range masksCultists {
		in := false
		for _, id := range s.Victory {
			in = in || s.Cards[id].Def == d
		}
		if in {
			s.Campaign.AddCard(LogCultistsInterrogated, d)
		} else {
			s.Campaign.AddCard(LogCultistsGotAway, d)
		}
	}
}
