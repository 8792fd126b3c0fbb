package content

import (
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// argKind says what an effect's YAML value holds.
type argKind uint8

const (
	argNone   argKind = iota // a bare name
	argAmount                // an integer or "successes" (default 1)
	argSkill                 // improve
	argTest
	argRoll
	argTrait
	argSpecial
	argCondition
	argPurchase
	argWhere
	argDoom
	argEpic
	argSetAside
	argChoose
	argIf
	argBlock
	argNumber
	argCode
)

type opSpec struct {
	op     Op
	arg    argKind
	direct bool
}

// opTable is the effect vocabulary as content files spell it.
var opTable = map[string]opSpec{
	"gain_money": {OpGainMoney, argAmount, false}, "spend_money": {OpSpendMoney, argAmount, false},
	"gain_clue": {OpGainClue, argAmount, false}, "spend_clue": {OpSpendClue, argAmount, false},
	"gain_remnant": {OpGainRemnant, argAmount, false}, "spend_remnant": {OpSpendRemnant, argAmount, false},
	"take_clue_here": {OpTakeClueHere, argNone, false},
	"damage":         {OpDamage, argAmount, false}, "horror": {OpHorror, argAmount, false},
	"damage_direct": {OpDamage, argAmount, true}, "horror_direct": {OpHorror, argAmount, true},
	"heal": {OpHeal, argAmount, false}, "calm": {OpCalm, argAmount, false},
	"improve": {OpImprove, argSkill, false}, "test": {OpTest, argTest, false}, "roll": {OpRoll, argRoll, false},
	"gain_item": {OpGainItem, argTrait, false}, "gain_spell": {OpGainSpell, argNone, false}, "gain_ally": {OpGainAlly, argNone, false},
	"gain_special": {OpGainSpecial, argSpecial, false}, "gain_condition": {OpGainCondition, argCondition, false},
	"discard_condition": {OpDiscardCondition, argCondition, false}, "purchase": {OpPurchase, argPurchase, false},
	"delayed": {OpDelayed, argNone, false}, "spawn_monster": {OpSpawnMonster, argWhere, false}, "spawn_epic": {OpSpawnEpic, argEpic, false},
	"place_doom": {OpPlaceDoom, argDoom, false}, "remove_doom": {OpRemoveDoom, argAmount, false},
	"sheet_doom": {OpSheetDoom, argAmount, false}, "sheet_doom_per_anomaly": {OpSheetDoomPerAnomaly, argNone, false},
	"sheet_clue": {OpSheetClue, argAmount, false}, "spread_doom": {OpSpreadDoom, argNone, false},
	"spawn_clue": {OpSpawnClue, argNone, false}, "gate_burst": {OpGateBurst, argNone, false},
	"move_to": {OpMoveTo, argWhere, false}, "step": {OpStep, argAmount, false},
	"choose": {OpChoose, argChoose, false}, "if": {OpIf, argIf, false}, "each_here": {OpEachHere, argBlock, false},
	"devoured": {OpDevoured, argNone, false}, "may_retire": {OpMayRetire, argNone, false},
	"add_codex": {OpAddCodex, argNumber, false}, "win": {OpWin, argNone, false}, "lose": {OpLose, argNone, false},
	"code": {OpCode, argCode, false}, "disengage_all": {OpDisengageAll, argNone, false},
	"damage_monster": {OpDamageMonster, argAmount, false}, "repeat_action": {OpRepeatAction, argNone, false},
	"grant_action": {OpGrantAction, argNone, false}, "flip": {OpFlip, argNone, false},
	"spawn_set_aside": {OpSpawnSetAside, argSetAside, false}, "defeat_monster": {OpDefeatMonster, argTrait, false},
	"exhaust_monster": {OpExhaustMonster, argTrait, false},
	"take_lead":       {OpTakeLead, argNone, false},
	"place_marker":    {OpPlaceMarker, argAmount, false}, "remove_marker": {OpRemoveMarker, argAmount, false},
}

// OpNames returns the effect names content files may use, sorted.
func OpNames() []string {
	out := make([]string, 0, len(opTable))
	for k := range opTable {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// codeNames are the Go functions the engine registers (RegisterCode).
var codeNames = map[string]bool{}

// RegisterCode declares the name of a Go effect function, so that content
// naming it with `code: NAME` validates. The engine calls it at init.
func RegisterCode(name string) { codeNames[name] = true }

// block compiles a YAML list of effects into a contiguous Block. An absent
// node gives an empty block (an error when required).
func (c *compiler) block(file string, n *yaml.Node, required bool) Block {
	if n == nil || n.Kind == 0 || (n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
		return Block{}
	}
	if n.Kind != yaml.SequenceNode {
		c.errf(file, n.Line, "effects are a list (- name: value), got %s", kindName(n))
		return Block{}
	}
	list := make([]Effect, 0, len(n.Content))
	for _, item := range n.Content {
		if e, ok := c.effect(file, item); ok {
			list = append(list, e)
		}
	}
	p := &c.sc.Program
	b := Block{Start: int32(len(p.Effects)), Len: int32(len(list))}
	p.Effects = append(p.Effects, list...)
	_ = required
	return b
}

func (c *compiler) effect(file string, n *yaml.Node) (Effect, bool) {
	var name string
	var val *yaml.Node
	switch {
	case n.Kind == yaml.ScalarNode:
		name = n.Value
	case n.Kind == yaml.MappingNode && len(n.Content) == 2:
		name, val = n.Content[0].Value, n.Content[1]
	default:
		c.errf(file, n.Line, "an effect is one name or one `name: value` pair")
		return Effect{}, false
	}
	spec, ok := opTable[name]
	if !ok {
		c.errf(file, n.Line, "unknown effect %q (known: %s)", name, strings.Join(OpNames(), ", "))
		return Effect{}, false
	}
	e := Effect{Op: spec.op, Direct: spec.direct, N: 1, File: file, Line: n.Line, Ref: -1}
	bad := func(want string) (Effect, bool) {
		c.errf(file, n.Line, "effect %s wants %s", name, want)
		return Effect{}, false
	}
	scalar := val != nil && val.Kind == yaml.ScalarNode
	switch spec.arg {
	case argNone:
		if val != nil && !(scalar && val.Tag == "!!null") {
			return bad("no value")
		}
	case argAmount:
		if val == nil {
			break
		}
		if !scalar {
			return bad("an amount (an integer or successes)")
		}
		if val.Value == "successes" {
			e.N = Successes
		} else if v, err := strconv.Atoi(val.Value); err == nil && v >= 0 && v <= 20 {
			e.N = v
		} else {
			return bad("an amount 0..20 or successes")
		}
	case argNumber:
		v, err := strconv.Atoi(valueOf(val))
		if err != nil {
			return bad("an archive card number")
		}
		e.Ref = v
	case argSkill:
		e.Skill = AnySkill
		sk := valueOf(val)
		if val != nil && val.Kind == yaml.MappingNode {
			var x struct {
				Skill string `yaml:"skill"`
				Stack bool   `yaml:"stack"`
			}
			if errs := strict(file, val, &x); errs != nil {
				c.errs = append(c.errs, errs...)
				return Effect{}, false
			}
			sk, e.Stack = x.Skill, x.Stack
		}
		if sk != "" && sk != "any" {
			k := indexOf(SkillNames[:], sk)
			if k < 0 {
				return bad("a skill (observation, will, lore, influence, strength) or any")
			}
			e.Skill = Skill(k)
		}
	case argTest, argRoll, argIf:
		if val == nil || val.Kind != yaml.MappingNode {
			return bad("a mapping")
		}
		var pass, fail *yaml.Node
		for i := 0; i+1 < len(val.Content); i += 2 {
			k, v := val.Content[i], val.Content[i+1]
			switch {
			case k.Value == "pass" && spec.arg != argIf, k.Value == "then" && spec.arg == argIf:
				pass = v
			case k.Value == "fail" && spec.arg != argIf, k.Value == "else" && spec.arg == argIf:
				fail = v
			case k.Value == "skill" && spec.arg == argTest:
				sk := indexOf(SkillNames[:], v.Value)
				if sk < 0 {
					c.errf(file, k.Line, "test: skill %q is not a skill (AH3 447.1)", v.Value)
					return Effect{}, false
				}
				e.Skill = Skill(sk)
			case k.Value == "mod" && spec.arg == argTest, k.Value == "at_least" && spec.arg == argRoll:
				x, err := strconv.Atoi(v.Value)
				if err != nil {
					c.errf(file, k.Line, "%s: %s wants an integer", name, k.Value)
					return Effect{}, false
				}
				e.N = x
			case spec.arg == argIf && indexOf(CondNames[:], k.Value) >= 0:
				e.Cond = Cond(indexOf(CondNames[:], k.Value))
				if e.Cond == CondHasCondition {
					e.Str = v.Value
					if !c.conditions[v.Value] {
						c.errf(file, k.Line, "if: has_condition %q is not a condition", v.Value)
					}
				} else if x, err := strconv.Atoi(v.Value); err == nil {
					e.N = x
				}
			default:
				c.errf(file, k.Line, "%s: unknown key %q", name, k.Value)
				return Effect{}, false
			}
		}
		if spec.arg == argTest && e.N == 1 && !hasKey(val, "mod") {
			e.N = 0
		}
		if spec.arg == argTest && !hasKey(val, "skill") {
			return bad("a skill")
		}
		if spec.arg == argRoll && !hasKey(val, "at_least") {
			e.N = 5
		}
		e.Pass = c.block(file, pass, false)
		e.Fail = c.block(file, fail, false)
	case argTrait:
		e.Str = valueOf(val)
		if e.Str == "any" {
			e.Str = ""
		}
	case argSpecial:
		e.Ref = c.assetRef(file, n.Line, valueOf(val), SpecialPile)
	case argCondition:
		e.Str = valueOf(val)
		if !c.conditions[e.Str] {
			return bad("a condition named by a card of the conditions section (AH3 479.2)")
		}
	case argPurchase:
		price := valueOf(val)
		e.Ref = 0 // the discount
		if !scalar && val != nil {
			// {price: full|half, discount: N}: $N less per card (AH3 441).
			var x struct {
				Price    string `yaml:"price"`
				Discount int    `yaml:"discount"`
			}
			if strict(file, val, &x) != nil || x.Discount < 0 {
				return bad("full or half, or {price: full|half, discount: N >= 0} (AH3 441.2)")
			}
			price, e.Ref = x.Price, x.Discount
		}
		switch price {
		case "", "full":
			e.N = 0
		case "half":
			e.N = 1
		default:
			return bad("full or half, or {price: full|half, discount: N >= 0} (AH3 441.2)")
		}
	case argWhere:
		if !c.where(file, n.Line, valueOf(val), &e) {
			return Effect{}, false
		}
	case argDoom:
		if scalar {
			if !c.where(file, n.Line, val.Value, &e) {
				return Effect{}, false
			}
			break
		}
		var x struct {
			Where string `yaml:"where"`
			N     int    `yaml:"n"`
		}
		if val == nil || strict(file, val, &x) != nil || !c.where(file, n.Line, x.Where, &e) {
			return bad("a place (here, unstable or a space) or {where, n}")
		}
		if x.N > 0 {
			e.N = x.N
		}
	case argEpic:
		var x struct {
			Archive int    `yaml:"archive"`
			Where   string `yaml:"where"`
		}
		if val == nil || strict(file, val, &x) != nil || !c.where(file, n.Line, x.Where, &e) {
			return bad("{archive: N, where: here|unstable|space}")
		}
		// The space (for AtSpace) moves to N; Ref names the archive card.
		if e.Where == AtSpace {
			e.N = e.Ref
		}
		e.Ref = x.Archive
	case argSetAside:
		var x struct {
			Monster string `yaml:"monster"`
			Where   string `yaml:"where"`
		}
		if val == nil || strict(file, val, &x) != nil || !c.where(file, n.Line, x.Where, &e) {
			return bad("{monster: NAME, where: here|unstable|space}")
		}
		if e.Where == AtSpace {
			e.N = e.Ref
		}
		e.Ref = -1
		for i, m := range c.r.monsters {
			if m.Name == x.Monster {
				e.Ref = i
				if !m.SetAside {
					c.errf(file, n.Line, "spawn_set_aside: monster %q is not set_aside (AH3 457)", x.Monster)
				}
			}
		}
		if e.Ref < 0 {
			c.errf(file, n.Line, "spawn_set_aside: unknown monster %q", x.Monster)
			return Effect{}, false
		}
	case argChoose:
		if val == nil || val.Kind != yaml.SequenceNode || len(val.Content) < 2 {
			return bad("a list of at least 2 options {label, cost, do}")
		}
		var opts []Choice
		for _, o := range val.Content {
			var x struct {
				Label string    `yaml:"label"`
				Cost  yaml.Node `yaml:"cost"`
				Do    yaml.Node `yaml:"do"`
			}
			if errs := strict(file, o, &x); errs != nil {
				c.errs = append(c.errs, errs...)
				return Effect{}, false
			}
			if x.Label == "" {
				c.errf(file, o.Line, "choose: each option needs a label")
			}
			ch := Choice{Label: x.Label, Cost: c.block(file, &x.Cost, false), Do: c.block(file, &x.Do, false)}
			for _, ce := range c.sc.Program.Ops(ch.Cost) {
				if !isCost(ce.Op) {
					c.errf(file, ce.Line, "choose: a cost may only spend money, clues or remnants, become delayed, gain a condition or take damage/horror (AH3 400.1d, 467)")
				}
			}
			opts = append(opts, ch)
		}
		if len(opts) > 6 {
			return bad("at most 6 options")
		}
		e.Choices = Block{Start: int32(len(c.sc.Program.Choices)), Len: int32(len(opts))}
		c.sc.Program.Choices = append(c.sc.Program.Choices, opts...)
	case argBlock:
		e.Pass = c.block(file, val, true)
	case argCode:
		e.Str = valueOf(val)
		if !codeNames[e.Str] {
			return bad("the name of a registered Go effect")
		}
	}
	return e, true
}

func isCost(op Op) bool {
	switch op {
	case OpSpendMoney, OpSpendClue, OpSpendRemnant, OpDelayed, OpGainCondition, OpDamage, OpHorror:
		return true
	}
	return false
}

func hasKey(m *yaml.Node, key string) bool {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return true
		}
	}
	return false
}

func valueOf(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

func (c *compiler) where(file string, line int, w string, e *Effect) bool {
	switch w {
	case "", "here":
		e.Where = Here
	case "unstable":
		e.Where = Unstable
	case "deck":
		e.Where = ByDeck
	default:
		s, ok := c.space[w]
		if !ok {
			c.errf(file, line, "place %q is neither here, unstable, deck nor a space", w)
			return false
		}
		e.Where, e.Ref = AtSpace, s
	}
	return true
}
