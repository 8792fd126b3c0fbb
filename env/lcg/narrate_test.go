package lcg

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// option returns the index of the option with code c, failing t if none.
func option(t *testing.T, s *State, c game.ActionCode) int {
	t.Helper()
	i := s.Prompt().Find(c)
	if i < 0 {
		t.Fatalf("no option with code %d in %+v", c, s.Prompt().Options)
	}
	return i
}

// A weakness drawn from the deck is told once as a draw (the encounter
// procedure it then goes through is not a second draw).
func TestWeaknessDrawNarratedOnce(t *testing.T) {
	s := newGame(t, 3)
	toAction(t, s)
	if _, err := s.StackDeck(0, idCoverUp); err != nil {
		t.Fatal(err)
	}
	from := len(s.Log().Events)
	if err := s.Apply(option(t, s, ActDraw)); err != nil {
		t.Fatal(err)
	}
	var draws, told int
	var lines []string
	for _, e := range s.Log().Events[from:] {
		l := s.Narrate(e)
		lines = append(lines, l)
		if strings.Contains(l, "draws") && strings.Contains(l, "Cover Up") {
			draws++
		}
		if strings.Contains(l, "Cover Up is a weakness") {
			told++
		}
	}
	if draws != 1 || told != 1 {
		t.Fatalf("Cover Up drawn %d times, its weakness told %d times:\n%s", draws, told, strings.Join(lines, "\n"))
	}
}

// Uses are worded with the card's own term (LCG §3 Uses), singular for one.
func TestRenderUsesPrintedTerms(t *testing.T) {
	s := newGame(t, 3)
	toAction(t, s)
	for _, d := range []cards.ID{id45Auto, idFirstAid, idShrivelling, mustID("01058")} {
		if _, err := s.PutInPlay(0, d); err != nil {
			t.Fatal(err)
		}
	}
	id, _ := s.PutInPlay(0, idShrivelling)
	s.Cards[id].Uses = 1
	b := s.Render(0)
	for _, want := range []string{".45 Automatic #", "(4 ammo)", "(3 supplies)", "(4 charges)", "(4 secrets)", "(1 charge)"} {
		if !strings.Contains(b, want) {
			t.Errorf("board lacks %q:\n%s", want, b)
		}
	}
	if strings.Contains(b, "uses") {
		t.Errorf("board says uses:\n%s", b)
	}
	txt, err := s.CardText(0, ".45")
	if err != nil || !strings.Contains(txt, "uses: 4 ammo") || !strings.Contains(txt, "4 ammo.") {
		t.Errorf("card .45: %v\n%s", err, txt)
	}
}

// Over whole games with four investigators, every line of the board fits
// 100 columns, and actions left are shown only in the investigation phase.
func TestRenderFitsAndShowsActionsOnlyOnTurns(t *testing.T) {
	rng := game.NewRNG(9)
	seenActions := false
	for g, team := range [][]string{{"01001", "01002", "01003", "01004"}, {"01005", "01003"}} {
		s := newGame(t, uint64(20+g), team...)
		for step := 0; step < 2000 && !s.Over(); step++ {
			p := s.Prompt()
			b := s.Render(p.Actor)
			for _, l := range strings.Split(b, "\n") {
				if n := utf8.RuneCountInString(l); n > 100 {
					t.Fatalf("step %d: a board line of %d columns:\n%s", step, n, l)
				}
			}
			if strings.Contains(b, "actions left") || strings.Contains(b, "action left") {
				if s.Phase != PhaseInvestigation {
					t.Fatalf("step %d: actions left in the %s phase:\n%s", step, s.Phase, b)
				}
				seenActions = true
			}
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !seenActions {
		t.Fatal("actions left never shown")
	}
}

// OptionKey names a hand card's option by the card, not its hand slot, so
// playing a card before it in the hand leaves its key alone.
func TestOptionKeyIgnoresHandSlots(t *testing.T) {
	s := newGame(t, 3)
	toAction(t, s)
	if err := s.ReturnHandToDeck(0); err != nil {
		t.Fatal(err)
	}
	cache, _ := s.PutInHand(0, idEmergencyCache)
	aid, _ := s.PutInHand(0, idFirstAid)
	s.Refresh()
	find := func(id int16) (game.ActionCode, game.Option) {
		for i, o := range s.Prompt().Options {
			if o.Code >= ActPlay && o.Code < ActCommit && int16(o.Arg) == id {
				return o.Code, s.OptionKey(i)
			}
		}
		t.Fatalf("no option plays #%d", id)
		return 0, game.Option{}
	}
	codeBefore, keyBefore := find(aid)
	draw := s.OptionKey(option(t, s, ActDraw))
	c, _ := find(cache)
	if err := s.Apply(s.Prompt().Find(c)); err != nil {
		t.Fatal(err)
	}
	codeAfter, keyAfter := find(aid)
	if codeBefore == codeAfter {
		t.Fatalf("First Aid's code did not move (%d): the test shows nothing", codeAfter)
	}
	if keyBefore != keyAfter {
		t.Errorf("First Aid's key changed from %+v to %+v", keyBefore, keyAfter)
	}
	if k := s.OptionKey(option(t, s, ActDraw)); k != draw || k == keyAfter {
		t.Errorf("draw key %+v (was %+v), First Aid %+v", k, draw, keyAfter)
	}
}

// Ending a turn with actions left asks first; other options do not.
func TestConfirmEndTurnWithActionsLeft(t *testing.T) {
	s := newGame(t, 3)
	toAction(t, s)
	end := option(t, s, ActEndTurn)
	if q := s.Confirm(end); q != "End your turn with 3 actions left?" {
		t.Fatalf("confirm: %q", q)
	}
	if q := s.Confirm(option(t, s, ActDraw)); q != "" {
		t.Fatalf("drawing asks %q", q)
	}
	s.Inv[0].Actions = 1
	if q := s.Confirm(end); q != "End your turn with 1 action left?" {
		t.Fatalf("confirm: %q", q)
	}
	s.Inv[0].Actions = 0
	if q := s.Confirm(end); q != "" {
		t.Fatalf("no actions left, yet asks %q", q)
	}
}

// CardText finds visible cards by number or name prefix (any case), tells
// their state, refuses cards out of view and lists ambiguous names.
func TestCardText(t *testing.T) {
	s := newGame(t, 3, "01001", "01002")
	toAction(t, s)
	study := s.LocInst[s.LocationSlot("Study")]
	for _, q := range []string{"Study", "stu", "#" + itoa(study), itoa(study)} {
		txt, err := s.CardText(0, q)
		if err != nil || !strings.Contains(txt, "Study #"+itoa(study)) || !strings.Contains(txt, "Now: in play, revealed") {
			t.Errorf("card %s: %v\n%s", q, err, txt)
		}
	}
	mine, theirs := s.Inv[0].Hand[0], s.Inv[1].Hand[0]
	if txt, err := s.CardText(0, itoa(mine)); err != nil || !strings.Contains(txt, "Now: in your hand.") {
		t.Errorf("own hand card: %v\n%s", err, txt)
	}
	if _, err := s.CardText(0, itoa(theirs)); err == nil {
		t.Error("another investigator's hand card was shown")
	}
	if _, err := s.CardText(0, itoa(s.Inv[0].Deck[0])); err == nil {
		t.Error("a card in the deck was shown")
	}
	if _, err := s.PutInPlay(0, mustID("01006")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CardText(0, "rolAND"); err == nil || !strings.Contains(err.Error(), "several cards") ||
		!strings.Contains(err.Error(), "Roland Banks #") || !strings.Contains(err.Error(), "Roland's .38 Special #") {
		t.Errorf("ambiguous name: %v", err)
	}
	if txt, err := s.CardText(0, "roland's"); err != nil || !strings.Contains(txt, "Now: in your play area; 4 ammo.") {
		t.Errorf("card roland's: %v\n%s", err, txt)
	}
	if _, err := s.CardText(0, "zzz"); err == nil || !strings.Contains(err.Error(), "no card") {
		t.Errorf("unknown name: %v", err)
	}
	txt, err := s.CardText(0, "ghoul PRIEST")
	if err != nil || !strings.Contains(txt, "Ghoul Priest — enemy") || !strings.Contains(txt, "text only") || !strings.Contains(txt, "In short:") {
		t.Errorf("card ghoul priest: %v\n%s", err, txt)
	}
	for _, l := range strings.Split(txt, "\n") {
		if utf8.RuneCountInString(l) > 100 {
			t.Errorf("line too wide: %s", l)
		}
	}
}

func itoa(id int16) string { return strconv.Itoa(int(id)) }

// The assignment prompt says what is placed where, and what is left.
func TestDescribeAssign(t *testing.T) {
	s := newGame(t, 3)
	toAction(t, s)
	cop, err := s.PutInPlay(0, idBeatCop)
	if err != nil {
		t.Fatal(err)
	}
	s.takeDamage(0, 2, 1, -1)
	s.Refresh()
	if s.Prompt().Kind != PkAssign {
		t.Fatalf("prompt kind %d, want assign", s.Prompt().Kind)
	}
	got := []string{s.Describe(0), s.Describe(1)}
	want := []string{"Take 1 damage on Roland Banks (damage 1/9; 2 more to place)",
		"Put 1 damage on Beat Cop #" + itoa(cop) + " (damage 1/2; 2 more to place)"}
	if got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %q, want %q", got, want)
	}
	for s.Prompt().Kind == PkAssign && !strings.Contains(s.Describe(0), "horror") {
		if err := s.Apply(1); err != nil {
			t.Fatal(err)
		}
	}
	if d := s.Describe(0); d != "Take 1 horror on Roland Banks (horror 1/5)" {
		t.Fatalf("last point: %q", d)
	}
}

// Trauma suffered in the scenario (defeat by damage or horror, agenda 3b) is
// shown on the board (LCG §3 Trauma), and nothing is shown without it.
func TestRenderShowsTrauma(t *testing.T) {
	s := newGame(t, 1, "01001", "01002")
	if r := s.Render(0); strings.Contains(r, "trauma") {
		t.Fatalf("no trauma yet, got:\n%s", r)
	}
	s.Inv[0].Damage = 8
	s.eliminate(0, OutDamage)
	s.Inv[1].MentalTrauma = 2
	r := s.Render(1)
	for _, want := range []string{"trauma: 1 physical, 0 mental", "trauma: 0 physical, 2 mental"} {
		if !strings.Contains(r, want) {
			t.Errorf("render lacks %q:\n%s", want, r)
		}
	}
}
