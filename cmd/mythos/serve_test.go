package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/mythos-rl/mythos/internal/fixture"
	"github.com/mythos-rl/mythos/serve"
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
	if _, err := c.Reset(cctx, &pb.ResetRequest{SessionId: o.SessionId, SessionSecret: o.SessionSecret}); err != nil {
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
	for _, want := range []string{`"msg":"session opened"`, `"msg":"shutting down"`, `"msg":"server closed"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs lack %s:\n%s", want, logs)
		}
	}
	// The session was closed with its connection (at the graceful stop) or
	// by the server's shutdown.
	if !strings.Contains(logs, `"sessions_freed":1`) && !strings.Contains(logs, `"msg":"session closed: its connection ended"`) {
		t.Errorf("logs do not show the session closed:\n%s", logs)
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
		{"listen on nowhere:-1", []string{"serve", "--addr", "nowhere:-1", "--insecure"}},
		{"not a loopback address", []string{"serve", "--addr", "0.0.0.0:0"}},
		{"not a loopback address", []string{"serve", "--addr", ":0"}},
		{"--tls-cert and --tls-key go together", []string{"serve", "--tls-cert", "x.pem"}},
		{"--tls-cert/--tls-key", []string{"serve", "--tls-cert", "nope.pem", "--tls-key", "nope.pem"}},
		{"--max-total-envs", []string{"serve", "--max-envs", "100", "--max-total-envs", "10"}},
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

// startServe runs mythos serve with args until the test ends and returns the
// address it listens on.
func startServe(t *testing.T, env []string, args ...string) string {
	t.Helper()
	for i := 0; i+1 < len(env); i += 2 {
		t.Setenv(env[i], env[i+1])
	}
	outR, outW := io.Pipe()
	var errOut strings.Builder
	root := newRoot(strings.NewReader(""), outW, &errOut)
	root.SetArgs(append([]string{"serve"}, args...))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx); outW.Close() }()
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("no listening line: %v (stderr: %s)", err, errOut.String())
	}
	go io.Copy(io.Discard, outR)
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve returned %v", err)
		}
	})
	return strings.TrimSpace(strings.TrimPrefix(line, "listening on "))
}

// selfSigned writes a certificate for 127.0.0.1 and its key, and returns
// their paths and the certificate pool that trusts it.
func selfSigned(t *testing.T) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "mythos test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// With TLS and a token (here from MYTHOS_TOKEN), a client needs both.
func TestServeTLSAndToken(t *testing.T) {
	certFile, keyFile, pool := selfSigned(t)
	addr := startServe(t, []string{"MYTHOS_TOKEN", "tok-123"}, "--addr", "127.0.0.1:0", "--tls-cert", certFile, "--tls-key", keyFile)
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(credentials.NewClientTLSFromCert(pool, "")))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := pb.NewEnvServiceClient(conn)
	if _, err := c.ListEnvs(ctx, &pb.ListEnvsRequest{}); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("without the token: %v, want UNAUTHENTICATED", err)
	}
	authed := metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer tok-123")
	if _, err := c.ListEnvs(authed, &pb.ListEnvsRequest{}); err != nil {
		t.Fatalf("with the token over TLS: %v", err)
	}
	plain, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	short, cancel2 := context.WithTimeout(authed, 2*time.Second)
	defer cancel2()
	if _, err := pb.NewEnvServiceClient(plain).ListEnvs(short, &pb.ListEnvsRequest{}); err == nil {
		t.Fatal("a plaintext client was answered by a TLS server")
	}
}

// A non-loopback address is served with a token, or with --insecure.
func TestServeBeyondLoopback(t *testing.T) {
	for _, args := range [][]string{
		{"--addr", "0.0.0.0:0", "--token", "abc"},
		{"--addr", "0.0.0.0:0", "--insecure"},
	} {
		addr := startServe(t, nil, args...)
		if !strings.Contains(addr, ":") {
			t.Errorf("%v: listening on %q", args, addr)
		}
	}
}

// The Python client's default form (packed, sparse) opens the documented
// --max-envs of the Gathering under the default message limit: a sparse
// packed reply is never larger than the dense one.
func TestDefaultMaxEnvsOpenPackedSparse(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 4096 envs")
	}
	srv := serve.New(serve.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer srv.Shutdown()
	o, err := srv.Open(context.Background(), &pb.OpenRequest{EnvId: "ArkhamLCG/TheGathering-v0", NumEnvs: serve.DefaultMaxEnvsPerSession,
		SparseObservations: true, Encoding: pb.Encoding_ENCODING_PACKED})
	if err != nil {
		t.Fatalf("open %d envs packed and sparse: %v", serve.DefaultMaxEnvsPerSession, err)
	}
	if _, err := srv.Close(context.Background(), &pb.CloseRequest{SessionId: o.SessionId, SessionSecret: o.SessionSecret}); err != nil {
		t.Fatal(err)
	}
}

// TestServeInsecureWarns: --insecure beyond loopback without a token logs a
// warning (issue 23), and loopback logs none.
func TestServeInsecureWarns(t *testing.T) {
	for _, c := range []struct {
		args []string
		warn bool
	}{
		{[]string{"--addr", "0.0.0.0:0", "--insecure"}, true},
		{[]string{"--addr", "127.0.0.1:0"}, false},
	} {
		outR, outW := io.Pipe()
		var stderr strings.Builder
		errOut := &lockedWriter{w: &stderr} // the server logs from its goroutine
		text := func() string { errOut.mu.Lock(); defer errOut.mu.Unlock(); return stderr.String() }
		root := newRoot(strings.NewReader(""), outW, errOut)
		root.SetArgs(append([]string{"serve"}, c.args...))
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- root.ExecuteContext(ctx); outW.Close() }()
		if _, err := bufio.NewReader(outR).ReadString('\n'); err != nil {
			t.Fatalf("%v: no listening line: %v (stderr: %s)", c.args, err, text())
		}
		go io.Copy(io.Discard, outR)
		got := strings.Contains(text(), "without a token (--insecure)")
		cancel()
		if err := <-done; err != nil {
			t.Errorf("%v: serve returned %v", c.args, err)
		}
		if got != c.warn {
			t.Errorf("%v: warning logged %v, want %v (stderr: %s)", c.args, got, c.warn, text())
		}
	}
}
