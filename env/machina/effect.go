package machina

import (
	"fmt"
	"strconv"

	"gopkg.in/yaml.v3"
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

// parseEffect reads one effect: a mapping with one primitive key whose value
// is an amount, a flag, or a mapping of options.
func parseEffect(file string, n *yaml.Node) (Effect, error) {
	var e Effect
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		return e, lineErr(file, n, "an effect is a mapping with one primitive key (attack, heal, move, …)")
	}
	k, v := n.Content[0], n.Content[1]
	op := lookup(opNames[:], k.Value)
	if op < 0 {
		return e, lineErr(file, k, "unknown effect %q", k.Value)
	}
	e.Op = Op(op)
	intVal := func(node *yaml.Node) (int8, error) {
		i, err := strconv.Atoi(node.Value)
		if err != nil || i < -9 || i > 20 {
			return 0, lineErr(file, node, "%q is not an amount in -9..20", node.Value)
		}
		return int8(i), nil
	}
	if v.Kind == yaml.ScalarNode {
		switch e.Op {
		case OpGo:
			e.Go = v.Value
		case OpTake:
			e.Card = v.Value
			e.At = fmt.Sprintf("%s:%d", file, n.Line)
		case OpTeleport:
			k, ok := teleportKind(v.Value)
			if !ok {
				return e, lineErr(file, v, "teleport to %q: want lair, event, recharge, chest, workbench or lever", v.Value)
			}
			e.Kind = k
		default:
			if v.Value == "true" {
				e.N = 1
				break
			}
			i, err := intVal(v)
			if err != nil {
				return e, err
			}
			e.N = i
		}
		return e, e.check(file, n)
	}
	if v.Kind != yaml.MappingNode {
		return e, lineErr(file, v, "effect %s: want an amount or a mapping of options", k.Value)
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		ok, ov := v.Content[i], v.Content[i+1]
		var err error
		switch ok.Value {
		case "n", "amount", "cells", "level":
			e.N, err = intVal(ov)
		case "strong":
			e.Strong, err = intVal(ov)
		case "weak":
			e.Weak, err = intVal(ov)
		case "times":
			e.Times, err = intVal(ov)
		case "magic":
			e.Magic = ov.Value == "true"
		case "any":
			e.Any = ov.Value == "true"
		case "on":
			s := lookup(scopeNames[:], ov.Value)
			if s < 0 {
				return e, lineErr(file, ov, "unknown scope %q (self, adjacent, monsters, pioneers, creatures, nearest_monster, tile_pioneers, range2_pioneers, all_monsters, all_pioneers, target2)", ov.Value)
			}
			e.On = Scope(s)
		case "stat":
			s := lookup(statNames[:], ov.Value)
			if s < 0 {
				return e, lineErr(file, ov, "unknown stat %q", ov.Value)
			}
			e.Stat = Stat(s)
		case "to":
			kk, good := teleportKind(ov.Value)
			if !good {
				return e, lineErr(file, ov, "teleport to %q: want lair, event, recharge, chest, workbench or lever", ov.Value)
			}
			e.Kind = kk
		case "name":
			e.Go = ov.Value
		case "item":
			e.Card = ov.Value
		case "deck":
			d := lookup(deckNames[:], ov.Value)
			if d < 0 {
				return e, lineErr(file, ov, "deck %q is not weapon, clothing, artifact or one_use (MA §13.2)", ov.Value)
			}
			e.Deck = int8(d + 1)
		case "ranged":
			e.Ranged = ov.Value == "true"
		case "from", "as":
			kk, good := cellKindNamed(ov.Value)
			if !good {
				return e, lineErr(file, ov, "counts_as: %q is not floor, trap, lair, chest, event, recharge, lever, workbench, chapter or barrel (MA §12.18)", ov.Value)
			}
			if ok.Value == "from" {
				e.From = kk
			} else {
				e.Kind = kk
			}
		default:
			return e, lineErr(file, ok, "unknown option %q of effect %s", ok.Value, k.Value)
		}
		if err != nil {
			return e, err
		}
	}
	if e.Op == OpTake {
		e.At = fmt.Sprintf("%s:%d", file, n.Line)
	}
	return e, e.check(file, n)
}

func teleportKind(s string) (CellKind, bool) {
	switch s {
	case "lair":
		return KindLair, true
	case "event":
		return KindEvent, true
	case "recharge":
		return KindRecharge, true
	case "chest":
		return KindChest, true
	case "workbench":
		return KindWorkbench, true
	case "lever":
		return KindLever, true
	case "cell":
		return KindNone, true
	}
	return 0, false
}

func (e *Effect) check(file string, n *yaml.Node) error {
	switch e.Op {
	case OpAttack:
		if e.Strong < 0 || e.Weak < 0 || e.Strong > 3 || e.Weak > 3 || e.Strong+e.Weak == 0 {
			return lineErr(file, n, "attack: 1 to 3 strong and 0 to 3 weak dice (MA §8), got %dS+%dW", e.Strong, e.Weak)
		}
	case OpModify:
		if e.Stat == StatNone {
			return lineErr(file, n, "modify: a stat is required")
		}
		if e.N == 0 {
			return lineErr(file, n, "modify: a non-zero amount is required")
		}
	case OpGo:
		if e.Go == "" {
			return lineErr(file, n, "go: the name of a registered Go function is required")
		}
		if _, ok := goEffects[e.Go]; !ok {
			return lineErr(file, n, "go: no Go function is registered as %q", e.Go)
		}
	case OpMove, OpPull, OpPush, OpHeal, OpStamina, OpInspiration, OpLoseHealth, OpMonstersMove, OpPioneersMove, OpCloseDoors:
		if e.N <= 0 {
			return lineErr(file, n, "%s: a positive amount is required", e.Op)
		}
	case OpCountsAs:
		if err := checkCountsAs(e); err != "" {
			return lineErr(file, n, "%s", err)
		}
	case OpTake:
		if e.Card == "" && e.Deck == 0 {
			return lineErr(file, n, "take: name the card (item: ID) or the deck to search (deck: weapon, …) (MA §18.11)")
		}
		if e.Card != "" && (e.Ranged || e.N != 0) {
			return lineErr(file, n, "take: a card named by id takes no property (ranged, level)")
		}
		if e.N < 0 || e.N > 3 {
			return lineErr(file, n, "take: level 1..3")
		}
	case OpAddItems:
		if e.N < 2 || e.N > 3 {
			return lineErr(file, n, "add_items: level 2 or 3 (MA §14.3)")
		}
	case OpMonsterLevel:
		if e.N < 2 || e.N > 5 {
			return lineErr(file, n, "monster_level: 2..5")
		}
	}
	return nil
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
