package lcg

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// TestNarrationWords plays random games of The Gathering and The Devourer
// Below and reads every option, log line and board the terminal shows:
// proper place names take no article, counts take the right plural (never
// "(s)"), options that read the same are told apart, the chaos bag is in
// order, and an unrevealed location's card shows its unrevealed side only.
func TestNarrationWords(t *testing.T) {
	var article []string
	for name := range properPlaces {
		article = append(article, "the "+name, "The "+name)
	}
	badCount := regexp.MustCompile(`\b1 (resources|clues|cards|doom tokens|decisions)\b|\(s\)`)
	var s *State
	check := func(where, text string) {
		t.Helper()
		text = strings.ReplaceAll(text, def(s.AgendaCard()).Name, "AGENDA") // an agenda's title: "The Arkham Woods"
		for _, a := range article {
			if strings.Contains(text, a) {
				t.Fatalf("%s: %q before a proper name: %s", where, a, text)
			}
		}
		if m := badCount.FindString(text); m != "" {
			t.Fatalf("%s: %q: %s", where, m, text)
		}
	}
	var sawWoodsCard, sawAgendaChoice, sawSource bool
	for seed := uint64(1); seed <= 12; seed++ {
		scenario := []string{"", "devourer"}[seed%2]
		var err error
		s, err = New(Options{Investigators: []string{"01001", "01004"}[:1+seed%3/2], Difficulty: "standard", Mulligan: true, Scenario: scenario}, seed, true)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(seed)
		seen := 0
		for n := 0; !s.Over() && n < 600; n++ {
			p := s.Prompt()
			where := fmt.Sprintf("seed %d decision %d", seed, n)
			texts := map[string]bool{}
			for i := range p.Options {
				d := s.Describe(i)
				check(where, d)
				if strings.HasPrefix(d, "Move to") || strings.HasPrefix(d, "Investigate") {
					if texts[d] {
						t.Fatalf("%s: two options read %q", where, d)
					}
					texts[d] = true
				}
				if strings.HasPrefix(d, "Agenda ") && strings.Contains(d, "random card") {
					sawAgendaChoice = true
				}
			}
			board := s.Render(p.Actor)
			check(where, board)
			checkBagOrder(t, where, board)
			if len(s.Tests) > 0 {
				if tst := s.test(); tst.Src >= 0 {
					if !strings.Contains(board, "Skill test ("+s.name(tst.Src)+"): ") {
						t.Fatalf("%s: the skill test does not name the card that asks for it:\n%s", where, board)
					}
					sawSource = true
				}
			}
			for k := 0; k < MaxLocations; k++ {
				if !s.locInPlay(k) || s.Cards[s.LocInst[k]].Revealed {
					continue
				}
				id := s.LocInst[k]
				txt, err := s.CardText(p.Actor, fmt.Sprint(id))
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(txt, "Shroud") || strings.Contains(txt, "In short") || strings.Contains(txt, "(") {
					t.Fatalf("%s: card %d, an unrevealed location, shows its revealed side:\n%s", where, id, txt)
				}
				sawWoodsCard = sawWoodsCard || strings.HasPrefix(txt, "Arkham Woods #")
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatal(err)
			}
			for _, e := range s.Log().Events[seen:] {
				check(where, s.Narrate(e))
			}
			seen = len(s.Log().Events)
		}
	}
	if !sawSource {
		t.Error("no skill test with a source was read")
	}
	if !sawWoodsCard {
		t.Error("no unrevealed Arkham Woods was read")
	}
	_ = sawAgendaChoice // random play reaches The Gathering's agenda choice only on some seeds
}

// checkBagOrder fails t unless the board's chaos bag lists the numbers from
// the highest, then the symbols.
func checkBagOrder(t *testing.T, where, board string) {
	t.Helper()
	i := strings.Index(board, "Chaos bag: ")
	if i < 0 {
		t.Fatalf("%s: no chaos bag on the board", where)
	}
	line := board[i+len("Chaos bag: "):]
	line = line[:strings.Index(line, "\n")]
	symbols := map[string]int{"skull": 1, "cultist": 2, "tablet": 3, "elder-thing": 4, "auto-fail": 5, "elder-sign": 6}
	prev := -1000
	for _, tok := range strings.Fields(strings.NewReplacer("elder thing", "elder-thing", "elder sign", "elder-sign").Replace(line)) {
		var r int
		if v, ok := symbols[tok]; ok {
			r = 100 + v
		} else if _, err := fmt.Sscanf(tok, "%d", &r); err == nil {
			r = -r // higher numbers first
		} else {
			t.Fatalf("%s: unknown token %q in %s", where, tok, line)
		}
		if r < prev {
			t.Fatalf("%s: the chaos bag is not in order: %s", where, line)
		}
		prev = r
	}
}

// TestAgendaChoiceNamesTheAgenda: The Gathering's agenda 1 asks the lead to
// choose, and its options say which agenda asks.
func TestAgendaChoiceNamesTheAgenda(t *testing.T) {
	s := newGame(t, 3)
	s.Agenda = 0
	s.stack.Push(opAgendaAdvance, 0, 0, 0, 0, 0)
	s.prompt.Kind = PkChoice
	s.prompt.Options = []game.Option{{Code: ActChoose}, {Code: ActChoose + 1}}
	for i, want := range []string{"Agenda 1, What's Going On?!: each investigator discards 1 random card",
		"Agenda 1, What's Going On?!: the lead investigator takes 2 horror"} {
		if got := s.Describe(i); got != want {
			t.Errorf("option %d: %q, want %q", i, got, want)
		}
	}
}
