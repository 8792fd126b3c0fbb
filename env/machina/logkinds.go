package machina

// Event kinds of the log (game.Event.Kind); Narrate puts them into words.
const (
	evNone uint16 = iota
	evRound
	evPhase
	evMove       // A creature, B from, C to
	evAttackRoll // A attacker, B roll, C magic
	evDamage     // A creature, B health left
	evSoak       // A seat: inspiration lost instead of health
	evKilled     // A creature, B killer
	evBanished   // A monster
	evSpawn      // A monster, B cell
	evDanger     // A danger, B level
	evLevel      // A level
	evFate       // A roll, B against
	evPioneerEvent
	evHorrorEvent
	evChapter // A chapter position
	evExplore // A tile, B slot
	evDoor    // A cell, B side, C new edge
	evCellUsed
	evItemGained // A seat, B item
	evEquip      // A seat, B item
	evEnd        // A result
	evLeave      // A seat
	evSeal       // A cell
	evExplode    // A cell
	evTraps      // A slot
	evAbility    // A creature, B ability reference
	evHeal       // A creature, B amount
	evTeleport   // A creature, B to
	evDiscardTile
	evMonsterLevel
	evCampaign // A game of the campaign (0-based), B danger raised (MA §5.4)
	evRestore  // A cell restored (MA §12.15)
	numEvKinds
)
