package lcg

import (
	"fmt"

	"github.com/mythos-rl/mythos/env/game"
)

// The action vocabulary: every option of every prompt has one of these
// codes, and no two options of one prompt share a code. Ranged codes take an
// offset k (a location slot, enemy slot, hand slot…) below their maximum.
//
//	code            range  meaning
//	ActEndTurn      1      end your turn (LCG §5.2 2.2.1) / stop committing (ST.2)
//	ActPass         1      pass a player window, decline a reaction or "may"
//	ActInvestigate  1      Investigate action at your location (§3 Investigate)
//	ActDraw         1      Draw action (§3 Draw)
//	ActResource     1      Resource action (§3 Resource)
//	ActAdvanceAct   1      spend clues as a group to advance the act (§3 Act Deck)
//	ActResign       1      Resign ability of the location (§3 Resign)
//	ActParley       1      Parley ability (Lita Chantler) (§3 Parley)
//	ActKeep         1      mulligan: keep the rest of the hand (§3 Mulligan)
//	ActToInvest.    1      assign a damage/horror token to your investigator (§3 Dealing Damage)
//	ActSkidsAction  1      investigator ⚡ ability (Skids: buy an action)
//	ActMove+k       8      Move action to location slot k (§3 Move)
//	ActFight+k      10     Fight action against enemy slot k (§3 Attack)
//	ActEngage+k     10     Engage action against enemy slot k (§3 Engage)
//	ActEvade+k      10     Evade action against enemy slot k (§3 Evade)
//	ActPlay+h       12     play the card in hand slot h (Play action, or fast play)
//	ActCommit+h     12     commit hand slot h to the skill test (ST.2)
//	ActDiscard+h    12     discard hand slot h (hand size, costs, Amnesia)
//	ActMulligan+h   12     set aside hand slot h in the mulligan
//	ActAbility+2p+a 24     use ability a (0/1) of the card in play slot p
//	ActThreat+t     6      use the ability of the card in threat slot t
//	ActAssign+p     12     assign a damage/horror token to the asset in play slot p
//	ActSeat+i       4      choose investigator i (next turn, target)
//	ActEnemy+k      10     choose enemy slot k (attack order, target)
//	ActLocation+k   8      choose location slot k (target)
//	ActChoose+k     16     generic choice k (a card's "choose one", a resolution)
//	ActPlayDiscard  1      play the topmost event of your discard pile (Wendy's Amulet)
//	ActParleyEnemy+k 10    Parley with enemy slot k (Mob Enforcer) (§3 Parley)
//	ActBuy+k        80     upgrade step: buy shop card k (upgrade.go; §3 Campaign)
//	ActRemove+k     80     upgrade step: the purchase replaces a copy of shop card k
const (
	ActEndTurn game.ActionCode = iota
	ActPass
	ActInvestigate
	ActDraw
	ActResource
	ActAdvanceAct
	ActResign
	ActParley
	ActKeep
	ActToInvestigator
	ActSkidsAction
	ActMove
	ActFight       = ActMove + MaxLocations
	ActEngage      = ActFight + MaxEnemies
	ActEvade       = ActEngage + MaxEnemies
	ActPlay        = ActEvade + MaxEnemies
	ActCommit      = ActPlay + MaxHand
	ActDiscard     = ActCommit + MaxHand
	ActMulligan    = ActDiscard + MaxHand
	ActAbility     = ActMulligan + MaxHand
	ActThreat      = ActAbility + 2*MaxPlay
	ActAssign      = ActThreat + MaxThreat
	ActSeat        = ActAssign + MaxPlay
	ActEnemy       = ActSeat + MaxInvestigators
	ActLocation    = ActEnemy + MaxEnemies
	ActChoose      = ActLocation + MaxLocations
	ActPlayDiscard = ActChoose + MaxChoice
	ActParleyEnemy = ActPlayDiscard + 1
	ActBuy         = ActParleyEnemy + MaxEnemies
	ActRemove      = ActBuy + MaxShop
	NumActions     = int(ActRemove + MaxShop)
	actFirstFlat   = ActEndTurn
)

var flatNames = [...]string{"EndTurn", "Pass", "Investigate", "Draw", "Resource", "AdvanceAct", "Resign", "Parley", "Keep", "ToInvestigator", "InvestigatorAbility"}

// actionNames lists the name of every action code.
var actionNames = func() []string {
	names := make([]string, NumActions)
	copy(names, flatNames[:])
	names[ActPlayDiscard] = "PlayFromDiscard"
	ranged := []struct {
		base game.ActionCode
		n    int
		name string
	}{
		{ActMove, MaxLocations, "Move"}, {ActFight, MaxEnemies, "Fight"}, {ActEngage, MaxEnemies, "Engage"},
		{ActEvade, MaxEnemies, "Evade"}, {ActPlay, MaxHand, "Play"}, {ActCommit, MaxHand, "Commit"},
		{ActDiscard, MaxHand, "Discard"}, {ActMulligan, MaxHand, "Mulligan"}, {ActAbility, 2 * MaxPlay, "Ability"},
		{ActThreat, MaxThreat, "ThreatAbility"}, {ActAssign, MaxPlay, "AssignToAsset"}, {ActSeat, MaxInvestigators, "Investigator"},
		{ActEnemy, MaxEnemies, "Enemy"}, {ActLocation, MaxLocations, "Location"}, {ActChoose, MaxChoice, "Choose"},
		{ActParleyEnemy, MaxEnemies, "ParleyEnemy"},
		{ActBuy, MaxShop, "Buy"}, {ActRemove, MaxShop, "Remove"},
	}
	for _, r := range ranged {
		for k := 0; k < r.n; k++ {
			names[int(r.base)+k] = fmt.Sprintf("%s%d", r.name, k)
		}
	}
	return names
}()

// Prompt kinds.
const (
	PkNone game.PromptKind = iota
	PkMulligan
	PkNextTurn
	PkAction
	PkWindow
	PkCommit
	PkAssign
	PkOrder
	PkTarget
	PkChoice
	PkHandSize
	PkReaction
	PkUpgrade       // campaign: buy a card or be done (upgrade.go)
	PkUpgradeRemove // campaign: the card a purchase replaces
	PkTrauma        // campaign: physical (Choose0) or mental (Choose1) trauma after a defeat by both
)

var promptKinds = []string{"none", "mulligan", "next-turn", "action", "window", "commit", "assign", "order", "target", "choice", "hand-size", "reaction", "upgrade", "upgrade-remove", "trauma"}

// Event kinds of the log (see Narrate).
const (
	evNone uint16 = iota
	evRound
	evPhase
	evDraw       // A card instance
	evEncounter  // A card instance
	evResource   // A amount
	evToken      // A token, B skill total, C difficulty
	evTestResult // A success (1/0), B total, C difficulty
	evDamage     // A target kind (0 investigator, 1 asset, 2 enemy), B instance/seat, C amount
	evHorror     // same
	evDoom       // A amount, B total on agenda
	evSpawn      // A enemy instance, B location slot
	evActAdvance
	evAgendaAdvance
	evMove   // A location slot
	evClue   // A amount discovered, B location slot
	evDefeat // A instance
	evEliminated
	evResolution
	evPlay    // A instance
	evCommit  // A instance
	evAttack  // A enemy instance
	evEngage  // A enemy instance
	evEvade   // A enemy instance
	evDiscard // A instance
	evShuffle
	evReveal // A location slot
	evAction // A action code
	evHeal   // A amount, B kind (0 damage 1 horror)
	evTakeControl
	evEnemyMove // A enemy, B location
	evMulligan  // A cards
	// Campaign play (campaign_play.go, upgrade.go).
	evCampaignTally   // seat: A experience earned, B physical trauma, C mental trauma (totals)
	evCampaignReplace // seat: A the new investigator's card id
	evUpgrade         // seat: A card bought, B card replaced (0 none), C experience paid
	// evTokenEffect: a revealed token resolved (LCG §6 ST.4): A token, B its
	// modifier, C 1 for an automatic failure. Logged for symbols and for a
	// number whose modifier an effect changed.
	evTokenEffect
)
