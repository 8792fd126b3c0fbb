package serve

import (
	"encoding/binary"
	"math"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
	"github.com/mythos-rl/mythos/train"
)

var registerTestAgents sync.Once

// illegalAgent always answers an action id that is never legal.
type illegalAgent struct{}

func (illegalAgent) Name() string                   { return "serve-test-illegal" }
func (illegalAgent) Reset(uint64)                   {}
func (illegalAgent) Act(e env.Env, _ *env.Info) int { return e.Spec().Actions + 7 }

// pickyAgent refuses every env in CheckEnv.
type pickyAgent struct{ illegalAgent }

func (pickyAgent) CheckEnv(e env.Env) error { return errPicky }

var errPicky = &env.IllegalActionError{} // any error will do

func testAgents() {
	registerTestAgents.Do(func() {
		agents.Register("serve-test-illegal", "test: plays an illegal action", func(env.Options) (agents.Agent, error) { return illegalAgent{}, nil })
		agents.Register("serve-test-picky", "test: fits no env", func(env.Options) (agents.Agent, error) { return pickyAgent{}, nil })
	})
}

func i32s(t *pb.Tensor) []int32 {
	out := make([]int32, len(t.Data)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(t.Data[4*i:]))
	}
	return out
}

func f32s(t *pb.Tensor) []float32 {
	out := make([]float32, len(t.Data)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(t.Data[4*i:]))
	}
	return out
}

func botOpen(autoReset bool) *pb.OpenRequest {
	return &pb.OpenRequest{EnvId: cipher, NumEnvs: 4, Seed: 9, AutoReset: autoReset, Options: map[string]string{"seats": "3"},
		Bots: map[int32]string{1: "random", 2: "heuristic"}}
}

// The client only ever sees its own seat, and two sessions with the same
// seed and actions give the same replies.
func TestBotsAreDeterministicAndHidden(t *testing.T) {
	h := start(t, Config{})
	a, b := h.open(botOpen(true)), h.open(botOpen(true))
	ra, rb := h.reset(a.SessionId, 9), h.reset(b.SessionId, 9)
	ended, botSteps := 0, false
	for step := 0; step < 300; step++ {
		if !proto.Equal(ra, rb) {
			t.Fatalf("step %d: sessions with the same seed and actions differ", step)
		}
		for i, ag := range i32s(ra.Agent) {
			if ag != 0 {
				t.Fatalf("step %d: env %d asks seat %d to act; seats 1 and 2 are bots", step, i, ag)
			}
		}
		prev := i32s(ra.EpisodeLength)
		acts := lastLegal(ra)
		ra, rb = h.step(a.SessionId, acts), h.step(b.SessionId, acts)
		for i, l := range i32s(ra.EpisodeLength) {
			if ra.Terminated.Data[i] == 1 || ra.Truncated.Data[i] == 1 {
				ended++
			} else if l > prev[i]+1 {
				botSteps = true
			}
		}
	}
	if ended == 0 || !botSteps {
		t.Fatalf("%d episodes ended, bots stepped: %v", ended, botSteps)
	}
	for _, id := range []string{a.SessionId, b.SessionId} {
		if _, err := h.client.Close(h.ctx, &pb.CloseRequest{SessionId: id}); err != nil {
			t.Fatal(err)
		}
	}
}

// A reply's reward is the sum of the env's rewards over the client's step and
// the bot steps after it: replaying env 0 in process with the same bots and
// seeds gives the same rewards, scores and lengths.
func TestBotRewardsMatchReplay(t *testing.T) {
	h := start(t, Config{})
	req := botOpen(false)
	req.NumEnvs = 1
	o := h.open(req)
	r := h.reset(o.SessionId, 9)
	e, err := env.Make(cipher, env.Options(req.Options))
	if err != nil {
		t.Fatal(err)
	}
	bots := map[int]agents.Agent{}
	for seat, spec := range req.Bots {
		if bots[int(seat)], err = agents.New(spec); err != nil {
			t.Fatal(err)
		}
	}
	seed := game.DeriveSeed(9, 0, 0)
	_, info := e.Reset(seed)
	for seat, b := range bots {
		b.Reset(game.DeriveSeed(seed, botSeed, uint64(seat)))
	}
	var team float64
	play := func(tr *env.Transition) {
		for !tr.Done() && bots[int(tr.Info.Agent)] != nil {
			next, err := e.Step(bots[int(tr.Info.Agent)].Act(e, &tr.Info))
			if err != nil {
				t.Fatal(err)
			}
			*tr = next
			team += next.Reward
		}
	}
	tr := env.Transition{Info: info}
	play(&tr)
	for step := 0; !tr.Done(); step++ {
		act := lastLegal(r)
		r = h.step(o.SessionId, act)
		team = 0
		if tr, err = e.Step(int(act[0])); err != nil {
			t.Fatal(err)
		}
		team += tr.Reward
		play(&tr)
		if got := f32s(r.Reward)[0]; got != float32(team) {
			t.Fatalf("step %d: reward %v, replay %v", step, got, team)
		}
		if got := i32s(r.EpisodeLength)[0]; got != int32(tr.Info.Steps) {
			t.Fatalf("step %d: length %d, replay %d", step, got, tr.Info.Steps)
		}
		if got := f32s(r.EpisodeScore)[0]; got != float32(tr.Info.Score) {
			t.Fatalf("step %d: score %v, replay %v", step, got, tr.Info.Score)
		}
		if (r.Terminated.Data[0] == 1) != tr.Terminated {
			t.Fatalf("step %d: terminated differs from the replay", step)
		}
	}
	h.client.Close(h.ctx, &pb.CloseRequest{SessionId: o.SessionId})
}

func TestBadBotSpecs(t *testing.T) {
	testAgents()
	h := start(t, Config{})
	for _, c := range []struct {
		bots map[int32]string
		want string
	}{
		{map[int32]string{1: "no-such-agent"}, `unknown agent "no-such-agent"`},
		{map[int32]string{3: "random"}, "seat 3 is out of range"},
		{map[int32]string{-1: "random"}, "seat -1 is out of range"},
		{map[int32]string{0: "random", 1: "random", 2: "random"}, "every seat"},
		{map[int32]string{1: "random:bogus=1"}, "seat 1"},
		{map[int32]string{1: "serve-test-picky"}, "cannot play"},
	} {
		req := botOpen(true)
		req.Bots = c.bots
		_, err := h.client.Open(h.ctx, req)
		wantCode(t, err, codes.InvalidArgument, c.want)
	}
	if n := h.srv.Sessions(); n != 0 {
		t.Fatalf("%d sessions opened by bad requests", n)
	}
}

// A bot's illegal action fails the call with INTERNAL naming env, seat and
// agent; the env then refuses steps until it is reset.
func TestBotFailureStopsTheEnv(t *testing.T) {
	testAgents()
	h := start(t, Config{})
	req := &pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 3, Options: map[string]string{"seats": "2"}, Bots: map[int32]string{1: "serve-test-illegal"}}
	o := h.open(req)
	seed := uint64(3)
	r, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: o.SessionId, Seed: &seed})
	if err == nil {
		// Seat 0 opens: the bot fails on the first step.
		_, err = h.client.Step(h.ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor(firstLegal(r))})
	}
	wantCode(t, err, codes.Internal, `bot "serve-test-illegal" at seat 1`)
	wantCode(t, err, codes.Internal, "env 0")
	_, err = h.client.Step(h.ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor([]int32{0, 0})})
	wantCode(t, err, codes.FailedPrecondition, "stopped by a bot's failure")
	// A reset of the stopped env starts it again (seat 0 opens, so the bot
	// has not failed yet).
	r, err = h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: o.SessionId, Envs: []int32{0, 1}})
	if err != nil {
		t.Fatalf("reset after a bot failure: %v", err)
	}
	if ag := i32s(r.Agent); ag[0] != 0 || ag[1] != 0 {
		t.Fatalf("agents after reset = %v, want seat 0 in both envs", ag)
	}
	h.client.Close(h.ctx, &pb.CloseRequest{SessionId: o.SessionId})
}

// ismcts plays as a bot too (with a small budget).
func TestISMCTSBot(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 4, AutoReset: true, Options: map[string]string{"seats": "2"},
		Bots: map[int32]string{1: "ismcts:iters=20"}})
	r := h.reset(o.SessionId, 4)
	for step := 0; step < 20; step++ {
		for i, ag := range i32s(r.Agent) {
			if ag != 0 {
				t.Fatalf("step %d: env %d asks seat %d", step, i, ag)
			}
		}
		r = h.step(o.SessionId, firstLegal(r))
	}
	h.client.Close(h.ctx, &pb.CloseRequest{SessionId: o.SessionId})
}

// A trained policy (here an untrained checkpoint) plays as a bot, and one
// saved for another layout is refused at Open.
func TestPolicyBot(t *testing.T) {
	h := start(t, Config{})
	opts := env.Options{"seats": "2"}
	e, err := env.Make(cipher, opts)
	if err != nil {
		t.Fatal(err)
	}
	cfg := train.DefaultConfig()
	cfg.EnvOptions = opts
	arch, err := train.NewArch(e.Spec(), opts, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := train.SaveModel(dir, train.NewModel(arch, 1)); err != nil {
		t.Fatal(err)
	}
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 2, AutoReset: true, Options: opts, Bots: map[int32]string{1: "policy:ckpt=" + dir}})
	r := h.reset(o.SessionId, 2)
	for step := 0; step < 30; step++ {
		for i, ag := range i32s(r.Agent) {
			if ag != 0 {
				t.Fatalf("step %d: env %d asks seat %d", step, i, ag)
			}
		}
		r = h.step(o.SessionId, firstLegal(r))
	}
	h.client.Close(h.ctx, &pb.CloseRequest{SessionId: o.SessionId})
	_, err = h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: map[string]string{"seats": "3"}, Bots: map[int32]string{1: "policy:ckpt=" + dir}})
	wantCode(t, err, codes.InvalidArgument, "cannot play")
	_, err = h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: opts, Bots: map[int32]string{1: "policy:ckpt=" + t.TempDir()}})
	wantCode(t, err, codes.InvalidArgument, "seat 1")
}
