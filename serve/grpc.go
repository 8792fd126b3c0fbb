package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// ServiceName is the full name of the EnvService, as health checks name it.
const ServiceName = "mythos.v1.EnvService"

// NewGRPCServer returns a grpc.Server that serves s with its message limits,
// the standard health service (SERVING for "" and [ServiceName]), server
// reflection, and interceptors that log failed calls and turn panics into
// INTERNAL statuses. It also returns the health server so that a shutdown can
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

// Serve serves s on lis until ctx ends, then stops gracefully: health turns
// NOT_SERVING, calls in flight finish (for at most grace), and every session
// is freed.
func Serve(ctx context.Context, lis net.Listener, s *Server, grace time.Duration) error {
	g, hs := NewGRPCServer(s)
	errc := make(chan error, 1)
	go func() { errc <- g.Serve(lis) }()
	s.log.Info("serving", "addr", lis.Addr().String(), "max_sessions", s.cfg.MaxSessions,
		"max_envs_per_session", s.cfg.MaxEnvsPerSession, "max_message_bytes", s.cfg.MaxMessageBytes, "idle_timeout", s.cfg.IdleTimeout)
	var err error
	select {
	case err = <-errc:
	case <-ctx.Done():
		s.log.Info("shutting down", "reason", context.Cause(ctx).Error())
		hs.Shutdown()
		stopped := make(chan struct{})
		go func() { g.GracefulStop(); close(stopped) }()
		select {
		case <-stopped:
		case <-time.After(grace):
			s.log.Warn("graceful stop timed out: closing open streams", "grace", grace)
			g.Stop()
			<-stopped
		}
		err = <-errc
	}
	s.Shutdown()
	if errors.Is(err, grpc.ErrServerStopped) {
		err = nil
	}
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

func (s *Server) unaryInterceptor(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (resp any, err error) {
	start := time.Now()
	defer func() { s.logCall(ctx, info.FullMethod, start, err) }()
	defer s.recovered(info.FullMethod, &err)
	return h(ctx, req)
}

func (s *Server) streamInterceptor(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) (err error) {
	start := time.Now()
	defer func() { s.logCall(ss.Context(), info.FullMethod, start, err) }()
	defer s.recovered(info.FullMethod, &err)
	return h(srv, ss)
}

// serviceDesc is pb.EnvService_ServiceDesc with Reset, Step and Stream
// handlers that may answer a *reply (see NewGRPCServer).
func serviceDesc() *grpc.ServiceDesc {
	d := pb.EnvService_ServiceDesc
	d.Methods = append([]grpc.MethodDesc(nil), d.Methods...)
	for i := range d.Methods {
		switch d.Methods[i].MethodName {
		case "Reset":
			d.Methods[i].Handler = unaryHandler(pb.EnvService_Reset_FullMethodName, func(s *Server, req *pb.ResetRequest) (any, error) { return s.reset(req) })
		case "Step":
			d.Methods[i].Handler = unaryHandler(pb.EnvService_Step_FullMethodName, func(s *Server, req *pb.StepRequest) (any, error) { return s.step(req) })
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
func unaryHandler[Req any](method string, f func(*Server, *Req) (any, error)) func(any, context.Context, func(any) error, grpc.UnaryServerInterceptor) (any, error) {
	return func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
		in := new(Req)
		if err := dec(in); err != nil {
			return nil, err
		}
		s := srv.(*Server)
		if interceptor == nil {
			return f(s, in)
		}
		info := &grpc.UnaryServerInfo{Server: srv, FullMethod: method}
		return interceptor(ctx, in, info, func(_ context.Context, req any) (any, error) { return f(s, req.(*Req)) })
	}
}
