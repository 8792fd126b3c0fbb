package cards

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func starter(t *testing.T, code string) Deck {
	t.Helper()
	d, err := StarterDeck(code)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// with returns a copy of d with the card's count set to n (0 removes it).
func with(d Deck, code string, n int) Deck {
	out := Deck{Investigator: d.Investigator}
	found := false
	for _, e := range d.Cards {
		if e.Code == code {
			found = true
			if n != 0 {
				out.Cards = append(out.Cards, Entry{code, n})
			}
			continue
		}
		out.Cards = append(out.Cards, e)
	}
	if !found && n != 0 {
		out.Cards = append(out.Cards, Entry{code, n})
	}
	return out
}

func TestStarterDecks(t *testing.T) {
	codes := StarterDecks()
	if !slices.Equal(codes, []string{"01001", "01002", "01003", "01004", "01005"}) {
		t.Fatalf("StarterDecks() = %v", codes)
	}
	for _, code := range codes {
		d := starter(t, code)
		if err := Validate(d); err != nil {
			t.Errorf("starter deck %s: %v", code, err)
		}
		x := d.Expand()
		if len(x) != 32 || !slices.IsSorted(x) {
			t.Errorf("starter deck %s: Expand() has %d cards (want 30 + 2 signature), sorted %v", code, len(x), slices.IsSorted(x))
		}
		if d.XP() != 0 {
			t.Errorf("starter deck %s: XP %d", code, d.XP())
		}
		rules, _ := RulesFor(code)
		for _, req := range rules.Required {
			if d.Count(req) != 1 {
				t.Errorf("starter deck %s: %d copies of signature %s", code, d.Count(req), req)
			}
		}
		if !slices.IsSortedFunc(d.Cards, func(a, b Entry) int { return strings.Compare(a.Code, b.Code) }) {
			t.Errorf("starter deck %s: entries not sorted", code)
		}
	}
	if _, err := StarterDeck("01116"); err == nil {
		t.Error("StarterDeck(Ghoul Priest) should fail")
	}
}

func TestRules(t *testing.T) {
	r, ok := RulesFor("01002")
	if !ok || r.DeckSize != 30 || r.RandomBasicWeaknesses != 1 || !slices.Equal(r.Required, []string{"01008", "01009"}) {
		t.Fatalf("Daisy rules: %+v", r)
	}
	if !r.Allows(Seeker, 5) || !r.Allows(Neutral, 3) || !r.Allows(Mystic, 2) || r.Allows(Mystic, 3) || r.Allows(Guardian, 0) {
		t.Error("Daisy options")
	}
	if _, ok := RulesFor("01006"); ok {
		t.Error("RulesFor(non-investigator) found rules")
	}
}

func TestViolations(t *testing.T) {
	roland := starter(t, "01001")
	daisy := starter(t, "01002")
	skids := starter(t, "01003")
	tests := []struct {
		name string
		deck Deck
		want []string
	}{
		{"deck size", with(roland, "01016", 0), []string{"deck size: Roland Banks needs 30 cards, the list has 29"}},
		{"class access", with(with(daisy, "01030", 0), "01029", 1), []string{
			`class access: Daisy Walker may not take Guardian level 4 card "Shotgun" (01029)`}},
		{"class level", with(with(roland, "01030", 0), "01043", 1), []string{
			`class access: Roland Banks may not take Seeker level 4 card "Cryptic Research" (01043)`}},
		{"copies", with(with(roland, "01086", 3), "01087", 0), []string{`copies: at most 2 copies of "Knife" (3 given)`}},
		{"copies by title", with(with(skids, "01054", 2), "01088", 0), []string{
			`copies: at most 2 copies of "Leo De Luca" (3 given)`}},
		{"signature missing", with(roland, "01006", 0), []string{"signature cards: missing Roland's .38 Special (01006)"}},
		{"signature foreign", with(roland, "01008", 1), []string{`signature cards: "Daisy's Tote Bag" (01008) is for Daisy Walker's deck only`}},
		{"unknown code", with(with(roland, "99999", 1), "01016", 0), []string{
			`unknown card code: "99999"`, "deck size: Roland Banks needs 30 cards, the list has 29"}},
		{"story asset", with(with(roland, "01117", 1), "01016", 0), []string{
			`card type: "Lita Chantler" (01117) is an encounter card, not a player card`,
			"deck size: Roland Banks needs 30 cards, the list has 29"}},
		{"investigator in deck", with(roland, "01002", 1), []string{
			`card type: investigator card "Daisy Walker" (01002) cannot be in a deck`}},
		{"weaknesses", with(with(roland, "01096", 1), "01097", 1), []string{
			"weaknesses: Roland Banks takes 1 random basic weakness(es), the list has 2"}},
		{"bad count", with(roland, "01024", -1), []string{
			`copies: count of "Dynamite Blast" (01024) must be positive (-1 given)`,
			"deck size: Roland Banks needs 30 cards, the list has 28"}},
		{"bad investigator", Deck{Investigator: "01006"}, []string{`investigator: "01006" is not an investigator card code`}},
		{"several, in rule order", with(with(with(roland, "01006", 0), "01086", 3), "01043", 1), []string{
			`copies: at most 2 copies of "Knife" (3 given)`,
			`class access: Roland Banks may not take Seeker level 4 card "Cryptic Research" (01043)`,
			"signature cards: missing Roland's .38 Special (01006)",
			"deck size: Roland Banks needs 30 cards, the list has 33",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, v := range Violations(tt.deck) {
				got = append(got, v.Error())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("violations:\n got %q\nwant %q", got, tt.want)
			}
			err := Validate(tt.deck)
			if err == nil {
				t.Fatal("Validate returned nil")
			}
			if err.Error() != strings.Join(tt.want, "\n") {
				t.Errorf("Validate: %q", err)
			}
			var v *Violation
			if !errors.As(err, &v) || v.Error() != tt.want[0] {
				t.Errorf("errors.As: %v", v)
			}
		})
	}
}

func TestValidDeckVariants(t *testing.T) {
	roland := starter(t, "01001")
	// One basic weakness (the placeholder or a drawn one) may be listed; it
	// does not count toward deck size.
	for _, code := range []string{"01000", "01096", "01101"} {
		if err := Validate(with(roland, code, 1)); err != nil {
			t.Errorf("with basic weakness %s: %v", code, err)
		}
	}
	// Repeated entries merge; level 2 Seeker is within Roland's options.
	d := with(roland, "01030", 0)
	d.Cards = append(d.Cards, Entry{"01041", 1})
	if err := Validate(d); err != nil {
		t.Errorf("Disc of Itzamna for Roland: %v", err)
	}
	if d.XP() != 2 {
		t.Errorf("XP = %d, want 2", d.XP())
	}
	split := Deck{Investigator: roland.Investigator}
	for _, e := range roland.Cards {
		for i := 0; i < e.Count; i++ {
			split.Cards = append(split.Cards, Entry{e.Code, 1})
		}
	}
	if err := Validate(split); err != nil {
		t.Errorf("split entries: %v", err)
	}
}
