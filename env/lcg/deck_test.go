package lcg

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// rolandDeck is a legal Roland Banks deck list (text) the table edits.
const rolandDeck = `01001
01006
01007
2 01016
2 01017
2 01018
2 01019
2 01020
2 01021
2 01022
2 01023
2 01024
2 01025
2 01030
2 01037
2 01039
2 01088
2 01093
`

// TestSampleDecks: the decks of testdata/decks load, and a game with them
// plays to a resolution under random choices.
func TestSampleDecks(t *testing.T) {
	paths, _ := filepath.Glob("testdata/decks/*")
	if len(paths) < 2 {
		t.Fatalf("want the sample decks, got %v", paths)
	}
	var decks []*cards.Deck
	for _, p := range paths {
		d, err := LoadDeck(p)
		if err != nil {
			t.Fatal(err)
		}
		decks = append(decks, d)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		s, err := New(Options{Difficulty: "standard", Mulligan: true, Decks: decks, UniqueWeaknesses: true, ChooseLead: true}, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		if int(s.N) != len(decks) {
			t.Fatalf("seats: %d, want %d", s.N, len(decks))
		}
		for i, d := range decks {
			if got := def(s.Inv[i].Def).Code; got != d.Investigator {
				t.Fatalf("seat %d: investigator %s, want %s", i, got, d.Investigator)
			}
		}
		rng := game.NewRNG(seed)
		for n := 0; !s.Over(); n++ {
			if n > 50000 {
				t.Fatalf("seed %d: no resolution after %d decisions", seed, n)
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestParseDeck reads the text and JSON formats.
func TestParseDeck(t *testing.T) {
	d, err := ParseDeck("t.txt", []byte("# c\n01001 # Roland\n2 01016\n01017 x2\n2x 01018\n01019\n01019\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []cards.Entry{{Code: "01016", Count: 2}, {Code: "01017", Count: 2}, {Code: "01018", Count: 2}, {Code: "01019", Count: 2}}
	if d.Investigator != "01001" || fmt.Sprint(d.Cards) != fmt.Sprint(want) {
		t.Fatalf("got %s %v", d.Investigator, d.Cards)
	}
	d, err = ParseDeck("t.json", []byte(`{"investigator_code": "01002", "slots": {"01030": 2, "01008": 1}, "name": "x"}`))
	if err != nil || d.Investigator != "01002" || fmt.Sprint(d.Cards) != "[{01008 1} {01030 2}]" {
		t.Fatalf("got %v %v", d, err)
	}
	for _, bad := range []string{"01016\n", "01001\n01002\n", "01001\nthree 01016\n", "01001\n2 01016 x2\n", `{"slots": {}}`, `{"investigator_code": 1}`, `{"investigator_code": "01001", "slots": {"01016": 0}}`} {
		var de *DeckError
		if _, err := ParseDeck("bad", []byte(bad)); !errors.As(err, &de) || de.Rule != DeckFormat {
			t.Errorf("%q: got %v, want a %q error", bad, err, DeckFormat)
		}
	}
}

// TestDeckViolations: one table row per deckbuilding rule (LCG §3
// Deckbuilding); each edit of the legal deck breaks exactly that rule.
func TestDeckViolations(t *testing.T) {
	d, err := ParseDeck("roland.txt", []byte(rolandDeck))
	if err != nil {
		t.Fatal(err)
	}
	if err := ValidateDeck("roland.txt", d, 0); err != nil {
		t.Fatalf("the legal deck: %v", err)
	}
	edit := func(f func(m map[string]int)) *cards.Deck {
		m := map[string]int{}
		for _, e := range d.Cards {
			m[e.Code] = e.Count
		}
		f(m)
		out := &cards.Deck{Investigator: d.Investigator}
		for code, n := range m {
			out.Cards = append(out.Cards, cards.Entry{Code: code, Count: n})
		}
		return out
	}
	swap := func(out, in string) *cards.Deck {
		return edit(func(m map[string]int) { m[out]--; m[in]++ })
	}
	add := func(in string) *cards.Deck { return edit(func(m map[string]int) { m[in]++ }) }
	cases := []struct {
		name string
		deck *cards.Deck
		xp   int
		rule DeckRule
		code string
		msg  string
	}{
		{"not an investigator", &cards.Deck{Investigator: "01016", Cards: d.Cards}, -1, DeckInvestigator, "01016", `"01016" is not an investigator card`},
		{"unknown code", add("99999"), -1, DeckUnknownCard, "99999", `"99999" is not a card code`},
		{"encounter card", add("01116"), -1, DeckPlayerCards, "01116", "not a player card"},
		{"story asset", add("01117"), -1, DeckPlayerCards, "01117", "not a player card"},
		{"investigator in the deck", add("01002"), -1, DeckPlayerCards, "01002", "investigator card"},
		{"other class", swap("01093", "01060"), -1, DeckOptions, "01060",
			`"Shrivelling" (01060) is Mystic; Roland Banks may take Guardian 0-5, Seeker 0-2, Neutral 0-5`},
		{"class level too high", swap("01093", "01043"), -1, DeckOptions, "01043", `"Cryptic Research" (01043) is Seeker level 4`},
		{"three copies", edit(func(m map[string]int) { m["01093"]--; m["01016"]++ }), -1, DeckLimit, "01016", `3 copies of ".45 Automatic" (01016); at most 2 by title`},
		{"two levels of one title", edit(func(m map[string]int) { m["01093"]--; m["01028"]++ }), -1, DeckLimit, "01018", `3 copies of "Beat Cop"`},
		{"deck limit 1", edit(func(m map[string]int) { m["01006"] = 2 }), -1, DeckLimit, "01006", `2 copies of "Roland's .38 Special" (01006); at most 1`},
		{"no signature card", edit(func(m map[string]int) { delete(m, "01006") }), -1, DeckSignature, "01006", `Roland Banks's signature card "Roland's .38 Special" (01006) is missing`},
		{"another's signature card", edit(func(m map[string]int) { m["01008"] = 1 }), -1, DeckSignature, "01008", `"Daisy's Tote Bag" (01008) is Daisy Walker's`},
		{"no signature weakness", edit(func(m map[string]int) { delete(m, "01007") }), -1, DeckSignatureWeakness, "01007", `signature weakness "Cover Up" (01007) is missing`},
		{"another's signature weakness", edit(func(m map[string]int) { m["01009"] = 1 }), -1, DeckSignatureWeakness, "01009", `"The Necronomicon" (01009) is Daisy Walker's`},
		{"two basic weaknesses", edit(func(m map[string]int) { m["01096"], m["01000"] = 1, 1 }), -1, DeckBasicWeakness, "", "2 basic weaknesses; Roland Banks takes 1"},
		{"29 cards", edit(func(m map[string]int) { m["01093"]-- }), -1, DeckSize, "", "29 cards; Roland Banks's deck has 30"},
		{"31 cards", edit(func(m map[string]int) { m["01090"]++ }), -1, DeckSize, "", "31 cards"},
		{"level 2 in a new deck", swap("01093", "01027"), 0, DeckExperience, "01027", "cost 2 experience; 0 given"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			vs := DeckViolations("roland.txt", c.deck, c.xp)
			if len(vs) != 1 {
				t.Fatalf("want one violation, got %v", vs)
			}
			v := vs[0]
			if v.Rule != c.rule || v.Code != c.code || !strings.Contains(v.Error(), c.msg) ||
				!strings.HasPrefix(v.Error(), "deck roland.txt: ") || !strings.HasSuffix(v.Error(), "("+string(c.rule)+")") {
				t.Fatalf("got %q (rule %q, card %q), want rule %q, card %q, containing %q", v.Error(), v.Rule, v.Code, c.rule, c.code, c.msg)
			}
		})
	}
	// Level above 0 within the options is legal when experience is unchecked
	// (LoadDeck) or enough is given.
	for _, xp := range []int{-1, 2} {
		if vs := DeckViolations("roland.txt", swap("01093", "01027"), xp); len(vs) != 0 {
			t.Errorf("xp %d: %v", xp, vs)
		}
	}
}

// TestLoadDeckErrors: a file that is missing or breaks a rule gives an
// error naming the file, and no game is built from it.
func TestLoadDeckErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadDeck(filepath.Join(dir, "none.txt")); err == nil || !strings.Contains(err.Error(), "none.txt") {
		t.Fatalf("missing file: %v", err)
	}
	p := filepath.Join(dir, "roland.txt")
	if err := os.WriteFile(p, []byte(strings.Replace(rolandDeck, "2 01093", "2 01060", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadDeck(p)
	want := fmt.Sprintf(`deck %s: "Shrivelling" (01060) is Mystic; Roland Banks may take Guardian 0-5, Seeker 0-2, Neutral 0-5 (deckbuilding)`, p)
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	// A deck's investigator already seated is refused.
	d, _ := ParseDeck("r", []byte(rolandDeck))
	if _, err := New(Options{Investigators: []string{"01002", "01001"}, Difficulty: "easy", Decks: []*cards.Deck{d}}, 1, false); err == nil || !strings.Contains(err.Error(), "chosen twice") {
		t.Fatalf("Roland twice: %v", err)
	}
	// A deck for seat 2 with one investigator leaves seat 1 empty.
	if _, err := New(Options{Investigators: []string{"01002"}, Difficulty: "easy", Decks: []*cards.Deck{nil, nil, d}}, 1, false); err == nil || !strings.Contains(err.Error(), "seat 1") {
		t.Fatalf("seat 1 empty: %v", err)
	}
}

// TestDeckWeaknesses: the list's own basic weakness stays, the placeholder
// 01000 becomes a drawn one, and (UniqueWeaknesses) the team holds no more
// copies of a basic weakness than the core set (Amnesia and Paranoia 2, the
// others 1; LCG §3 Deckbuilding).
func TestDeckWeaknesses(t *testing.T) {
	base, _ := ParseDeck("r", []byte(rolandDeck))
	withAmnesia := &cards.Deck{Investigator: base.Investigator, Cards: append([]cards.Entry{{Code: "01096", Count: 1}}, base.Cards...)}
	withPlaceholder := &cards.Deck{Investigator: base.Investigator, Cards: append([]cards.Entry{{Code: "01000", Count: 1}}, base.Cards...)}
	basics := func(s *State) (per [MaxInvestigators][]string) {
		for _, c := range s.Cards {
			if d := def(c.Def); d.BasicWeakness {
				per[c.Owner] = append(per[c.Owner], d.Code)
			}
		}
		return per
	}
	twice := map[bool]int{}
	for seed := uint64(0); seed < 300; seed++ {
		s, err := New(Options{Investigators: []string{"01001", "01002", "01003", "01004"}, Difficulty: "easy", Decks: []*cards.Deck{withAmnesia}, UniqueWeaknesses: true}, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		per := basics(s)
		seen := map[string]int{}
		for i := 0; i < 4; i++ {
			if len(per[i]) != 1 {
				t.Fatalf("seed %d seat %d: basic weaknesses %v, want 1", seed, i, per[i])
			}
			code := per[i][0]
			if seen[code]++; seen[code] > int(cards.Get(cards.MustCode(code)).Quantity) {
				t.Fatalf("seed %d: %v: more copies of %s than the core set has", seed, per, code)
			}
			twice[seen[code] > 1]++
		}
		if per[0][0] != "01096" {
			t.Fatalf("seed %d: the deck's Amnesia replaced by %s", seed, per[0][0])
		}
		s, err = New(Options{Difficulty: "easy", Decks: []*cards.Deck{withPlaceholder}, UniqueWeaknesses: true}, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		if per := basics(s); len(per[0]) != 1 || per[0][0] == "01000" {
			t.Fatalf("seed %d: placeholder deck's weaknesses %v", seed, per[0])
		}
		s, err = New(Options{Difficulty: "easy", Decks: []*cards.Deck{withPlaceholder}, NoRandomWeakness: true}, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		if per := basics(s); len(per[0]) != 0 {
			t.Fatalf("seed %d: random_weakness=false kept %v", seed, per[0])
		}
	}
	if twice[true] == 0 {
		t.Errorf("no team drew the second copy of Amnesia or Paranoia in 300 seeds")
	}
}

// TestChooseLead: with ChooseLead the team's first decision is the lead
// (LCG §7 step 2; seat 0 asked, one option per investigator), the
// mulligans then go in player order from the chosen lead; without it seat 0
// leads and nobody is asked; a solo investigator is never asked.
func TestChooseLead(t *testing.T) {
	invs := []string{"01001", "01002", "01003"}
	for lead := 0; lead < 3; lead++ {
		s, err := New(Options{Investigators: invs, Difficulty: "easy", Mulligan: true, ChooseLead: true}, 7, false)
		if err != nil {
			t.Fatal(err)
		}
		p := s.Prompt()
		if p.Actor != 0 || p.Kind != PkChoice || len(p.Options) != 3 {
			t.Fatalf("first prompt: actor %d kind %d options %v", p.Actor, p.Kind, p.Options)
		}
		for i, o := range p.Options {
			if o.Code != ActSeat+game.ActionCode(i) {
				t.Fatalf("option %d: %v", i, o)
			}
		}
		if err := s.Apply(lead); err != nil {
			t.Fatal(err)
		}
		if int(s.Lead) != lead {
			t.Fatalf("lead %d, want %d", s.Lead, lead)
		}
		for k := 0; k < 3; k++ {
			p := s.Prompt()
			if want := (lead + k) % 3; p.Kind != PkMulligan || int(p.Actor) != want {
				t.Fatalf("lead %d, mulligan %d: actor %d kind %d, want seat %d", lead, k, p.Actor, p.Kind, want)
			}
			if err := s.Apply(p.Find(ActKeep)); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, _ := New(Options{Investigators: invs, Difficulty: "easy", Mulligan: true}, 7, false)
	if p := s.Prompt(); p.Kind != PkMulligan || p.Actor != 0 || s.Lead != 0 {
		t.Fatalf("default: first prompt kind %d actor %d, lead %d", p.Kind, p.Actor, s.Lead)
	}
	s, _ = New(Options{Investigators: invs[:1], Difficulty: "easy", Mulligan: true, ChooseLead: true}, 7, false)
	if p := s.Prompt(); p.Kind != PkMulligan {
		t.Fatalf("solo: first prompt kind %d", p.Kind)
	}
}

// BenchmarkDeckRandomPlay is BenchmarkRandomPlay with the sample decks,
// weaknesses without replacement and the lead's choice (Reset included).
func BenchmarkDeckRandomPlay(b *testing.B) {
	var decks []*cards.Deck
	for _, p := range []string{"testdata/decks/roland.txt", "testdata/decks/agnes.json"} {
		d, err := LoadDeck(p)
		if err != nil {
			b.Fatal(err)
		}
		decks = append(decks, d)
	}
	s, err := New(Options{Difficulty: "standard", Mulligan: true, Decks: decks, UniqueWeaknesses: true, ChooseLead: true}, 1, false)
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRNG(9)
	b.ReportAllocs()
	seed := uint64(1)
	for i := 0; i < b.N; i++ {
		if s.Over() {
			seed++
			s.Reset(seed, false)
		}
		if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}
