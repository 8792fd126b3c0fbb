package lcgobs_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
)

// fields reads named fields of one observation.
type fields struct {
	t *testing.T
	l *encode.Layout
	o encode.Obs
}

func (f fields) float(name string) []float32 {
	f.t.Helper()
	fl, ok := f.l.Field(name)
	if !ok {
		f.t.Fatalf("no field %q", name)
	}
	return f.o.Float(fl)
}

func (f fields) ints(name string) []int32 {
	f.t.Helper()
	fl, ok := f.l.Field(name)
	if !ok {
		f.t.Fatalf("no field %q", name)
	}
	return f.o.Int(fl)
}

// col reads column c of row r of a float field, by column name from the
// field's doc.
func (f fields) col(name string, r int, column string) float32 {
	f.t.Helper()
	fl, _ := f.l.Field(name)
	cols := columnsOf(fl.Doc)
	k := slices.Index(cols, column)
	if k < 0 {
		f.t.Fatalf("field %s has no column %q (%v)", name, column, cols)
	}
	return f.float(name)[r*len(cols)+k]
}

func id(code string) int32 { return int32(cards.MustCode(code)) }

// TestOpeningOfTheGathering encodes the first decision of a scripted game of
// The Gathering (Daisy Walker lead, Roland Banks second, no mulligan, no
// random weakness) from Roland's view and checks the fields against the
// setup rules (LCG §7) and the printed cards.
func TestOpeningOfTheGathering(t *testing.T) {
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01002", "01001"}, Difficulty: "standard", NoRandomWeakness: true})
	if err != nil {
		t.Fatal(err)
	}
	e := encoder(t, sc)
	s := sc.New(1, false)
	o := e.Layout().NewObs()
	f := fields{t, e.Layout(), o}
	roland := game.AgentID(1)
	e.Encode(s, roland, o)

	if got := f.ints("investigator_seat"); !slices.Equal(got, []int32{1, 0, -1, -1}) {
		t.Errorf("investigator_seat %v: rows are relative to the viewer", got)
	}
	if got := f.ints("investigator_card"); !slices.Equal(got, []int32{id("01001"), id("01002"), 0, 0}) {
		t.Errorf("investigator_card %v", got)
	}
	// Printed skills: Roland 3/3/4/2, Daisy 3/5/2/2; health/sanity 9/5 and 5/9.
	for _, c := range []struct {
		field string
		row   int
		col   string
		want  float32
	}{
		{"self", 0, "skill_combat", 4}, {"self", 0, "skill_intellect", 3}, {"self", 0, "health_left", 9}, {"self", 0, "sanity_left", 5},
		{"others", 0, "skill_intellect", 5}, {"others", 0, "sanity_left", 9}, {"others", 0, "is_lead", 1}, {"self", 0, "is_lead", 0},
		{"self", 0, "resources", 5}, {"self", 0, "hand_size", 5}, {"others", 0, "hand_size", 5}, // LCG §7 steps 7, 8
		{"self", 0, "at_location0", 1}, {"others", 0, "at_location0", 1}, // both in the Study
		{"locations", 0, "revealed", 1}, {"locations", 0, "shroud", 2}, {"locations", 0, "clues", 4}, // Study: shroud 2, 2 clues per investigator
		{"locations", 0, "investigator_row_here0", 1}, {"locations", 0, "investigator_row_here1", 1},
		{"locations", 1, "in_play", 0}, // the Hallway is set aside
		{"global", 0, "doom_threshold", 3}, {"global", 0, "act_clue_threshold", 4}, {"global", 0, "investigators", 2},
		{"global", 0, "difficulty=standard", 1}, {"global", 0, "act_stage", 1}, {"global", 0, "agenda_stage", 1},
	} {
		if got := f.col(c.field, c.row, c.col); got != c.want {
			t.Errorf("%s[%d].%s = %v, want %v", c.field, c.row, c.col, got, c.want)
		}
	}
	if f.ints("location_card")[0] != id("01111") || f.ints("act_card")[0] != id("01108") || f.ints("agenda_card")[0] != id("01105") {
		t.Errorf("location %d act %d agenda %d", f.ints("location_card")[0], f.ints("act_card")[0], f.ints("agenda_card")[0])
	}
	// Night of the Zealot, standard: +1, 0 0, −1 ×3, −2 ×2, −3, −4, skull ×2,
	// cultist, tablet, auto-fail, elder sign.
	if got := f.float("chaos_bag"); !slices.Equal(got, []float32{1, 2, 3, 2, 1, 1, 0, 0, 0, 0, 2, 1, 1, 0, 1, 1}) {
		t.Errorf("chaos_bag %v", got)
	}
	// Roland's hand is his own starter cards; Daisy's is not shown.
	hand := f.ints("hand_card")
	for h, hid := range s.Inv[1].Hand {
		if hand[h] != int32(s.Cards[hid].Def) {
			t.Errorf("hand slot %d: %d, want %d", h, hand[h], s.Cards[hid].Def)
		}
	}
	if s.Prompt().Actor == roland {
		t.Fatal("the script expects Daisy, the lead, to decide first")
	}
	if f.col("prompt", 0, "viewer_decides") != 0 || f.ints("option_action")[0] != -1 {
		t.Error("option rows written for an investigator who does not decide")
	}
}

// TestEngagedEnemyAndSkillTest places a Ghoul Minion engaged with Roland,
// lets Daisy investigate, and checks the enemy row and the pending skill
// test from both views.
func TestEngagedEnemyAndSkillTest(t *testing.T) {
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01002", "01001"}, Difficulty: "standard", NoRandomWeakness: true})
	if err != nil {
		t.Fatal(err)
	}
	e := encoder(t, sc)
	s := sc.New(1, false)
	if _, err := s.PlaceEnemy(cards.MustCode("01160"), 0, 1, 1, false); err != nil {
		t.Fatal(err)
	}
	o := e.Layout().NewObs()
	f := fields{t, e.Layout(), o}
	e.Encode(s, 0, o) // Daisy's view: Roland is row 1
	for _, c := range []struct {
		col  string
		want float32
	}{
		{"present", 1}, {"fight", 2}, {"evade", 2}, {"health", 2}, {"damage", 1}, {"health_left", 1}, {"attack_damage", 1},
		{"attack_horror", 1}, {"engaged", 1}, {"engaged_with_row1", 1}, {"engaged_with_row0", 0}, {"at_viewer_location", 1},
	} {
		if got := f.col("enemies", 0, c.col); got != c.want {
			t.Errorf("enemies[0].%s = %v, want %v", c.col, got, c.want)
		}
	}
	if f.ints("enemy_card")[0] != id("01160") || f.ints("enemy_location")[0] != 1 || f.col("others", 0, "engaged_enemies") != 1 || f.col("self", 0, "engaged_enemies") != 0 ||
		f.col("locations", 0, "enemies_here") != 1 || f.ints("threat_card")[lcg.MaxThreat] != id("01160") {
		t.Errorf("engagement: enemy_card %v, threat_card %v", f.ints("enemy_card"), f.ints("threat_card"))
	}

	// Daisy investigates the Study: intellect 5 against shroud 2 (LCG §3
	// Investigate (action), §6 ST.1).
	s.Refresh()
	// The lead chooses who takes the first turn (LCG §5.2 2.2): Daisy.
	if err := s.Apply(s.Prompt().Find(lcg.ActSeat + 0)); err != nil {
		t.Fatal(err)
	}
	if i := s.Prompt().Find(lcg.ActInvestigate); s.Prompt().Actor != 0 || i < 0 {
		t.Fatalf("Daisy cannot investigate: actor %d, prompt kind %d, options %v", s.Prompt().Actor, s.Prompt().Kind, s.Prompt().Options)
	} else if err := s.Apply(i); err != nil {
		t.Fatal(err)
	}
	e.Encode(s, 0, o)
	if s.Prompt().Kind != lcg.PkCommit {
		t.Fatalf("prompt kind %d, want commit", s.Prompt().Kind)
	}
	for _, c := range []struct {
		col  string
		want float32
	}{
		{"in_progress", 1}, {"tester_row0", 1}, {"skill=intellect", 1}, {"kind=investigate", 1},
		{"skill_value", 5}, {"difficulty", 2}, {"value_minus_difficulty", 3}, {"cards_committed", 0},
	} {
		if got := f.col("skill_test", 0, c.col); got != c.want {
			t.Errorf("skill_test.%s = %v, want %v", c.col, got, c.want)
		}
	}
	if f.ints("test_target_card")[0] != id("01111") {
		t.Errorf("test target %d, want the Study", f.ints("test_target_card")[0])
	}
	if f.col("prompt", 0, "kind=commit") != 1 || f.col("prompt", 0, "viewer_decides") != 1 {
		t.Error("prompt columns")
	}
	// Every Commit<h> option marks hand slot h, and nothing else is marked.
	commit := make([]float32, lcg.MaxHand)
	for _, opt := range s.Prompt().Options {
		if opt.Code >= lcg.ActCommit && opt.Code < lcg.ActCommit+lcg.MaxHand {
			commit[opt.Code-lcg.ActCommit] = 1
		}
	}
	if !slices.Contains(commit, 1) {
		t.Fatal("the script expects Daisy to have cards to commit")
	}
	for h := 0; h < lcg.MaxHand; h++ {
		if got := f.col("hand", h, "may_commit"); got != commit[h] {
			t.Errorf("hand[%d].may_commit = %v, want %v", h, got, commit[h])
		}
	}
	// From Roland's view the test is the same, the tester is row 1, and
	// Daisy's commit options are not shown.
	e.Encode(s, 1, o)
	if f.col("skill_test", 0, "tester_row1") != 1 || f.col("prompt", 0, "viewer_decides") != 0 || f.col("prompt", 0, "actor_row1") != 1 {
		t.Error("Roland's view of Daisy's test")
	}
	for h := 0; h < lcg.MaxHand; h++ {
		if f.col("hand", h, "may_commit") != 0 {
			t.Errorf("Roland's hand slot %d marked committable during Daisy's commit window", h)
		}
	}
}

// columnsOf reads the column names a field's doc lists after "Columns: ".
func columnsOf(doc string) []string {
	i := strings.LastIndex(doc, "Columns: ")
	if i < 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(doc[i+len("Columns: "):], "."), ", ")
}
