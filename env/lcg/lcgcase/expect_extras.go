package lcgcase

import (
	"sort"
	"strings"

	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// checkLogOrder checks that the game log has a line containing each of
// want (case-insensitive), in this order: the first line after the previous
// match that contains the next entry matches it.
func checkLogOrder(s *lcg.State, d *differ, want []string) {
	if len(want) == 0 {
		return
	}
	d.N++
	lines := s.Log().Lines(s)
	at := 0
	for i, w := range want {
		k := strings.ToLower(strings.TrimSpace(w))
		found := -1
		for j := at; j < len(lines); j++ {
			if strings.Contains(strings.ToLower(lines[j]), k) {
				found = j
				break
			}
		}
		if found < 0 {
			where := "after the line matching the entry before"
			if i == 0 {
				where = "anywhere"
			}
			d.Add("log_order %d %q: no such line %s (log: %s)", i+1, w, where, logTail(lines, at))
			return
		}
		at = found + 1
	}
}

// logTail lists the log lines from index at (at most 40, the last ones).
func logTail(lines []string, at int) string {
	if at > len(lines) {
		at = len(lines)
	}
	rest := lines[at:]
	if len(rest) > 40 {
		rest = rest[len(rest)-40:]
	}
	if len(rest) == 0 {
		return "no lines"
	}
	return strings.Join(rest, " | ")
}

// checkExactCounts checks the exact counts (format_counts.go): the number
// of enemies in play and the whole chaos bag.
func checkExactCounts(s *lcg.State, d *differ, e *Expect) {
	if e.EnemyCount != nil {
		n := 0
		for _, x := range s.Enemies {
			if x >= 0 {
				n++
			}
		}
		want := int(*e.EnemyCount)
		d.Int("enemies in play", &want, n)
	}
	if e.BagExactly != nil {
		d.N++
		want := make([]string, 0, len(e.BagExactly.Tokens))
		for _, n := range e.BagExactly.Tokens {
			t, _ := lcg.ParseToken(n)
			want = append(want, lcg.TokenName(t))
		}
		got := make([]string, 0, len(s.Bag))
		for _, t := range s.Bag {
			got = append(got, lcg.TokenName(t))
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(want, ",") != strings.Join(got, ",") {
			d.Add("chaos bag: want exactly %s, got %s", strings.Join(want, ", "), strings.Join(got, ", "))
		}
	}
}

// checkZoneExact checks a zone's count and exactly (format_counts.go).
func checkZoneExact(s *lcg.State, d *differ, what string, list []int16, z ZoneExpect) {
	d.Int(what+" size", z.Count, len(list))
	if z.Exactly == nil {
		return
	}
	d.N++
	want := make([]string, 0, len(z.Exactly))
	for _, n := range z.Exactly {
		id, _ := cardID(n)
		want = append(want, cards.Get(id).Name)
	}
	got := make([]string, 0, len(list))
	for _, id := range list {
		got = append(got, s.CardName(id))
	}
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(want, "|") != strings.Join(got, "|") {
		d.Add("%s: want exactly %s, got %s", what, strings.Join(want, ", "), zoneList(s, list))
	}
}
