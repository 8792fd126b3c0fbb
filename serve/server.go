package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"

	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// Server implements the EnvService: it owns the sessions and their limits.
// Make one with [New] and release it with [Server.Shutdown].
//
// No call ever waits on another session's work: Close, the idle reaper and
// Shutdown mark a busy session closed (its id is unknown from then on) and
// its envs are freed when the call running on it returns.
type Server struct {
	pb.UnimplementedEnvServiceServer

	cfg      Config
	log      *slog.Logger
	instance string // this run's id (OpenResponse.server_instance)
	prefix   string // of every session id of this run: instance + "-"

	mu       sync.Mutex
	sessions map[string]*session
	envs     int // envs of sessions not yet freed, reserved at Open
	closed   bool

	stop     chan struct{}
	done     chan struct{}
	draining chan struct{} // closed when a shutdown starts (see Drain)
	drain    sync.Once

	shared sharedServer // the shared-memory listener (shm_linux.go)
}

// New makes a server with cfg's limits and starts its idle-session reaper.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, log: cfg.Logger, sessions: map[string]*session{}, stop: make(chan struct{}), done: make(chan struct{}), draining: make(chan struct{})}
	s.instance = newHex(8)
	s.prefix = s.instance + "-"
	go s.reap()
	return s
}

// Config returns the limits in force (defaults filled in).
func (s *Server) Config() Config { return s.cfg }

// Instance returns the id of this run of the server: random at New, sent in
// OpenResponse.server_instance and in the trailing metadata
// "mythos-server-instance" of failed calls.
func (s *Server) Instance() string { return s.instance }

// Sessions returns the number of open sessions.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// LiveEnvs returns the number of envs held: those of open sessions and of
// closed sessions whose last call has not returned yet.
func (s *Server) LiveEnvs() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.envs
}

// Drain starts a shutdown: streams waiting for their next request end with
// UNAVAILABLE (a request in progress is answered first). [Serve] calls it
// when its context ends; Shutdown calls it too.
func (s *Server) Drain() { s.drain.Do(func() { close(s.draining) }) }

// Shutdown stops the reaper and closes every session without waiting for
// busy ones (see [Server]). Calls after Shutdown fail with UNAVAILABLE.
func (s *Server) Shutdown() {
	s.Drain()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	all := make([]*session, 0, len(s.sessions))
	for _, ss := range s.sessions {
		all = append(all, ss)
	}
	clear(s.sessions)
	s.mu.Unlock()
	busy := 0
	for _, ss := range all {
		ss.closed.Store(true)
		ss.hangUp(codes.Unavailable, "the server is shutting down")
		if !s.tryFree(ss) {
			busy++
		}
	}
	s.stopShared()
	close(s.stop)
	<-s.done
	s.log.Info("server closed", "sessions_freed", len(all), "busy", busy)
}

// reap closes sessions idle for longer than the idle timeout.
func (s *Server) reap() {
	defer close(s.done)
	every := min(max(s.cfg.IdleTimeout/4, 10*time.Millisecond), 30*time.Second)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case now := <-t.C:
			s.reapIdle(now)
		}
	}
}

// reapIdle closes the sessions idle at now for longer than the timeout. A
// session's idle time counts from the start or the end of its last call,
// whichever is later, so a call that runs longer than the timeout (bots
// ignoring their call's end) loses its session; it is freed when the call
// returns.
func (s *Server) reapIdle(now time.Time) {
	s.mu.Lock()
	var idle []*session
	for _, ss := range s.sessions {
		if ss.idleSince(now) > s.cfg.IdleTimeout {
			idle = append(idle, ss)
		}
	}
	s.mu.Unlock()
	sort.Slice(idle, func(i, j int) bool { return idle[i].id < idle[j].id })
	for _, ss := range idle {
		if s.closeSession(ss) {
			s.log.Info("session closed for idleness", "session", ss.id, "env", ss.spec.ID, "envs", len(ss.envs), "idle_timeout", s.cfg.IdleTimeout)
		}
	}
}

// closeConn closes the sessions opened on connection conn, which ended.
func (s *Server) closeConn(conn uint64) {
	s.mu.Lock()
	var gone []*session
	for _, ss := range s.sessions {
		if ss.conn == conn {
			gone = append(gone, ss)
		}
	}
	s.mu.Unlock()
	sort.Slice(gone, func(i, j int) bool { return gone[i].id < gone[j].id })
	for _, ss := range gone {
		if s.closeSession(ss) {
			s.log.Info("session closed: its connection ended", "session", ss.id, "env", ss.spec.ID, "envs", len(ss.envs))
		}
	}
}

// closeSession marks ss closed, forgets its id and frees it unless a call is
// running on it (that call frees it on release). It never waits, and reports
// whether this call closed it.
func (s *Server) closeSession(ss *session) bool {
	if ss.closed.Swap(true) {
		return false
	}
	s.mu.Lock()
	if s.sessions[ss.id] == ss {
		delete(s.sessions, ss.id)
	}
	s.mu.Unlock()
	if ss.shm != nil {
		select {
		case <-s.draining:
			// The server is stopping (its gRPC connections end first, and
			// with them their sessions): say so, not "closed or unknown".
			ss.hangUp(codes.Unavailable, "the server is shutting down")
		default:
			ss.hangUp(codes.NotFound, status.Convert(s.unknown(ss.id)).Message())
		}
	}
	s.tryFree(ss)
	return true
}

// tryFree frees closed session ss unless a call holds it; it reports whether
// ss is free now.
func (s *Server) tryFree(ss *session) bool {
	select {
	case ss.sem <- struct{}{}:
		s.free(ss)
		<-ss.sem
		return true
	default:
		return false
	}
}

// free gives a closed session's envs back to the server's budget (once).
func (s *Server) free(ss *session) {
	if ss.freed.Swap(true) {
		return
	}
	ss.stopWorkers()
	if ss.shm != nil {
		ss.shm.release()
	}
	s.mu.Lock()
	s.envs -= len(ss.envs)
	s.mu.Unlock()
}

// lookup finds a session by id and secret. An unknown id and a wrong secret
// get the same NOT_FOUND, so that a session's existence is not revealed.
func (s *Server) lookup(id, secret string) (*session, error) {
	if id == "" {
		return nil, status.Error(codes.InvalidArgument, "session_id is empty: call Open first and pass the id it returns")
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, status.Error(codes.Unavailable, "the server is shutting down")
	}
	ss := s.sessions[id]
	s.mu.Unlock()
	if ss == nil || !ss.owns(secret) {
		return nil, s.unknown(id)
	}
	if ss.closed.Load() {
		return nil, s.gone(id)
	}
	return ss, nil
}

// gone is the error of a call on a session closed meanwhile: UNAVAILABLE
// once the server is shutting down (Shutdown marks every session closed
// before it hangs up their clients, and a call between the two must not
// read "closed or unknown"), NOT_FOUND otherwise.
func (s *Server) gone(id string) error {
	select {
	case <-s.draining:
		return status.Error(codes.Unavailable, "the server is shutting down")
	default:
		return s.unknown(id)
	}
}

// unknown is the NOT_FOUND of a session id that is not (or no longer) open.
func (s *Server) unknown(id string) error {
	if !strings.HasPrefix(id, s.prefix) {
		return status.Errorf(codes.NotFound, "session %s is unknown to this server (instance %s): the server restarted since it was opened, or the id is wrong; open a new session", clip(id), s.instance)
	}
	return status.Errorf(codes.NotFound, "session %s is closed or unknown (closed by Close, after %v idle, or when the connection that opened it ended)", clip(id), s.cfg.IdleTimeout)
}

// acquire finds a session and takes it for one call, waiting (until ctx
// ends) while another call holds it; call release when done.
func (s *Server) acquire(ctx context.Context, id, secret string) (*session, error) {
	ss, err := s.lookup(id, secret)
	if err != nil {
		return nil, err
	}
	if err := s.take(ctx, ss); err != nil {
		return nil, err
	}
	return ss, nil
}

// take takes the session ss for one call, waiting (until ctx ends) while
// another call holds it; call release when done.
func (s *Server) take(ctx context.Context, ss *session) error {
	select {
	case ss.sem <- struct{}{}:
	default:
		select {
		case ss.sem <- struct{}{}:
		case <-ctx.Done():
			return ctxError(ctx, "the session is busy with an earlier call")
		}
	}
	if ss.closed.Load() {
		s.release(ss)
		return s.gone(ss.id)
	}
	ss.touch()
	return nil
}

// release ends a call's hold on ss; if ss was closed meanwhile, it is freed.
func (s *Server) release(ss *session) {
	ss.touch()
	<-ss.sem
	if ss.closed.Load() {
		s.tryFree(ss)
	}
}

// ctxError is the status of a call whose context ended: DEADLINE_EXCEEDED or
// CANCELED, saying what was going on.
func ctxError(ctx context.Context, what string) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return status.Errorf(codes.DeadlineExceeded, "the call's deadline passed: %s", what)
	}
	return status.Errorf(codes.Canceled, "the call was cancelled: %s", what)
}

// ListEnvs implements EnvService.
func (s *Server) ListEnvs(context.Context, *pb.ListEnvsRequest) (*pb.ListEnvsResponse, error) {
	r := &pb.ListEnvsResponse{}
	for _, id := range env.IDs() {
		e, err := env.Make(id, nil)
		if err != nil {
			return nil, status.Errorf(codes.Internal, "env %s does not build with default options: %v", id, err)
		}
		r.Envs = append(r.Envs, specMessage(e.Spec()))
	}
	return r, nil
}

// Open implements EnvService.
func (s *Server) Open(ctx context.Context, req *pb.OpenRequest) (*pb.OpenResponse, error) {
	if req.EnvId == "" {
		return nil, status.Errorf(codes.InvalidArgument, "env_id is empty (registered: %s)", strings.Join(env.IDs(), ", "))
	}
	if _, err := env.Lookup(req.EnvId); err != nil {
		return nil, status.Errorf(codes.NotFound, "unknown env id %s (registered: %s)", clip(req.EnvId), strings.Join(env.IDs(), ", "))
	}
	n := int(req.NumEnvs)
	if n < 1 || n > s.cfg.MaxEnvsPerSession {
		return nil, status.Errorf(codes.InvalidArgument, "num_envs=%d: want 1 to %d envs per session", req.NumEnvs, s.cfg.MaxEnvsPerSession)
	}
	opts := env.Options(req.Options)
	probe, err := env.Make(req.EnvId, opts)
	if err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "bad options %s: %s", clipOptions(opts), scrub(err.Error(), optionTexts(opts)...))
	}
	packed := false
	switch req.Encoding {
	case pb.Encoding_ENCODING_TENSORS:
	case pb.Encoding_ENCODING_PACKED:
		packed = true
		l := probe.Spec().Layout
		if req.SparseObservations && 2*n*max(l.F32, l.I32) > maxSparsePositions {
			return nil, status.Errorf(codes.InvalidArgument, "num_envs=%d: sparse packed observations of %d envs of %s have too many elements for int32 positions; open fewer envs per session", n, n, req.EnvId)
		}
	default:
		return nil, status.Errorf(codes.InvalidArgument, "encoding %v: want ENCODING_TENSORS or ENCODING_PACKED", req.Encoding)
	}
	if size := resultBytes(probe.Spec(), n, req.FinalObservations && req.AutoReset, req.SparseObservations, packed); size > s.cfg.MaxMessageBytes {
		return nil, status.Errorf(codes.ResourceExhausted, "num_envs=%d: a step of %d envs of %s answers up to %d bytes, over the server's message limit of %d bytes; open fewer envs per session", n, n, req.EnvId, size, s.cfg.MaxMessageBytes)
	}
	bots, err := checkBots(req.Bots, probe, s.cfg)
	if err != nil {
		return nil, err
	}
	// Reserve the envs first, so that concurrent Opens cannot overshoot.
	s.mu.Lock()
	closed, full, envs := s.closed, len(s.sessions) >= s.cfg.MaxSessions, s.envs
	if !closed && !full && envs+n <= s.cfg.MaxTotalEnvs {
		s.envs += n
	}
	s.mu.Unlock()
	switch {
	case closed:
		return nil, status.Error(codes.Unavailable, "the server is shutting down")
	case full:
		return nil, status.Errorf(codes.ResourceExhausted, "the server has %d sessions open, its limit: close unused sessions (idle ones close after %v)", s.cfg.MaxSessions, s.cfg.IdleTimeout)
	case envs+n > s.cfg.MaxTotalEnvs:
		return nil, status.Errorf(codes.ResourceExhausted, "num_envs=%d: the server holds %d envs and its limit is %d in all (--max-total-envs): close unused sessions or open fewer envs", n, envs, s.cfg.MaxTotalEnvs)
	}
	unreserve := func() {
		s.mu.Lock()
		s.envs -= n
		s.mu.Unlock()
	}
	shm, socket := s.grantShared(req, probe.Spec(), n)
	sparse := req.SparseObservations && shm == nil // shared rows are read in place
	ss, err := newSessionIn(shm, s.prefix+newHex(12), req.EnvId, opts, n, req.Seed, req.AutoReset, req.FinalObservations, sparse, packed, s.cfg.Workers, bots)
	if err != nil {
		if shm != nil {
			shm.release()
		}
		unreserve()
		return nil, status.Errorf(codes.InvalidArgument, "bad options %s: %s", clipOptions(opts), scrub(err.Error(), optionTexts(opts)...))
	}
	ss.secret = newHex(16)
	if p, ok := peer.FromContext(ctx); ok {
		if a, ok := p.Addr.(connAddr); ok {
			ss.conn = a.id
		}
	}
	s.mu.Lock()
	if len(s.sessions) >= s.cfg.MaxSessions || s.closed {
		s.mu.Unlock()
		if shm != nil {
			shm.release()
		}
		unreserve()
		return nil, status.Errorf(codes.ResourceExhausted, "the server has %d sessions open, its limit", s.cfg.MaxSessions)
	}
	s.sessions[ss.id] = ss
	s.mu.Unlock()
	s.log.Info("session opened", "session", ss.id, "env", req.EnvId, "envs", n, "options", opts.String(), "auto_reset", req.AutoReset,
		"encoding", req.Encoding.String(), "sparse", sparse, "bots", botsText(bots), "shared_memory", shm != nil)
	r := &pb.OpenResponse{SessionId: ss.id, Spec: specMessage(ss.spec), NumEnvs: int32(n), SessionSecret: ss.secret, ServerInstance: s.instance}
	if shm != nil {
		r.SharedMemory = shm.message(socket)
	}
	return r, nil
}

// Reset implements EnvService.
func (s *Server) Reset(ctx context.Context, req *pb.ResetRequest) (*pb.StepResult, error) {
	return message(s.reset(ctx, req))
}

// Step implements EnvService.
func (s *Server) Step(ctx context.Context, req *pb.StepRequest) (*pb.StepResult, error) {
	return message(s.step(ctx, req))
}

// reset resets and answers with a *pb.StepResult or, for a packed session,
// a *reply (the wire form, which the server's codec sends as it is).
func (s *Server) reset(ctx context.Context, req *pb.ResetRequest) (any, error) {
	ss, err := s.acquire(ctx, req.SessionId, req.SessionSecret)
	if err != nil {
		return nil, err
	}
	return s.run(ctx, ss, req, nil, true)
}

// step is reset for Step.
func (s *Server) step(ctx context.Context, req *pb.StepRequest) (any, error) {
	ss, err := s.acquire(ctx, req.SessionId, req.SessionSecret)
	if err != nil {
		return nil, err
	}
	return s.run(ctx, ss, nil, req, true)
}

// botCall is a Reset or Step of a session with bots, run on its own
// goroutine so that its caller can return when its context ends.
type botCall struct {
	done   chan struct{}
	state  atomic.Int32 // callRunning, then callAnswered or callAbandoned
	answer bool         // answer the call (false: a shared-memory call)
	res    any
	err    error
	panic  any // a panic of the work, raised again on the caller's goroutine
}

const (
	callRunning = iota
	callAnswered
	callAbandoned
)

// run does a reset (reset set) or a step on the held session ss, answers,
// and releases ss.
//
// A session without bots steps on the caller's goroutine: an engine step is
// short, so the call checks its context before it starts and then finishes.
// A session with bots runs the work on another goroutine; its bots check the
// call's context before every move (and agents that implement
// [ContextActor] during one). When the context ends first, the call returns
// DEADLINE_EXCEEDED or CANCELED at once; the work stops at the bots' next
// check, every env of the call is left stopped (as after a bot's failure:
// Step refuses it until it is reset), and the session is released then.
//
// Without answer (a shared-memory call) the result is nil: the rows hold it.
func (s *Server) run(ctx context.Context, ss *session, reset *pb.ResetRequest, step *pb.StepRequest, answer bool) (any, error) {
	if ctx.Err() != nil {
		s.release(ss)
		return nil, ctxError(ctx, "no env changed")
	}
	if ss.bots == nil {
		defer s.release(ss)
		return ss.do(reset, step, answer)
	}
	c := &botCall{done: make(chan struct{}), answer: answer}
	go s.runBots(ctx, ss, reset, step, c)
	select {
	case <-c.done:
	case <-ctx.Done():
		if c.state.CompareAndSwap(callRunning, callAbandoned) {
			return nil, ctxError(ctx, "the server's bots were still playing: the envs of the call are stopped; reset them to go on")
		}
		<-c.done
	}
	s.release(ss)
	if c.panic != nil {
		panic(c.panic) // on the handler's goroutine, where the server recovers it
	}
	return c.res, c.err
}

// runBots is run's goroutine for a session with bots.
func (s *Server) runBots(ctx context.Context, ss *session, reset *pb.ResetRequest, step *pb.StepRequest, c *botCall) {
	var idx []int32 // the envs of the call (nil: all)
	if reset != nil {
		idx = reset.Envs
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(*envPanic); !ok {
					r = &envPanic{env: -1, value: r, stack: debug.Stack()}
				}
				c.panic = r
			}
		}()
		ss.ctx = ctx
		defer func() { ss.ctx = nil }()
		c.res, c.err = ss.do(reset, step, c.answer)
	}()
	if c.err != nil && c.panic == nil && ctx.Err() != nil {
		ss.cutAll(idx)
		c.res = nil
		c.err = ctxError(ctx, "the server's bots were stopped: the envs of the call are stopped; reset them to go on")
	}
	if c.state.CompareAndSwap(callRunning, callAnswered) {
		close(c.done)
		return
	}
	// The caller has gone: no one will see this answer.
	ss.cutAll(idx)
	if r, ok := c.res.(*reply); ok {
		r.buf.Free()
	}
	if c.panic != nil {
		s.log.Error("bot call panicked after its caller left", "session", ss.id, "panic", fmt.Sprint(c.panic))
	}
	s.release(ss)
}

// message turns an answer of reset or step into a *pb.StepResult.
func message(a any, err error) (*pb.StepResult, error) {
	if err != nil {
		return nil, err
	}
	if r, ok := a.(*reply); ok {
		return r.message()
	}
	return a.(*pb.StepResult), nil
}

// Stream implements EnvService: requests are answered in order, one at a time.
func (s *Server) Stream(stream pb.EnvService_StreamServer) error {
	return s.stream(stream, true)
}

// stream serves a Stream; with asMessages every answer is sent as a
// *pb.StepResult, else packed sessions' answers go out in wire form (for the
// server's own codec, see NewGRPCServer). Every request runs under the
// stream's context, so a stream that ends (the client went away, or the
// server stops) stops the server's bots as a deadline does. Requests are
// received on another goroutine, so that a stream waiting for its next
// request ends (UNAVAILABLE) as soon as the server starts shutting down.
func (s *Server) stream(stream grpc.ServerStream, asMessages bool) error {
	ctx := stream.Context()
	reqs := make(chan *pb.StreamRequest)
	recvErr := make(chan error, 1)
	go func() {
		for {
			req := new(pb.StreamRequest)
			if err := stream.RecvMsg(req); err != nil {
				recvErr <- err
				return
			}
			select {
			case reqs <- req:
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		var req *pb.StreamRequest
		select {
		case req = <-reqs:
		case err := <-recvErr:
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		case <-s.draining:
			return status.Error(codes.Unavailable, "the server is shutting down")
		case <-ctx.Done():
			return ctxError(ctx, "the stream ended")
		}
		var res any
		var err error
		switch r := req.Request.(type) {
		case *pb.StreamRequest_Reset_:
			res, err = s.reset(ctx, r.Reset_)
		case *pb.StreamRequest_Step:
			res, err = s.step(ctx, r.Step)
		default:
			err = status.Error(codes.InvalidArgument, "stream request has neither reset nor step set")
		}
		if err == nil && asMessages {
			res, err = message(res, nil)
		}
		if err != nil {
			return err
		}
		if err := stream.SendMsg(res); err != nil {
			return err
		}
	}
}

// Observe implements EnvService.
func (s *Server) Observe(ctx context.Context, req *pb.ObserveRequest) (*pb.ObserveResponse, error) {
	ss, err := s.acquire(ctx, req.SessionId, req.SessionSecret)
	if err != nil {
		return nil, err
	}
	defer s.release(ss)
	return ss.observe(req.Agent, req.Envs)
}

// Describe implements EnvService.
func (s *Server) Describe(ctx context.Context, req *pb.DescribeRequest) (*pb.DescribeResponse, error) {
	ss, err := s.acquire(ctx, req.SessionId, req.SessionSecret)
	if err != nil {
		return nil, err
	}
	defer s.release(ss)
	return ss.describe(req.Env, req.Viewer)
}

// Close implements EnvService. It never waits for a call running on the
// session: the session is closed at once and freed when that call returns.
func (s *Server) Close(_ context.Context, req *pb.CloseRequest) (*pb.CloseResponse, error) {
	ss, err := s.lookup(req.SessionId, req.SessionSecret)
	if err != nil {
		return nil, err
	}
	if s.closeSession(ss) {
		s.log.Info("session closed", "session", ss.id, "env", ss.spec.ID, "envs", len(ss.envs))
	}
	return &pb.CloseResponse{}, nil
}

// newHex returns n random bytes in hex (session ids, secrets, instances).
func newHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("serve: no randomness for ids: %v", err))
	}
	return hex.EncodeToString(b)
}
