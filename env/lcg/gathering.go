package lcg

import (
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// The Gathering's cards (Night of the Zealot, scenario 1).
var (
	idStudy, idHallway, idAttic, idCellar, idParlor = mustID("01111"), mustID("01112"), mustID("01113"), mustID("01114"), mustID("01115")
	idGhoulPriest, idLita                           = mustID("01116"), mustID("01117")
	idGraspingHands, idRottingRemains               = mustID("01162"), mustID("01163")
	idFrozenInFear, idDissonantVoices               = mustID("01164"), mustID("01165")
	idAncientEvils, idCryptChill, idObscuringFog    = mustID("01166"), mustID("01167"), mustID("01168")
	idSilverTwilight                                = mustID("01102")
)

// Location slots of The Gathering.
const (
	locStudy = iota
	locHallway
	locAttic
	locCellar
	locParlor
)

// gatheringAgendas and gatheringActs name the decks (agenda 1a–3a, act 1a–3a).
var (
	gatheringAgendas = []cards.ID{mustID("01105"), mustID("01106"), mustID("01107")}
	gatheringActs    = []cards.ID{mustID("01108"), mustID("01109"), mustID("01110")}
	gatheringSets    = []string{"torch", "rats", "ghouls", "striking_fear", "ancient_evils", "chilling_cold"}
)

// setupGathering is the scenario setup of The Gathering (LCG §7 step 10–13):
// the Study in play with every investigator in it; Hallway, Attic, Cellar,
// Parlor, Ghoul Priest and Lita Chantler set aside; the rest of the sets
// shuffled into the encounter deck; agenda 1a and act 1a current.
func (s *State) setupGathering() {
	for k := range s.LocInst {
		s.LocInst[k] = -1
		s.Conn[k] = 0
	}
	locs := []cards.ID{idStudy, idHallway, idAttic, idCellar, idParlor}
	for k, d := range locs {
		z := ZoneSetAside
		if k == locStudy {
			z = ZoneBoard
		}
		id := s.newInst(d, -1, z, -1)
		s.Cards[id].Loc = int8(k)
		s.LocInst[k] = id
	}
	// The Hallway connects to the Attic, the Cellar and the Parlor.
	for _, k := range []int{locAttic, locCellar, locParlor} {
		s.Conn[locHallway] |= 1 << uint(k)
		s.Conn[k] |= 1 << locHallway
	}
	s.newInst(idGhoulPriest, -1, ZoneSetAside, -1)
	s.newInst(idLita, -1, ZoneSetAside, -1)
	for _, set := range gatheringSets {
		for _, d := range cards.BySet(set) {
			c := def(d)
			if d == idGhoulPriest || d == idLita || c.Type == cards.Location || c.Type == cards.Act ||
				c.Type == cards.Agenda || c.Type == cards.Scenario || c.Type == cards.Story || c.Hidden {
				continue
			}
			for q := 0; q < int(c.Quantity); q++ {
				s.newInst(d, -1, ZoneEncDeck, -1)
			}
		}
	}
	s.shuffleEncounter()
	for i := 0; i < int(s.N); i++ {
		s.placeInvestigator(i, locStudy)
	}
}

// shuffleEncounter shuffles the encounter deck.
func (s *State) shuffleEncounter() {
	shuffle16(s, s.EncDeck)
}

func shuffle16(s *State, l []int16) {
	for i := len(l) - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		l[i], l[j] = l[j], l[i]
	}
}

// agendaThreshold is the current agenda's doom threshold.
func (s *State) agendaThreshold() int { return int(def(gatheringAgendas[s.Agenda]).Doom) }

// actClues is the clue threshold of the current act (per investigator), or 0.
func (s *State) actClues() int {
	d := def(gatheringActs[s.Act])
	n := int(d.ActClues)
	if d.ActCluesPerInvestigator {
		n *= int(s.N)
	}
	return n
}

// litaCtrl returns the seat controlling Lita Chantler, or -1.
func (s *State) litaCtrl() int {
	for i := 0; i < int(s.N); i++ {
		if s.controls(i, idLita) >= 0 {
			return i
		}
	}
	return -1
}

// litaAt reports whether a player controlling Lita Chantler is at loc.
func (s *State) litaAt(loc int8) bool {
	i := s.litaCtrl()
	return i >= 0 && s.Inv[i].Loc == loc
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

// canParleyLita: the Parlor grants Lita, while no player controls her, a
// Parley action (intellect 4) to take control of her.
func (s *State) canParleyLita(seat int) bool {
	id := s.litaInst()
	return id >= 0 && s.Cards[id].Loc == s.Inv[seat].Loc
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

// ghoulPriestDefeated is act 3a's objective: if the Ghoul Priest is
// defeated, advance.
func (s *State) ghoulPriestDefeated() {
	if s.Act == 2 {
		s.push(opActAdvance, int(s.Lead), -1, -1, 0, 0)
	}
}

// endOfEnemyPhase runs agenda 3a's forced ability: at the end of the enemy
// phase each unengaged Ghoul enemy moves 1 location toward the Parlor.
func (s *State) endOfEnemyPhase() {
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

// endOfRound runs "at the end of the round" effects (LCG §5.2 4.6): Dissonant
// Voices is discarded, agenda 3a adds doom for Ghouls in the Hallway or
// Parlor, and act 2a's objective lets the investigators in the Hallway
// spend clues to advance (a prompt frame).
func (s *State) endOfRound() {
	for i := 0; i < int(s.N); i++ {
		v := &s.Inv[i]
		for j := 0; j < len(v.Threat); j++ {
			if s.Cards[v.Threat[j]].Def == idDissonantVoices {
				s.toDiscard(v.Threat[j])
				j--
			}
		}
		v.UsedRound &^= bitOnTheLam
	}
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
		s.push(opEffect, int(s.Lead), -1, -1, effBarrierObjective, 0)
	}
}

// cluesAt totals the clues of the investigators at location k.
func (s *State) cluesAt(k int) int {
	n := 0
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) && int(s.Inv[i].Loc) == k {
			n += int(s.Inv[i].Clues)
		}
	}
	return n
}

// groupClues totals the clues of every investigator in the game.
func (s *State) groupClues() int {
	n := 0
	for i := 0; i < int(s.N); i++ {
		if s.inGame(i) {
			n += int(s.Inv[i].Clues)
		}
	}
	return n
}

// spendClues spends n clues as a group from the investigators allowed by
// mask, starting with seat first and then in player order (used when one payer remains or all must pay; team.go lets the lead choose otherwise).
func (s *State) spendClues(seat int, n int, mask uint8) {
	take := func(i int) {
		v := &s.Inv[i]
		m := int(v.Clues)
		if m > n {
			m = n
		}
		v.Clues -= int8(m)
		n -= m
	}
	if seat >= 0 && mask&(1<<uint(seat)) != 0 {
		take(seat)
	}
	for k := 0; k < int(s.N) && n > 0; k++ {
		if i := s.seatAt(k); mask&(1<<uint(i)) != 0 {
			take(i)
		}
	}
}
