package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/mythos-rl/mythos/env"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// Server implements the EnvService: it owns the sessions and their limits.
// Make one with [New] and release it with [Server.Shutdown].
type Server struct {
	pb.UnimplementedEnvServiceServer

	cfg Config
	log *slog.Logger

	mu       sync.Mutex
	sessions map[string]*session
	closed   bool

	stop chan struct{}
	done chan struct{}
}

// New makes a server with cfg's limits and starts its idle-session reaper.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, log: cfg.Logger, sessions: map[string]*session{}, stop: make(chan struct{}), done: make(chan struct{})}
	go s.reap()
	return s
}

// Config returns the limits in force (defaults filled in).
func (s *Server) Config() Config { return s.cfg }

// Sessions returns the number of open sessions.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// Shutdown stops the reaper and frees every session. Calls after Shutdown
// fail with UNAVAILABLE.
func (s *Server) Shutdown() {
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
	// Sessions are locked after s.mu is released: the lock order is always a
	// session's lock first, then the server's.
	for _, ss := range all {
		ss.mu.Lock()
		ss.closed = true
		ss.mu.Unlock()
	}
	n := len(all)
	close(s.stop)
	<-s.done
	s.log.Info("server closed", "sessions_freed", n)
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

// reapIdle closes the sessions idle at now for longer than the timeout.
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
		ss.mu.Lock()
		// A call may have come in since: check again under the session's lock.
		if !ss.closed && ss.idleSince(time.Now()) > s.cfg.IdleTimeout {
			ss.closed = true
			s.mu.Lock()
			delete(s.sessions, ss.id)
			s.mu.Unlock()
			s.log.Info("session closed for idleness", "session", ss.id, "env", ss.spec.ID, "envs", len(ss.envs), "idle_timeout", s.cfg.IdleTimeout)
		}
		ss.mu.Unlock()
	}
}

// acquire finds a session and locks it; call release when done.
func (s *Server) acquire(id string) (*session, error) {
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
	if ss == nil {
		return nil, status.Errorf(codes.NotFound, "session %q is closed or unknown (sessions idle for more than %v are closed)", id, s.cfg.IdleTimeout)
	}
	ss.mu.Lock()
	if ss.closed {
		ss.mu.Unlock()
		return nil, status.Errorf(codes.NotFound, "session %q is closed", id)
	}
	ss.touch()
	return ss, nil
}

func release(ss *session) {
	ss.touch()
	ss.mu.Unlock()
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
func (s *Server) Open(_ context.Context, req *pb.OpenRequest) (*pb.OpenResponse, error) {
	if req.EnvId == "" {
		return nil, status.Errorf(codes.InvalidArgument, "env_id is empty (registered: %s)", strings.Join(env.IDs(), ", "))
	}
	if _, err := env.Lookup(req.EnvId); err != nil {
		return nil, status.Error(codes.NotFound, err.Error())
	}
	n := int(req.NumEnvs)
	if n < 1 || n > s.cfg.MaxEnvsPerSession {
		return nil, status.Errorf(codes.InvalidArgument, "num_envs=%d: want 1 to %d envs per session", req.NumEnvs, s.cfg.MaxEnvsPerSession)
	}
	opts := env.Options(req.Options)
	probe, err := env.Make(req.EnvId, opts)
	if err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "bad options %s: %v", opts, err)
	}
	if size := resultBytes(probe.Spec(), n, req.FinalObservations && req.AutoReset, req.SparseObservations); size > s.cfg.MaxMessageBytes {
		return nil, status.Errorf(codes.ResourceExhausted, "num_envs=%d: a step of %d envs of %s answers about %d bytes, over the server's message limit of %d bytes; open fewer envs per session", n, n, req.EnvId, size, s.cfg.MaxMessageBytes)
	}
	s.mu.Lock()
	full, closed := len(s.sessions) >= s.cfg.MaxSessions, s.closed
	s.mu.Unlock()
	if closed {
		return nil, status.Error(codes.Unavailable, "the server is shutting down")
	}
	if full {
		return nil, status.Errorf(codes.ResourceExhausted, "the server has %d sessions open, its limit: close unused sessions (idle ones close after %v)", s.cfg.MaxSessions, s.cfg.IdleTimeout)
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
	bots, err := checkBots(req.Bots, probe)
	if err != nil {
		return nil, err
	}
	ss, err := newSession(newID(), req.EnvId, opts, n, req.Seed, req.AutoReset, req.FinalObservations, req.SparseObservations, packed, s.cfg.Workers, bots)
	if err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "bad options %s: %v", opts, err)
	}
	s.mu.Lock()
	if len(s.sessions) >= s.cfg.MaxSessions || s.closed {
		s.mu.Unlock()
		return nil, status.Errorf(codes.ResourceExhausted, "the server has %d sessions open, its limit", s.cfg.MaxSessions)
	}
	s.sessions[ss.id] = ss
	s.mu.Unlock()
	s.log.Info("session opened", "session", ss.id, "env", req.EnvId, "envs", n, "options", opts.String(), "auto_reset", req.AutoReset,
		"encoding", req.Encoding.String(), "sparse", req.SparseObservations, "bots", botsText(bots))
	return &pb.OpenResponse{SessionId: ss.id, Spec: specMessage(ss.spec), NumEnvs: int32(n)}, nil
}

// Reset implements EnvService.
func (s *Server) Reset(_ context.Context, req *pb.ResetRequest) (*pb.StepResult, error) {
	return message(s.reset(req))
}

// Step implements EnvService.
func (s *Server) Step(_ context.Context, req *pb.StepRequest) (*pb.StepResult, error) {
	return message(s.step(req))
}

// reset resets and answers with a *pb.StepResult or, for a packed session,
// a *reply (the wire form, which the server's codec sends as it is).
func (s *Server) reset(req *pb.ResetRequest) (any, error) {
	ss, err := s.acquire(req.SessionId)
	if err != nil {
		return nil, err
	}
	defer release(ss)
	if err := ss.reset(req.Seed, req.Envs); err != nil {
		return nil, err
	}
	return ss.answer(), nil
}

// step is reset for Step.
func (s *Server) step(req *pb.StepRequest) (any, error) {
	ss, err := s.acquire(req.SessionId)
	if err != nil {
		return nil, err
	}
	defer release(ss)
	if err := ss.step(req.Actions); err != nil {
		return nil, err
	}
	return ss.answer(), nil
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
// server's own codec, see NewGRPCServer).
func (s *Server) stream(stream grpc.ServerStream, asMessages bool) error {
	for {
		req := new(pb.StreamRequest)
		err := stream.RecvMsg(req)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		var res any
		switch r := req.Request.(type) {
		case *pb.StreamRequest_Reset_:
			res, err = s.reset(r.Reset_)
		case *pb.StreamRequest_Step:
			res, err = s.step(r.Step)
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
func (s *Server) Observe(_ context.Context, req *pb.ObserveRequest) (*pb.ObserveResponse, error) {
	ss, err := s.acquire(req.SessionId)
	if err != nil {
		return nil, err
	}
	defer release(ss)
	return ss.observe(req.Agent, req.Envs)
}

// Describe implements EnvService.
func (s *Server) Describe(_ context.Context, req *pb.DescribeRequest) (*pb.DescribeResponse, error) {
	ss, err := s.acquire(req.SessionId)
	if err != nil {
		return nil, err
	}
	defer release(ss)
	return ss.describe(req.Env, req.Viewer)
}

// Close implements EnvService.
func (s *Server) Close(_ context.Context, req *pb.CloseRequest) (*pb.CloseResponse, error) {
	ss, err := s.acquire(req.SessionId)
	if err != nil {
		return nil, err
	}
	ss.closed = true
	s.mu.Lock()
	delete(s.sessions, ss.id)
	s.mu.Unlock()
	ss.mu.Unlock()
	s.log.Info("session closed", "session", ss.id, "env", ss.spec.ID, "envs", len(ss.envs))
	return &pb.CloseResponse{}, nil
}

// newID returns a random session id.
func newID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("serve: no randomness for session ids: %v", err))
	}
	return hex.EncodeToString(b[:])
}
