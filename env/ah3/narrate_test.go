package ah3

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestNarratorCoversAGame renders, describes and narrates a whole logged
// game without panics or placeholders.
func TestNarratorCoversAGame(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		s.Reset(seed, true)
		rng := game.NewRNG(seed)
		for !s.Over() {
			_ = s.Render(s.Prompt().Actor)
			for i := range s.Prompt().Options {
				if d := s.Describe(i); d == "" || d == "?" {
					t.Fatalf("seed %d: option %d undescribed", seed, i)
				}
			}
			s.Apply(rng.IntN(len(s.Prompt().Options)))
		}
		for _, l := range s.Log().Lines(s) {
			if strings.HasPrefix(l, "event ") {
				t.Fatalf("seed %d: unnarrated %q", seed, l)
			}
		}
		if !strings.Contains(s.Render(0), "the investigators have") {
			t.Fatal("the final render does not say how the game ended")
		}
	}
}

// snakeCase matches an internal name (spread_doom, gate_burst) in text meant
// for people.
var snakeCase = regexp.MustCompile(`\b[A-Za-z]+_[A-Za-z_]+\b`)

// The board, the options and the narration of random games use words, not
// the content files' internal names (issue 24 item 4).
func TestNarrationSpeaksWords(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		s.Reset(seed, true)
		rng := game.NewRNG(seed)
		check := func(what, text string) {
			t.Helper()
			if w := snakeCase.FindString(text); w != "" {
				t.Fatalf("seed %d: %s shows the internal name %q:\n%s", seed, what, w, text)
			}
			if strings.Contains(text, "token inactive") {
				t.Fatalf("seed %d: %s says %q:\n%s", seed, what, "token inactive", text)
			}
		}
		for !s.Over() {
			check("the board", s.Render(s.Prompt().Actor))
			check("the question", s.Question())
			for i := range s.Prompt().Options {
				check("an option", s.Describe(i))
			}
			s.Apply(rng.IntN(len(s.Prompt().Options)))
		}
		for _, l := range s.Log().Lines(s) {
			check("the log", l)
		}
	}
}

// A third or fourth step of the Move action says it costs $1, and choosing
// it costs exactly that (AH3 416.2; issue 24 item 4).
func TestMoveStepCostIsSaid(t *testing.T) {
	said, monsterPaths := 0, 0
	for seed := uint64(0); seed < 40; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		s.Reset(seed, s.log.Enabled)
		rng := game.NewRNG(seed)
		for !s.Over() {
			pr := s.Prompt()
			i := rng.IntN(len(pr.Options))
			if pr.Kind == PromptMove && pr.Options[0].Code == ActPass {
				// Prefer stepping on, to reach the paid steps.
				i = 1 + rng.IntN(len(pr.Options)-1)
			}
			if pr.Kind == PromptMove && pr.Source >= 0 {
				// A monster's path: the question names the monster.
				if q := s.Question(); !strings.Contains(q, s.monsterName(int8(pr.Source))) {
					t.Fatalf("seed %d: a monster's path is asked as %q", seed, q)
				}
				monsterPaths++
			}
			seat := int8(pr.Actor)
			costs := strings.Contains(s.Describe(i), "costs $1")
			var before int16
			if costs {
				before = s.Seats[seat].Money
				said++
			}
			s.Apply(i)
			if costs && s.Seats[seat].Money != before-1 {
				t.Fatalf("seed %d: a step said to cost $1 took $%d to $%d", seed, before, s.Seats[seat].Money)
			}
		}
	}
	if said == 0 || monsterPaths == 0 {
		t.Fatalf("in 40 games: %d paid steps offered, %d monster paths asked", said, monsterPaths)
	}
}

// The reroll prompt shows the dice it asks about: a player influences dice
// they can see (AH3 470.4), and every test's log shows them as rolled.
func TestRerollPromptShowsTheDice(t *testing.T) {
	faces := regexp.MustCompile(`^the (Lore|Influence|Observation|Strength|Will) dice show [1-6]( [1-6])* \(\d+ success(es)?\): influence them, or accept the result\?$`)
	seen := 0
	for seed := uint64(0); seed < 40 && seen < 5; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		s.Reset(seed, true)
		rng := game.NewRNG(seed)
		for !s.Over() {
			if s.Prompt().Kind == PromptReroll {
				q := s.Question()
				if !faces.MatchString(q) {
					t.Fatalf("seed %d: reroll question %q", seed, q)
				}
				if want := fmt.Sprintf("(%s)", plural(int(s.successes()), "success", "successes")); !strings.Contains(q, want) {
					t.Fatalf("seed %d: %q does not count the successes %s", seed, q, want)
				}
				seen++
			}
			s.Apply(rng.IntN(len(s.Prompt().Options)))
		}
		tests, rolls := 0, 0
		for _, l := range s.Log().Lines(s) {
			if strings.Contains(l, " tests ") && strings.Contains(l, " with ") && !strings.Contains(l, " with 0 dice") {
				tests++
			}
			if strings.Contains(l, " rolls ") && strings.Contains(l, " for ") {
				rolls++
			}
		}
		if rolls < tests {
			t.Fatalf("seed %d: %d tests but %d rolls logged", seed, tests, rolls)
		}
	}
	if seen == 0 {
		t.Fatal("no reroll prompt in 40 random games")
	}
}
