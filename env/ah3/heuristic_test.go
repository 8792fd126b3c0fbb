package ah3

import (
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// greedy is a simple policy for tests: research, ward, fight, then go where
// clues are; it shows the scenario can be won.
func greedy(s *State, rng *game.RNG) int {
	p := s.Prompt()
	pick := func(codes ...game.ActionCode) int {
		for _, c := range codes {
			if i := p.Find(c); i >= 0 {
				return i
			}
		}
		return -1
	}
	seat := int8(p.Actor)
	switch p.Kind {
	case PromptAction:
		if i := pick(ActRecover, ActResearch, ActWard, ActEvade, ActAttack); i >= 0 {
			return i
		}
		st := &s.Seats[seat]
		if h := s.g.hood[st.Space]; h >= 0 && s.Clues[h] > 0 {
			if i := pick(ActFocus, ActGather); i >= 0 {
				return i
			}
			return pick(ActPass)
		}
		if i := pick(ActMove, ActFocus, ActGather); i >= 0 {
			return i
		}
		return 0
	case PromptMove:
		if p.Source >= 0 { // a monster's way, chosen by the lead
			return rng.IntN(len(p.Options))
		}
		st := &s.Seats[seat]
		if h := s.g.hood[st.Space]; h >= 0 && s.Clues[h] > 0 {
			return 0
		}
		best, bi := int8(127), 0
		for i, o := range p.Options {
			if o.Code == ActPass {
				continue
			}
			for h := range s.sc().Neighborhoods {
				if s.Clues[h] == 0 {
					continue
				}
				for _, sp := range s.sc().Neighborhoods[h].Spaces {
					if d := s.g.dist[o.Arg][sp]; d < best {
						best, bi = d, i
					}
				}
			}
		}
		return bi
	case PromptReroll:
		if i := pick(ActRerollToken, ActRerollToken+1, ActRerollToken+2, ActRerollToken+3, ActRerollToken+4); i >= 0 && s.tokenCount(seat) > 1 {
			return i
		}
		return 0
	case PromptRedirect, PromptCast:
		if len(p.Options) > 1 {
			return 1
		}
		return 0
	}
	return rng.IntN(len(p.Options))
}

func TestGreedyCanWin(t *testing.T) {
	var out [4]int
	for seed := uint64(0); seed < 300; seed++ {
		s := newGame(t, teams[seed%uint64(len(teams))], seed)
		rng := game.NewRNG(seed)
		for !s.Over() {
			if err := s.Apply(greedy(s, &rng)); err != nil {
				t.Fatal(err)
			}
		}
		out[s.Outcome]++
	}
	t.Logf("greedy: won %d, lost %d, truncated %d", out[OutcomeWin], out[OutcomeLoss], out[OutcomeTruncated])
	if out[OutcomeWin] == 0 {
		t.Error("the greedy policy never wins: the scenario cannot be won in practice")
	}
}
