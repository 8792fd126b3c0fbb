package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/render"
)

// checkpointEvery is how many decisions apart a replay keeps a clone of the
// state, so that any step is at most that many answers away.
const checkpointEvery = 16

// replaySession is a recorded game, walked once when opened: each decision's
// question, options and answer, the narrated log, and clones of the state
// every checkpointEvery decisions.
type replaySession struct {
	mu     sync.Mutex
	last   time.Time
	pin    bool
	id     string
	name   string
	rec    *game.Record
	steps  []replayStep
	log    []logLine
	checks []game.State
	over   bool
	score  float64
}

func (r *replaySession) touched() time.Time { return r.last }
func (r *replaySession) pinned() bool       { return r.pin }

// replayStep is one decision of a replay.
type replayStep struct {
	actor    game.AgentID
	kind     string
	question string
	options  []string
	chosen   int
	logAt    int // log lines before this decision
}

// openReplay walks rec from its seed.
func openReplay(name string, rec *game.Record) (*replaySession, error) {
	e, err := env.Make(rec.Env, env.Options(rec.Options))
	if err != nil {
		return nil, badRequest("%s: %v", name, err)
	}
	base, ok := env.Unwrap(e).(*env.GameEnv)
	if !ok {
		return nil, badRequest("%s: %s has no narrated log", name, rec.Env)
	}
	base.SetLogging(true)
	e.Reset(rec.Seed)
	s := base.State().Clone()
	rp := &replaySession{name: name, rec: rec}
	seen := 0
	flush := func() {
		for _, ev := range s.Log().Events[seen:] {
			rp.log = append(rp.log, logLine{Text: s.Narrate(ev)})
		}
		seen = len(s.Log().Events)
	}
	flush()
	for i, choice := range rec.Actions {
		if i%checkpointEvery == 0 {
			rp.checks = append(rp.checks, s.Clone())
		}
		if s.Over() {
			return nil, badRequest("%s: the game ended before decision %d", name, i+1)
		}
		pr := s.Prompt()
		if choice < 0 || choice >= len(pr.Options) {
			return nil, badRequest("%s: decision %d: option %d does not exist (%d options): the record does not match this version of %s",
				name, i+1, choice, len(pr.Options), rec.Env)
		}
		st := replayStep{actor: pr.Actor, kind: promptKind(s), question: question(s), chosen: choice, logAt: len(rp.log)}
		for k := range pr.Options {
			st.options = append(st.options, s.Describe(k))
		}
		rp.steps = append(rp.steps, st)
		rp.log = append(rp.log, logLine{Text: decisionText(s, choice), Decision: true})
		if err := s.Apply(choice); err != nil {
			return nil, badRequest("%s: decision %d: %v", name, i+1, err)
		}
		flush()
	}
	if len(rec.Actions)%checkpointEvery == 0 {
		rp.checks = append(rp.checks, s.Clone())
	}
	rp.over, rp.score = s.Over(), s.Score()
	return rp, nil
}

// stateAt is the state after the first i decisions (clamped to the game).
func (r *replaySession) stateAt(i int) (game.State, error) {
	i = min(max(i, 0), len(r.steps))
	k := i / checkpointEvery
	s := r.checks[k].Clone()
	for j := k * checkpointEvery; j < i; j++ {
		if err := s.Apply(r.steps[j].chosen); err != nil {
			return nil, &errHTTP{http.StatusInternalServerError, err.Error()}
		}
	}
	return s, nil
}

// replayReply is one step of a replay: the table after Step decisions,
// drawn as a spectator of the recorded game sees it (render.Spectator:
// every seat's hand, never a deck's order), the question of decision Step
// with every option and the chosen one marked, and the log up to it.
type replayReply struct {
	Session    string    `json:"session"`
	Mode       string    `json:"mode"`
	Name       string    `json:"name"`
	Env        string    `json:"env"`
	Seed       uint64    `json:"seed"`
	Seats      []seatTag `json:"seats"`
	Step       int       `json:"step"`
	Steps      int       `json:"steps"`
	Viewer     int       `json:"viewer"`
	ViewerName string    `json:"viewerName"`
	// Spectator is true: a replay is drawn for a spectator (Viewer is
	// render.Spectator), and the page says so.
	Spectator bool        `json:"spectator"`
	SVG       string      `json:"svg"`
	Actor     int         `json:"actor"`
	ActorName string      `json:"actorName"`
	Kind      string      `json:"kind"`
	Question  string      `json:"question"`
	Options   []optionTag `json:"options"`
	// Over and Score are the game's end, shown at the last step.
	Over  bool      `json:"over"`
	Score float64   `json:"score"`
	Log   []logLine `json:"log"`
	// LogAt is how many of Log's lines come before this step's decision.
	LogAt int `json:"logAt"`
}

func (r *replaySession) reply(i int, withLog bool) (*replayReply, error) {
	i = min(max(i, 0), len(r.steps))
	s, err := r.stateAt(i)
	if err != nil {
		return nil, err
	}
	names := s.Info().AgentNames
	out := &replayReply{Session: r.id, Mode: "replay", Name: r.name, Env: r.rec.Env, Seed: r.rec.Seed, Step: i, Steps: len(r.steps),
		Actor: -1, Over: r.over, Score: r.score, LogAt: len(r.log)}
	for _, n := range names {
		out.Seats = append(out.Seats, seatTag{Name: n, Agent: "recorded"})
	}
	if i < len(r.steps) {
		st := r.steps[i]
		out.Actor, out.ActorName, out.Kind, out.Question, out.LogAt = int(st.actor), names[st.actor], st.kind, st.question, st.logAt
		for k, o := range st.options {
			out.Options = append(out.Options, optionTag{Index: k, Text: o, Chosen: k == st.chosen})
		}
		// Card texts as a spectator reads them: game.NoAgent sees every
		// hand (lcg's CardText; the other games' are public anyway).
		addCards(s, game.NoAgent, out.Options)
	}
	out.Viewer, out.ViewerName, out.Spectator = int(render.Spectator), render.SpectatorLabel, true
	sc, err := render.Draw(s, render.Spectator)
	if err != nil {
		return nil, &errHTTP{http.StatusInternalServerError, err.Error()}
	}
	out.SVG = string(sc.SVG())
	if withLog {
		out.Log = r.log
	}
	return out, nil
}

// ReadReplay reads a game record (JSON of play --record or run --record)
// or, through load, an Arrow trajectory of mythos record from path.
func ReadReplay(path string, episode int64, load func(string, int64) (*game.Record, error)) (*game.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, len(arrowMagic))
	n, _ := io.ReadFull(f, head)
	if st, err := f.Stat(); err == nil && st.IsDir() || bytes.Equal(head[:n], arrowMagic) {
		if load == nil {
			return nil, badRequest("%s: Arrow trajectories cannot be read by this server", path)
		}
		return load(path, episode)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	rec, err := game.ReadRecord(f)
	if err != nil {
		return nil, badRequest("%s is neither a game record (JSON of mythos play --record or run --record) nor an Arrow trajectory: %v", path, err)
	}
	return rec, nil
}

// arrowMagic starts every Arrow IPC file.
var arrowMagic = []byte("ARROW1")

// Preload opens the replay of the record at path (a JSON game record or
// an Arrow trajectory) as a session that never idles out, and returns its
// id for the page's address (/?replay=ID).
func (s *Server) Preload(path string, episode int64) (string, error) {
	rec, err := ReadReplay(path, episode, s.cfg.LoadTrajectory)
	if err != nil {
		return "", err
	}
	rp, err := openReplay(path, rec)
	if err != nil {
		return "", err
	}
	rp.pin, rp.last = true, s.now()
	rp.id, err = s.add(rp)
	return rp.id, err
}

// handleReplayUpload opens an uploaded file (the request body) as a replay:
// POST /api/replay?name=FILE[&episode=N].
func (s *Server) handleReplayUpload(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	name := q.Get("name")
	if name == "" {
		name = "upload"
	}
	episode := int64(-1)
	if e := q.Get("episode"); e != "" {
		var err error
		if episode, err = strconv.ParseInt(e, 10, 64); err != nil {
			s.reply(w, nil, badRequest("episode=%q: want an episode id", e))
			return
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			s.reply(w, nil, &errHTTP{http.StatusRequestEntityTooLarge, fmt.Sprintf("the file is over %d bytes", s.cfg.MaxUpload)})
			return
		}
		s.reply(w, nil, badRequest("reading the upload: %v", err))
		return
	}
	var rec *game.Record
	if bytes.HasPrefix(body, arrowMagic) {
		if s.cfg.LoadTrajectory == nil {
			s.reply(w, nil, badRequest("Arrow trajectories cannot be read by this server"))
			return
		}
		tmp, err := os.CreateTemp("", "mythos-web-*.arrow")
		if err != nil {
			s.reply(w, nil, &errHTTP{http.StatusInternalServerError, err.Error()})
			return
		}
		defer os.Remove(tmp.Name())
		_, werr := tmp.Write(body)
		if cerr := tmp.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			s.reply(w, nil, &errHTTP{http.StatusInternalServerError, werr.Error()})
			return
		}
		if rec, err = s.cfg.LoadTrajectory(tmp.Name(), episode); err != nil {
			s.reply(w, nil, badRequest("%s: %v", name, err))
			return
		}
	} else if rec, err = game.ReadRecord(bytes.NewReader(body)); err != nil {
		s.reply(w, nil, badRequest("%s is neither a game record (JSON of mythos play --record or run --record) nor an Arrow trajectory: %v", name, err))
		return
	}
	rp, err := openReplay(name, rec)
	if err != nil {
		s.reply(w, nil, err)
		return
	}
	rp.last = s.now()
	if rp.id, err = s.add(rp); err != nil {
		s.reply(w, nil, err)
		return
	}
	rp.mu.Lock()
	defer rp.mu.Unlock()
	out, err := rp.reply(0, true)
	s.reply(w, out, err)
}

// handleReplayStep answers one step of a replay: GET /api/replay?s=ID&i=N
// (&log=1 to include the whole log).
func (s *Server) handleReplayStep(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	ss, err := s.get(q.Get("s"))
	if err != nil {
		s.reply(w, nil, err)
		return
	}
	rp, ok := ss.(*replaySession)
	if !ok {
		s.reply(w, nil, badRequest("game %q is played, not replayed: use /api/state", q.Get("s")))
		return
	}
	i := 0
	if v := q.Get("i"); v != "" {
		if i, err = strconv.Atoi(v); err != nil {
			s.reply(w, nil, badRequest("i=%q: want a step number", v))
			return
		}
	}
	rp.mu.Lock()
	defer rp.mu.Unlock()
	rp.last = s.now()
	out, err := rp.reply(i, q.Get("log") == "1")
	s.reply(w, out, err)
}
