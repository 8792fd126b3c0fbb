package lcg

import (
	"fmt"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// Keyword bits (LCG §3 Keywords): a card's printed keywords (defKw, from the
// card data) and the keywords a card instance has gained (Inst.Kw: "gains
// Aloof"; an effect, or a rules case's setup).
const (
	kwHunter uint8 = 1 << iota
	kwRetaliate
	kwAloof
	kwMassive
	kwSurge
	kwPeril
)

var kwNames = [...]struct {
	name string
	bit  uint8
}{{"Hunter", kwHunter}, {"Retaliate", kwRetaliate}, {"Aloof", kwAloof}, {"Massive", kwMassive}, {"Surge", kwSurge}, {"Peril", kwPeril}}

// defKw[id] holds the printed keyword bits of card id.
var defKw []uint8

func init() {
	all := cards.All()
	defKw = make([]uint8, len(all))
	for i := range all {
		c := &all[i]
		for _, k := range [...]struct {
			on  bool
			bit uint8
		}{{c.Hunter, kwHunter}, {c.Retaliate, kwRetaliate}, {c.Aloof, kwAloof}, {c.Massive, kwMassive}, {c.Surge, kwSurge}, {c.Peril, kwPeril}} {
			if k.on {
				defKw[i] |= k.bit
			}
		}
	}
}

// keyword reports whether card instance id has keyword kw: printed, unless
// its text box is blank (LCG §3 Blank), or gained (a gained keyword is not
// printed text, so a blank leaves it).
func (s *State) keyword(id int16, kw uint8) bool {
	c := &s.Cards[id]
	return c.Kw&kw != 0 || defKw[c.Def]&kw != 0 && !s.blank(id)
}

// isHunter, isAloof and isRetaliate read an enemy's keywords through its
// blanked text box (LCG §3 Blank).
func (s *State) isHunter(e int16) bool    { return s.keyword(e, kwHunter) }
func (s *State) isAloof(e int16) bool     { return s.keyword(e, kwAloof) }
func (s *State) isRetaliate(e int16) bool { return s.keyword(e, kwRetaliate) }

// isMassive reports whether e is Massive (LCG §3 Massive). A blank does not
// change how a Massive enemy is engaged (its engagement is derived: ruling
// R-MASSIVE), so the printed keyword is read through it.
func (s *State) isMassive(e int16) bool {
	c := &s.Cards[e]
	return (c.Kw|defKw[c.Def])&kwMassive != 0
}

// ParseKeywords reads keyword names (Hunter, Retaliate, Aloof, Massive,
// Surge, Peril; any case) into keyword bits.
func ParseKeywords(names []string) (uint8, error) {
	var kw uint8
	for _, n := range names {
		found := false
		for _, k := range kwNames {
			if strings.EqualFold(k.name, strings.TrimSpace(n)) {
				kw |= k.bit
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("keyword %q: want Hunter, Retaliate, Aloof, Massive, Surge or Peril", n)
		}
	}
	return kw, nil
}

// gainedKeywords names the keywords instance id has gained (not printed).
func (s *State) gainedKeywords(id int16) []string {
	var out []string
	for _, k := range kwNames {
		if s.Cards[id].Kw&k.bit != 0 && defKw[s.Cards[id].Def]&k.bit == 0 {
			out = append(out, k.name)
		}
	}
	return out
}

// GainKeywords gives card instance id the keywords kw (a scripted setup:
// "the enemy gains Aloof"; LCG §3 Keywords).
func (s *State) GainKeywords(id int16, kw uint8) error {
	if id < 0 || int(id) >= len(s.Cards) {
		return fmt.Errorf("no card instance %d", id)
	}
	s.Cards[id].Kw |= kw
	return nil
}

// GainKeywordsAll gives every instance of card d in the game the keywords kw
// and returns how many there are.
func (s *State) GainKeywordsAll(d cards.ID, kw uint8) int {
	n := 0
	for i := range s.Cards {
		if s.Cards[i].Def == d {
			s.Cards[i].Kw |= kw
			n++
		}
	}
	return n
}
