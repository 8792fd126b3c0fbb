package lcg_test

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

var updateEquivalence = flag.Bool("update-equivalence", false, "rewrite testdata/equivalence.golden")

// equivalenceGolden holds, per group of episodes, a hash of their
// trajectories (who was asked what, how many options, which was chosen, and
// every logged event) and of their final states' MarshalBinary bytes.
const equivalenceGolden = "testdata/equivalence.golden"

// TestBehaviourEquivalence replays fixed seeds with random and heuristic
// choices and compares the trajectories with the recorded ones: a refactor
// that moves rules around must not change what happens. The trajectory hash
// does not depend on the capacities (action codes and slot counts); the state
// hash does, and is rewritten with -update-equivalence when a capacity or the
// state's layout changes on purpose.
func TestBehaviourEquivalence(t *testing.T) {
	teams := [][]string{{"01001"}, {"01002", "01003"}, {"01004", "01005", "01001"}, {"01001", "01002", "01003", "01004"}, {"01005"}, {"01003"}}
	diffs := []string{"easy", "standard", "hard", "expert"}
	got := map[string]string{}
	var order []string
	for _, agent := range []string{"random", "heuristic"} {
		for _, start := range []int{1, 2, 3} {
			traj, bytes := fnv.New64a(), fnv.New64a()
			games := 120
			if agent == "heuristic" {
				games = 30
			}
			for g := 0; g < games; g++ {
				seed := uint64(1000*start + g)
				o := lcg.Options{Investigators: teams[g%len(teams)], Difficulty: diffs[g%4], Mulligan: g%3 != 0,
					Start: lcg.Start{Act: start}}
				s, err := lcg.New(o, seed, true)
				if err != nil {
					t.Fatal(err)
				}
				rng := game.NewRNG(seed ^ 0x51f15e)
				for n := 0; !s.Over() && n < 20000; n++ {
					p := s.Prompt()
					c := rng.IntN(len(p.Options))
					if agent == "heuristic" {
						c = agents.HeuristicPolicy{}.Choose(s, &rng)
					}
					writeInts(traj, int64(p.Actor), int64(p.Kind), int64(len(p.Options)), int64(c))
					if err := s.Apply(c); err != nil {
						t.Fatal(err)
					}
				}
				for _, e := range s.Log().Events {
					writeInts(traj, int64(e.Kind), int64(e.Who), int64(e.A), int64(e.B), int64(e.C))
				}
				writeInts(traj, int64(s.Resolution), int64(s.Round))
				b, _ := s.MarshalBinary()
				bytes.Write(b)
			}
			name := fmt.Sprintf("%s-act%d", agent, start)
			order = append(order, name)
			got[name] = fmt.Sprintf("traj=%016x state=%016x", traj.Sum64(), bytes.Sum64())
		}
	}
	if *updateEquivalence {
		var sb strings.Builder
		for _, n := range order {
			fmt.Fprintf(&sb, "%s %s\n", n, got[n])
		}
		if err := os.WriteFile(equivalenceGolden, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(equivalenceGolden)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, want, _ := strings.Cut(sc.Text(), " ")
		wt, ws, _ := strings.Cut(want, " ")
		gt, gs, _ := strings.Cut(got[name], " ")
		if gt != wt {
			t.Errorf("%s: trajectories changed: %s, recorded %s", name, gt, wt)
		} else if gs != ws {
			t.Errorf("%s: same trajectories, final state bytes changed: %s, recorded %s (a layout change? rerun with -update-equivalence)", name, gs, ws)
		}
	}
}

func writeInts(h interface{ Write([]byte) (int, error) }, xs ...int64) {
	var b [8]byte
	for _, x := range xs {
		binary.LittleEndian.PutUint64(b[:], uint64(x))
		h.Write(b[:])
	}
}
