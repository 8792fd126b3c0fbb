package env_test

import (
	"math"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/machina"
)

const allTerms = "clues:0.1,act:0.5,doom:0.2,damage:0.3"

// potential is Φ of e's state for the shaping option s.
func potential(t *testing.T, e env.Env, s string) float64 {
	t.Helper()
	entry, err := env.Lookup(lcg.TheGatheringID)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := env.ParseShaping(env.Options{"shaping": s}, entry.Potentials)
	if err != nil {
		t.Fatal(err)
	}
	return sh.Potential(e.State())
}

// TestShapedReturnTelescopes: with γ = 1 the shaped return of every episode
// that ends is the outcome minus Φ(s₀), and every per-step shaping term is
// Φ(s') − Φ(s) of the states the env went through.
func TestShapedReturnTelescopes(t *testing.T) {
	nonzero0 := false // some episode starts with Φ(s₀) ≠ 0 (start_act, start_clues)
	for _, opts := range []env.Options{
		{"difficulty": "easy"},
		{"difficulty": "easy", "skip_trivial": "true", "investigators": "2"},
		{"difficulty": "hard", "investigators": "3", "start_act": "2", "start_clues": "2"},
		{"difficulty": "easy", "start_act": "3", "skip_trivial": "true"},
	} {
		shapedOpts := opts.Without()
		shapedOpts["shaping"] = allTerms
		plain, err := env.Make(lcg.TheGatheringID, opts)
		if err != nil {
			t.Fatal(err)
		}
		shaped, err := env.Make(lcg.TheGatheringID, shapedOpts)
		if err != nil {
			t.Fatal(err)
		}
		moved := false
		for seed := uint64(1); seed <= 20; seed++ {
			_, info := plain.Reset(seed)
			_, sinfo := shaped.Reset(seed)
			phi0 := potential(t, shaped, allTerms)
			if phi0 != 0 {
				nonzero0 = true
			}
			phi := phi0
			rng := game.NewRNG(seed)
			ret, sret, outcome := 0.0, 0.0, 0.0
			for step := 0; ; step++ {
				a := agents.Uniform(&rng, info.Mask)
				tr, err := plain.Step(a)
				if err != nil {
					t.Fatal(err)
				}
				str, err := shaped.Step(a)
				if err != nil {
					t.Fatal(err)
				}
				next := 0.0
				if !str.Terminated {
					next = potential(t, shaped, allTerms)
				}
				want := tr.Reward + next - phi
				if math.Abs(str.Reward-want) > 1e-9 || math.Abs(str.Info.Rewards[0]-want) > 1e-9 {
					t.Fatalf("%v seed %d step %d: shaped reward %v (seat 0: %v), want %v", opts, seed, step, str.Reward, str.Info.Rewards[0], want)
				}
				if next != phi {
					moved = true
				}
				if str.Info.Score != tr.Info.Score {
					t.Fatalf("Info.Score %v is shaped; want the game's %v", str.Info.Score, tr.Info.Score)
				}
				phi = next
				ret += tr.Reward
				sret += str.Reward
				info, sinfo = tr.Info, str.Info
				if tr.Terminated != str.Terminated {
					t.Fatal("shaping changed the episode")
				}
				if tr.Terminated {
					outcome = tr.Info.Score
					break
				}
			}
			_ = sinfo
			if ret != outcome {
				t.Fatalf("unshaped return %v, outcome %v", ret, outcome)
			}
			if math.Abs(sret-(outcome-phi0)) > 1e-9 {
				t.Fatalf("%v seed %d: shaped return %v, want outcome − Φ(s₀) = %v − %v", opts, seed, sret, outcome, phi0)
			}
		}
		if !moved {
			t.Fatalf("%v: Φ never moved in 20 episodes", opts)
		}
	}
	if !nonzero0 {
		t.Fatal("Φ(s₀) was 0 in every episode: the telescoping check proves less than it says")
	}
}

// TestShapingGamma: with γ < 1 a step adds γΦ(s') − Φ(s).
func TestShapingGamma(t *testing.T) {
	plain, _ := env.Make(lcg.TheGatheringID, env.Options{"skip_trivial": "true"})
	shaped, err := env.Make(lcg.TheGatheringID, env.Options{"skip_trivial": "true", "shaping": "doom:1,clues:2", "shaping_gamma": "0.9"})
	if err != nil {
		t.Fatal(err)
	}
	_, info := plain.Reset(7)
	shaped.Reset(7)
	phi := potential(t, shaped, "doom:1,clues:2")
	rng := game.NewRNG(3)
	for step := 0; step < 200; step++ {
		a := agents.Uniform(&rng, info.Mask)
		tr, _ := plain.Step(a)
		str, err := shaped.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		next := 0.0
		if !str.Terminated {
			next = potential(t, shaped, "doom:1,clues:2")
		}
		if want := tr.Reward + 0.9*next - phi; math.Abs(str.Reward-want) > 1e-9 {
			t.Fatalf("step %d: shaped reward %v, want %v", step, str.Reward, want)
		}
		phi, info = next, tr.Info
		if tr.Terminated {
			return
		}
	}
}

// TestPotentialsAtTerminal: Φ is 0 once the game is over, whatever the terms
// say (damage and doom are not 0 at a loss).
func TestPotentialsAtTerminal(t *testing.T) {
	e, err := env.Make(lcg.TheGatheringID, env.Options{"difficulty": "easy"})
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(1)
	_, info := e.Reset(1)
	for {
		tr, err := e.Step(agents.Uniform(&rng, info.Mask))
		if err != nil {
			t.Fatal(err)
		}
		info = tr.Info
		if tr.Terminated {
			break
		}
	}
	s := e.State().(*lcg.State)
	if s.DoomPotential() == 0 && s.DamagePotential() == 0 {
		t.Fatal("the terms are 0 at this end; the test would prove nothing")
	}
	if phi := potential(t, e, allTerms); phi != 0 {
		t.Fatalf("Φ(terminal) = %v, want 0", phi)
	}
}

// TestShapingOptionErrors: bad shaping options are refused at make time
// with a message that names the problem.
func TestShapingOptionErrors(t *testing.T) {
	for _, c := range []struct {
		opts env.Options
		want string
	}{
		{env.Options{"shaping": "clue:1"}, `unknown term "clue" (terms: clues, act, doom, damage)`},
		{env.Options{"shaping": "clues"}, "want term:weight"},
		{env.Options{"shaping": "clues:x"}, "not a finite number"},
		{env.Options{"shaping": "clues:NaN"}, "not a finite number"},
		{env.Options{"shaping": "clues:1,clues:2"}, "given twice"},
		{env.Options{"shaping": "clues:1", "shaping_gamma": "0"}, "want a number in (0, 1]"},
		{env.Options{"shaping_gamma": "1.5"}, "want a number in (0, 1]"},
		{env.Options{"start_act": "4"}, "start act 4: want 1 to 3"},
		{env.Options{"start_act": "0"}, "start_act=0"},
		{env.Options{"start_clues": "-1"}, "start clues -1"},
		{env.Options{"start_resources": "99"}, "start resources 99"},
		{env.Options{"investigators": "5"}, "want a count 1 to 4"},
		{env.Options{"investigators": "0"}, "want a count 1 to 4"},
	} {
		_, err := env.Make(lcg.TheGatheringID, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one containing %q", c.opts, err, c.want)
		}
	}
	if _, err := env.Make(lcg.TheGatheringID, env.Options{"shaping": "", "shaping_gamma": "0.99"}); err != nil {
		t.Errorf("empty shaping (off): %v", err)
	}
}

// TestShapingDeterministic: two shaped envs give the same rewards for the
// same seed and actions.
func TestShapingDeterministic(t *testing.T) {
	opts := env.Options{"difficulty": "easy", "shaping": allTerms, "shaping_gamma": "0.99", "skip_trivial": "true"}
	var runs [2][]float64
	for r := range runs {
		e, err := env.Make(lcg.TheGatheringID, opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(11)
		for seed := uint64(1); seed <= 5; seed++ {
			_, info := e.Reset(seed)
			for {
				tr, err := e.Step(agents.Uniform(&rng, info.Mask))
				if err != nil {
					t.Fatal(err)
				}
				runs[r] = append(runs[r], tr.Reward)
				info = tr.Info
				if tr.Terminated {
					break
				}
			}
		}
	}
	if len(runs[0]) != len(runs[1]) {
		t.Fatalf("lengths %d and %d", len(runs[0]), len(runs[1]))
	}
	for i := range runs[0] {
		if runs[0][i] != runs[1][i] {
			t.Fatalf("reward %d: %v and %v", i, runs[0][i], runs[1][i])
		}
	}
}

// TestShapingOffByDefault: without the option the env is not wrapped.
func TestShapingOffByDefault(t *testing.T) {
	e, err := env.Make(lcg.TheGatheringID, env.Options{"shaping_gamma": "0.5"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.(*env.GameEnv); !ok {
		t.Fatalf("env is %T, want the bare *env.GameEnv", e)
	}
}

func benchStep(b *testing.B, opts env.Options) {
	e, err := env.Make(lcg.TheGatheringID, opts)
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRNG(1)
	seed := uint64(1)
	_, info := e.Reset(seed)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tr, err := e.Step(agents.Uniform(&rng, info.Mask))
		if err != nil {
			b.Fatal(err)
		}
		info = tr.Info
		if tr.Terminated {
			b.StopTimer()
			seed++
			_, info = e.Reset(seed)
			b.StartTimer()
		}
	}
}

// BenchmarkStepShaping compares env.Step with shaping off and on (all four
// terms); both should report 0 allocs.
func BenchmarkStepShaping(b *testing.B) {
	b.Run("off", func(b *testing.B) { benchStep(b, env.Options{"difficulty": "easy"}) })
	b.Run("on", func(b *testing.B) {
		benchStep(b, env.Options{"difficulty": "easy", "shaping": allTerms, "shaping_gamma": "0.99"})
	})
}

// TestShapingFollowsSides: a seat's shaping is its side times the team's
// (game.Sides). In Machina's competitive game the monsters seat and dead
// pioneers take the team's shaping negated; in the cooperative game the
// monsters seat takes none.
func TestShapingFollowsSides(t *testing.T) {
	const terms = "advance:1,chapter:1,danger:1,health:1,kills:1,gear:1,monsters:1,lair:1"
	for _, coop := range []string{"false", "true"} {
		base := env.Options{"pioneers": "2", "variant": "very_quick", "cooperative": coop}
		shapedOpts := env.Options{"shaping": terms}
		for k, v := range base {
			shapedOpts[k] = v
		}
		plain, err := env.Make(env.MachinaFrozenEngineID, base)
		if err != nil {
			t.Fatal(err)
		}
		shaped, err := env.Make(env.MachinaFrozenEngineID, shapedOpts)
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(3)
		against, shapedSteps := 0, 0
		for seed := uint64(1); seed <= 6; seed++ {
			_, info := plain.Reset(seed)
			shaped.Reset(seed)
			for step := 0; step < 3000; step++ {
				a := agents.Uniform(&rng, info.Mask)
				p, err := plain.Step(a)
				if err != nil {
					t.Fatal(err)
				}
				s, err := shaped.Step(a)
				if err != nil {
					t.Fatal(err)
				}
				f := s.Reward - p.Reward
				if f != 0 {
					shapedSteps++
				}
				for i := range p.Info.Rewards {
					side := game.SideOf(shaped.State(), game.AgentID(i))
					if side < 0 && f != 0 {
						against++
					}
					if got, want := s.Info.Rewards[i]-p.Info.Rewards[i], side*f; math.Abs(got-want) > 1e-9 {
						t.Fatalf("cooperative=%s seed %d step %d seat %d: shaping %v, want side %v × team %v", coop, seed, step, i, got, side, f)
					}
				}
				info = p.Info
				if p.Terminated || p.Truncated {
					break
				}
			}
		}
		if shapedSteps == 0 {
			t.Fatalf("cooperative=%s: no step was shaped", coop)
		}
		if coop == "false" && against == 0 {
			t.Fatal("competitive: no shaped step had a seat against the team")
		}
	}
}

// TestMachinaAdvanceMovesAndAllocatesNothing: over random very-quick games
// the advance term (machina.State.ChapterGoal) takes values strictly inside
// a chapter's share, not only at chapter starts, stays in [0, 1], and reading
// it allocates nothing (a potential runs every step, docs/shaping.md).
func TestMachinaAdvanceMovesAndAllocatesNothing(t *testing.T) {
	e, err := env.Make(env.MachinaFrozenEngineID, env.Options{"pioneers": "2", "variant": "very_quick", "cooperative": "true", "round_cap": "40"})
	if err != nil {
		t.Fatal(err)
	}
	entry, _ := env.Lookup(env.MachinaFrozenEngineID)
	sh, err := env.ParseShaping(env.Options{"shaping": "advance:1"}, entry.Potentials)
	if err != nil {
		t.Fatal(err)
	}
	inside := 0
	rng := game.NewRNG(5)
	for seed := uint64(1); seed <= 8; seed++ {
		_, info := e.Reset(seed)
		for step := 0; step < 3000; step++ {
			phi := sh.Potential(e.State())
			if phi < 0 || phi > 1 {
				t.Fatalf("seed %d step %d: advance %v outside [0, 1]", seed, step, phi)
			}
			if third := phi * 3; third != math.Trunc(third) {
				inside++
			}
			tr, err := e.Step(agents.Uniform(&rng, info.Mask))
			if err != nil {
				t.Fatal(err)
			}
			info = tr.Info
			if tr.Terminated || tr.Truncated {
				break
			}
		}
	}
	if inside == 0 {
		t.Fatal("advance never moved inside a chapter")
	}
	if n := testing.AllocsPerRun(200, func() { sh.Potential(e.State()) }); n != 0 {
		t.Fatalf("the advance potential allocates %.1f times per call", n)
	}
}

// TestMachinaGearCountsEquippedItems: the gear term is the mean over seats of
// the items each pioneer has equipped (MA §13.1, §13.5: a chain's upgrades
// and extensions are equipped too) over 3, capped at 1; items in an
// inventory do not count, nor does a dead pioneer.
func TestMachinaGearCountsEquippedItems(t *testing.T) {
	e, err := env.Make(env.MachinaFrozenEngineID, env.Options{"pioneers": "2", "variant": "very_quick", "cooperative": "true"})
	if err != nil {
		t.Fatal(err)
	}
	entry, _ := env.Lookup(env.MachinaFrozenEngineID)
	sh, err := env.ParseShaping(env.Options{"shaping": "gear:1"}, entry.Potentials)
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(7)
	m := e.State().(*machina.State)
	for i := range m.Items {
		if m.Items[i].Zone == machina.ZoneEquipped || m.Items[i].Zone == machina.ZoneInventory {
			m.Items[i].Zone = machina.ZoneDeck
		}
	}
	if got := sh.Potential(m); got != 0 {
		t.Fatalf("nothing equipped: gear %v, want 0", got)
	}
	place := func(item int, z machina.Zone, owner int8) {
		m.Items[item].Zone, m.Items[item].Owner = z, owner
	}
	place(0, machina.ZoneEquipped, 0)
	place(1, machina.ZoneEquipped, 0) // an upgrade in pioneer 0's chain counts as equipped
	place(2, machina.ZoneInventory, 1)
	if got, want := sh.Potential(m), (2.0/3+0)/2; math.Abs(got-want) > 1e-12 {
		t.Fatalf("two equipped by pioneer 0, one in pioneer 1's inventory: gear %v, want %v", got, want)
	}
	for item := 3; item < 7; item++ {
		place(item, machina.ZoneEquipped, 1)
	}
	if got, want := sh.Potential(m), (2.0/3+1)/2; math.Abs(got-want) > 1e-12 {
		t.Fatalf("pioneer 1 with four equipped (capped at 3): gear %v, want %v", got, want)
	}
	m.P[1].Alive = false
	if got, want := sh.Potential(m), (2.0/3)/2; math.Abs(got-want) > 1e-12 {
		t.Fatalf("pioneer 1 dead: gear %v, want %v", got, want)
	}
	if n := testing.AllocsPerRun(200, func() { sh.Potential(m) }); n != 0 {
		t.Fatalf("the gear potential allocates %.1f times per call", n)
	}
}

// TestMachinaFinaleTermFollowsTheRitualCells: the finale term is 0 before
// the finale and in it until a ritual cell is hit, then the health the
// ritual cells lost over the health they began with (MA §21.6), and reading
// it allocates nothing.
func TestMachinaFinaleTermFollowsTheRitualCells(t *testing.T) {
	e, err := env.Make(env.MachinaFrozenEngineID, env.Options{"pioneers": "2", "variant": "easy", "cooperative": "true"})
	if err != nil {
		t.Fatal(err)
	}
	entry, _ := env.Lookup(env.MachinaFrozenEngineID)
	sh, err := env.ParseShaping(env.Options{"shaping": "finale:1"}, entry.Potentials)
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(3)
	m := e.State().(*machina.State)
	if phi := sh.Potential(m); phi != 0 {
		t.Fatalf("before the finale: %v", phi)
	}
	m.StartFinale()
	if len(m.Rituals) != 5 || m.Rituals[0].Start != 2 {
		t.Fatalf("the finale's ritual cells: %+v", m.Rituals)
	}
	if phi := sh.Potential(m); phi != 0 {
		t.Fatalf("in the finale, nothing hit: %v", phi)
	}
	m.Rituals[0].HP--
	m.Rituals[3].HP -= 2
	if phi := sh.Potential(m); math.Abs(phi-0.3) > 1e-12 {
		t.Fatalf("3 of 10 health lost: %v", phi)
	}
	if n := testing.AllocsPerRun(200, func() { sh.Potential(m) }); n != 0 {
		t.Fatalf("the finale potential allocates %.1f times per call", n)
	}
}

// TestMachinaMonstersAndLairTerms: the monsters term is minus the monsters in
// play over 4 per pioneer, capped at -1 (MA §6.4); the lair term is the
// lair value's way down to the chapter's timeout over its way from the
// chapter's start (MA §6.2), 1 in the very easy variant, where it never
// counts down.
func TestMachinaMonstersAndLairTerms(t *testing.T) {
	entry, _ := env.Lookup(env.MachinaFrozenEngineID)
	potential := func(term string, m *machina.State) float64 {
		sh, err := env.ParseShaping(env.Options{"shaping": term + ":1"}, entry.Potentials)
		if err != nil {
			t.Fatal(err)
		}
		return sh.Potential(m)
	}
	e, err := env.Make(env.MachinaFrozenEngineID, env.Options{"pioneers": "2", "cooperative": "true"})
	if err != nil {
		t.Fatal(err)
	}
	e.Reset(7)
	m := e.State().(*machina.State)
	for _, c := range []struct {
		order []int8
		want  float64
	}{{nil, 0}, {[]int8{0, 1, 2}, -3.0 / 8}, {[]int8{0, 1, 2, 3, 4, 5, 6, 7, 8}, -1}} {
		m.Order = c.order
		if got := potential("monsters", m); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%d monsters in play, 2 pioneers: monsters %v, want %v", len(c.order), got, c.want)
		}
	}
	m.ResetLairHorror()
	start := m.Lair
	if start <= 2 {
		t.Fatalf("the first chapter's scaled lair value is %d: the test needs one above 2", start)
	}
	if got := potential("lair", m); got != 1 {
		t.Errorf("lair at the chapter's start (%d): lair %v, want 1", start, got)
	}
	m.Lair = start - 1
	if got, want := potential("lair", m), float64(start-2)/float64(start-1); math.Abs(got-want) > 1e-12 {
		t.Errorf("lair %d of %d: lair %v, want %v", m.Lair, start, got, want)
	}
	m.Lair = 1
	if got := potential("lair", m); got != 0 {
		t.Errorf("lair 1 (the chapter times out): lair %v, want 0", got)
	}
	ve, err := env.Make(env.MachinaFrozenEngineID, env.Options{"pioneers": "2", "cooperative": "true", "variant": "very_easy"})
	if err != nil {
		t.Fatal(err)
	}
	ve.Reset(7)
	vm := ve.State().(*machina.State)
	vm.Lair = 1
	if got := potential("lair", vm); got != 1 {
		t.Errorf("very easy (the lair value never decreases): lair %v, want 1", got)
	}
}
