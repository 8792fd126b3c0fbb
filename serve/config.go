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
	// MaxMessageBytes bounds every request and response (default 96 MiB: a
	// step of 4096 LCG envs fits, with the upgrade step's action codes); Open
	// refuses a batch whose StepResult would not fit.
	MaxMessageBytes int
	// IdleTimeout closes a session that had no call for this long, freeing the
	// envs of clients that vanished (default 10 minutes).
	IdleTimeout time.Duration
	// Workers is the number of goroutines that step one large batch (default
	// GOMAXPROCS).
	Workers int
	// MaxTotalEnvs is the most envs of all sessions together (default
	// DefaultMaxTotalEnvs, and never less than MaxEnvsPerSession). A closed
	// session's envs count until the call that was running on it returns.
	MaxTotalEnvs int
	// MaxBotIters caps the search iterations of a server-side bot per
	// decision (agent option iters, e.g. "ismcts:iters=1e9" plays with this
	// many; default DefaultMaxBotIters).
	MaxBotIters int
	// MaxBotMillis caps a server-side bot's time budget per decision in
	// milliseconds (agent option ms; default DefaultMaxBotMillis).
	MaxBotMillis int
	// NoSharedMemory refuses every OpenRequest.shared_memory (the session
	// is served over gRPC only). Shared memory is served on Linux only.
	NoSharedMemory bool
	// AttachTimeout closes a connection to the shared-memory socket that has
	// not sent its attach message within it (default DefaultAttachTimeout).
	AttachTimeout time.Duration
	// MaxPendingAttaches bounds the connections to the shared-memory socket
	// that have not attached yet, in all (default DefaultMaxPendingAttaches);
	// past it new connections are refused at once.
	MaxPendingAttaches int
	// MaxPendingAttachesPerUser bounds them per user of the connecting
	// process (default DefaultMaxPendingAttachesPerUser, at most
	// MaxPendingAttaches).
	MaxPendingAttachesPerUser int
	// Token, when set, is the bearer token every call must carry
	// (metadata "authorization: Bearer TOKEN"); health checks need none.
	Token string
	// Logger receives structured logs (default slog.Default()).
	Logger *slog.Logger
}

// Defaults of [Config].
const (
	DefaultMaxSessions       = 256
	DefaultMaxEnvsPerSession = 4096
	DefaultMaxMessageBytes   = 96 << 20
	DefaultIdleTimeout       = 10 * time.Minute
	DefaultMaxTotalEnvs      = 16384
	DefaultMaxBotIters       = 20000
	DefaultMaxBotMillis      = 2000

	DefaultAttachTimeout             = 5 * time.Second
	DefaultMaxPendingAttaches        = 4096
	DefaultMaxPendingAttachesPerUser = 1024
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
	if c.MaxTotalEnvs <= 0 {
		c.MaxTotalEnvs = DefaultMaxTotalEnvs
	}
	c.MaxTotalEnvs = max(c.MaxTotalEnvs, c.MaxEnvsPerSession)
	if c.MaxBotIters <= 0 {
		c.MaxBotIters = DefaultMaxBotIters
	}
	if c.MaxBotMillis <= 0 {
		c.MaxBotMillis = DefaultMaxBotMillis
	}
	if c.AttachTimeout <= 0 {
		c.AttachTimeout = DefaultAttachTimeout
	}
	if c.MaxPendingAttaches <= 0 {
		c.MaxPendingAttaches = DefaultMaxPendingAttaches
	}
	if c.MaxPendingAttachesPerUser <= 0 {
		c.MaxPendingAttachesPerUser = DefaultMaxPendingAttachesPerUser
	}
	c.MaxPendingAttachesPerUser = min(c.MaxPendingAttachesPerUser, c.MaxPendingAttaches)
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}
