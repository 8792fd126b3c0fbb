package game

import (
	"fmt"
	"strings"
)

// MatchName finds the one name a player's query means, as the terminal's
// `card NAME` does in every game: a name equal to the query (case aside)
// wins, else the single name that starts with it. It returns the index in
// names, or an error that says whether none or several matched; none is
// phrased with what, the places the game looked ("in view").
func MatchName(names []string, query, none string) (int, error) {
	q := strings.ToLower(strings.TrimSpace(query))
	hit, hits := -1, []string(nil)
	for i, name := range names {
		n := strings.ToLower(name)
		if n == q {
			return i, nil
		}
		if strings.HasPrefix(n, q) {
			hit, hits = i, append(hits, name)
		}
	}
	switch len(hits) {
	case 0:
		return -1, fmt.Errorf("card %q: %s", query, none)
	case 1:
		return hit, nil
	}
	return -1, fmt.Errorf("card %q: several cards match: %s", query, strings.Join(hits, ", "))
}
