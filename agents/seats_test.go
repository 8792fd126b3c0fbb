package agents_test

import (
	"strings"
	"testing"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// seatRecorder remembers which seats it was asked to play.
type seatRecorder struct {
	agents.Random
	seats map[game.AgentID]int
}

func (r *seatRecorder) Act(e env.Env, info *env.Info) int {
	r.seats[info.Agent]++
	return r.Random.Act(e, info)
}

func TestWithSeatsPlaysTheFixedSeatWithItsOwnAgent(t *testing.T) {
	e, err := env.Make("MachinaArcana/TheFrozenEngine-v0", env.Options{"variant": "easy"})
	if err != nil {
		t.Fatal(err)
	}
	monsters := game.AgentID(len(e.Spec().Agents) - 1)
	for _, seat := range []string{"monsters", "2"} {
		base := &seatRecorder{seats: map[game.AgentID]int{}}
		sa, err := agents.ParseSeatAgent(seat + "=heuristic")
		if err != nil {
			t.Fatal(err)
		}
		a, err := agents.WithSeats(base, e.Spec(), []agents.SeatAgent{sa})
		if err != nil {
			t.Fatal(err)
		}
		// Random pioneers die often, so the monster seat gets to act.
		monsterTurns := 0
		for k := range 20 {
			_, info := e.Reset(uint64(k))
			for {
				if info.Agent == monsters {
					monsterTurns++
				}
				tr, err := e.Step(a.Act(e, &info))
				if err != nil {
					t.Fatal(err)
				}
				if tr.Done() {
					break
				}
				info = tr.Info
			}
		}
		if monsterTurns == 0 {
			t.Fatal("the monster seat never acted in 20 games: the test shows nothing")
		}
		if base.seats[monsters] != 0 || len(base.seats) == 0 {
			t.Errorf("--seat %s=heuristic: the agent under test played seats %v (monster turns %d)", seat, base.seats, monsterTurns)
		}
	}
}

func TestSeatAgentErrors(t *testing.T) {
	e, err := env.Make("MachinaArcana/TheFrozenEngine-v0", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"monsters", "=heuristic", "monsters=", "monsters=genius"} {
		if _, err := agents.ParseSeatAgent(bad); err == nil {
			t.Errorf("ParseSeatAgent(%q) accepted", bad)
		}
	}
	for _, fixed := range [][]agents.SeatAgent{
		{{Seat: "cultists", Agent: "random"}},
		{{Seat: "3", Agent: "random"}},
		{{Seat: "monsters", Agent: "random"}, {Seat: "2", Agent: "heuristic"}},
	} {
		_, err := agents.WithSeats(&agents.Random{}, e.Spec(), fixed)
		if err == nil || !strings.Contains(err.Error(), "seat") {
			t.Errorf("WithSeats(%v) = %v, want an error naming the seat", fixed, err)
		}
	}
}
