package serve

import (
	"log/slog"
	"time"
)

// Config holds the server's limits. Zero fields take the defaults below.
type Config struct {
	// MaxSessions is the most sessions open at once (default 256).
	MaxSessions int
	// MaxEnvsPerSession is the largest batch one session may open (default 4096).
	MaxEnvsPerSession int
	// MaxMessageBytes bounds every request and response (default 64 MiB); Open
	// refuses a batch whose StepResult would not fit.
	MaxMessageBytes int
	// IdleTimeout closes a session that had no call for this long, freeing the
	// envs of clients that vanished (default 10 minutes).
	IdleTimeout time.Duration
	// Workers is the number of goroutines that step one large batch (default
	// GOMAXPROCS).
	Workers int
	// Logger receives structured logs (default slog.Default()).
	Logger *slog.Logger
}

// Defaults of [Config].
const (
	DefaultMaxSessions       = 256
	DefaultMaxEnvsPerSession = 4096
	DefaultMaxMessageBytes   = 64 << 20
	DefaultIdleTimeout       = 10 * time.Minute
)

// withDefaults fills the zero fields.
func (c Config) withDefaults() Config {
	if c.MaxSessions <= 0 {
		c.MaxSessions = DefaultMaxSessions
	}
	if c.MaxEnvsPerSession <= 0 {
		c.MaxEnvsPerSession = DefaultMaxEnvsPerSession
	}
	if c.MaxMessageBytes <= 0 {
		c.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = DefaultIdleTimeout
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}
