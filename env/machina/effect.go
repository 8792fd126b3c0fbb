package machina

import (
	"fmt"
)

// Op is one primitive of the effect vocabulary (MA §18; the content format in
// docs/machina-content.md).
type Op uint8

// Effect primitives.
const (
	OpNone             Op = iota
	OpAttack              // attack with S and W dice, normal or magic (MA §9)
	OpHeal                // restore N health (MA §7.3)
	OpStamina             // restore N stamina
	OpInspiration         // gain N inspiration (MA §7.4)
	OpLoseHealth          // lose N health without a roll (MA §17.13)
	OpMove                // the user moves 0–N cells (MA §10.8, §17.12)
	OpPull                // pull the target N cells (MA §10.7)
	OpPush                // push the target N cells (MA §10.7)
	OpTeleport            // teleport to the nearest or any cell of a kind (MA §10.6, §22.A.1)
	OpDanger              // increase (N > 0) or decrease (N < 0) danger (MA §6.5.1)
	OpPioneerEvent        // trigger a pioneer event (MA §15.4)
	OpHorrorEvent         // trigger a horror event (MA §15.5)
	OpRetriggerHorror     // re-trigger the horror event (MA §15.7)
	OpRetriggerPioneer    // re-trigger the pioneer event (MA §15.6)
	OpLightChapter        // light a chapter cell (MA §12.13)
	OpNextChapter         // go to the next chapter (MA §14.6)
	OpEntrance            // place the entrance token (MA §14.4)
	OpExit                // place the exit token (MA §14.5)
	OpGainItem            // gain an item (MA §13.8)
	OpTraps               // traps trigger (MA §12.12)
	OpModify              // a characteristic modifier: continuous (cont ×X) or passive (MA §18.4)
	OpMonstersMove        // monsters move N cells toward their nearest pioneer (MA §17.12)
	OpPioneersMove        // each pioneer moves 0–N cells (MA §17.12)
	OpCloseDoors          // close up to N doors on any tile (MA §21.4 Door Control)
	OpAddItems            // add items of level N to the decks (MA §14.3)
	OpMonsterLevel        // raise the monster level to N (MA §22.17)
	OpHealMonsters        // restore N health to each monster (MA §18.1 K'thun)
	OpGo                  // a card's own Go function (the escape hatch)
	OpNewRound            // start a new round: the pioneers phase again (MA §14.7)
	OpMonsterOrder        // the user rearranges the monster order (MA §6.4, §21.3 Ship's Chronometer)
	OpRestore             // the user may restore an adjacent destroyed action cell (MA §12.15, Re-opener)
	OpTake                // take a specific card from an item deck, then shuffle it (MA §18.11)
	OpCountsAs            // every cell of one kind counts as another kind, cont ×X (MA §12.18)
	numOps
)

var opNames = [...]string{"", "attack", "heal", "stamina", "inspiration", "lose_health", "move", "pull", "push",
	"teleport", "danger", "pioneer_event", "horror_event", "retrigger_horror", "retrigger_pioneer",
	"light_chapter", "next_chapter", "entrance", "exit", "gain_item", "traps", "modify", "monsters_move",
	"pioneers_move", "close_doors", "add_items", "monster_level", "heal_monsters", "go", "new_round",
	"monster_order", "restore", "take", "counts_as"}

// String names the primitive as the content format spells it.
func (o Op) String() string { return opNames[o] }

// Scope says whom an effect reaches (MA §17.7, §17.11).
type Scope uint8

// Scopes. ScopeDefault is the ability's target, or its user when it has no
// target (MA §16.2).
const (
	ScopeDefault        Scope = iota
	ScopeSelf                 // the user (or the owner of the card)
	ScopeAdjacent             // creatures adjacent to the user (indirect, MA §9.2)
	ScopeMonsters             // all monsters on the user's tile (every tile with no user)
	ScopePioneers             // all pioneers on the user's tile (every tile with no user)
	ScopeCreatures            // all creatures on the user's tile
	ScopeNearestMonster       // the nearest monster on the user's tile (MA §17.5)
	ScopeTilePioneers         // passive: pioneers on the owner's tile
	ScopeRange2Pioneers       // passive aura: pioneers within range 2 (Ran-Tigot)
	ScopeAllMonsters          // passive: every monster
	ScopeAllPioneers          // passive: every pioneer
	ScopeTarget2              // the ability's second target (MA §17.8)
	numScopes
)

var scopeNames = [...]string{"", "self", "adjacent", "monsters", "pioneers", "creatures", "nearest_monster",
	"tile_pioneers", "range2_pioneers", "all_monsters", "all_pioneers", "target2"}

// Stat is a characteristic an OpModify changes (MA §7.2, §18.4).
type Stat uint8

// Stats.
const (
	StatNone            Stat = iota
	StatDefence              // defence
	StatWill                 // will
	StatDefWill              // defence and will together
	StatAttack               // attack-roll results (MA §18.4 "attack rolls")
	StatMagic                // magic attack-roll results: converts the attack to magic (MA §9.4)
	StatMeleeWeapon          // melee attack rolls made with weapons (Hank Horden)
	StatMaxStamina           // maximum stamina
	StatRange                // ability range of ranged-symbol actives (MA §17.7)
	StatCellCost             // stamina cost of chests and event cells (Enlightened Mind)
	StatSeeUnseen            // may target incorporeal creatures (MA §10.1), amount 1
	StatIncorporeal          // is incorporeal (MA §10.1), amount 1
	StatNoHealthLoss         // cannot lose health (Healing Rites, Ether Bomb), amount 1
	StatThroughWalls         // may target through walls, closed doors and obstacles (Long Limbs), amount 1
	StatRerollBlanks         // rerolls blank attack dice once (Precise Strikes), amount 1
	StatEvaderLower          // its evaders use the lower of defence and will (Formless Spawn), amount 1
	StatChasmWalk            // may move through chasms (Spectral Levitators, MA §10.9), amount 1
	StatMoveThrough          // may move through obstacles (Aero-Cloak, MA §10.9), amount 1
	StatWallWalk             // may move through walls and closed doors (Formless Spawn, MA §10.9, §21.2), amount 1
	StatChestBarrel          // may treat chest cells as explosive barrels (Antique Handle, MA §12.18), amount 1
	StatMirrorAttack         // its evaders use its defence and will (Gazing Mirror, MA §21.3), amount 1
	StatMirrorEvade          // it evades with its attacker's defence and will (Gazing Mirror, MA §21.3), amount 1
	StatTargetObstacles      // an extension's: its weapon targets through obstacles (Piercing Sight, MA §13.7, §17.7), amount 1
	numStats
)

var statNames = [...]string{"", "defence", "will", "defence_will", "attack", "magic", "melee_weapon",
	"max_stamina", "range", "cell_cost", "target_incorporeal", "incorporeal", "no_health_loss", "through_walls",
	"reroll_blanks", "evader_lower", "chasm_walk", "move_through", "wall_walk", "chest_barrel",
	"mirror_attack", "mirror_evade", "target_obstacles"}

// Effect is one effect of an ability, as data.
type Effect struct {
	Op     Op
	N      int8     // amount, cells, level…
	Strong int8     // attack dice
	Weak   int8     // attack dice
	Magic  bool     // magic attack (MA §9.4)
	On     Scope    // whom it reaches
	Stat   Stat     // OpModify
	Times  int8     // OpModify: cont ×X (0: passive, always on)
	Kind   CellKind // OpTeleport: the cell kind (KindNone: a cell within N); OpCountsAs: the kind counted as
	From   CellKind // OpCountsAs: the kind of the cells that change
	Any    bool     // OpTeleport: any cell of the kind, not the nearest (MA §22.A.1)
	Go     string   // OpGo: the name of the Go function
	// OpTake (MA §18.11): the card named (Card, resolved to Item, its index
	// plus 1, when the content is linked), or the first card of deck Deck
	// (plus 1) with the ranged symbol when Ranged and of level N when N > 0.
	Card   string
	Item   int16
	Deck   int8
	Ranged bool
	At     string // "file:line" of the effect, for the link errors
}

func lookup(names []string, s string) int {
	for i, n := range names {
		if n == s && n != "" {
			return i
		}
	}
	return -1
}

func (e Effect) String() string {
	switch e.Op {
	case OpAttack:
		m := "attack"
		if e.Magic {
			m = "magic attack"
		}
		return fmt.Sprintf("%s %dS+%dW%s", m, e.Strong, e.Weak, scopeSuffix(e.On))
	case OpModify:
		return fmt.Sprintf("%s %+d%s", statNames[e.Stat], e.N, scopeSuffix(e.On))
	case OpGo:
		return "(" + e.Go + ")"
	case OpTeleport:
		return "teleport to " + e.Kind.String()
	case OpCountsAs:
		return fmt.Sprintf("%s counts as %s", e.From, e.Kind)
	case OpTake:
		if e.Card != "" {
			return "take " + e.Card
		}
		return "take from " + Deck(e.Deck-1).String()
	}
	if e.N != 0 && e.N != 1 {
		return fmt.Sprintf("%s %d%s", e.Op, e.N, scopeSuffix(e.On))
	}
	return e.Op.String() + scopeSuffix(e.On)
}

func scopeSuffix(s Scope) string {
	if s == ScopeDefault {
		return ""
	}
	return " on " + scopeNames[s]
}
