package machina

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

var teams = [][]string{{"lorre"}, {"hank", "kim"}, {"lorre", "hank", "philip"}, {"kim", "philip", "lorre", "hank"}}

func newGame(t testing.TB, seed uint64, cfg Config) *State {
	t.Helper()
	ct, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Pioneers == nil {
		cfg.Pioneers = teams[seed%uint64(len(teams))]
	}
	s, err := New(ct.Scenario("frozen_engine"), cfg, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func configFor(seed uint64) Config {
	return Config{
		Pioneers:    teams[seed%uint64(len(teams))],
		Easy:        seed%5 == 1,
		VeryEasy:    seed%7 == 2,
		Quick:       seed%6 == 3,
		VeryQuick:   seed%6 == 4,
		Cooperative: seed%3 == 0,
		RoundCap:    60,
		Campaign:    2 * int(seed%12/10), // seeds 10 and 11 mod 12 play a campaign (MA §5.4)
	}
}

// TestRandomPlay plays many random games with the invariants checked after
// every decision (issue 12 item 8; one million decisions outside short mode).
func TestRandomPlay(t *testing.T) {
	total := 1_000_000
	if testing.Short() {
		total = 100_000
	}
	decisions, games, wins, losses := 0, 0, 0, 0
	for seed := uint64(0); decisions < total; seed++ {
		s := newGame(t, seed, configFor(seed))
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("seed %d setup: %v", seed, err)
		}
		rng := game.NewRNG(seed ^ 0xabcdef)
		n := 0
		for !s.Over() && n < 50000 {
			p := s.Prompt()
			if err := s.Apply(rng.IntN(len(p.Options))); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, n, err)
			}
			n++
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d (%s): %v\n%s", seed, n, promptKindNames[p.Kind], err, s.Render(0))
			}
		}
		if !s.Over() {
			t.Fatalf("seed %d: no end after %d decisions", seed, n)
		}
		switch s.Result() {
		case 1:
			wins++
		case -1:
			losses++
		}
		decisions += n
		games++
	}
	t.Logf("%d decisions over %d games (%d won, %d lost, the rest cut at the round cap), invariants held after each", decisions, games, wins, losses)
}

// Random campaigns (MA §5.4): a victory declared at a random point of a
// random game (random play hardly ever wins) leads to the keep phase and the
// next game with the survivors; the invariants hold at every decision and
// across the change of game, and the last game's end ends the episode.
func TestRandomCampaigns(t *testing.T) {
	last := 0
	for seed := uint64(0); seed < 60; seed++ {
		cfg := configFor(seed)
		cfg.Campaign = 3
		s := newGame(t, seed, cfg)
		rng := game.NewRNG(seed)
		for g := 0; g < 3 && !s.Over(); g++ {
			cut := 20 + rng.IntN(400)
			for n := 0; n < cut && !s.Over() && int(s.Game) == g; n++ {
				if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if err := s.CheckInvariants(); err != nil {
					t.Fatalf("seed %d game %d: %v", seed, s.Game, err)
				}
			}
			if s.Over() || int(s.Game) != g {
				break
			}
			s.end(1) // the expedition wins here
			s.run()
			// The keep phase, or straight the next game when no survivor
			// holds a card.
			if g < 2 && (s.Over() || s.Prompt().Kind != PromptKeep && int(s.Game) != g+1) {
				t.Fatalf("seed %d: a won game %d of 3 gave %s, neither the keep phase nor the next game", seed, g, promptKindNames[s.Prompt().Kind])
			}
			for n := 0; n < 100 && !s.Over() && int(s.Game) == g; n++ {
				if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if err := s.CheckInvariants(); err != nil {
					t.Fatalf("seed %d game %d keep: %v", seed, s.Game, err)
				}
			}
			if g < 2 && int(s.Game) != g+1 {
				t.Fatalf("seed %d: game %d after the keep phase, want %d", seed, s.Game, g+1)
			}
		}
		if s.Game == 2 {
			last++
			if !s.Over() {
				t.Fatalf("seed %d: the campaign's last victory did not end it", seed)
			}
		}
	}
	if last == 0 {
		t.Fatal("no random campaign reached its last game")
	}
	t.Logf("%d of 60 campaigns reached their last game", last)
}

// hasStat, the fast path for the movement stats, agrees with statSum over
// random play, for every creature and every stat it may answer for.
func TestHasStatAgreesWithStatSum(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		s := newGame(t, seed, configFor(seed))
		rng := game.NewRNG(seed)
		for n := 0; n < 400 && !s.Over(); n++ {
			for st := Stat(1); st < numStats; st++ {
				for cr := 0; cr < int(s.N); cr++ {
					if s.hasStat(cr, st) != (s.statSum(cr, st) > 0) {
						t.Fatalf("seed %d step %d: pioneer %d stat %s: hasStat %v, statSum %d", seed, n, cr, statNames[st], s.hasStat(cr, st), s.statSum(cr, st))
					}
				}
				for _, m := range s.Order {
					cr := MonsterBase + int(m)
					if s.hasStat(cr, st) != (s.statSum(cr, st) > 0) {
						t.Fatalf("seed %d step %d: monster %d stat %s: hasStat %v, statSum %d", seed, n, cr, statNames[st], s.hasStat(cr, st), s.statSum(cr, st))
					}
				}
			}
			if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
				t.Fatal(err)
			}
		}
	}
}
