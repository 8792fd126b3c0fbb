package serve

import (
	"context"
	"io"
	"log/slog"
	"net"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/internal/fixture"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// The test clients fill in every request's session_secret from the Open
// replies they saw, so that tests need not carry secrets around; a request
// that sets its own secret (or a context from noSecret) is left alone.
var testSecrets sync.Map // session id -> secret

type noSecretKey struct{}

// noSecret makes a context whose calls go out without a secret.
func noSecret(ctx context.Context) context.Context {
	return context.WithValue(ctx, noSecretKey{}, true)
}

func fillSecret(ctx context.Context, req any) {
	if ctx.Value(noSecretKey{}) != nil {
		return
	}
	m, ok := req.(proto.Message)
	if !ok {
		return
	}
	if sr, ok := m.(*pb.StreamRequest); ok {
		if r := sr.GetReset_(); r != nil {
			m = r
		} else if r := sr.GetStep(); r != nil {
			m = r
		}
	}
	r := m.ProtoReflect()
	fd := r.Descriptor().Fields().ByName("session_secret")
	id := r.Descriptor().Fields().ByName("session_id")
	if fd == nil || id == nil || r.Get(fd).String() != "" {
		return
	}
	if secret, ok := testSecrets.Load(r.Get(id).String()); ok {
		r.Set(fd, protoreflect.ValueOfString(secret.(string)))
	}
}

func secretsUnary() grpc.DialOption {
	return grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		fillSecret(ctx, req)
		err := invoker(ctx, method, req, reply, cc, opts...)
		if o, ok := reply.(*pb.OpenResponse); ok && err == nil {
			testSecrets.Store(o.SessionId, o.SessionSecret)
		}
		return err
	})
}

func secretsStream() grpc.DialOption {
	return grpc.WithChainStreamInterceptor(func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		s, err := streamer(ctx, desc, cc, method, opts...)
		if err != nil {
			return nil, err
		}
		return &secretStream{ClientStream: s, ctx: ctx}, nil
	})
}

type secretStream struct {
	grpc.ClientStream
	ctx context.Context
}

func (s *secretStream) SendMsg(m any) error {
	fillSecret(s.ctx, m)
	return s.ClientStream.SendMsg(m)
}

// Test agents: slowAgent thinks until its call's context ends (it
// implements ContextActor); stuckAgent ignores contexts and thinks until the
// test releases it. Both give up after a few seconds, so that a server
// without the fix fails these tests instead of hanging.
type slowAgent struct{}

func (slowAgent) Name() string { return "serve-test-slow" }
func (slowAgent) Reset(uint64) {}
func (slowAgent) Act(e env.Env, info *env.Info) int {
	time.Sleep(5 * time.Second)
	return firstOf(info.Mask)
}
func (slowAgent) ActContext(ctx context.Context, _ env.Env, info *env.Info) int {
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
	}
	return firstOf(info.Mask)
}

type stuckAgent struct{}

var (
	stuckMu      sync.Mutex
	stuckRelease = make(chan struct{})
	stuckEntered = make(chan struct{}, 16)
)

// stick makes stuck agents think until releaseStuck.
func stick() {
	stuckMu.Lock()
	stuckRelease = make(chan struct{})
	stuckMu.Unlock()
	for len(stuckEntered) > 0 {
		<-stuckEntered
	}
}

// releaseStuck lets every stuck agent go on, now and until stick.
func releaseStuck() {
	stuckMu.Lock()
	select {
	case <-stuckRelease:
	default:
		close(stuckRelease)
	}
	stuckMu.Unlock()
}

func (stuckAgent) Name() string { return "serve-test-stuck" }
func (stuckAgent) Reset(uint64) {}
func (stuckAgent) Act(e env.Env, info *env.Info) int {
	stuckMu.Lock()
	release := stuckRelease
	stuckMu.Unlock()
	stuckEntered <- struct{}{}
	select {
	case <-release:
	case <-time.After(5 * time.Second):
	}
	return firstOf(info.Mask)
}

func firstOf(mask []int8) int {
	for a, m := range mask {
		if m != 0 {
			return a
		}
	}
	return 0
}

var registerSlowAgents sync.Once

func slowAgents() {
	registerSlowAgents.Do(func() {
		agents.Register("serve-test-slow", "test: thinks until its call ends", func(env.Options) (agents.Agent, error) { return slowAgent{}, nil })
		agents.Register("serve-test-stuck", "test: thinks until released", func(env.Options) (agents.Agent, error) { return stuckAgent{}, nil })
	})
}

// botSession opens 2 envs of the 2-seat cipher with agent at seat 1 (seat 0
// opens, so the bot first plays after the client's first step).
func botSession(h *harness, agent string) (*pb.OpenResponse, *pb.StepResult) {
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 3, Options: map[string]string{"seats": "2"}, Bots: map[int32]string{1: agent}})
	return o, h.reset(o.SessionId, 3)
}

// A step whose bot thinks past the call's deadline answers DEADLINE_EXCEEDED
// at the deadline; the envs are then stopped until reset.
func TestSlowBotStopsAtTheDeadline(t *testing.T) {
	slowAgents()
	h := start(t, Config{})
	o, r := botSession(h, "serve-test-slow")
	ctx, cancel := context.WithTimeout(h.ctx, 200*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	_, err := h.client.Step(ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor(firstLegal(r))})
	if took := time.Since(t0); took > 2*time.Second {
		t.Fatalf("the step took %v with a 200ms deadline", took)
	}
	wantCode(t, err, codes.DeadlineExceeded, "")
	_, err = h.client.Step(h.ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor([]int32{0, 0})})
	wantCode(t, err, codes.FailedPrecondition, "reset it before stepping")
	r = h.reset(o.SessionId, 3)
	if ag := i32s(r.Agent); ag[0] != 0 || ag[1] != 0 {
		t.Fatalf("agents after reset = %v, want seat 0", ag)
	}
	// The same over a stream: its context ending stops the bots too.
	sctx, scancel := context.WithTimeout(h.ctx, 200*time.Millisecond)
	defer scancel()
	st, err := h.client.Stream(sctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Send(&pb.StreamRequest{Request: &pb.StreamRequest_Step{Step: &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor(firstLegal(r))}}}); err != nil {
		t.Fatal(err)
	}
	t0 = time.Now()
	_, err = st.Recv()
	if took := time.Since(t0); took > 2*time.Second {
		t.Fatalf("the stream step took %v with a 200ms deadline", took)
	}
	wantCode(t, err, codes.DeadlineExceeded, "")
}

// Close of a session whose bot is busy returns at once; its envs are freed
// when the bot's work returns.
func TestCloseDoesNotWaitForABusySession(t *testing.T) {
	slowAgents()
	stick()
	defer releaseStuck()
	h := start(t, Config{})
	o, r := botSession(h, "serve-test-stuck")
	stepped := make(chan error, 1)
	go func() {
		_, err := h.client.Step(h.ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor(firstLegal(r))})
		stepped <- err
	}()
	<-stuckEntered
	t0 := time.Now()
	if _, err := h.client.Close(h.ctx, &pb.CloseRequest{SessionId: o.SessionId}); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(t0); took > time.Second {
		t.Fatalf("Close took %v on a busy session", took)
	}
	if n := h.srv.Sessions(); n != 0 {
		t.Fatalf("%d sessions open after Close", n)
	}
	if n := h.srv.LiveEnvs(); n != 2 {
		t.Fatalf("%d envs held while the closed session is busy, want 2", n)
	}
	// The idle reaper and new sessions do not wait for it either.
	h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	releaseStuck()
	for len(stuckEntered) > 0 {
		<-stuckEntered
	}
	if err := <-stepped; err != nil && status.Code(err) != codes.NotFound {
		t.Fatalf("the busy step: %v", err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for h.srv.LiveEnvs() != 1 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := h.srv.LiveEnvs(); n != 1 {
		t.Fatalf("%d envs held after the busy call returned, want 1", n)
	}
	_, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: o.SessionId})
	wantCode(t, err, codes.NotFound, "closed or unknown")
}

// Serve returns within its grace period while a stream's bot is busy and
// ignores its context, and leaves no goroutine once the bot returns.
func TestShutdownWithinGraceWithABusyStream(t *testing.T) {
	slowAgents()
	stick()
	defer releaseStuck()
	fixture.Register()
	before := runtime.NumGoroutine()
	srv := New(Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	lis := bufconn.Listen(1 << 20)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	const grace = 300 * time.Millisecond
	go func() { served <- Serve(ctx, lis, srv, grace) }()
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()), secretsUnary(), secretsStream())
	if err != nil {
		t.Fatal(err)
	}
	c := pb.NewEnvServiceClient(conn)
	o, err := c.Open(context.Background(), &pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 3, Options: map[string]string{"seats": "2"}, Bots: map[int32]string{1: "serve-test-stuck"}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.Stream(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(3)
	if err := st.Send(&pb.StreamRequest{Request: &pb.StreamRequest_Reset_{Reset_: &pb.ResetRequest{SessionId: o.SessionId, Seed: &seed}}}); err != nil {
		t.Fatal(err)
	}
	r, err := st.Recv()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Send(&pb.StreamRequest{Request: &pb.StreamRequest_Step{Step: &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor(firstLegal(r))}}}); err != nil {
		t.Fatal(err)
	}
	<-stuckEntered
	t0 := time.Now()
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
		if took := time.Since(t0); took > grace+500*time.Millisecond {
			t.Errorf("Serve took %v to stop, grace %v", took, grace)
		}
	case <-time.After(grace + 3*time.Second):
		t.Fatal("Serve did not stop while a stream's bot was busy")
	}
	if _, err := st.Recv(); err == nil {
		t.Error("the busy stream answered after shutdown")
	}
	releaseStuck()
	for len(stuckEntered) > 0 {
		<-stuckEntered
	}
	conn.Close()
	deadline := time.Now().Add(3 * time.Second)
	for (runtime.NumGoroutine() > before || srv.LiveEnvs() != 0) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := srv.LiveEnvs(); n != 0 {
		t.Errorf("%d envs held after the busy call returned", n)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("goroutine leak: %d goroutines after shutdown, %d before\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// --max-total-envs bounds the envs of all sessions together.
func TestTotalEnvLimit(t *testing.T) {
	h := start(t, Config{MaxEnvsPerSession: 8, MaxTotalEnvs: 10})
	a := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 8})
	_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 4})
	wantCode(t, err, codes.ResourceExhausted, "--max-total-envs")
	h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2})
	if _, err := h.client.Close(h.ctx, &pb.CloseRequest{SessionId: a.SessionId}); err != nil {
		t.Fatal(err)
	}
	h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 8})
	if n := h.srv.LiveEnvs(); n != 10 {
		t.Fatalf("LiveEnvs = %d, want 10", n)
	}
}

// A session answers only calls with its secret; a wrong or missing secret
// gets the NOT_FOUND of an unknown session.
func TestSessionSecret(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	if len(o.SessionSecret) < 32 || strings.Contains(o.SessionId, o.SessionSecret) {
		t.Fatalf("secret %q of session %q", o.SessionSecret, o.SessionId)
	}
	unknownID := o.SessionId[:len(o.SessionId)-4] + "0000"
	_, unknown := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: unknownID, SessionSecret: o.SessionSecret})
	wantCode(t, unknown, codes.NotFound, "closed or unknown")
	for name, call := range map[string]func() error{
		"reset, wrong secret": func() error {
			_, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: o.SessionId, SessionSecret: "wrong"})
			return err
		},
		"step, no secret": func() error {
			_, err := h.client.Step(noSecret(h.ctx), &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor([]int32{0})})
			return err
		},
		"observe, wrong secret": func() error {
			_, err := h.client.Observe(h.ctx, &pb.ObserveRequest{SessionId: o.SessionId, SessionSecret: strings.Repeat("0", 32)})
			return err
		},
		"close, wrong secret": func() error {
			_, err := h.client.Close(h.ctx, &pb.CloseRequest{SessionId: o.SessionId, SessionSecret: "wrong"})
			return err
		},
	} {
		err := call()
		wantCode(t, err, codes.NotFound, "closed or unknown")
		// The same words as for an unknown id: nothing tells that it exists.
		if got, want := strings.ReplaceAll(status.Convert(err).Message(), o.SessionId, "ID"), strings.ReplaceAll(status.Convert(unknown).Message(), unknownID, "ID"); got != want {
			t.Errorf("%s: %q, unknown session: %q", name, got, want)
		}
	}
	h.reset(o.SessionId, 1) // still open, and usable with its secret
}

// With a token, every call but health checks needs "authorization: Bearer".
func TestTokenInterceptor(t *testing.T) {
	h := start(t, Config{Token: "s3cret-token"})
	_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	wantCode(t, err, codes.Unauthenticated, "token")
	bad := metadata.AppendToOutgoingContext(h.ctx, "authorization", "Bearer nope")
	_, err = h.client.ListEnvs(bad, &pb.ListEnvsRequest{})
	wantCode(t, err, codes.Unauthenticated, "token")
	st, err := h.client.Stream(h.ctx)
	if err == nil {
		_, err = st.Recv()
	}
	wantCode(t, err, codes.Unauthenticated, "token")
	if r, err := healthpb.NewHealthClient(h.conn).Check(h.ctx, &healthpb.HealthCheckRequest{}); err != nil || r.Status != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health without a token: %v %v", r, err)
	}
	good := metadata.AppendToOutgoingContext(h.ctx, "authorization", "Bearer s3cret-token")
	o, err := h.client.Open(good, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(1)
	if _, err := h.client.Reset(good, &pb.ResetRequest{SessionId: o.SessionId, Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	st, err = h.client.Stream(good)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Send(&pb.StreamRequest{Request: &pb.StreamRequest_Reset_{Reset_: &pb.ResetRequest{SessionId: o.SessionId}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Recv(); err != nil {
		t.Fatalf("stream with the token: %v", err)
	}
	st.CloseSend()
}

// Error messages quote at most a short prefix of a long input.
func TestLongInputIsQuotedShort(t *testing.T) {
	slowAgents()
	h := start(t, Config{})
	long := strings.Repeat("x", 10000)
	for name, call := range map[string]func() error{
		"env id": func() error { _, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: long, NumEnvs: 1}); return err },
		"option name": func() error {
			_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: map[string]string{long: "1"}})
			return err
		},
		"option value": func() error {
			_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: map[string]string{"seats": long}})
			return err
		},
		"agent": func() error {
			_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: map[string]string{"seats": "2"}, Bots: map[int32]string{1: long}})
			return err
		},
		"agent option": func() error {
			_, err := h.client.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 1, Options: map[string]string{"seats": "2"}, Bots: map[int32]string{1: "random:" + long + "=1"}})
			return err
		},
		"session id": func() error {
			_, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: long})
			return err
		},
	} {
		err := call()
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		msg := status.Convert(err).Message()
		if strings.Contains(msg, strings.Repeat("x", quoteMax+1)) || !strings.Contains(msg, "…") || len(msg) > 1500 {
			t.Errorf("%s: message of %d bytes quotes too much: %.300s", name, len(msg), msg)
		}
	}
}

// A call on a session of an earlier run says the server restarted, and every
// failed call carries the instance in its trailer.
func TestServerInstance(t *testing.T) {
	h := start(t, Config{})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	if o.ServerInstance == "" || o.ServerInstance != h.srv.Instance() || !strings.HasPrefix(o.SessionId, o.ServerInstance) {
		t.Fatalf("instance %q, session %q, server %q", o.ServerInstance, o.SessionId, h.srv.Instance())
	}
	other := New(Config{Logger: h.srv.log})
	defer other.Shutdown()
	var trailer metadata.MD
	_, err := h.client.Reset(h.ctx, &pb.ResetRequest{SessionId: other.prefix + "00", SessionSecret: "x"}, grpc.Trailer(&trailer))
	wantCode(t, err, codes.NotFound, "restarted")
	if got := trailer.Get(InstanceMetadata); len(got) != 1 || got[0] != h.srv.Instance() {
		t.Fatalf("trailer %v, want %s=%s", trailer, InstanceMetadata, h.srv.Instance())
	}
}

// The sessions of a connection that ends are closed at once.
func TestConnectionEndClosesItsSessions(t *testing.T) {
	h := start(t, Config{})
	keep := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	conn2 := h.dial()
	c2 := pb.NewEnvServiceClient(conn2)
	if _, err := c2.Open(h.ctx, &pb.OpenRequest{EnvId: cipher, NumEnvs: 2}); err != nil {
		t.Fatal(err)
	}
	if n := h.srv.Sessions(); n != 2 {
		t.Fatalf("%d sessions, want 2", n)
	}
	conn2.Close()
	deadline := time.Now().Add(2 * time.Second)
	for h.srv.Sessions() != 1 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n, envs := h.srv.Sessions(), h.srv.LiveEnvs(); n != 1 || envs != 1 {
		t.Fatalf("%d sessions and %d envs after the second connection closed, want 1 and 1", n, envs)
	}
	h.reset(keep.SessionId, 1)
}

// Bot budgets are capped by the server: a huge ismcts budget opens and
// plays with the cap.
func TestBotBudgetsAreCapped(t *testing.T) {
	for spec, want := range map[string]string{
		"ismcts:iters=1e9":         "ismcts:iters=50",
		"ismcts:iters=1000000,c=2": "ismcts:c=2,iters=50",
		"ismcts:ms=100000":         "ismcts:ms=20",
		"ismcts:iters=10":          "ismcts:iters=10",
		"heuristic":                "heuristic",
		"ismcts:iters=many":        "ismcts:iters=many",
	} {
		if got := capBudget(spec, 50, 20); got != want {
			t.Errorf("capBudget(%q) = %q, want %q", spec, got, want)
		}
	}
	h := start(t, Config{MaxBotIters: 5})
	o := h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 2, Seed: 1, AutoReset: true, Options: map[string]string{"seats": "2"}, Bots: map[int32]string{1: "ismcts:iters=1e9"}})
	r := h.reset(o.SessionId, 1)
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	for step := 0; step < 10; step++ {
		var err error
		if r, err = h.client.Step(ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor(firstLegal(r))}); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
}

// A sparse packed reply of dense observations goes out dense, so no reply
// outgrows the bound Open checks against the message limit.
func TestDenseRowsOfASparseSessionGoOutDense(t *testing.T) {
	fixture.Register()
	const n = 4
	ss, err := newSession("s", cipher, nil, n, 1, false, false, true, true, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ss.reset(nil, nil); err != nil {
		t.Fatal(err)
	}
	for k := range ss.f32 {
		ss.f32[k] = float32(k + 1)
	}
	for k := range ss.i32 {
		ss.i32[k] = int32(k + 1)
	}
	ss.scanAll()
	wire := ss.packedWire(nil)
	if max := resultBytes(ss.spec, n, false, true, true); len(wire) > max {
		t.Fatalf("reply of %d bytes, over the bound of %d", len(wire), max)
	}
	var m pb.StepResult
	if err := proto.Unmarshal(wire, &m); err != nil {
		t.Fatal(err)
	}
	p := m.Packed
	if p.Sparse || len(p.SparseF32) != 0 || len(p.F32) < 4*len(ss.f32) || len(p.I32) < 4*len(ss.i32) {
		t.Fatalf("sparse %v with %d sparse bytes, %d f32 bytes and %d i32 bytes", p.Sparse, len(p.SparseF32), len(p.F32), len(p.I32))
	}
	if f := f32s(&pb.Tensor{Data: p.F32}); f[0] != 1 || f[len(ss.f32)-1] != float32(len(ss.f32)) {
		t.Fatalf("dense observations %v…", f[:4])
	}
}

// A stream waiting for its next request does not hold a shutdown up.
func TestShutdownEndsIdleStreamsAtOnce(t *testing.T) {
	fixture.Register()
	srv := New(Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	lis := bufconn.Listen(1 << 20)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, lis, srv, 10*time.Second) }()
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()), secretsUnary(), secretsStream())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := pb.NewEnvServiceClient(conn)
	o, err := c.Open(context.Background(), &pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.Stream(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Send(&pb.StreamRequest{Request: &pb.StreamRequest_Reset_{Reset_: &pb.ResetRequest{SessionId: o.SessionId}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Recv(); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("an idle stream held the shutdown up")
	}
	if took := time.Since(t0); took > 2*time.Second {
		t.Fatalf("shutdown took %v with an idle stream", took)
	}
	_, err = st.Recv()
	wantCode(t, err, codes.Unavailable, "shutting down")
}

// The idle reaper closes a session whose call outlasts the idle timeout
// without waiting for it, and goes on reaping the others.
func TestReaperDoesNotWaitForABusySession(t *testing.T) {
	slowAgents()
	stick()
	defer releaseStuck()
	h := start(t, Config{IdleTimeout: 50 * time.Millisecond})
	o, r := botSession(h, "serve-test-stuck")
	go func() {
		_, _ = h.client.Step(h.ctx, &pb.StepRequest{SessionId: o.SessionId, Actions: actionTensor(firstLegal(r))})
	}()
	<-stuckEntered
	h.open(&pb.OpenRequest{EnvId: cipher, NumEnvs: 1})
	deadline := time.Now().Add(2 * time.Second)
	for h.srv.Sessions() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := h.srv.Sessions(); n != 0 {
		t.Fatalf("%d sessions left open by the reaper", n)
	}
	if n := h.srv.LiveEnvs(); n != 2 {
		t.Fatalf("%d envs held while the reaped session is busy, want 2", n)
	}
	releaseStuck()
	for h.srv.LiveEnvs() != 0 && time.Now().Before(deadline.Add(2*time.Second)) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := h.srv.LiveEnvs(); n != 0 {
		t.Fatalf("%d envs held after the busy call returned", n)
	}
}
