package ah3

import (
	"strconv"
	"strings"
)

// The dice of a test in the log: EvDice carries the faces of the dice in
// play (3 bits a die: dice 0-9 in A, 10-11 in B) and, in C, the count (bits
// 0-7), why they were logged (bits 8-15: diceRolled or diceInfluenced) and
// the tested skill (bits 16-23).
const (
	diceRolled     int32 = iota // the test's first roll (AH3 470.3)
	diceInfluenced              // after a reroll or a raise (AH3 470.4)
)

// logDice logs the faces of the test's dice.
func (s *State) logDice(seat int8, why int32) {
	if !s.log.Enabled {
		return
	}
	a, b := s.packDice()
	s.event(EvDice, seat, a, b, int32(s.NDice)|why<<8|int32(s.TestSkill)<<16)
}

// packDice packs the faces of the test's dice as EvDice holds them.
func (s *State) packDice() (a, b int32) {
	for i := 0; i < int(s.NDice); i++ {
		if i < 10 {
			a |= int32(s.Dice[i]) << (3 * i)
		} else {
			b |= int32(s.Dice[i]) << (3 * (i - 10))
		}
	}
	return a, b
}

// diceFaces spells an EvDice event's faces, e.g. "6 5 2".
func diceFaces(a, b, n int32) string {
	var sb strings.Builder
	for i := 0; i < int(n); i++ {
		v := a >> (3 * i) & 7
		if i >= 10 {
			v = b >> (3 * (i - 10)) & 7
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(v)))
	}
	return sb.String()
}

// narrateDice says an EvDice event in words.
func (s *State) narrateDice(who string, a, b, c int32) string {
	n := c & 0xff
	faces := diceFaces(a, b, n)
	if c>>8&0xff == diceInfluenced {
		return "the dice now show " + faces
	}
	return who + " rolls " + plural(int(n), "die", "dice") + " for " + skillNames[c>>16&0xff] + ": " + faces + " (5s and 6s succeed)"
}

// plural spells n things with the right noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
