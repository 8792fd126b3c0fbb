package lcgobs_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/encode/lcgobs"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/lcg"
)

// makeEnv builds The Gathering for a team through the registry, with the
// encoder the env id uses.
func makeEnv(t testing.TB, team []string) *env.GameEnv {
	t.Helper()
	e, err := env.MakeBase(lcg.TheGatheringID, env.Options{"investigators": strings.Join(team, ",")})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestMaskMatchesStep is the mask property: over many states of random play,
// with every team size, each masked-in id is accepted by Step (checked on a
// fresh env replayed to the same state) and each masked-out id is rejected by
// Step with an IllegalActionError that leaves the state byte for byte as it
// was.
func TestMaskMatchesStep(t *testing.T) {
	rng := game.NewRNG(4)
	states, accepted, rejected := 0, 0, 0
	for ti, team := range teams {
		e := makeEnv(t, team)
		replay := makeEnv(t, team)
		n := e.Spec().Actions
		for ep := 0; ep < 4; ep++ {
			seed := uint64(100*ti + ep)
			_, info := e.Reset(seed)
			var history []int
			for {
				states++
				before, _ := e.State().MarshalBinary()
				legal := 0
				for a := -1; a <= n; a++ {
					if a >= 0 && a < n && info.Mask[a] == 1 {
						legal++
						replay.Reset(seed)
						for i, h := range history {
							if _, err := replay.Step(h); err != nil {
								t.Fatalf("replaying step %d: %v", i, err)
							}
						}
						if _, err := replay.Step(a); err != nil {
							t.Fatalf("team %v seed %d step %d: masked-in action %d (%s) refused: %v", team, seed, len(history), a, e.Spec().ActionNames[a], err)
						}
						accepted++
						continue
					}
					_, err := e.Step(a)
					var ill *env.IllegalActionError
					if info.Agent != game.NoAgent && !errors.As(err, &ill) {
						t.Fatalf("team %v seed %d step %d: masked-out action %d accepted or wrong error: %v", team, seed, len(history), a, err)
					}
					if info.Agent == game.NoAgent && err == nil {
						t.Fatalf("action %d accepted after the episode ended", a)
					}
					rejected++
				}
				after, _ := e.State().MarshalBinary()
				if string(before) != string(after) {
					t.Fatalf("team %v seed %d step %d: a rejected action changed the state", team, seed, len(history))
				}
				if info.Agent == game.NoAgent {
					if legal != 0 {
						t.Fatalf("%d legal actions after the end", legal)
					}
					break
				}
				if legal != len(e.State().Prompt().Options) {
					t.Fatalf("%d ids masked in for %d options", legal, len(e.State().Prompt().Options))
				}
				a := pick(&rng, info.Mask)
				tr, err := e.Step(a)
				if err != nil {
					t.Fatal(err)
				}
				history = append(history, a)
				info = tr.Info
			}
		}
	}
	t.Logf("%d states: %d masked-in ids accepted, %d masked-out ids rejected", states, accepted, rejected)
}

// pick chooses a legal id uniformly.
func pick(rng *game.RNG, mask []int8) int {
	n := 0
	for _, m := range mask {
		n += int(m)
	}
	k := rng.IntN(n)
	for a, m := range mask {
		if m == 1 {
			if k == 0 {
				return a
			}
			k--
		}
	}
	return -1
}

// TestOptionRowsMatchPrompt checks the pointer-policy rows against the
// prompt: row i names option i's action id, which is masked in and maps back
// to option i.
func TestOptionRowsMatchPrompt(t *testing.T) {
	sc := scenario(t, teams[2])
	e := encoder(t, sc)
	o := e.Layout().NewObs()
	act, _ := e.Layout().Field("option_action")
	rows, _ := e.Layout().Field("options")
	mask := make([]int8, e.Actions())
	for _, s := range randomStates(t, sc, 5, 3) {
		p := s.Prompt()
		e.Encode(s, p.Actor, o)
		e.Mask(s, mask)
		ids := o.Int(act)
		feats := o.Float(rows)
		width := rows.Shape[1]
		for i, a := range ids {
			if i >= len(p.Options) || s.Over() {
				if a != -1 || feats[i*width] != 0 {
					t.Fatalf("row %d past the %d options: action %d present %v", i, len(p.Options), a, feats[i*width])
				}
				continue
			}
			if int(a) != int(p.Options[i].Code) || mask[a] != 1 || feats[i*width] != 1 {
				t.Fatalf("row %d: action %d, option code %d, mask %d", i, a, p.Options[i].Code, mask[a])
			}
			if c, ok := e.Choice(s, int(a)); !ok || c != i {
				t.Fatalf("action %d maps to option %d, %v; want %d", a, c, ok, i)
			}
		}
	}
}

// TestEveryActionIsDocumented checks that every engine action code has a
// described group (the engine may add codes; lcgobs must describe them).
func TestEveryActionIsDocumented(t *testing.T) {
	sc := scenario(t, teams[0])
	e := encoder(t, sc)
	seen := map[string]bool{}
	for a := 0; a < e.Actions(); a++ {
		name := e.ActionName(a)
		if name == "" || strings.Contains(name, "not yet described") {
			t.Errorf("action %d: %q", a, name)
		}
		if seen[name] {
			t.Errorf("action %d: name %q repeated", a, name)
		}
		seen[name] = true
		if !strings.HasPrefix(name, sc.Info().ActionNames[a]+": ") {
			t.Errorf("action %d: %q does not start with the engine's name %q", a, name, sc.Info().ActionNames[a])
		}
	}
	if e.ActionName(-1) != "" || e.ActionName(e.Actions()) != "" {
		t.Error("out-of-range ids have names")
	}
	if lcgobs.NumCardIDs() < 2 {
		t.Error("no card ids")
	}
}
