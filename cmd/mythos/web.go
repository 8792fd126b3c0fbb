package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/serve"
	"github.com/mythos-rl/mythos/web"
)

func init() { addCommand(newWeb) }

// webAgents are the agents the page offers for a seat besides a person:
// the bot of mythos play first (the page's default), then the others.
var webAgents = []string{defaultBotAgent, "random", "ismcts:iters=200,rollout=heuristic", defaultHintAgent, machinaHintAgent}

func newWeb() *cobra.Command {
	var (
		addr        string
		cfg         web.Config
		replay      string
		episode     int64
		insecureNet bool
		logFormat   string
		logLevel    string
	)
	cmd := &cobra.Command{
		Use:   "web",
		Short: "Play, watch and replay games in the browser",
		Long: "Serves a page (embedded in the binary; it needs no network) that plays any env in the\n" +
			"browser with bots in the other seats, hints and undo; watches agents play every seat, with a\n" +
			"speed control; and replays recorded games (play --record, run --record, or an Arrow trajectory\n" +
			"of mythos record) step by step. Prints \"listening on http://HOST:PORT/\" once ready.\n\n" +
			"Like mythos serve it listens on loopback by default; another address needs a token (--token or\n" +
			"MYTHOS_TOKEN; the printed address carries it) unless --insecure is given.",
		Example: "  mythos web\n  mythos web --replay game.json\n  mythos web --replay data/h/part-00000.arrow --episode 3",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			logger, err := newLogger(cmd.ErrOrStderr(), logFormat, logLevel)
			if err != nil {
				return err
			}
			if cfg.MaxSessions < 1 {
				return fmt.Errorf("--max-sessions=%d: want at least 1", cfg.MaxSessions)
			}
			if cfg.IdleTimeout <= 0 {
				return fmt.Errorf("--idle-timeout=%v: must be positive", cfg.IdleTimeout)
			}
			if cfg.Token == "" {
				cfg.Token = os.Getenv("MYTHOS_TOKEN")
			}
			if !loopback(addr) && cfg.Token == "" && !insecureNet {
				return fmt.Errorf("--addr %s is not a loopback address: anyone who reaches it could play on this machine; set a token (--token or MYTHOS_TOKEN), or pass --insecure", addr)
			}
			if !loopback(addr) && cfg.Token == "" {
				logger.Warn("serving beyond loopback without a token (--insecure): anyone who reaches this address can start games and run bots", "addr", addr)
			}
			cfg.Logger = logger
			cfg.LoopbackHosts = loopback(addr)
			cfg.HintAgent = hintAgentFor
			cfg.Agents = webAgents
			cfg.CapAgent = func(s string) string {
				return serve.CapBudget(s, serve.DefaultMaxBotIters, serve.DefaultMaxBotMillis)
			}
			cfg.LoadTrajectory = trajectoryRecord
			srv := web.New(cfg)
			query := url.Values{}
			if cfg.Token != "" {
				query.Set("token", cfg.Token)
			}
			if replay != "" {
				id, err := srv.Preload(replay, episode)
				if err != nil {
					return fmt.Errorf("--replay %s: %w", replay, err)
				}
				query.Set("replay", id)
			}
			lis, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("listen on %s: %w", addr, err)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			u := url.URL{Scheme: "http", Host: lis.Addr().String(), Path: "/", RawQuery: query.Encode()}
			fmt.Fprintf(cmd.OutOrStdout(), "listening on %s\n", u.String())
			hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
			done := make(chan error, 1)
			go func() { done <- hs.Serve(lis) }()
			select {
			case err := <-done:
				return err
			case <-ctx.Done():
			}
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port)")
	f.IntVar(&cfg.MaxSessions, "max-sessions", web.DefaultMaxSessions, "most games (played or replayed) open at once")
	f.DurationVar(&cfg.IdleTimeout, "idle-timeout", web.DefaultIdleTimeout, "close games idle for this long")
	f.StringVar(&cfg.Token, "token", "", "token every request must carry (default $MYTHOS_TOKEN)")
	f.BoolVar(&insecureNet, "insecure", false, "allow a non-loopback --addr without a token")
	f.StringVar(&replay, "replay", "", "open this recorded game (JSON record or Arrow trajectory) for replay")
	f.Int64Var(&episode, "episode", -1, "the episode of a trajectory to replay (the file's first by default)")
	f.StringVar(&logFormat, "log-format", "text", "log format: text or json")
	f.StringVar(&logLevel, "log-level", "info", "log level: debug, info, warn or error")
	return cmd
}

// trajectoryRecord reads one episode of a trajectory of mythos record as a
// game record of option indices: each row's action id is decoded and played
// from the episode's seed.
func trajectoryRecord(path string, episode int64) (*game.Record, error) {
	meta, seed, rows, err := episodeRows(path, episode)
	if err != nil {
		return nil, err
	}
	e, err := env.Make(meta.Env, env.Options(meta.Options))
	if err != nil {
		return nil, err
	}
	e.Reset(seed)
	rec := &game.Record{Env: meta.Env, Options: meta.Options, Seed: seed}
	for i, row := range rows {
		choice, ok := e.Decode(int(row.Action))
		if !ok {
			return nil, fmt.Errorf("decision %d: action %d is not legal here: the trajectory does not match this version of %s", i+1, row.Action, meta.Env)
		}
		who := e.State().Prompt().Actor
		if _, err := e.Step(int(row.Action)); err != nil {
			return nil, fmt.Errorf("decision %d: %w", i+1, err)
		}
		rec.Actions = append(rec.Actions, choice)
		rec.Agents = append(rec.Agents, who)
	}
	st := e.State()
	rec.Over, rec.Score = st.Over(), st.Score()
	return rec, nil
}
