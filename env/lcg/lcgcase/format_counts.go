package lcgcase

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/mythos-rl/mythos/env/lcg"
)

// Exact counts in expectations (issue 22): where has/bag_has say "at
// least", these say "exactly". Every field is checked when the file is
// loaded, and a misuse is an error with its line:
//
//   - a zone's count: the number of cards in it (0 to 200);
//   - a zone's exactly: the whole zone, names in any order, repeats
//     counted; not with has or lacks (it says all of it), and with count
//     only when they agree;
//   - enemy_count: the enemies in play, every name (0 to MaxEnemies);
//   - bag_exactly: the whole chaos bag; not with bag_has or bag_size.

// maxZoneCount bounds a zone's count (a deck is at most a few dozen cards;
// a larger number is a typo).
const maxZoneCount = 200

// UnmarshalYAML reads a zone expectation strictly, keeps its line and
// checks count and exactly.
func (z *ZoneExpect) UnmarshalYAML(n *yaml.Node) error {
	type plain ZoneExpect
	var p plain
	if err := decodeStrict(n, &p, "lcgcase.ZoneExpect"); err != nil {
		return err
	}
	*z = ZoneExpect(p)
	z.Line = n.Line
	if z.Count != nil && (*z.Count < 0 || *z.Count > maxZoneCount) {
		return fmt.Errorf("line %d: zone count %d: want 0 to %d", n.Line, *z.Count, maxZoneCount)
	}
	if z.Exactly != nil {
		if len(z.Has) > 0 || len(z.Lacks) > 0 {
			return fmt.Errorf("line %d: a zone's exactly lists the whole zone: not with has or lacks", n.Line)
		}
		if z.Count != nil && *z.Count != len(z.Exactly) {
			return fmt.Errorf("line %d: zone count %d but exactly lists %d cards", n.Line, *z.Count, len(z.Exactly))
		}
		for _, name := range z.Exactly {
			if _, err := cardID(name); err != nil {
				return fmt.Errorf("line %d: exactly: %v", n.Line, err)
			}
		}
	}
	return nil
}

// EnemyCount is an expected number of enemies in play (0 to
// lcg.MaxEnemies), checked at load.
type EnemyCount int

// UnmarshalYAML reads an enemy count and checks its range.
func (c *EnemyCount) UnmarshalYAML(n *yaml.Node) error {
	var v int
	if err := n.Decode(&v); err != nil {
		return fmt.Errorf("line %d: enemy_count: want a number", n.Line)
	}
	if v < 0 || v > lcg.MaxEnemies {
		return fmt.Errorf("line %d: enemy_count %d: want 0 to %d", n.Line, v, lcg.MaxEnemies)
	}
	*c = EnemyCount(v)
	return nil
}

// TokenList is a list of chaos tokens by name, each checked at load; Line
// is where it was written.
type TokenList struct {
	Tokens []string
	Line   int
}

// UnmarshalYAML reads a list of chaos tokens and checks each name.
func (l *TokenList) UnmarshalYAML(n *yaml.Node) error {
	if err := n.Decode(&l.Tokens); err != nil {
		return fmt.Errorf("line %d: want a list of chaos tokens", n.Line)
	}
	l.Line = n.Line
	for _, t := range l.Tokens {
		if _, err := lcg.ParseToken(t); err != nil {
			return fmt.Errorf("line %d: %v", n.Line, err)
		}
	}
	return nil
}

// checkExactCounts checks what the fields cannot check alone: bag_exactly
// is the whole bag, so bag_has and bag_size beside it are a mistake.
func (e *Expect) checkExactCounts() error {
	if e.BagExactly != nil && (len(e.BagHas) > 0 || e.BagSize != nil) {
		return fmt.Errorf("line %d: bag_exactly lists the whole bag: not with bag_has or bag_size", e.BagExactly.Line)
	}
	return nil
}
