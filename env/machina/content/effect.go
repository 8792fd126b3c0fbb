package content

import (
	"fmt"
	"strconv"

	"github.com/mythos-rl/mythos/env/machina"
	"gopkg.in/yaml.v3"
)

// parseEffect reads one effect: a mapping with one primitive key whose value
// is an amount, a flag, or a mapping of options.
func parseEffect(file string, n *yaml.Node) (machina.Effect, error) {
	var e machina.Effect
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		return e, lineErr(file, n, "an effect is a mapping with one primitive key (attack, heal, move, …)")
	}
	k, v := n.Content[0], n.Content[1]
	op := machina.VocabOp.Lookup(k.Value)
	if op < 0 {
		return e, lineErr(file, k, "unknown effect %q", k.Value)
	}
	e.Op = machina.Op(op)
	intVal := func(node *yaml.Node) (int8, error) {
		i, err := strconv.Atoi(node.Value)
		if err != nil || i < -9 || i > 20 {
			return 0, lineErr(file, node, "%q is not an amount in -9..20", node.Value)
		}
		return int8(i), nil
	}
	if v.Kind == yaml.ScalarNode {
		switch e.Op {
		case machina.OpGo:
			e.Go = v.Value
		case machina.OpTake:
			e.Card = v.Value
			e.At = fmt.Sprintf("%s:%d", file, n.Line)
		case machina.OpTeleport:
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
		return e, checkEffect(&e, file, n)
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
			s := machina.VocabScope.Lookup(ov.Value)
			if s < 0 {
				return e, lineErr(file, ov, "unknown scope %q (self, adjacent, monsters, pioneers, creatures, nearest_monster, tile_pioneers, range2_pioneers, all_monsters, all_pioneers, target2)", ov.Value)
			}
			e.On = machina.Scope(s)
		case "stat":
			s := machina.VocabStat.Lookup(ov.Value)
			if s < 0 {
				return e, lineErr(file, ov, "unknown stat %q", ov.Value)
			}
			e.Stat = machina.Stat(s)
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
			d := machina.VocabDeck.Lookup(ov.Value)
			if d < 0 {
				return e, lineErr(file, ov, "deck %q is not weapon, clothing, artifact or one_use (MA §13.2)", ov.Value)
			}
			e.Deck = int8(d + 1)
		case "ranged":
			e.Ranged = ov.Value == "true"
		case "from", "as":
			kk, good := machina.CellKindNamed(ov.Value)
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
	if e.Op == machina.OpTake {
		e.At = fmt.Sprintf("%s:%d", file, n.Line)
	}
	return e, checkEffect(&e, file, n)
}

func teleportKind(s string) (machina.CellKind, bool) {
	switch s {
	case "lair":
		return machina.KindLair, true
	case "event":
		return machina.KindEvent, true
	case "recharge":
		return machina.KindRecharge, true
	case "chest":
		return machina.KindChest, true
	case "workbench":
		return machina.KindWorkbench, true
	case "lever":
		return machina.KindLever, true
	case "cell":
		return machina.KindNone, true
	}
	return 0, false
}

func checkEffect(e *machina.Effect, file string, n *yaml.Node) error {
	switch e.Op {
	case machina.OpAttack:
		if e.Strong < 0 || e.Weak < 0 || e.Strong > 3 || e.Weak > 3 || e.Strong+e.Weak == 0 {
			return lineErr(file, n, "attack: 1 to 3 strong and 0 to 3 weak dice (MA §8), got %dS+%dW", e.Strong, e.Weak)
		}
	case machina.OpModify:
		if e.Stat == machina.StatNone {
			return lineErr(file, n, "modify: a stat is required")
		}
		if e.N == 0 {
			return lineErr(file, n, "modify: a non-zero amount is required")
		}
	case machina.OpGo:
		if e.Go == "" {
			return lineErr(file, n, "go: the name of a registered Go function is required")
		}
		if !machina.HasGoEffect(e.Go) {
			return lineErr(file, n, "go: no Go function is registered as %q", e.Go)
		}
	case machina.OpMove, machina.OpPull, machina.OpPush, machina.OpHeal, machina.OpStamina, machina.OpInspiration, machina.OpLoseHealth, machina.OpMonstersMove, machina.OpPioneersMove, machina.OpCloseDoors:
		if e.N <= 0 {
			return lineErr(file, n, "%s: a positive amount is required", e.Op)
		}
	case machina.OpCountsAs:
		if err := machina.CheckCountsAs(e); err != "" {
			return lineErr(file, n, "%s", err)
		}
	case machina.OpTake:
		if e.Card == "" && e.Deck == 0 {
			return lineErr(file, n, "take: name the card (item: ID) or the deck to search (deck: weapon, …) (MA §18.11)")
		}
		if e.Card != "" && (e.Ranged || e.N != 0) {
			return lineErr(file, n, "take: a card named by id takes no property (ranged, level)")
		}
		if e.N < 0 || e.N > 3 {
			return lineErr(file, n, "take: level 1..3")
		}
	case machina.OpAddItems:
		if e.N < 2 || e.N > 3 {
			return lineErr(file, n, "add_items: level 2 or 3 (MA §14.3)")
		}
	case machina.OpMonsterLevel:
		if e.N < 2 || e.N > 5 {
			return lineErr(file, n, "monster_level: 2..5")
		}
	}
	return nil
}
