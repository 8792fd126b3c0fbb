package serve

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// ServiceName is the full name of the EnvService, as health checks name it.
const ServiceName = "mythos.v1.EnvService"

// NewGRPCServer returns a grpc.Server that serves s with its message limits,
// the standard health service (SERVING for "" and [ServiceName]), server
// reflection, keepalive pings (a connection whose client vanished ends within
// about a minute), and interceptors that check the bearer token
// (Config.Token; health checks need none), log failed calls, add the server
// instance to their trailing metadata, and turn panics into INTERNAL
// statuses. It also returns the health server so that a shutdown can
// mark the service NOT_SERVING.
//
// Replies of packed sessions (ENCODING_PACKED) skip protobuf marshalling: the
// server registers the EnvService with Reset, Step and Stream handlers that
// hand the reply's wire bytes, encoded under the session's lock, to a codec
// that sends them as they are (so extra options must not force another
// codec). A Server registered elsewhere with pb.RegisterEnvServiceServer
// answers the same messages by the ordinary path.
func NewGRPCServer(s *Server, extra ...grpc.ServerOption) (*grpc.Server, *health.Server) {
	opts := append([]grpc.ServerOption{
		grpc.MaxRecvMsgSize(s.cfg.MaxMessageBytes),
		grpc.MaxSendMsgSize(s.cfg.MaxMessageBytes),
		grpc.ChainUnaryInterceptor(s.unaryInterceptor),
		grpc.ChainStreamInterceptor(s.streamInterceptor),
		grpc.ForceServerCodecV2(newCodec()),
		grpc.KeepaliveParams(keepalive.ServerParameters{Time: 30 * time.Second, Timeout: 20 * time.Second}),
	}, extra...)
	g := grpc.NewServer(opts...)
	g.RegisterService(serviceDesc(), s)
	hs := health.NewServer()
	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	hs.SetServingStatus(ServiceName, healthpb.HealthCheckResponse_SERVING)
	healthpb.RegisterHealthServer(g, hs)
	reflection.Register(g)
	return g, hs
}

// Serve serves s on lis until ctx ends, then stops: health turns
// NOT_SERVING, streams waiting for their next request end (UNAVAILABLE),
// calls in flight may finish for at most grace, and then every call and
// stream still open is cut (their contexts end, so server-side bots
// stop) and every session is closed; Serve returns within grace (and a few
// milliseconds) whatever the calls do. opts are added to the grpc.Server's
// (credentials, for TLS).
//
// Sessions are bound to the connection that opened them: when it ends (the
// client closed it or went away), they are closed at once.
func Serve(ctx context.Context, lis net.Listener, s *Server, grace time.Duration, opts ...grpc.ServerOption) error {
	g, hs := NewGRPCServer(s, opts...)
	errc := make(chan error, 1)
	go func() { errc <- g.Serve(&connListener{Listener: lis, s: s}) }()
	s.log.Info("serving", "addr", lis.Addr().String(), "instance", s.instance, "max_sessions", s.cfg.MaxSessions,
		"max_envs_per_session", s.cfg.MaxEnvsPerSession, "max_total_envs", s.cfg.MaxTotalEnvs, "max_message_bytes", s.cfg.MaxMessageBytes,
		"idle_timeout", s.cfg.IdleTimeout, "token", s.cfg.Token != "")
	var err error
	select {
	case err = <-errc:
	case <-ctx.Done():
		s.log.Info("shutting down", "reason", context.Cause(ctx).Error())
		hs.Shutdown()
		s.Drain()
		stopped := make(chan struct{})
		go func() { g.GracefulStop(); close(stopped) }()
		timer := time.NewTimer(grace)
		select {
		case <-stopped:
		case <-timer.C:
			s.log.Warn("graceful stop timed out: closing open calls and streams", "grace", grace)
			// Stop cuts every connection and ends the calls' contexts; it
			// does not wait for handlers (GracefulStop, still running,
			// does), so a handler that ignores its context cannot hold
			// the shutdown up.
			g.Stop()
		}
		timer.Stop()
		select {
		case err = <-errc:
		case <-time.After(100 * time.Millisecond):
			// g.Serve returns once its listener loop ends; never wait on it.
		}
	}
	s.Shutdown()
	if errors.Is(err, grpc.ErrServerStopped) {
		err = nil
	}
	return err
}

// connListener numbers the connections it accepts (connAddr), so that Open
// can bind a session to its connection, and closes a connection's sessions
// when it closes.
type connListener struct {
	net.Listener
	s    *Server
	next atomic.Uint64
}

// Accept implements net.Listener.
func (l *connListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &conn{Conn: c, id: l.next.Add(1), s: l.s}, nil
}

// conn is an accepted connection; its RemoteAddr carries its number.
type conn struct {
	net.Conn
	id   uint64
	s    *Server
	once sync.Once
}

// connAddr is a connection's remote address with the connection's number
// (peer.Peer.Addr of the calls on it).
type connAddr struct {
	net.Addr
	id uint64
}

// RemoteAddr implements net.Conn.
func (c *conn) RemoteAddr() net.Addr { return connAddr{Addr: c.Conn.RemoteAddr(), id: c.id} }

// Close implements net.Conn: it also closes the sessions opened on c.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.s.closeConn(c.id) })
	return err
}

// recovered turns a panic in a handler into an INTERNAL status.
func (s *Server) recovered(method string, err *error) {
	if r := recover(); r != nil {
		stack := debug.Stack()
		if p, ok := r.(*envPanic); ok { // raised again from a worker goroutine
			stack = p.stack
		}
		s.log.Error("handler panicked", "method", method, "panic", fmt.Sprint(r), "stack", string(stack))
		*err = status.Errorf(codes.Internal, "%s: internal error: %v", method, r)
	}
}

// logCall logs failed calls at INFO and every call at DEBUG.
func (s *Server) logCall(ctx context.Context, method string, start time.Time, err error) {
	if err == nil {
		if s.log.Enabled(ctx, slog.LevelDebug) {
			s.log.Debug("call", "method", method, "duration", time.Since(start))
		}
		return
	}
	st, _ := status.FromError(err)
	s.log.Info("call failed", "method", method, "code", st.Code().String(), "error", st.Message(), "duration", time.Since(start))
}

// InstanceMetadata is the trailing metadata key of failed calls that holds
// the server's instance id (see [Server.Instance]).
const InstanceMetadata = "mythos-server-instance"

func (s *Server) unaryInterceptor(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (resp any, err error) {
	start := time.Now()
	defer func() {
		if err != nil {
			_ = grpc.SetTrailer(ctx, metadata.Pairs(InstanceMetadata, s.instance))
		}
		s.logCall(ctx, info.FullMethod, start, err)
	}()
	defer s.recovered(info.FullMethod, &err)
	if err := s.authorize(ctx, info.FullMethod); err != nil {
		return nil, err
	}
	return h(ctx, req)
}

func (s *Server) streamInterceptor(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) (err error) {
	start := time.Now()
	defer func() {
		if err != nil {
			ss.SetTrailer(metadata.Pairs(InstanceMetadata, s.instance))
		}
		s.logCall(ss.Context(), info.FullMethod, start, err)
	}()
	defer s.recovered(info.FullMethod, &err)
	if err := s.authorize(ss.Context(), info.FullMethod); err != nil {
		return err
	}
	return h(srv, ss)
}

// authorize checks a call's bearer token ("authorization: Bearer TOKEN")
// when the server has one; health checks pass without.
func (s *Server) authorize(ctx context.Context, method string) error {
	if s.cfg.Token == "" || strings.HasPrefix(method, "/grpc.health.v1.Health/") {
		return nil
	}
	for _, v := range metadata.ValueFromIncomingContext(ctx, "authorization") {
		scheme, tok, ok := strings.Cut(v, " ")
		if ok && strings.EqualFold(scheme, "bearer") && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(tok)), []byte(s.cfg.Token)) == 1 {
			return nil
		}
	}
	return status.Error(codes.Unauthenticated, "this server needs a token: send metadata \"authorization: Bearer TOKEN\" (the Python client: Client(token=…) or MYTHOS_TOKEN)")
}

// serviceDesc is pb.EnvService_ServiceDesc with Reset, Step and Stream
// handlers that may answer a *reply (see NewGRPCServer).
func serviceDesc() *grpc.ServiceDesc {
	d := pb.EnvService_ServiceDesc
	d.Methods = append([]grpc.MethodDesc(nil), d.Methods...)
	for i := range d.Methods {
		switch d.Methods[i].MethodName {
		case "Reset":
			d.Methods[i].Handler = unaryHandler(pb.EnvService_Reset_FullMethodName, func(s *Server, ctx context.Context, req *pb.ResetRequest) (any, error) { return s.reset(ctx, req) })
		case "Step":
			d.Methods[i].Handler = unaryHandler(pb.EnvService_Step_FullMethodName, func(s *Server, ctx context.Context, req *pb.StepRequest) (any, error) { return s.step(ctx, req) })
		}
	}
	d.Streams = append([]grpc.StreamDesc(nil), d.Streams...)
	for i := range d.Streams {
		if d.Streams[i].StreamName == "Stream" {
			d.Streams[i].Handler = func(srv any, stream grpc.ServerStream) error { return srv.(*Server).stream(stream, false) }
		}
	}
	return &d
}

// unaryHandler is a gRPC method handler that decodes a Req and calls f
// through the interceptors, as generated handlers do.
func unaryHandler[Req any](method string, f func(*Server, context.Context, *Req) (any, error)) func(any, context.Context, func(any) error, grpc.UnaryServerInterceptor) (any, error) {
	return func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
		in := new(Req)
		if err := dec(in); err != nil {
			return nil, err
		}
		s := srv.(*Server)
		if interceptor == nil {
			return f(s, ctx, in)
		}
		info := &grpc.UnaryServerInfo{Server: srv, FullMethod: method}
		return interceptor(ctx, in, info, func(ctx context.Context, req any) (any, error) { return f(s, ctx, req.(*Req)) })
	}
}
