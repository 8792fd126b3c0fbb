package train

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/env"
)

// monsterSeat is Machina Arcana's monster seat with two pioneers.
const monsterSeat = 2

func TestSeatsConfigErrors(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"seats: {opponent: heuristic}", "without seats.learn"},
		{"seats: {learn: [monsters]}", "seats.opponent"},
		{"seats: {learn: [monsters], opponent: nosuchagent}", "seats.opponent"},
		{"seats: {learn: [monsters], opponent: heuristic, opponents: [bogus]}", "SEAT=AGENT"},
	} {
		cfg := DefaultConfig()
		if err := ParseConfig([]byte(c.yaml), &cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error naming %q", c.yaml, err, c.want)
		}
	}
	// errors that need the env's seats
	for _, c := range []struct {
		seats SeatsConfig
		want  string
	}{
		{SeatsConfig{Learn: []string{"dragons"}, Opponent: "heuristic"}, `seat "dragons"`},
		{SeatsConfig{Learn: []string{"monsters", "2"}, Opponent: "heuristic"}, "twice"},
		{SeatsConfig{Learn: []string{"0", "1", "2"}, Opponent: "heuristic"}, "every seat"},
		{SeatsConfig{Learn: []string{"monsters"}, Opponent: "heuristic", Opponents: []string{"monsters=random"}}, "learns"},
	} {
		e, err := env.Make(machinaID, env.Options{"variant": "very_quick"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := newSeatPlan(&c.seats, e, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want an error naming %q", c.seats, err, c.want)
		}
	}
	// the cooperative monster seat never acts and has no stake
	e, err := env.Make(machinaID, env.Options{"variant": "very_quick", "cooperative": "true"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newSeatPlan(&SeatsConfig{Learn: []string{"monsters"}, Opponent: "heuristic"}, e, 1); err == nil || !strings.Contains(err.Error(), "no stake") {
		t.Errorf("cooperative monsters: got %v", err)
	}
}

// TestOpponentEnvMonsters plays Machina's monster seat through opponentEnv:
// only the monster seat is asked to act, and without shaping its rewards add
// up to the learning side's score (−1 × the pioneers').
func TestOpponentEnvMonsters(t *testing.T) {
	opts := env.Options{"pioneers": "2", "variant": "very_quick", "cooperative": "false", "round_cap": "40", "skip_trivial": "true", "max_steps": "600"}
	base, err := env.Make(machinaID, opts)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := newSeatPlan(&SeatsConfig{Learn: []string{"monsters"}, Opponent: "heuristic"}, base, 1)
	if err != nil {
		t.Fatal(err)
	}
	if plan.side != -1 || len(plan.fixed) != 2 {
		t.Fatalf("plan %+v: want side -1 and two opponent seats", plan)
	}
	o, err := newOpponentEnv(base, plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	skipped, wins := 0, 0
	for ep := uint64(0); ep < 6; ep++ {
		_, info := o.Reset(100 + ep)
		skipped += len(o.takeSkipped())
		sum, decisions := 0.0, 0
		for {
			if info.Agent != monsterSeat {
				t.Fatalf("episode %d: seat %d asked to act", ep, info.Agent)
			}
			a := -1
			for k, m := range info.Mask {
				if m != 0 {
					a = k
					break
				}
			}
			tr, err := o.Step(a)
			if err != nil {
				t.Fatal(err)
			}
			decisions++
			sum += tr.Reward
			if tr.Done() {
				if d := sum - tr.Info.Score; d > 1e-9 || d < -1e-9 {
					t.Fatalf("episode %d: rewards sum to %v, learning-side score %v", ep, sum, tr.Info.Score)
				}
				if want := -o.Env.State().Score(); tr.Info.Score != want {
					t.Fatalf("episode %d: score %v, want %v", ep, tr.Info.Score, want)
				}
				if tr.Info.Score > 0 {
					wins++
				}
				break
			}
			info = tr.Info
		}
		if decisions == 0 {
			t.Fatalf("episode %d: no monster decision", ep)
		}
	}
	t.Logf("6 episodes with monster decisions, %d skipped without, %d won by the monsters", skipped, wins)
}

// TestMachinaMonstersSmoke trains configs/machina-monsters-smoke.yaml (the
// monster seat against heuristic pioneers): only monster decisions enter the
// batch, the weights do not depend on the workers, and a run stopped after
// one update and resumed is the straight run.
func TestMachinaMonstersSmoke(t *testing.T) {
	cfg, err := LoadConfig("configs/machina-monsters-smoke.yaml")
	if err != nil {
		t.Fatal(err)
	}
	run := func(workers int, out string, resume bool, updates int) *Trainer {
		t.Helper()
		c := cfg
		c.Workers = workers
		tr, err := NewTrainer(machinaID, nil, c, out, resume)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tr.Close)
		if updates < 0 {
			if err := tr.Run(context.Background(), noDeadline, nil); err != nil {
				t.Fatal(err)
			}
			return tr
		}
		if err := tr.WarmStart(context.Background(), noDeadline, nil); err != nil {
			t.Fatal(err)
		}
		for range updates {
			row, err := tr.Iterate()
			if err != nil {
				t.Fatal(err)
			}
			tr.Metrics = append(tr.Metrics, row)
		}
		return tr
	}
	a := run(1, t.TempDir(), false, -1)
	for row, seat := range a.buf.agent {
		if seat != monsterSeat {
			t.Fatalf("row %d of the batch is seat %d's decision", row, seat)
		}
	}
	if a.Progress.Episodes == 0 || a.Metrics[len(a.Metrics)-1].EvalWinRate < 0 {
		t.Fatalf("progress %+v, metrics %+v", a.Progress, a.Metrics)
	}
	if len(a.Baselines) != 2 || a.Baselines[1].Agent != "heuristic" || a.Baselines[1].Episodes != cfg.EvalEpisodes {
		t.Fatalf("baselines %+v", a.Baselines)
	}
	b := run(2, t.TempDir(), false, -1)
	paramsEqual(t, a.Model, b.Model)
	if a.Progress.Episodes != b.Progress.Episodes || a.Progress.Wins != b.Progress.Wins {
		t.Fatalf("episodes %d/%d wins %d/%d on 1 and 2 workers", a.Progress.Episodes, b.Progress.Episodes, a.Progress.Wins, b.Progress.Wins)
	}

	dir := t.TempDir()
	c1 := run(2, dir, false, 1)
	if err := c1.Save(filepath.Join(dir, "last")); err != nil {
		t.Fatal(err)
	}
	c1.Close()
	c2 := run(2, dir, true, 0)
	if err := c2.Run(context.Background(), noDeadline, nil); err != nil {
		t.Fatal(err)
	}
	paramsEqual(t, a.Model, c2.Model)
	if a.Progress.Episodes != c2.Progress.Episodes || a.Progress.Wins != c2.Progress.Wins || a.Progress.EnvSteps != c2.Progress.EnvSteps {
		t.Fatalf("resumed run: %+v, straight run: %+v", c2.Progress, a.Progress)
	}
	for k := range a.Metrics {
		x, y := a.Metrics[k], c2.Metrics[k]
		x.StepsPerSec, x.Seconds, y.StepsPerSec, y.Seconds = 0, 0, 0, 0
		if !reflect.DeepEqual(x, y) {
			t.Fatalf("update %d differs after resume:\n%+v\n%+v", k+1, x, y)
		}
	}
}

// leagueConfig is tinyConfig with seat 0 learning against a league of the
// run's past networks in seat 1 (a member joins every update, three kept).
func leagueConfig() Config {
	cfg := tinyConfig()
	cfg.TotalSteps = 512
	cfg.Seats = SeatsConfig{Learn: []string{"0"}, Opponent: LeagueAgent, LeagueEvery: 1, LeagueSize: 3}
	// large steps, so that members differ enough to play differently (a
	// resume that seated the wrong member would show)
	cfg.LearningRate, cfg.LRDecay = 0.05, false
	return cfg
}

// TestLeagueOpponents trains seat 0 of the fixture against a league in seat
// 1: only seat 0's decisions enter the batch, the league grows every update
// and keeps its first member within league_size, the weights do not depend
// on the workers, and a run resumed from any update's checkpoint (the
// league and each env's drawn members included) is the straight run.
func TestLeagueOpponents(t *testing.T) {
	cfg := leagueConfig()
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	straight := func(workers int) *Trainer {
		c := cfg
		c.Workers = workers
		tr := newTiny(t, c, t.TempDir(), false)
		if err := tr.Run(context.Background(), noDeadline, nil); err != nil {
			t.Fatal(err)
		}
		return tr
	}
	a := straight(1)
	for row, seat := range a.buf.agent {
		if seat != 0 {
			t.Fatalf("row %d of the batch is seat %d's decision", row, seat)
		}
	}
	if ids := a.league.ids(); len(ids) < 3 || ids[0] != 0 || ids[len(ids)-1] != 4 {
		t.Fatalf("league %v after 4 updates: want the first member, the newest (4), at least 3", ids)
	}
	paramsEqual(t, a.Model, a.league.members[len(a.league.members)-1].Model)
	paramsEqual(t, a.Model, straight(3).Model)

	for stop := 1; stop <= 3; stop++ {
		dir := t.TempDir()
		c1 := newTiny(t, cfg, dir, false)
		updateAndSave(t, c1, stop)
		c1.Close()
		c2 := newTiny(t, cfg, dir, true)
		if err := c2.Run(context.Background(), noDeadline, nil); err != nil {
			t.Fatal(err)
		}
		paramsEqual(t, a.Model, c2.Model)
		if a.Progress.Episodes != c2.Progress.Episodes || a.Progress.Wins != c2.Progress.Wins {
			t.Fatalf("resumed after %d updates: %+v, straight: %+v", stop, c2.Progress, a.Progress)
		}
		if x, y := a.league.ids(), c2.league.ids(); len(x) != len(y) || x[len(x)-1] != y[len(y)-1] {
			t.Fatalf("resumed after %d updates: league %v, straight %v", stop, y, x)
		}
	}
}

// TestOpponentSeats: the seats a checkpoint did not learn, named as in the
// spec, each with its training opponent (seats.opponents overriding
// seats.opponent), and the learned seats in seat order; nil when every seat
// learned; a league opponent refused.
func TestOpponentSeats(t *testing.T) {
	e, err := env.Make(machinaID, env.Options{"pioneers": "2", "variant": "very_quick"})
	if err != nil {
		t.Fatal(err)
	}
	names := e.Spec().Agents
	for _, c := range []struct {
		seats SeatsConfig
		want  []string
		learn []string
		err   string
	}{
		{SeatsConfig{}, nil, nil, ""},
		{SeatsConfig{Learn: []string{"monsters"}, Opponent: "heuristic"}, []string{names[0] + "=heuristic", names[1] + "=heuristic"}, []string{"monsters"}, ""},
		{SeatsConfig{Learn: []string{"monsters"}, Opponent: "heuristic", Opponents: []string{"1=random"}}, []string{names[0] + "=heuristic", names[1] + "=random"}, []string{"monsters"}, ""},
		{SeatsConfig{Learn: []string{"1", "0"}, Opponent: "random"}, []string{"monsters=random"}, names[:2], ""},
		{SeatsConfig{Learn: []string{"monsters"}, Opponent: LeagueAgent, LeagueEvery: 1, LeagueSize: 1}, nil, nil, "league"},
	} {
		cfg := DefaultConfig()
		cfg.Seats = c.seats
		got, learned, err := OpponentSeats(&cfg, e)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%+v: got %v, want an error naming %q", c.seats, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%+v: %v", c.seats, err)
		}
		var s []string
		for _, sa := range got {
			s = append(s, sa.String())
		}
		if !reflect.DeepEqual(s, c.want) || !reflect.DeepEqual(learned, c.learn) {
			t.Errorf("%+v: fixed seats %q and learned %q, want %q and %q", c.seats, s, learned, c.want, c.learn)
		}
	}
}
