package lcg

import "github.com/mythos-rl/mythos/env/lcg/cards"

// Card hooks: a card's constant abilities as data the engine asks about at
// its timing points ("which cards in play modify this skill?"), registered
// under the card's id next to the rest of the card's behaviour. The engine
// names no card here; a new constant ability is one more field when a
// second card needs it (DESIGN: a card in one place).

// cardHooks are one card's constant abilities while it is in a play area.
// ctrl is its controller, seat the investigator the rule asks about.
type cardHooks struct {
	// skillMod is the modifier it gives seat's skill sk (LCG §3 Modifiers).
	skillMod func(s *State, id int16, ctrl, seat int, sk int8) int
	// attackDamage is the damage it adds to seat's successful attack on
	// enemy e (LCG §3 Fight (action)).
	attackDamage func(s *State, id int16, ctrl, seat int, e int16) int
}

// hooksOf holds the hooks per card id (nil: none).
var hooksOf []*cardHooks

// registerHooks gives card d its hooks (at init, once per card).
func registerHooks(d cards.ID, h *cardHooks) {
	if hooksOf == nil {
		hooksOf = make([]*cardHooks, len(cards.All()))
	}
	if hooksOf[d] != nil {
		panic("lcg: hooks registered twice for " + def(d).Name)
	}
	hooksOf[d] = h
}

// hasHooks reports whether card d has hooks (newInst sets State.hookLive).
func hasHooks(d cards.ID) bool { return hooksOf != nil && hooksOf[d] != nil }

// cardSkillMods totals the skill modifiers cards in play areas give seat's
// skill sk.
func (s *State) cardSkillMods(seat int, sk int8) int {
	if !s.hookLive {
		return 0
	}
	n := 0
	for c := 0; c < int(s.N); c++ {
		for _, id := range s.Inv[c].Play {
			if h := hooksOf[s.Cards[id].Def]; h != nil && h.skillMod != nil {
				n += h.skillMod(s, id, c, seat, sk)
			}
		}
	}
	return n
}

// cardAttackDamage totals the damage cards in play areas add to seat's
// successful attack on enemy e.
func (s *State) cardAttackDamage(seat int, e int16) int {
	if !s.hookLive {
		return 0
	}
	n := 0
	for c := 0; c < int(s.N); c++ {
		for _, id := range s.Inv[c].Play {
			if h := hooksOf[s.Cards[id].Def]; h != nil && h.attackDamage != nil {
				n += h.attackDamage(s, id, c, seat, e)
			}
		}
	}
	return n
}
