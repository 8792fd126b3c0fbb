package lcgcase

import (
	"strings"

	"github.com/mythos-rl/mythos/env/lcg"
)

// checkLogOrder checks that the game log has a line containing each of
// want (case-insensitive), in this order: the first line after the previous
// match that contains the next entry matches it.
func checkLogOrder(s *lcg.State, d *differ, want []string) {
	if len(want) == 0 {
		return
	}
	d.n++
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
			d.add("log_order %d %q: no such line %s (log: %s)", i+1, w, where, logTail(lines, at))
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
