package serve

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/internal/fixture"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

const cipher = fixture.ID

// harness is a server on an in-process listener and a client connected to it.
type harness struct {
	t      *testing.T
	srv    *Server
	conn   *grpc.ClientConn
	client pb.EnvServiceClient
	ctx    context.Context
	lis    *bufconn.Listener
}

// dial opens another connection to the harness's server (closed at cleanup).
func (h *harness) dial() *grpc.ClientConn {
	h.t.Helper()
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return h.lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()), secretsUnary(), secretsStream())
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { conn.Close() })
	return conn
}

// start serves cfg on a bufconn listener; everything stops at test cleanup,
// and the cleanup fails the test if goroutines leaked.
func start(t *testing.T, cfg Config) *harness {
	t.Helper()
	fixture.Register()
	before := runtime.NumGoroutine()
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	srv := New(cfg)
	lis := bufconn.Listen(1 << 20)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, lis, srv, time.Second) }()
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()), secretsUnary(), secretsStream())
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, srv: srv, conn: conn, client: pb.NewEnvServiceClient(conn), ctx: context.Background(), lis: lis}
	t.Cleanup(func() {
		conn.Close()
		cancel()
		if err := <-served; err != nil {
			t.Errorf("Serve returned %v", err)
		}
		if n := srv.Sessions(); n != 0 {
			t.Errorf("%d sessions left after shutdown", n)
		}
		deadline := time.Now().Add(3 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<16)
			t.Errorf("goroutine leak: %d goroutines after shutdown, %d before\n%s", n, before, buf[:runtime.Stack(buf, true)])
		}
	})
	return h
}

func (h *harness) open(req *pb.OpenRequest) *pb.OpenResponse {
	h.t.Helper()
	r, err := h.client.Open(h.ctx, req)
	if err != nil {
		h.t.Fatalf("Open: %v", err)
	}
	return r
}

func (h *harness) reset(id string, seed uint64) *pb.StepResult {
	h.t.Helper()
	r, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: id, Seed: &seed})
	if err != nil {
		h.t.Fatalf("Reset: %v", err)
	}
	return r
}

func (h *harness) step(id string, actions []int32) *pb.StepResult {
	h.t.Helper()
	r, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: actionTensor(actions)})
	if err != nil {
		h.t.Fatalf("Step: %v", err)
	}
	return r
}

func actionTensor(a []int32) *pb.Tensor {
	b := make([]byte, 0, 4*len(a))
	for _, v := range a {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return &pb.Tensor{Dtype: pb.DType_DTYPE_INT32, Shape: []int64{int64(len(a))}, Data: b}
}

// firstLegal picks the first legal action of each env from a result's mask.
func firstLegal(r *pb.StepResult) []int32 {
	n, A := int(r.ActionMask.Shape[0]), int(r.ActionMask.Shape[1])
	out := make([]int32, n)
	for i := range out {
		out[i] = -1
		for a := 0; a < A; a++ {
			if r.ActionMask.Data[i*A+a] != 0 {
				out[i] = int32(a)
				break
			}
		}
	}
	return out
}

// lastLegal picks the last legal action of each env (a different policy).
func lastLegal(r *pb.StepResult) []int32 {
	n, A := int(r.ActionMask.Shape[0]), int(r.ActionMask.Shape[1])
	out := make([]int32, n)
	for i := range out {
		for a := A - 1; a >= 0; a-- {
			if r.ActionMask.Data[i*A+a] != 0 {
				out[i] = int32(a)
				break
			}
		}
	}
	return out
}

func wantCode(t *testing.T, err error, code codes.Code, substr string) {
	t.Helper()
	st, _ := status.FromError(err)
	if err == nil || st.Code() != code || !strings.Contains(st.Message(), substr) {
		t.Fatalf("got %v, want %s containing %q", err, code, substr)
	}
}

func TestListEnvsDescribesEveryRegisteredEnv(t *testing.T) {
	h := start(t, Config{})
	r, err := h.client.ListEnvs(h.ctx, &pb.ListEnvsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Envs) != len(env.IDs()) {
		t.Fatalf("listed %d envs, registered %d", len(r.Envs), len(env.IDs()))
	}
	for _, s := range r.Envs {
		e, err := env.Make(s.Id, nil)
		if err != nil {
			t.Fatal(err)
		}
		spec := e.Spec()
		if int(s.NumActions) != spec.Actions || len(s.Fields) != len(spec.Layout.Fields) || len(s.Agents) != len(spec.Agents) {
			t.Errorf("%s: spec message %d actions, %d fields, %d agents; want %d, %d, %d", s.Id,
				s.NumActions, len(s.Fields), len(s.Agents), spec.Actions, len(spec.Layout.Fields), len(spec.Agents))
		}
		for k, f := range s.Fields {
			if f.Name != spec.Layout.Fields[k].Name || f.Dtype != dtypeOf(spec.Layout.Fields[k].DType) {
				t.Errorf("%s field %d: %s %s, want %s %s", s.Id, k, f.Name, f.Dtype, spec.Layout.Fields[k].Name, spec.Layout.Fields[k].DType)
			}
		}
	}
}

// The served batch is the same computation as env.Vector: same seeds, same
// observations, masks, rewards and ends for the same actions.
func TestStepMatchesInProcessVector(t *testing.T) {
	for _, n := range []int{1, 5, 40} { // 40 steps across goroutines
		h := start(t, Config{Workers: 3})
		o := h.open(&pb.OpenRequest{EnvId: cipher, Options: map[string]string{"seats": "3"}, NumEnvs: int32(n), Seed: 11, AutoReset: true, FinalObservations: true})
		v, err := env.NewVector(cipher, env.Options{"seats": "3"}, n, 1)
		if err != nil {
			t.Fatal(err)
		}
		defer v.Close()
		b := v.NewBatch(true)
		if err := v.Reset(11, b); err != nil {
			t.Fatal(err)
		}
		r := h.reset(o.SessionId, 11)
		ended := 0
		for step := 0; step < 120; step++ {
			compareBatch(t, step, v.Spec(), r, b)
			acts := firstLegal(r)
			if step%3 == 1 {
				acts = lastLegal(r)
			}
			if err := v.Step(acts, b); err != nil {
				t.Fatal(err)
			}
			r = h.step(o.SessionId, acts)
			for i := 0; i < n; i++ {
				if b.Terminated[i] || b.Truncated[i] {
					ended++
					if got := math.Float32frombits(binary.LittleEndian.Uint32(r.FinalScore.Data[4*i:])); got != b.Score[i] {
						t.Fatalf("step %d env %d: final score %v, vector %v", step, i, got, b.Score[i])
					}
				}
			}
		}
		if ended == 0 {
			t.Fatalf("n=%d: no episode ended in 120 steps; the test checks nothing about auto-reset", n)
		}
	}
}

func compareBatch(t *testing.T, step int, spec *env.Spec, r *pb.StepResult, b *env.Batch) {
	t.Helper()
	l := spec.Layout
	n := len(b.Agent)
	for k, f := range l.Fields {
		tt := r.Observation[k]
		for i := 0; i < n; i++ {
			for j := 0; j < f.Size(); j++ {
				off := 4 * (i*f.Size() + j)
				if f.DType == 1 {
					if got, want := math.Float32frombits(binary.LittleEndian.Uint32(tt.Data[off:])), b.F32[i*l.F32+f.Offset+j]; got != want {
						t.Fatalf("step %d env %d field %s[%d]: %v, vector %v", step, i, f.Name, j, got, want)
					}
				} else if got, want := int32(binary.LittleEndian.Uint32(tt.Data[off:])), b.I32[i*l.I32+f.Offset+j]; got != want {
					t.Fatalf("step %d env %d field %s[%d]: %v, vector %v", step, i, f.Name, j, got, want)
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		if int32(binary.LittleEndian.Uint32(r.Agent.Data[4*i:])) != b.Agent[i] ||
			binary.LittleEndian.Uint64(r.Seed.Data[8*i:]) != b.Seed[i] ||
			math.Float32frombits(binary.LittleEndian.Uint32(r.Reward.Data[4*i:])) != b.Reward[i] ||
			(r.Terminated.Data[i] == 1) != b.Terminated[i] || (r.Truncated.Data[i] == 1) != b.Truncated[i] {
			t.Fatalf("step %d env %d: agent/seed/reward/ends differ from the vector", step, i)
		}
	}
	for i, m := range b.Mask {
		if int8(r.ActionMask.Data[i]) != m {
			t.Fatalf("step %d: mask element %d differs from the vector", step, i)
		}
	}
}

func TestStreamAnswersLikeUnaryCalls(t *testing.T) {
	h := start(t, Config{})
	a := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 4, AutoReset: true})
	b := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 4, AutoReset: true})
	st, err := h.client.Stream(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(3)
	if err := st.Send(&pb.StreamRequest{Request: &pb.StreamRequest_Reset_{Reset_: &pb.ResetRequest{SessionId: a.SessionId, Seed: &seed}}}); err != nil {
		t.Fatal(err)
	}
	got, err := st.Recv()
	if err != nil {
		t.Fatal(err)
	}
	want := h.reset(b.SessionId, 3)
	for step := 0; step < 50; step++ {
		if !proto.Equal(got, want) {
			t.Fatalf("step %d: stream and unary results differ", step)
		}
		acts := firstLegal(want)
		if err := st.Send(&pb.StreamRequest{Request: &pb.StreamRequest_Step{Step: &pb.StepRequest{SessionId: a.SessionId, Actions: actionTensor(acts)}}}); err != nil {
			t.Fatal(err)
		}
		if got, err = st.Recv(); err != nil {
			t.Fatal(err)
		}
		want = h.step(b.SessionId, acts)
	}
	// A bad request ends the stream with its status; the session lives on.
	if err := st.Send(&pb.StreamRequest{}); err != nil {
		t.Fatal(err)
	}
	_, err = st.Recv()
	wantCode(t, err, codes.InvalidArgument, "neither reset nor step")
	h.step(a.SessionId, firstLegal(want))
}

// snapshot captures every env of a session: each agent's view of each env and
// the current prompt in words.
func (h *harness) snapshot(id string, agents, n int) []byte {
	h.t.Helper()
	var buf bytes.Buffer
	for a := 0; a < agents; a++ {
		r, err := h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: id, Agent: int32(a)})
		if err != nil {
			h.t.Fatalf("Observe: %v", err)
		}
		for _, f := range r.Observation {
			buf.Write(f.Data)
		}
	}
	for i := 0; i < n; i++ {
		d, err := h.client.Describe(h.ctx, &pb.DescribeRequest{SessionId: id, Env: int32(i), Viewer: -1})
		if err != nil {
			h.t.Fatalf("Describe: %v", err)
		}
		b, _ := proto.Marshal(d)
		buf.Write(b)
	}
	return buf.Bytes()
}

// Every kind of bad input gets a clear status and changes no env.
func TestBadInputIsRefusedAndChangesNothing(t *testing.T) {
	h := start(t, Config{MaxEnvsPerSession: 64, MaxMessageBytes: 256 << 10})
	o := h.open(&pb.OpenRequest{EnvId: cipher, Options: map[string]string{"seats": "2"}, NumEnvs: 3, Seed: 5})
	id := o.SessionId

	// Before the first reset.
	_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: actionTensor([]int32{0, 0, 0})})
	wantCode(t, err, codes.FailedPrecondition, "has not been reset")
	_, err = h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: id})
	wantCode(t, err, codes.FailedPrecondition, "has not been reset")

	r := h.reset(id, 5)
	legal := firstLegal(r)
	illegal := append([]int32(nil), legal...)
	A := int(o.Spec.NumActions)
	for a := 0; a < A; a++ {
		if r.ActionMask.Data[2*A+a] == 0 {
			illegal[2] = int32(a)
			break
		}
	}
	before := h.snapshot(id, 2, 3)
	i64 := make([]byte, 24)
	binary.LittleEndian.PutUint64(i64[16:], 1<<40)

	cases := []struct {
		name string
		call func() error
		code codes.Code
		msg  string
	}{
		{"illegal action", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: actionTensor(illegal)})
			return err
		},
			codes.InvalidArgument, "env 2: action"},
		{"action out of range", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: actionTensor([]int32{legal[0], int32(A), legal[2]})})
			return err
		}, codes.InvalidArgument, "out of range"},
		{"negative action", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: actionTensor([]int32{-1, legal[1], legal[2]})})
			return err
		}, codes.InvalidArgument, "env 0: action -1 is out of range"},
		{"int64 action beyond int32", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: &pb.Tensor{Dtype: pb.DType_DTYPE_INT64, Shape: []int64{3}, Data: i64}})
			return err
		}, codes.InvalidArgument, "env 2: action 1099511627776 is out of range"},
		{"wrong batch size", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: actionTensor(legal[:2])})
			return err
		},
			codes.InvalidArgument, "got 2 actions for a session of 3 envs"},
		{"missing actions", func() error { _, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id}); return err },
			codes.InvalidArgument, "actions: missing"},
		{"float actions", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: &pb.Tensor{Dtype: pb.DType_DTYPE_FLOAT32, Shape: []int64{3}, Data: make([]byte, 12)}})
			return err
		}, codes.InvalidArgument, "want DTYPE_INT32 or DTYPE_INT64"},
		{"short data", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: &pb.Tensor{Dtype: pb.DType_DTYPE_INT32, Shape: []int64{3}, Data: make([]byte, 11)}})
			return err
		}, codes.InvalidArgument, "11 data bytes"},
		{"2-d actions", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: &pb.Tensor{Dtype: pb.DType_DTYPE_INT32, Shape: []int64{3, 1}, Data: make([]byte, 12)}})
			return err
		}, codes.InvalidArgument, "2 dimensions"},
		{"unknown session", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: "nope", Actions: actionTensor(legal)})
			return err
		},
			codes.NotFound, `session "nope" is unknown to this server`},
		{"empty session id", func() error { _, err := h.client.Reset(h.ctx, &pb.ResetRequest{}); return err },
			codes.InvalidArgument, "session_id is empty"},
		{"reset index out of range", func() error {
			_, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: id, Envs: []int32{0, 3}})
			return err
		},
			codes.InvalidArgument, "env index 3 is out of range"},
		{"reset index listed twice", func() error {
			_, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: id, Envs: []int32{0, 0}})
			return err
		},
			codes.InvalidArgument, "env index 0 is listed twice"},
		{"observe agent out of range", func() error {
			_, err := h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: id, Agent: 2})
			return err
		},
			codes.InvalidArgument, "agent 2 is out of range"},
		{"too many env indices", func() error {
			_, err := h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: id, Envs: make([]int32, 100000)})
			return err
		}, codes.InvalidArgument, "100000 env indices for a session of 3 envs"},
		{"observe env out of range", func() error {
			_, err := h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: id, Envs: []int32{-1}})
			return err
		},
			codes.InvalidArgument, "env index -1"},
		{"describe env out of range", func() error {
			_, err := h.client.Describe(h.ctx, &pb.DescribeRequest{SessionId: id, Env: 9})
			return err
		},
			codes.InvalidArgument, "env index 9"},
		{"describe viewer out of range", func() error {
			_, err := h.client.Describe(h.ctx, &pb.DescribeRequest{SessionId: id, Viewer: 5})
			return err
		},
			codes.InvalidArgument, "viewer 5"},
		{"unknown env id", func() error {
			_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: "Nope/Nothing-v0", NumEnvs: 1})
			return err
		},
			codes.NotFound, `unknown env id "Nope/Nothing-v0"`},
		{"empty env id", func() error { _, err := h.client.Open(h.ctx, &pb.OpenRequest{NumEnvs: 1}); return err },
			codes.InvalidArgument, "env_id is empty"},
		{"unknown option", func() error {
			_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: map[string]string{"colour": "red"}})
			return err
		}, codes.InvalidArgument, `unknown option "colour"`},
		{"bad option value", func() error {
			_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: map[string]string{"seats": "9"}})
			return err
		}, codes.InvalidArgument, "seats=9"},
		{"zero envs", func() error { _, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher}); return err },
			codes.InvalidArgument, "num_envs=0: want 1 to 64"},
		{"too many envs", func() error { _, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 65}); return err },
			codes.InvalidArgument, "num_envs=65"},
		{"oversize message", func() error {
			_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: &pb.Tensor{Dtype: pb.DType_DTYPE_INT32, Shape: []int64{3}, Data: make([]byte, 300<<10)}})
			return err
		}, codes.ResourceExhausted, "larger than max"},
		{"malformed message", func() error {
			return h.conn.Invoke(h.ctx, pb.EnvService_Step_FullMethodName, []byte{0x0a, 0xff, 0xff}, new([]byte), grpc.ForceCodec(rawCodec{}))
		}, codes.Internal, "unmarshal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantCode(t, c.call(), c.code, c.msg)
			if after := h.snapshot(id, 2, 3); !bytes.Equal(after, before) {
				t.Fatal("a refused call changed an env")
			}
		})
	}
	if n := h.srv.Sessions(); n != 1 {
		t.Fatalf("%d sessions open, want 1 (failed opens must not leak sessions)", n)
	}
	// The session still steps normally.
	h.step(id, legal)
	if _, err := h.client.Close(h.ctx, &pb.CloseRequest{SessionId: id}); err != nil {
		t.Fatal(err)
	}
	_, err = h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: actionTensor(legal)})
	wantCode(t, err, codes.NotFound, "closed or unknown")
	_, err = h.client.Close(h.ctx, &pb.CloseRequest{SessionId: id})
	wantCode(t, err, codes.NotFound, "closed or unknown")
}

// rawCodec sends bytes as they are, to forge malformed messages.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error)      { return v.([]byte), nil }
func (rawCodec) Unmarshal(data []byte, v any) error { *(v.(*[]byte)) = data; return nil }
func (rawCodec) Name() string                       { return "proto" }

func TestEpisodeOverWithoutAutoResetNeedsReset(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 1})
	r := h.reset(o.SessionId, 1)
	var over []int32
	for step := 0; step < 500 && len(over) == 0; step++ {
		r = h.step(o.SessionId, lastLegal(r))
		for i := 0; i < 2; i++ {
			if r.Terminated.Data[i] == 1 {
				over = append(over, int32(i))
			}
		}
	}
	if len(over) == 0 {
		t.Fatal("no episode ended in 500 steps")
	}
	e := over[0]
	if got := int32(binary.LittleEndian.Uint32(r.Agent.Data[4*e:])); got != int32(game.NoAgent) {
		t.Fatalf("agent of a finished env = %d, want %d", got, game.NoAgent)
	}
	acts := firstLegal(r)
	acts[e] = 0
	_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor(acts)})
	wantCode(t, err, codes.FailedPrecondition, "the episode is over")
	r2, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: o.SessionId, Envs: over})
	if err != nil {
		t.Fatal(err)
	}
	if r2.Terminated.Data[e] != 0 || binary.LittleEndian.Uint64(r2.Seed.Data[8*e:]) != game.DeriveSeed(1, uint64(e), 1) {
		t.Fatal("reset of one env did not start its second episode")
	}
	h.step(o.SessionId, firstLegal(r2))
}

func TestIdleSessionsAreClosed(t *testing.T) {
	h := start(t, Config{IdleTimeout: 40 * time.Millisecond})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2})
	keep := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	r := h.reset(keep.SessionId, 1)
	for i := 0; i < 10; i++ { // keep one session busy while the other idles
		time.Sleep(15 * time.Millisecond)
		r = h.reset(keep.SessionId, 1)
	}
	_ = r
	_, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: o.SessionId})
	wantCode(t, err, codes.NotFound, "closed or unknown")
	if n := h.srv.Sessions(); n != 1 {
		t.Fatalf("%d sessions open, want only the busy one", n)
	}
}

func TestSessionLimit(t *testing.T) {
	h := start(t, Config{MaxSessions: 2})
	a := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	wantCode(t, err, codes.ResourceExhausted, "2 sessions open")
	if _, err := h.client.Close(h.ctx, &pb.CloseRequest{SessionId: a.SessionId}); err != nil {
		t.Fatal(err)
	}
	h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
}

func TestOpenRefusesBatchesOverTheMessageLimit(t *testing.T) {
	h := start(t, Config{MaxMessageBytes: 8 << 10})
	_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1000})
	wantCode(t, err, codes.ResourceExhausted, "over the server's message limit")
}

func TestPerAgentViewsHideOtherHands(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: map[string]string{"seats": "2"}})
	h.reset(o.SessionId, 9)
	var hands [2][]byte
	for a := range hands {
		r, err := h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: o.SessionId, Agent: int32(a)})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Observation {
			if f.Name == "hand" {
				hands[a] = f.Data
			}
		}
	}
	if hands[0] == nil || bytes.Equal(hands[0], hands[1]) {
		t.Fatal("the two seats' views show the same hand")
	}
	d, err := h.client.Describe(h.ctx, &pb.DescribeRequest{SessionId: o.SessionId, Viewer: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Board, "(you)") || len(d.LegalActions) == 0 || d.Prompt == "" {
		t.Fatalf("describe: %v", d)
	}
}

func TestHealthServing(t *testing.T) {
	h := start(t, Config{})
	for _, svc := range []string{"", ServiceName} {
		r, err := healthpb.NewHealthClient(h.conn).Check(h.ctx, &healthpb.HealthCheckRequest{Service: svc})
		if err != nil || r.Status != healthpb.HealthCheckResponse_SERVING {
			t.Fatalf("health %q: %v %v", svc, r, err)
		}
	}
}

func TestPanicBecomesInternalStatus(t *testing.T) {
	s := New(Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer s.Shutdown()
	_, err := s.unaryInterceptor(context.Background(), nil, &grpc.UnaryServerInfo{FullMethod: "/x"},
		func(context.Context, any) (any, error) { panic("boom") })
	wantCode(t, err, codes.Internal, "boom")
}

// panicEnv is an env whose Step panics, as an engine bug would.
type panicEnv struct{ env.Env }

func (panicEnv) Step(int) (env.Transition, error) { panic("engine bug") }

// An env that panics on a worker goroutine does not end the process: the
// panic is raised again on the caller's goroutine (where the interceptor
// turns it into INTERNAL), naming the env and keeping the worker's stack.
func TestStepPanicOnWorkerReachesCaller(t *testing.T) {
	const n = 2 * parallelMin
	fixture.Register()
	s, err := newSession("t", cipher, nil, n, 1, true, false, false, false, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.reset(nil, nil); err != nil {
		t.Fatal(err)
	}
	s.envs[n-3] = panicEnv{s.envs[n-3]}
	acts := make([]int32, n)
	for i := range acts {
		acts[i] = firstLegalOf(s.mask[i*s.spec.Actions : (i+1)*s.spec.Actions])
	}
	var got any
	func() {
		defer func() { got = recover() }()
		_ = s.step(actionTensor(acts))
	}()
	p, ok := got.(*envPanic)
	if !ok {
		t.Fatalf("step raised %v (%T), want an *envPanic", got, got)
	}
	if p.env != n-3 || p.value != "engine bug" || !strings.Contains(string(p.stack), "panicEnv") {
		t.Fatalf("panic of env %d, value %v, stack:\n%s", p.env, p.value, p.stack)
	}
	if !strings.Contains(p.Error(), fmt.Sprintf("env %d panicked: engine bug", n-3)) {
		t.Fatalf("message %q", p.Error())
	}
	for i, err := range s.stepErr {
		if err != nil {
			t.Fatalf("stepErr[%d] = %v after the panic, want cleared", i, err)
		}
	}
}

// Memory copies and element-by-element packing give the same bytes.
func TestTensorPackingIsLittleEndianBothWays(t *testing.T) {
	src := []float32{1, -2.5, 3, 4, 5, 6}
	isrc := []int32{1, -2, 3, 4, 1 << 30, 6}
	fast := rowsTensor("x", src, 2, 3, 1, 2, shape(2, 2))
	ifast := rowsTensor("x", isrc, 2, 3, 1, 2, shape(2, 2))
	saved := littleEndian
	littleEndian = false
	slow := rowsTensor("x", src, 2, 3, 1, 2, shape(2, 2))
	islow := rowsTensor("x", isrc, 2, 3, 1, 2, shape(2, 2))
	littleEndian = saved
	if !bytes.Equal(fast.Data, slow.Data) || !bytes.Equal(ifast.Data, islow.Data) {
		t.Fatal("fast and portable packing differ")
	}
	want := binary.LittleEndian.AppendUint32(nil, math.Float32bits(-2.5))
	if !bytes.Equal(slow.Data[:4], want) || len(slow.Data) != 16 {
		t.Fatalf("packed %v, want -2.5 first (row 0 starts at offset 1)", slow.Data)
	}
	if got := int32(binary.LittleEndian.Uint32(islow.Data[8:])); got != 1<<30 {
		t.Fatalf("row 1 starts with %d, want %d", got, 1<<30)
	}
}

// dense returns a tensor's elements as dense little-endian bytes.
func dense(t *pb.Tensor) []byte {
	if !t.Sparse {
		return t.Data
	}
	n := 1
	for _, d := range t.Shape {
		n *= int(d)
	}
	out := make([]byte, 4*n)
	for k := 0; k < len(t.Indices)/4; k++ {
		i := binary.LittleEndian.Uint32(t.Indices[4*k:])
		copy(out[4*i:4*i+4], t.Data[4*k:4*k+4])
	}
	return out
}

// Sparse observations decode to exactly the dense ones, and are smaller.
func TestSparseObservationsMatchDense(t *testing.T) {
	h := start(t, Config{})
	a := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 6, Seed: 2, AutoReset: true, FinalObservations: true})
	b := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 6, Seed: 2, AutoReset: true, FinalObservations: true, SparseObservations: true})
	ra, rb := h.reset(a.SessionId, 2), h.reset(b.SessionId, 2)
	sparseBytes, denseBytes := 0, 0
	for step := 0; step < 60; step++ {
		for k := range ra.Observation {
			if !rb.Observation[k].Sparse || !bytes.Equal(ra.Observation[k].Data, dense(rb.Observation[k])) ||
				!bytes.Equal(ra.FinalObservation[k].Data, dense(rb.FinalObservation[k])) {
				t.Fatalf("step %d field %s: sparse and dense observations differ", step, ra.Observation[k].Name)
			}
		}
		sparseBytes += proto.Size(rb)
		denseBytes += proto.Size(ra)
		acts := lastLegal(ra)
		ra, rb = h.step(a.SessionId, acts), h.step(b.SessionId, acts)
	}
	if sparseBytes >= denseBytes {
		t.Fatalf("sparse replies took %d bytes, dense %d", sparseBytes, denseBytes)
	}
	for agent := int32(0); agent < 2; agent++ {
		oa, err := h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: a.SessionId, Agent: agent})
		if err != nil {
			t.Fatal(err)
		}
		ob, err := h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: b.SessionId, Agent: agent})
		if err != nil {
			t.Fatal(err)
		}
		for k := range oa.Observation {
			if !bytes.Equal(oa.Observation[k].Data, dense(ob.Observation[k])) {
				t.Fatalf("observe agent %d field %s: sparse and dense differ", agent, oa.Observation[k].Name)
			}
		}
	}
}

// Concurrent clients on their own sessions and on a shared one, with the
// reaper running, are served without races (run under -race).
func TestConcurrentSessions(t *testing.T) {
	h := start(t, Config{IdleTimeout: 5 * time.Second})
	shared := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 40, AutoReset: true})
	h.reset(shared.SessionId, 1)
	errc := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func(g int) {
			id := shared.SessionId
			if g%2 == 0 {
				o, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: int32(1 + g), AutoReset: true})
				if err != nil {
					errc <- err
					return
				}
				id = o.SessionId
			}
			seed := uint64(g)
			r, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: id, Seed: &seed})
			for i := 0; i < 50 && err == nil; i++ {
				var next *pb.StepResult
				next, err = h.client.Step(h.ctx, &pb.StepRequest{SessionId: id, Actions: actionTensor(firstLegal(r))})
				if id == shared.SessionId && status.Code(err) == codes.InvalidArgument {
					// Another goroutine stepped the shared session since r: a refusal.
					next, err = h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: id, Envs: []int32{0}})
				}
				if err == nil {
					r = next
				}
			}
			errc <- err
		}(g)
	}
	for g := 0; g < 8; g++ {
		if err := <-errc; err != nil {
			t.Error(err)
		}
	}
}
