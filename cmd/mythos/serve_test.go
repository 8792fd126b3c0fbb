package main

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/mythos-rl/mythos/internal/fixture"
	pb "github.com/mythos-rl/mythos/serve/proto/mythos/v1"
)

// mythos serve listens, answers health checks and env calls, and stops
// cleanly when its context ends (as on SIGTERM).
func TestServeAnswersAndStopsGracefully(t *testing.T) {
	outR, outW := io.Pipe()
	var errOut strings.Builder
	root := newRoot(strings.NewReader(""), outW, &errOut)
	root.SetArgs([]string{"serve", "--addr", "127.0.0.1:0", "--log-format", "json"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx); outW.Close() }()

	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("no listening line: %v (stderr: %s)", err, errOut.String())
	}
	addr := strings.TrimSpace(strings.TrimPrefix(line, "listening on "))
	go io.Copy(io.Discard, outR)
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	cctx, ccancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer ccancel()
	if r, err := healthpb.NewHealthClient(conn).Check(cctx, &healthpb.HealthCheckRequest{}); err != nil || r.Status != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health: %v %v", r, err)
	}
	c := pb.NewEnvServiceClient(conn)
	o, err := c.Open(cctx, &pb.OpenRequest{EnvId: fixture.ID, NumEnvs: 2, AutoReset: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Reset(cctx, &pb.ResetRequest{SessionId: o.SessionId}); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
	logs := errOut.String()
	for _, want := range []string{`"msg":"session opened"`, `"msg":"shutting down"`, `"sessions_freed":1`} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs lack %s:\n%s", want, logs)
		}
	}
}

func TestServeRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct {
		want string
		args []string
	}{
		{"--log-format", []string{"serve", "--log-format", "xml"}},
		{"--log-level", []string{"serve", "--log-level", "loud"}},
		{"--max-message-mb=0", []string{"serve", "--max-message-mb", "0"}},
		{"--idle-timeout", []string{"serve", "--idle-timeout", "-1s"}},
		{"listen on nowhere:-1", []string{"serve", "--addr", "nowhere:-1"}},
	} {
		if _, _, err := mythos(t, "", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}

func TestServeStopsWhenStdinCloses(t *testing.T) {
	_, _, err := mythos(t, "", "serve", "--addr", "127.0.0.1:0", "--stop-on-eof")
	if err != nil {
		t.Fatalf("serve with closed stdin: %v", err)
	}
}
