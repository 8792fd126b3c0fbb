package agents

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/env/machina"
	"github.com/mythos-rl/mythos/env/machina/content"
)

// machinaGame sets up The Frozen Engine with two pioneers.
func machinaGame(t testing.TB, seed uint64, coop bool) *machina.State {
	t.Helper()
	ct, err := content.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	s, err := machina.New(ct.Scenario("frozen_engine"), machina.Config{Pioneers: []string{"lorre", "hank"}, Cooperative: coop, RoundCap: 30}, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMachinaHeuristicPlays: the heuristic finishes games on both sides,
// always with a legal option, and its evaluation stays in [-1, 1]; it is
// deterministic for a seed.
func TestMachinaHeuristicPlays(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		var trail [2][]int
		for run := 0; run < 2; run++ {
			s := machinaGame(t, seed, seed%2 == 0)
			rng := game.NewRNG(seed)
			for n := 0; !s.Over(); n++ {
				if n > 100000 {
					t.Fatalf("seed %d: no end", seed)
				}
				if v := evaluateMachina(s); v < -1 || v > 1 {
					t.Fatalf("seed %d: evaluation %v", seed, v)
				}
				c := chooseMachina(s, &rng)
				trail[run] = append(trail[run], c)
				if err := s.Apply(c); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		}
		if len(trail[0]) != len(trail[1]) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}

// TestMachinaHeuristicHoldsFire: a pioneer of the heuristic never aims an
// attack at a friend — a [R≤X/blk] line through a friend leaves the friend
// the only target (MA §17.3), so the attack must not be chosen at all.
func TestMachinaHeuristicHoldsFire(t *testing.T) {
	attacks, friendly := 0, 0
	for seed := uint64(0); seed < 40; seed++ {
		s := machinaGame(t, seed, true)
		rng := game.NewRNG(seed)
		var attack bool // the actor's last action was an attack ability
		for n := 0; !s.Over() && n < 100000; n++ {
			p := s.Prompt()
			c := chooseMachina(s, &rng)
			o := p.Options[c]
			actor := int(p.Actor)
			switch {
			case p.Kind == machina.PromptAction && actor < int(s.N):
				attack = firstEffectAttack(s, actor, o.Code)
			case p.Kind == machina.PromptTarget && attack:
				attacks++
				cell := int(o.Code - machina.CodeCell)
				if cr := s.CreatureAt(cell); cr >= 0 && cr < machina.MaxPioneers {
					friendly++
				}
				attack = false
			}
			if err := s.Apply(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	if attacks == 0 || friendly > 0 {
		t.Fatalf("%d attacks aimed, %d of them at a friend", attacks, friendly)
	}
}

// firstEffectAttack reports whether action code c of a pioneer uses an
// ability (its card's or an item's) that starts with an attack.
func firstEffectAttack(s *machina.State, actor int, c game.ActionCode) bool {
	ct := s.Content()
	var abs []machina.Ability
	k := 0
	switch {
	case c >= machina.CodeItemAbility && c < machina.CodeItemAbility+4*machina.MaxItems:
		k = int(c - machina.CodeItemAbility)
		abs = ct.Items[k/4].Abilities
	case c >= machina.CodeAbility && c < machina.CodeItemAbility && int(c-machina.CodeAbility)/4 == machina.SrcPioneer:
		k = int(c - machina.CodeAbility)
		abs = ct.Pioneers[s.P[actor].Card].Abilities
	}
	a := k % 4
	return a < len(abs) && len(abs[a].Effects) > 0 && abs[a].Effects[0].Op == machina.OpAttack
}
