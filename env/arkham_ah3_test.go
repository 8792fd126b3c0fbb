package env_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/ah3"
	"github.com/mythos-rl/mythos/env/ah3/content"
	"github.com/mythos-rl/mythos/env/game"
)

// The AH3 env plays whole games through Step with random legal actions, one
// agent per investigator, and ends with the team's +1 or −1 (or truncation
// at the round cap, score 0).
func TestAH3Env(t *testing.T) {
	if env.AH3ID != "ArkhamHorror3/DrownedLantern-v0" {
		t.Fatalf("AH3ID = %s", env.AH3ID)
	}
	for _, n := range []string{"1", "2", "4", "6"} {
		e, err := env.Make(env.AH3ID, env.Options{"investigators": n})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(e.Spec().Agents); strings.TrimSpace(n) != string(rune('0'+got)) {
			t.Fatalf("investigators=%s: %d agents", n, got)
		}
		rng := game.NewRNG(1)
		for ep := uint64(0); ep < 3; ep++ {
			_, info := e.Reset(ep)
			for steps := 0; ; steps++ {
				if int(info.Agent) >= len(e.Spec().Agents) {
					t.Fatalf("acting agent %d of %d", info.Agent, len(e.Spec().Agents))
				}
				legal := []int{}
				for a, m := range info.Mask {
					if m == 1 {
						legal = append(legal, a)
					}
				}
				tr, err := e.Step(legal[rng.IntN(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				info = tr.Info
				if tr.Terminated {
					if tr.Reward != 1 && tr.Reward != -1 && tr.Reward != 0 {
						t.Fatalf("final reward %v", tr.Reward)
					}
					break
				}
				if tr.Reward != 0 {
					t.Fatalf("reward %v before the end", tr.Reward)
				}
			}
		}
	}
}

// investigators takes a count or names (case-insensitive, any unique part).
func TestAH3Investigators(t *testing.T) {
	for _, c := range []struct {
		v    string
		want []string
	}{
		{"1", []string{"Jenny Barnes"}},
		{"3", []string{"Jenny Barnes", "Tommy Muldoon", "Marie Lambeau"}},
		{"rex murphy,wendy", []string{"Rex Murphy", "Wendy Adams"}},
		{"Calvin Wright", []string{"Calvin Wright"}},
	} {
		e, err := env.Make(env.AH3ID, env.Options{"investigators": c.v})
		if err != nil {
			t.Fatalf("%s: %v", c.v, err)
		}
		if !slices.Equal(e.Spec().Agents, c.want) {
			t.Errorf("investigators=%s: agents %v, want %v", c.v, e.Spec().Agents, c.want)
		}
	}
	for _, bad := range []string{"0", "7", "nobody", "jenny,jenny", "round_cap"} {
		if _, err := env.Make(env.AH3ID, env.Options{"investigators": bad}); err == nil {
			t.Errorf("investigators=%s accepted", bad)
		}
	}
	if _, err := env.Make(env.AH3ID, env.Options{"round_cap": "0"}); err == nil {
		t.Error("round_cap=0 accepted")
	}
}

// round_cap truncates: with one round, every game ends at once with score 0
// or earlier with a result.
func TestAH3RoundCap(t *testing.T) {
	e, err := env.Make(env.AH3ID, env.Options{"round_cap": "1"})
	if err != nil {
		t.Fatal(err)
	}
	_, info := e.Reset(5)
	for i := 0; i < 10000; i++ {
		a := slices.Index(info.Mask, 1)
		tr, err := e.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
		if tr.Terminated {
			if st := e.State(); st.Score() != 0 && st.Score() != -1 {
				t.Fatalf("score %v after one round", st.Score())
			}
			return
		}
	}
	t.Fatal("round_cap=1 did not end the game")
}

// copyShipped copies the shipped content into a new directory.
func copyShipped(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	sub, err := fs.Sub(content.Shipped(), content.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dir, sub); err != nil {
		t.Fatal(err)
	}
	return dir
}

// content loads a user's directory; a broken file is refused with its
// file:line.
func TestAH3Content(t *testing.T) {
	dir := copyShipped(t)
	e, err := env.Make(env.AH3ID, env.Options{"content": dir, "investigators": "1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, info := e.Reset(1); slices.Index(info.Mask, 1) < 0 {
		t.Fatal("no legal action after reset")
	}
	p := filepath.Join(dir, "monsters.yaml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	at := -1
	for i, l := range lines {
		if strings.Contains(l, "health:") {
			lines[i] = strings.Replace(l, "health:", "healthh:", 1)
			at = i + 1
			break
		}
	}
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = env.Make(env.AH3ID, env.Options{"content": dir})
	if err == nil {
		t.Fatal("broken content accepted")
	}
	if want := "monsters.yaml:" + itoa(at); !strings.Contains(err.Error(), want) {
		t.Fatalf("error does not name %s:\n%v", want, err)
	}
	if _, err := env.Make(env.AH3ID, env.Options{"content": filepath.Join(dir, "nothing")}); err == nil {
		t.Fatal("a missing directory accepted")
	}
}

func itoa(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

// The shaping terms stay in their documented ranges over random play.
func TestAH3Potentials(t *testing.T) {
	e, err := env.Make(env.AH3ID, env.Options{"investigators": "3", "shaping": "clues:1,doom:1,board_doom:1,damage:1"})
	if err != nil {
		t.Fatal(err)
	}
	entry, _ := env.Lookup(env.AH3ID)
	rng := game.NewRNG(2)
	_, info := e.Reset(2)
	for i := 0; i < 3000; i++ {
		for _, term := range entry.Potentials {
			v := term.Value(e.State())
			if v < -1 || v > 1 || v != v {
				t.Fatalf("%s = %v", term.Name, v)
			}
		}
		var legal []int
		for a, m := range info.Mask {
			if m == 1 {
				legal = append(legal, a)
			}
		}
		tr, err := e.Step(legal[rng.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
		if tr.Done() {
			_, info = e.Reset(uint64(i))
		}
	}
}

// choose_investigators=true opens the game with each player choosing a sheet
// (AH3 110.1), seat 0 first, never the same sheet twice (a player's starting
// options may come between the choices).
func TestAH3ChooseInvestigators(t *testing.T) {
	e, err := env.Make(env.AH3ID, env.Options{"investigators": "2", "choose_investigators": "true"})
	if err != nil {
		t.Fatal(err)
	}
	_, info := e.Reset(3)
	var seats, sizes []int
	for step := 0; step < 40 && len(seats) < 3; step++ {
		p := e.State().Prompt()
		if ah3.PromptKindName(p.Kind) == "investigator" {
			seats = append(seats, int(p.Actor))
			sizes = append(sizes, len(p.Options))
		}
		tr, err := e.Step(slices.Index(info.Mask, 1))
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
	}
	if !slices.Equal(seats, []int{0, 1}) || sizes[1] != sizes[0]-1 {
		t.Fatalf("investigator prompts for seats %v with %v sheets; want seats [0 1], the second with one sheet fewer", seats, sizes)
	}
	if ah3.PromptKindName(e.State().Prompt().Kind) == "investigator" {
		t.Fatal("still choosing investigators")
	}
	if _, err := env.Make(env.AH3ID, env.Options{"choose_investigators": "maybe"}); err == nil {
		t.Fatal("choose_investigators=maybe accepted")
	}
}

// TestAH3CurriculumStart: start_clues and start_sheet_clues reach the game
// (docs/shaping.md, "Curriculum starts"); values out of range, and sheet
// clues that win the scenario at setup, are refused at make time.
func TestAH3CurriculumStart(t *testing.T) {
	play := func(opts env.Options) *ah3.State {
		e, err := env.Make(env.AH3ID, opts)
		if err != nil {
			t.Fatal(err)
		}
		_, info := e.Reset(4)
		s := e.State().(*ah3.State)
		for s.Round == 0 && !s.Over() { // the setup's choices
			tr, err := e.Step(slices.Index(info.Mask, 1))
			if err != nil {
				t.Fatal(err)
			}
			info = tr.Info
		}
		return s
	}
	real := play(env.Options{})
	s := play(env.Options{"start_clues": "2", "start_sheet_clues": "4"})
	if s.Seats[0].Clues != real.Seats[0].Clues+2 || s.Seats[1].Clues != real.Seats[1].Clues+2 || s.SheetClues != 2 || real.SheetClues != 0 {
		t.Fatalf("start_clues=2,start_sheet_clues=4: seat clues %d %d (real %d %d), sheet %d (real %d); want +2 each and 2 (4 less the first objective's 2)",
			s.Seats[0].Clues, s.Seats[1].Clues, real.Seats[0].Clues, real.Seats[1].Clues, s.SheetClues, real.SheetClues)
	}
	for _, c := range []struct {
		opts env.Options
		want string
	}{
		{env.Options{"start_clues": "11"}, "start_clues=11: want 0 to 10"},
		{env.Options{"start_sheet_clues": "-1"}, "start_sheet_clues=-1: want 0 to 10"},
		{env.Options{"start_sheet_clues": "5"}, "start_sheet_clues=5: the scenario is won at setup"},
		{env.Options{"start_clues": "two"}, "start_clues"},
	} {
		if _, err := env.Make(env.AH3ID, c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one containing %q", c.opts, err, c.want)
		}
	}
}
