package agents_test

import (
	"reflect"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
	"github.com/mythos-rl/mythos/env/lcg/cards"
	"github.com/mythos-rl/mythos/internal/fixture"
)

func rollout(t *testing.T, id, agent string, episodes, workers int, seed uint64) []agents.Episode {
	t.Helper()
	eps, err := agents.Rollout(agents.RolloutConfig{Env: id, Agent: agent, Episodes: episodes, Seed: seed, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return eps
}

func wins(eps []agents.Episode) int {
	n := 0
	for _, e := range eps {
		if e.Won() {
			n++
		}
	}
	return n
}

func TestHeuristicIsDeterministicForASeed(t *testing.T) {
	a := rollout(t, lcg.TheGatheringID, "heuristic", 30, 1, 7)
	b := rollout(t, lcg.TheGatheringID, "heuristic", 30, 2, 7)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different episodes")
	}
	c := rollout(t, lcg.TheGatheringID, "heuristic", 30, 1, 8)
	if reflect.DeepEqual(a, c) {
		t.Fatal("seeds 7 and 8 gave the same episodes")
	}
}

func TestHeuristicBeatsRandomOnTheGathering(t *testing.T) {
	h, r := wins(rollout(t, lcg.TheGatheringID, "heuristic", 150, 2, 1)), wins(rollout(t, lcg.TheGatheringID, "random", 150, 2, 1))
	t.Logf("wins over 150 seeds: heuristic %d, random %d", h, r)
	if h < r+8 {
		t.Fatalf("heuristic %d wins does not clearly beat random %d", h, r)
	}
}

func TestHeuristicPlaysOtherGamesAtRandom(t *testing.T) {
	fixture.Register()
	eps := rollout(t, fixture.ID, "heuristic", 20, 1, 3)
	if len(eps) != 20 {
		t.Fatal(len(eps))
	}
}

// playLCG plays The Gathering with the heuristic policy and calls check before
// every decision with more than one option.
func playLCG(t *testing.T, games int, check func(s *lcg.State, choice int)) {
	t.Helper()
	sc, err := lcg.NewScenario(lcg.Options{Investigators: []string{"01001"}, Difficulty: "standard", Mulligan: true})
	if err != nil {
		t.Fatal(err)
	}
	pol := agents.HeuristicPolicy{}
	for g := 0; g < games; g++ {
		s := sc.New(uint64(g+1), false)
		rng := game.NewRNG(uint64(g + 100))
		for steps := 0; !s.Over(); steps++ {
			if steps > 5000 {
				t.Fatalf("game %d did not end", g)
			}
			c := pol.Choose(s, &rng)
			if n := len(s.Prompt().Options); c < 0 || c >= n {
				t.Fatalf("choice %d of %d options", c, n)
			}
			if len(s.Prompt().Options) > 1 {
				check(s, c)
			}
			if err := s.Apply(c); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestHeuristicRulesOfThumb(t *testing.T) {
	advanced, certain, attic := 0, 0, 0
	playLCG(t, 60, func(s *lcg.State, c int) {
		p := s.Prompt()
		chosen := p.Options[c].Code
		seat := int(p.Actor)
		// Act 1: spend the clues to advance as soon as the group has them (LCG §3 Act Deck).
		if i := p.Find(lcg.ActAdvanceAct); i >= 0 && s.Act == 0 && p.Kind == lcg.PkAction {
			advanced++
			if chosen != lcg.ActAdvanceAct {
				t.Fatalf("act 1 could advance, the heuristic chose %s", s.Info().ActionNames[chosen])
			}
		}
		// A test that only the auto-fail token can fail gets no more cards
		// (LCG §6 ST.2), unless the card adds an effect on success (Vicious
		// Blow's damage, Deduction's clue).
		if p.Kind == lcg.PkCommit {
			if tester, _, value, diff, ok := s.TestStanding(); ok && onlyAutoFailFails(s, tester, value, diff) {
				certain++
				if chosen >= lcg.ActCommit && chosen < lcg.ActCommit+lcg.MaxHand {
					if name := cards.All()[s.Cards[p.Options[c].Arg].Def].Name; name != "Vicious Blow" && name != "Deduction" {
						t.Fatalf("committed %s to a test at %d against %d that only auto-fail can fail", name, value, diff)
					}
				}
			}
		}
		// Never walk into the Attic's horror with 1 sanity left.
		if p.Kind == lcg.PkAction && chosen >= lcg.ActMove && chosen < lcg.ActMove+lcg.MaxLocations {
			k := int(chosen - lcg.ActMove)
			inv := &s.Inv[seat]
			if cards.All()[s.Cards[s.LocInst[k]].Def].Name == "Attic" {
				attic++
				if sanity := int(cards.All()[inv.Def].Sanity) - int(inv.Horror); sanity <= 1 {
					t.Fatalf("moved into the Attic with %d sanity left", sanity)
				}
			}
		}
	})
	if advanced == 0 || attic == 0 || certain == 0 {
		t.Fatalf("situations not met: advance %d, attic moves %d, certain tests %d", advanced, attic, certain)
	}
}

// onlyAutoFailFails reports whether every chaos token in the bag but an
// auto-fail lets a test at value against diff succeed (LCG §6 ST.3–ST.6).
func onlyAutoFailFails(s *lcg.State, tester, value, diff int) bool {
	for _, tok := range s.Bag {
		if mod, fail := s.TokenEstimate(tester, tok); !fail && max(value+mod, 0) < diff {
			return false
		}
	}
	return true
}

func TestActionForMapsChoicesThroughDecode(t *testing.T) {
	fixture.Register()
	e, err := env.Make(fixture.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, info := e.Reset(5)
	rng := game.NewRNG(1)
	for step := 0; step < 200; step++ {
		n := len(e.State().Prompt().Options)
		for c := 0; c < n; c++ {
			a := agents.ActionFor(e, &info, c, &rng)
			if got, ok := e.Decode(a); !ok || got != c {
				t.Fatalf("ActionFor(%d) = %d decoding to %d", c, a, got)
			}
		}
		tr, err := e.Step(agents.ActionFor(e, &info, rng.IntN(n), &rng))
		if err != nil {
			t.Fatal(err)
		}
		if tr.Done() {
			_, info = e.Reset(uint64(step))
			continue
		}
		info = tr.Info
	}
}

func TestHeuristicEvaluateIsInRange(t *testing.T) {
	pol := agents.HeuristicPolicy{}
	n := 0
	playLCG(t, 10, func(s *lcg.State, _ int) {
		v := pol.Evaluate(s)
		if v < -1 || v > 1 {
			t.Fatalf("evaluation %f out of [-1, 1]", v)
		}
		n++
	})
	if n == 0 {
		t.Fatal("no decisions")
	}
}
