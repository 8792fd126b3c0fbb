package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/mythos-rl/mythos/internal/fixture"
	"github.com/mythos-rl/mythos/serve"
)

func init() { addCommand(newServe) }

func newServe() *cobra.Command {
	var (
		addr        string
		cfg         serve.Config
		maxMB       int
		logFormat   string
		logLevel    string
		grace       time.Duration
		stopOnEOF   bool
		fixtureEnvs bool
		tlsCert     string
		tlsKey      string
		insecureNet bool
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve every registered env over gRPC (the Python client's server)",
		Long: "Serves the EnvService (serve/proto/mythos/v1/mythos.proto) on --addr, with the standard\n" +
			"gRPC health service and reflection. Prints \"listening on HOST:PORT\" on standard output once\n" +
			"ready (use --addr 127.0.0.1:0 for a free port) and logs to standard error. SIGINT or SIGTERM\n" +
			"stops it gracefully: calls in flight finish (for at most --grace) and every session is freed.\n\n" +
			"A client may have seats played on the server by agents (OpenRequest.bots, e.g. seat 1 ->\n" +
			"\"heuristic\", \"ismcts:iters=200\" or \"policy:ckpt=DIR\"): its replies then only ask its own seats;\n" +
			"their search budgets are capped (--max-bot-iters, --max-bot-ms).\n\n" +
			"Every session is usable only by the client that opened it (a secret returned at Open). Beyond\n" +
			"loopback, protect the server with a bearer token (--token or MYTHOS_TOKEN) and TLS (--tls-cert,\n" +
			"--tls-key): it refuses to listen on another address without a token unless --insecure is given.",
		Example: "  mythos serve\n" +
			"  MYTHOS_TOKEN=$(openssl rand -hex 24) mythos serve --addr 0.0.0.0:50051 --tls-cert cert.pem --tls-key key.pem",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			logger, err := newLogger(cmd.ErrOrStderr(), logFormat, logLevel)
			if err != nil {
				return err
			}
			if maxMB <= 0 || maxMB > 2047 {
				return fmt.Errorf("--max-message-mb=%d: want 1 to 2047", maxMB)
			}
			if cfg.IdleTimeout <= 0 {
				return fmt.Errorf("--idle-timeout=%v: must be positive", cfg.IdleTimeout)
			}
			if fixtureEnvs {
				fixture.Register()
			}
			if !cmd.Flags().Changed("max-total-envs") {
				cfg.MaxTotalEnvs = max(cfg.MaxTotalEnvs, cfg.MaxEnvsPerSession)
			}
			if cfg.MaxTotalEnvs < cfg.MaxEnvsPerSession {
				return fmt.Errorf("--max-total-envs=%d: want at least --max-envs (%d)", cfg.MaxTotalEnvs, cfg.MaxEnvsPerSession)
			}
			if cfg.MaxBotIters < 1 || cfg.MaxBotMillis < 1 {
				return fmt.Errorf("--max-bot-iters=%d, --max-bot-ms=%d: want at least 1", cfg.MaxBotIters, cfg.MaxBotMillis)
			}
			if cfg.Token == "" {
				cfg.Token = os.Getenv("MYTHOS_TOKEN")
			}
			var opts []grpc.ServerOption
			switch {
			case tlsCert != "" && tlsKey != "":
				creds, err := credentials.NewServerTLSFromFile(tlsCert, tlsKey)
				if err != nil {
					return fmt.Errorf("--tls-cert/--tls-key: %w", err)
				}
				opts = append(opts, grpc.Creds(creds))
			case tlsCert != "" || tlsKey != "":
				return fmt.Errorf("--tls-cert and --tls-key go together: give both or neither")
			}
			if !loopback(addr) && !insecureNet {
				if cfg.Token == "" {
					return fmt.Errorf("--addr %s is not a loopback address: anyone who reaches it could use the server; set a token (--token or MYTHOS_TOKEN, and TLS with --tls-cert/--tls-key), or pass --insecure", addr)
				}
				if len(opts) == 0 {
					logger.Warn("serving beyond loopback with a token but without TLS: the token travels in clear text; add --tls-cert/--tls-key", "addr", addr)
				}
			}
			if !loopback(addr) && insecureNet && cfg.Token == "" {
				logger.Warn("serving beyond loopback without a token (--insecure): anyone who reaches this address can open sessions and run bots", "addr", addr)
			}
			cfg.MaxMessageBytes = maxMB << 20
			cfg.Logger = logger
			lis, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("listen on %s: %w", addr, err)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if stopOnEOF {
				ctx = stopAtEOF(ctx, cmd.InOrStdin())
			}
			fmt.Fprintf(cmd.OutOrStdout(), "listening on %s\n", lis.Addr())
			return serve.Serve(ctx, lis, serve.New(cfg), grace, opts...)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:50051", "address to listen on (port 0 picks a free port)")
	f.IntVar(&cfg.MaxSessions, "max-sessions", serve.DefaultMaxSessions, "most sessions open at once")
	f.IntVar(&cfg.MaxEnvsPerSession, "max-envs", serve.DefaultMaxEnvsPerSession, "most envs in one session")
	f.IntVar(&maxMB, "max-message-mb", serve.DefaultMaxMessageBytes>>20, "largest request or response, in MiB")
	f.DurationVar(&cfg.IdleTimeout, "idle-timeout", serve.DefaultIdleTimeout, "close sessions idle for this long")
	f.IntVar(&cfg.MaxTotalEnvs, "max-total-envs", serve.DefaultMaxTotalEnvs, "most envs of all sessions together (at least --max-envs)")
	f.IntVar(&cfg.MaxBotIters, "max-bot-iters", serve.DefaultMaxBotIters, "cap on a server-side bot's search iterations per decision (agent option iters)")
	f.IntVar(&cfg.MaxBotMillis, "max-bot-ms", serve.DefaultMaxBotMillis, "cap on a server-side bot's time per decision in ms (agent option ms)")
	f.StringVar(&cfg.Token, "token", "", "bearer token every call must carry (default $MYTHOS_TOKEN; health checks need none)")
	f.StringVar(&tlsCert, "tls-cert", "", "TLS certificate file (PEM); with --tls-key the server speaks TLS only")
	f.StringVar(&tlsKey, "tls-key", "", "TLS private key file (PEM)")
	f.BoolVar(&insecureNet, "insecure", false, "allow a non-loopback --addr without a token")
	countVar(f, &cfg.Workers, "workers", 0, 0, "goroutines stepping one large batch (0: one per core)")
	f.StringVar(&logFormat, "log-format", "text", "log format: text or json")
	f.StringVar(&logLevel, "log-level", "info", "log level: debug, info, warn or error")
	durationVar(f, &grace, "grace", 10*time.Second, "how long a shutdown waits for calls in flight (then they are cut)")
	f.BoolVar(&cfg.NoSharedMemory, "no-shared-memory", false, "serve every session over gRPC only (refuse OpenRequest.shared_memory, the fast path of clients on this host)")
	f.BoolVar(&stopOnEOF, "stop-on-eof", false, "also stop when standard input closes (for a parent process that owns the server)")
	f.BoolVar(&fixtureEnvs, "fixture-envs", false, "also serve the test fixture env "+fixture.ID)
	_ = f.MarkHidden("fixture-envs")
	return cmd
}

// loopback reports whether addr (host:port) listens on a loopback address
// only: "localhost" or a loopback IP. An empty host (every interface) is not.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// newLogger makes the structured logger the flags ask for.
func newLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level=%q: want debug, info, warn or error", level)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch strings.ToLower(format) {
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("--log-format=%q: want text or json", format)
}

// stopAtEOF returns a context that also ends when r reaches end of file (the
// parent that started the server closed our standard input, or died).
func stopAtEOF(ctx context.Context, r io.Reader) context.Context {
	ctx, cancel := context.WithCancelCause(ctx)
	go func() {
		_, _ = io.Copy(io.Discard, r)
		cancel(fmt.Errorf("standard input closed"))
	}()
	return ctx
}
