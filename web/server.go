package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// Config holds the server's limits and agents. Zero fields take the
// defaults below.
type Config struct {
	// MaxSessions is the most games (played or replayed) open at once
	// (default DefaultMaxSessions); past it new games are refused with 503
	// until one is closed or idles out.
	MaxSessions int
	// IdleTimeout closes a session that had no request for this long
	// (default DefaultIdleTimeout). A replay given on the command line
	// (Preload) never idles out.
	IdleTimeout time.Duration
	// Token, when set, is required on every API request: an
	// "Authorization: Bearer TOKEN" header or a token=TOKEN query parameter
	// (the page passes on the one of its own address).
	Token string
	// HintAgent is the agent spec of hints for env id (the terminal's:
	// the strongest built-in agent with a budget of about a second).
	HintAgent func(id string) string
	// Agents are the agent specs the page offers for a seat besides
	// "human"; a new game may name only these (and the hint agent).
	Agents []string
	// CapAgent bounds an agent spec's search budget (nil: as given).
	CapAgent func(spec string) string
	// LoadTrajectory reads episode (the first when < 0) of an Arrow
	// trajectory written by mythos record into a record of option indices
	// (nil: uploads of Arrow files are refused).
	LoadTrajectory func(path string, episode int64) (*game.Record, error)
	// LoopbackHosts refuses requests whose Host header is not a loopback
	// name (localhost, 127.0.0.1, [::1]): set it when listening on loopback,
	// so that a web site cannot reach the server through DNS rebinding.
	LoopbackHosts bool
	// MaxUpload bounds an uploaded replay file (default DefaultMaxUpload).
	MaxUpload int64
	// Logger receives request errors (default slog.Default()).
	Logger *slog.Logger
}

// Defaults of [Config].
const (
	DefaultMaxSessions = 16
	DefaultIdleTimeout = 30 * time.Minute
	DefaultMaxUpload   = 64 << 20
)

func (c Config) withDefaults() Config {
	if c.MaxSessions <= 0 {
		c.MaxSessions = DefaultMaxSessions
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = DefaultIdleTimeout
	}
	if c.MaxUpload <= 0 {
		c.MaxUpload = DefaultMaxUpload
	}
	if c.HintAgent == nil {
		c.HintAgent = func(string) string { return "heuristic" }
	}
	if len(c.Agents) == 0 {
		c.Agents = []string{"heuristic", "random"}
	}
	if c.CapAgent == nil {
		c.CapAgent = func(s string) string { return s }
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// Server serves the page and its API. Make one with [New].
type Server struct {
	cfg  Config
	mux  *http.ServeMux
	mu   sync.Mutex
	sess map[string]session
	now  func() time.Time
}

// session is one open game: played (playSession) or replayed
// (replaySession).
type session interface {
	// touched is when the session last served a request.
	touched() time.Time
	// pinned sessions never idle out.
	pinned() bool
}

// New makes a server with cfg's limits.
func New(cfg Config) *Server {
	s := &Server{cfg: cfg.withDefaults(), sess: map[string]session{}, now: time.Now}
	m := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets")
	m.Handle("GET /", http.FileServerFS(static))
	m.HandleFunc("GET /fonts/{name}", s.handleFont)
	m.HandleFunc("GET /api/envs", s.handleEnvs)
	m.HandleFunc("POST /api/new", s.handleNew)
	m.HandleFunc("GET /api/state", s.handleState)
	m.HandleFunc("POST /api/act", s.handleAct)
	m.HandleFunc("POST /api/step", s.handleStep)
	m.HandleFunc("POST /api/hint", s.handleHint)
	m.HandleFunc("POST /api/undo", s.handleUndo)
	m.HandleFunc("GET /api/card", s.handleCard)
	m.HandleFunc("GET /api/record", s.handleRecord)
	m.HandleFunc("POST /api/close", s.handleClose)
	m.HandleFunc("POST /api/replay", s.handleReplayUpload)
	m.HandleFunc("GET /api/replay", s.handleReplayStep)
	s.mux = m
	return s
}

// ServeHTTP implements http.Handler: it serves the page, and the API to a
// request with the token. A handler that panics answers 500 and the server goes on.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			s.cfg.Logger.Error("web: handler panicked", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
			httpError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
		}
	}()
	if s.cfg.LoopbackHosts && !loopbackHost(r.Host) {
		httpError(w, http.StatusForbidden, fmt.Sprintf("Host %q is not this machine: the server listens on loopback only; open it as http://127.0.0.1:PORT/", r.Host))
		return
	}
	if r.Method == http.MethodPost && !jsonOrFile(r) {
		// A form of another site cannot send these types without a CORS
		// preflight, which this server never grants.
		httpError(w, http.StatusUnsupportedMediaType, "POST bodies must be application/json (an upload: application/octet-stream)")
		return
	}
	// The page, its script, style and fonts are the same for everyone and
	// hold nothing secret; the token guards the API (games, replays,
	// records), which is all the page's script calls with it.
	if s.cfg.Token != "" && strings.HasPrefix(r.URL.Path, "/api/") && !s.authorized(r) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="mythos web"`)
		httpError(w, http.StatusUnauthorized, "this server needs a token: open the address it printed (…/?token=TOKEN) or send Authorization: Bearer TOKEN")
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
	s.mux.ServeHTTP(w, r)
}

// loopbackHost reports whether host (a Host header, with or without a port)
// names this machine's loopback.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// jsonOrFile reports whether a POST body is JSON or an uploaded file.
func jsonOrFile(r *http.Request) bool {
	ct, _, _ := strings.Cut(r.Header.Get("Content-Type"), ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	return ct == "application/json" || ct == "application/octet-stream"
}

func (s *Server) authorized(r *http.Request) bool {
	got := r.URL.Query().Get("token")
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		got = strings.TrimPrefix(h, "Bearer ")
	}
	return subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.Token)) == 1
}

// errHTTP is an error with the HTTP status it answers.
type errHTTP struct {
	code int
	msg  string
}

func (e *errHTTP) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &errHTTP{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

func conflict(format string, args ...any) error {
	return &errHTTP{http.StatusConflict, fmt.Sprintf(format, args...)}
}

// httpError answers code with a JSON body {"error": msg}.
func httpError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// reply answers v as JSON, or err with its status (400 unless it says).
func (s *Server) reply(w http.ResponseWriter, v any, err error) {
	if err != nil {
		var he *errHTTP
		code := http.StatusBadRequest
		if errors.As(err, &he) {
			code = he.code
		}
		httpError(w, code, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(v)
}

// readJSON decodes a small JSON request body into v.
func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("the request body is not the JSON this call takes: %v", err)
	}
	return nil
}

// add registers a new session under a fresh id, first closing idle ones; it
// refuses when MaxSessions are open.
func (s *Server) add(ss session) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for id, o := range s.sess {
		if !o.pinned() && now.Sub(o.touched()) > s.cfg.IdleTimeout {
			delete(s.sess, id)
		}
	}
	if len(s.sess) >= s.cfg.MaxSessions {
		return "", &errHTTP{http.StatusServiceUnavailable, fmt.Sprintf("too many games open (%d, the server's --max-sessions): close one or wait for one to idle out (%v)", len(s.sess), s.cfg.IdleTimeout)}
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	s.sess[id] = ss
	return id, nil
}

// get finds session id of the request (query or form parameter s).
func (s *Server) get(id string) (session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ss, ok := s.sess[id]
	if !ok {
		return nil, &errHTTP{http.StatusNotFound, fmt.Sprintf("no game %q on this server: it ended, idled out, or the server restarted; start a new one", id)}
	}
	return ss, nil
}

func (s *Server) play(id string) (*playSession, error) {
	ss, err := s.get(id)
	if err != nil {
		return nil, err
	}
	p, ok := ss.(*playSession)
	if !ok {
		return nil, badRequest("game %q is a replay: use /api/replay", id)
	}
	return p, nil
}

// Sessions is the number of open sessions.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sess)
}

// envInfo describes one env id for the page's form.
type envInfo struct {
	ID    string   `json:"id"`
	Seats []string `json:"seats"`
	// Bots are seats the page should give to a bot by default (Machina
	// Arcana's monsters).
	Bots []int `json:"bots"`
}

type envsReply struct {
	Envs   []envInfo `json:"envs"`
	Agents []string  `json:"agents"`
}

func (s *Server) handleEnvs(w http.ResponseWriter, r *http.Request) {
	var out envsReply
	for _, id := range env.IDs() {
		e, err := env.MakeBase(id, nil)
		if err != nil {
			continue
		}
		info := envInfo{ID: id, Seats: e.Spec().Agents, Bots: []int{}}
		for i, n := range info.Seats {
			if n == "monsters" {
				info.Bots = append(info.Bots, i)
			}
		}
		out.Envs = append(out.Envs, info)
	}
	sort.Slice(out.Envs, func(i, j int) bool { return out.Envs[i].ID < out.Envs[j].ID })
	out.Agents = append([]string{human}, s.cfg.Agents...)
	s.reply(w, out, nil)
}

func (s *Server) handleClose(w http.ResponseWriter, r *http.Request) {
	var req struct {
		S string `json:"s"`
	}
	if err := readJSON(r, &req); err != nil {
		s.reply(w, nil, err)
		return
	}
	s.mu.Lock()
	_, ok := s.sess[req.S]
	delete(s.sess, req.S)
	s.mu.Unlock()
	s.reply(w, map[string]bool{"closed": ok}, nil)
}
