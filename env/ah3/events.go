package ah3

import "github.com/mythos-rl/mythos/env/game"

// Event kinds of the log.
const (
	EvRound uint16 = iota
	EvPhase
	EvTurn
	EvAction
	EvMove
	EvTest
	EvRoll
	EvHarm
	EvDefeat
	EvEnter
	EvDoom
	EvSheetDoom
	EvSurge
	EvAnomaly
	EvClue
	EvGainClue
	EvResearch
	EvSpawn
	EvMonsterMove
	EvEngage
	EvAttack
	EvMonsterDefeat
	EvMythos
	EvHeadline
	EvSpread
	EvGateBurst
	EvCodex
	EvCodexFire
	EvEncounter
	EvGain
	EvDiscard
	EvImprove
	EvDelayed
	EvFlip
	EvEnd
	EvMarker // markers in a space changed (AH3 443): A space, B markers now
	EvAttach // archive card A attached to neighborhood B (C=0), or triggered (C=1) (AH3 403.5h-i)
	EvLead   // Who takes the lead investigator token (AH3 409)
	EvMoney  // Who's money changed by A to B; C says why (money.go)
	EvDice   // the faces of a test's dice (dice.go)
)

func (s *State) event(kind uint16, who int8, a, b, c int32) {
	s.log.Add(kind, game.AgentID(who), a, b, c)
}
