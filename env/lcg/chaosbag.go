package lcg

import (
	"fmt"
	"strconv"
)

// Chaos token codes (LCG §3 Chaos Tokens). Numeric tokens are their value.
const (
	TokSkull      int8 = 20
	TokCultist    int8 = 21
	TokTablet     int8 = 22
	TokElderThing int8 = 23
	TokAutoFail   int8 = 24
	TokElderSign  int8 = 25
)

// Difficulty levels (LCG §3 Difficulty (game level)).
const (
	Easy uint8 = iota
	Standard
	Hard
	Expert
)

var difficultyNames = []string{"easy", "standard", "hard", "expert"}

// isSymbol reports whether a token is a symbol (not a number).
func isSymbol(t int8) bool { return t >= TokSkull }

// TokenName names a token: "+1", "-2", "skull", "elder sign"…
func TokenName(t int8) string {
	switch t {
	case TokSkull:
		return "skull"
	case TokCultist:
		return "cultist"
	case TokTablet:
		return "tablet"
	case TokElderThing:
		return "elder thing"
	case TokAutoFail:
		return "auto-fail"
	case TokElderSign:
		return "elder sign"
	}
	if t > 0 {
		return "+" + strconv.Itoa(int(t))
	}
	return strconv.Itoa(int(t))
}

// drawToken reveals one token from the bag at random (LCG §6 ST.3), or the
// next forced token (test hook). The token moves to Revealed until ST.8.
func (s *State) drawToken() int8 {
	if len(s.forced) > 0 {
		t := s.forced[0]
		s.forced = s.forced[:copy(s.forced, s.forced[1:])]
		for i, x := range s.Bag {
			if x == t {
				s.Bag = append(s.Bag[:i], s.Bag[i+1:]...)
				break
			}
		}
		s.Revealed = append(s.Revealed, t)
		return t
	}
	if len(s.Bag) == 0 {
		s.Revealed = append(s.Revealed, 0)
		return 0
	}
	i := s.rng.IntN(len(s.Bag))
	t := s.Bag[i]
	s.Bag = append(s.Bag[:i], s.Bag[i+1:]...)
	s.Revealed = append(s.Revealed, t)
	return t
}

// returnTokens puts every revealed token back in the bag (LCG §6 ST.8).
func (s *State) returnTokens() {
	s.Bag = append(s.Bag, s.Revealed...)
	s.Revealed = s.Revealed[:0]
}

// returnToken puts one revealed token back (a cancelled token, Wendy Adams).
func (s *State) returnToken(t int8) {
	for i := len(s.Revealed) - 1; i >= 0; i-- {
		if s.Revealed[i] == t {
			s.Revealed = append(s.Revealed[:i], s.Revealed[i+1:]...)
			s.Bag = append(s.Bag, t)
			return
		}
	}
}

// ForceTokens makes the next chaos token reveals return ts, in order (a test
// hook for scripted rule cases).
func (s *State) ForceTokens(ts ...int8) { s.forced = append(s.forced, ts...) }

// parseDifficulty reads the difficulty option.
func parseDifficulty(v string) (uint8, error) {
	for i, n := range difficultyNames {
		if n == v {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("difficulty %q: want easy, standard, hard or expert", v)
}

// tokenModifier resolves a revealed token for the current test (LCG §6
// ST.4): numbers are their value; symbols use the scenario reference card
// (ScenarioDef.Symbols, per difficulty side) or the tester's elder sign
// ability.
// It returns the modifier and whether the token is an automatic failure.
func (s *State) tokenModifier(t *SkillTest, tok int8) (mod int, autoFail bool) {
	mod, autoFail = s.tokenModifier1(t, tok)
	if mod < 0 && t.Kind == tkEvade && t.Target >= 0 {
		if h := s.hook(t.Target); h != nil && h.evadeDoubleNeg && !s.blank(t.Target) {
			mod *= 2 // Hunting Nightgaunt: double each negative modifier while evading it
		}
	}
	return mod, autoFail
}

// tokenModifier1 is one token's modifier before an enemy's doubling.
func (s *State) tokenModifier1(t *SkillTest, tok int8) (mod int, autoFail bool) {
	seat := int(t.Tester)
	switch tok {
	case TokAutoFail:
		return 0, true // LCG §3 Automatic Failure
	case TokSkull, TokCultist, TokTablet, TokElderThing:
		sym := s.symbol(tok)
		if sym.Fail != nil || sym.AfterFail != nil {
			t.Flags |= tfSym[tok-TokSkull] // its "if you fail" applies at ST.7 / after the test
		}
		if sym.Mod == nil {
			return 0, false
		}
		return sym.Mod(s, t), false
	case TokElderSign:
		if s.threatRules(seat, ruleElderSignFails) > 0 {
			return 0, true // The Necronomicon: elder signs are auto-fails
		}
		return s.elderSign(t), false
	}
	return int(tok), false
}
