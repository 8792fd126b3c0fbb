package web

import (
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/render"
)

// human is the seat "agent" played by the person at the page.
const human = "human"

// playSession is one game played or watched in the browser: one seeded
// state, a bot per seat not played by a person, an advisor for hints, and
// the record of every answer (undo replays it).
type playSession struct {
	mu       sync.Mutex
	last     time.Time
	id       string
	envID    string
	opts     env.Options
	seed     uint64
	seats    []string // per seat: human or an agent spec
	e        *env.GameEnv
	bots     []agents.Agent // nil at human seats
	hintSpec string
	advisor  agents.Agent // made at the first hint
	info     env.Info
	rec      game.Record
	log      []logLine
	seen     int // events of the state already in log
	epoch    int // changes when the log is rebuilt (undo)
}

func (p *playSession) touched() time.Time { return p.last }
func (p *playSession) pinned() bool       { return false }

// logLine is one line of the narrated log: an event, or a decision (who
// answered what).
type logLine struct {
	Text     string `json:"text"`
	Decision bool   `json:"decision,omitempty"`
}

// newRequest starts a game.
type newRequest struct {
	Env     string            `json:"env"`
	Seed    uint64            `json:"seed"`
	Seats   []string          `json:"seats"`
	Options map[string]string `json:"options"`
}

// questioner is implemented by games that ask each prompt's question in
// words (AH3, Machina Arcana).
type questioner interface{ Question() string }

// confirmer is implemented by games that know which options deserve a
// second thought (ending a turn with actions left).
type confirmer interface{ Confirm(i int) string }

// cardTexter is implemented by games that describe a card for a viewer.
type cardTexter interface {
	CardText(viewer game.AgentID, query string) (string, error)
}

func (s *Server) newPlay(req newRequest) (*playSession, error) {
	if _, err := env.Lookup(req.Env); err != nil {
		return nil, badRequest("%v", err)
	}
	e, err := env.MakeBase(req.Env, env.Options(req.Options))
	if err != nil {
		return nil, badRequest("%v", err)
	}
	n := len(e.Spec().Agents)
	if len(req.Seats) != n {
		return nil, badRequest("%s has %d seats (%v): give an agent or %q for each, not %d", req.Env, n, e.Spec().Agents, human, len(req.Seats))
	}
	hint := s.cfg.HintAgent(req.Env)
	p := &playSession{envID: req.Env, opts: env.Options(req.Options), seed: req.Seed, seats: req.Seats, e: e,
		bots: make([]agents.Agent, n), hintSpec: s.cfg.CapAgent(hint), last: s.now()}
	for i, spec := range req.Seats {
		if spec == human {
			continue
		}
		if !slices.Contains(s.cfg.Agents, spec) && spec != hint {
			return nil, badRequest("seat %d: agent %q is not offered by this server: want %q or one of %v", i, spec, human, s.cfg.Agents)
		}
		a, err := agents.Start(s.cfg.CapAgent(spec), e, req.Seed+uint64(i))
		if err != nil {
			return nil, badRequest("seat %d: %v", i, err)
		}
		p.bots[i] = a
	}
	e.SetLogging(true)
	p.restart(nil)
	return p, nil
}

// restart resets the game to its seed and answers choices in turn: the
// same game up to that point, as states are deterministic.
func (p *playSession) restart(choices []int) {
	_, p.info = p.e.Reset(p.seed)
	p.rec = game.Record{Env: p.envID, Options: p.opts, Seed: p.seed}
	p.log, p.seen = nil, 0
	p.epoch++
	p.flush()
	for _, c := range choices {
		if err := p.apply(c); err != nil {
			// Cannot happen: the same choices were legal before.
			panic(fmt.Sprintf("web: replaying the game: %v", err))
		}
	}
}

// flush appends the state's new events to the log.
func (p *playSession) flush() {
	s := p.e.State()
	ev := s.Log().Events
	for _, e := range ev[p.seen:] {
		p.log = append(p.log, logLine{Text: s.Narrate(e)})
	}
	p.seen = len(ev)
}

// apply answers the prompt with option choice through the env, so the
// record and the agents' info stay in step with the game.
func (p *playSession) apply(choice int) error {
	s := p.e.State()
	if s.Over() {
		return conflict("the game is over (score %+g)", s.Score())
	}
	if choice < 0 || choice >= len(s.Prompt().Options) {
		return badRequest("option %d does not exist: this decision has options 0 to %d", choice, len(s.Prompt().Options)-1)
	}
	who := s.Prompt().Actor
	line := decisionText(s, choice)
	for a := 0; a < p.e.Spec().Actions; a++ {
		if c, ok := p.e.Decode(a); ok && c == choice {
			tr, err := p.e.Step(a)
			if err != nil {
				return badRequest("that choice was refused: %v", err)
			}
			p.info = tr.Info
			p.rec.Actions = append(p.rec.Actions, choice)
			p.rec.Agents = append(p.rec.Agents, who)
			p.log = append(p.log, logLine{Text: line, Decision: true})
			p.flush()
			if st := p.e.State(); st.Over() {
				p.rec.Over, p.rec.Score = true, st.Score()
			}
			return nil
		}
	}
	return badRequest("option %d has no action id in %s", choice, p.envID)
}

// decisionText is one decision in words; call it before applying choice.
func decisionText(s game.State, choice int) string {
	who := s.Info().AgentNames[s.Prompt().Actor]
	if q, ok := s.(questioner); ok {
		return fmt.Sprintf("%s: %s → %s", who, q.Question(), s.Describe(choice))
	}
	return fmt.Sprintf("%s: %s", who, s.Describe(choice))
}

// isHuman reports whether seat a is played by the person at the page.
func (p *playSession) isHuman(a game.AgentID) bool {
	return a >= 0 && int(a) < len(p.seats) && p.seats[a] == human
}

// viewer is the seat whose view is drawn: the acting seat when a person
// plays it, else the first seat a person plays, else (watching bots) the
// acting seat.
func (p *playSession) viewer() game.AgentID {
	s := p.e.State()
	actor := s.Prompt().Actor
	if !s.Over() && p.isHuman(actor) {
		return actor
	}
	for i := range p.seats {
		if p.isHuman(game.AgentID(i)) {
			return game.AgentID(i)
		}
	}
	if s.Over() || actor < 0 {
		return 0
	}
	return actor
}

// stateReply is what the page draws of a played game.
type stateReply struct {
	Session string    `json:"session"`
	Mode    string    `json:"mode"`
	Env     string    `json:"env"`
	Seed    uint64    `json:"seed"`
	Seats   []seatTag `json:"seats"`
	// Viewer is the seat whose view SVG draws.
	Viewer     int     `json:"viewer"`
	ViewerName string  `json:"viewerName"`
	SVG        string  `json:"svg"`
	Over       bool    `json:"over"`
	Score      float64 `json:"score"`
	// Actor is the seat that must answer; Human says a person plays it.
	Actor     int         `json:"actor"`
	ActorName string      `json:"actorName"`
	Human     bool        `json:"human"`
	Kind      string      `json:"kind"`
	Question  string      `json:"question"`
	Options   []optionTag `json:"options"`
	Decisions int         `json:"decisions"`
	CanUndo   bool        `json:"canUndo"`
	// Log holds the log's lines from LogFrom on; Epoch changes when earlier
	// lines changed (after an undo).
	Log     []logLine `json:"log"`
	LogFrom int       `json:"logFrom"`
	Epoch   int       `json:"epoch"`
}

type seatTag struct {
	Name  string `json:"name"`
	Agent string `json:"agent"`
}

type optionTag struct {
	// Index is the option's index in the prompt (what /api/act takes).
	Index int    `json:"index"`
	Text  string `json:"text"`
	// Confirm, when set, is a question to ask before choosing it.
	Confirm string `json:"confirm,omitempty"`
	// Chosen marks the option chosen (replays).
	Chosen bool `json:"chosen,omitempty"`
	// Card is the text of the card the option names, if any.
	Card string `json:"card,omitempty"`
}

// reply describes the game now, with the log from line from on.
func (p *playSession) reply(from int) (*stateReply, error) {
	s := p.e.State()
	v := p.viewer()
	sc, err := render.Draw(s, v)
	if err != nil {
		return nil, &errHTTP{http.StatusInternalServerError, err.Error()}
	}
	names := s.Info().AgentNames
	r := &stateReply{Session: p.id, Mode: "play", Env: p.envID, Seed: p.seed, Viewer: int(v), ViewerName: names[v],
		SVG: string(sc.SVG()), Over: s.Over(), Score: s.Score(), Decisions: len(p.rec.Actions), Epoch: p.epoch, Actor: -1}
	for i, a := range p.seats {
		r.Seats = append(r.Seats, seatTag{Name: names[i], Agent: a})
	}
	r.CanUndo = p.undoPoint() >= 0
	if !s.Over() {
		pr := s.Prompt()
		r.Actor, r.ActorName, r.Human = int(pr.Actor), names[pr.Actor], p.isHuman(pr.Actor)
		r.Kind, r.Question = promptKind(s), question(s)
		cf, _ := s.(confirmer)
		for i := range pr.Options {
			o := optionTag{Index: i, Text: s.Describe(i)}
			if cf != nil && r.Human {
				o.Confirm = cf.Confirm(i)
			}
			r.Options = append(r.Options, o)
		}
		addCards(s, v, r.Options)
	}
	if from < 0 || from > len(p.log) {
		from = 0
	}
	r.LogFrom, r.Log = from, p.log[from:]
	return r, nil
}

func promptKind(s game.State) string {
	kinds, k := s.Info().PromptKinds, int(s.Prompt().Kind)
	if k >= 0 && k < len(kinds) {
		return kinds[k]
	}
	return ""
}

func question(s game.State) string {
	if q, ok := s.(questioner); ok {
		return q.Question()
	}
	return ""
}

// undoPoint is how many decisions to keep to undo the person's last
// decision: the index of the last decision a person made, or -1.
func (p *playSession) undoPoint() int {
	for k := len(p.rec.Agents) - 1; k >= 0; k-- {
		if p.isHuman(p.rec.Agents[k]) {
			return k
		}
	}
	return -1
}

// sessionRequest names a session and, for calls that reply with the state,
// how much of the log the page already has.
type sessionRequest struct {
	S      string `json:"s"`
	From   int    `json:"from"`
	Option *int   `json:"option,omitempty"`
}

// onPlay runs f on the session of the request under its lock (marking it
// used) and replies with what f returns.
func (s *Server) onPlay(w http.ResponseWriter, r *http.Request, f func(p *playSession, req *sessionRequest) (any, error)) {
	var req sessionRequest
	if err := readJSON(r, &req); err != nil {
		s.reply(w, nil, err)
		return
	}
	p, err := s.play(req.S)
	if err != nil {
		s.reply(w, nil, err)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last = s.now()
	v, err := f(p, &req)
	s.reply(w, v, err)
}

// withPlay runs f on the session of the request under its lock and replies
// with the state.
func (s *Server) withPlay(w http.ResponseWriter, r *http.Request, f func(p *playSession) error) {
	s.onPlay(w, r, func(p *playSession, req *sessionRequest) (any, error) {
		if f != nil {
			if err := f(p); err != nil {
				return nil, err
			}
		}
		return p.reply(req.From)
	})
}

func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	var req newRequest
	if err := readJSON(r, &req); err != nil {
		s.reply(w, nil, err)
		return
	}
	p, err := s.newPlay(req)
	if err != nil {
		s.reply(w, nil, err)
		return
	}
	if p.id, err = s.add(p); err != nil {
		s.reply(w, nil, err)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	st, err := p.reply(0)
	s.reply(w, st, err)
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p, err := s.play(q.Get("s"))
	if err != nil {
		s.reply(w, nil, err)
		return
	}
	from := 0
	if f := q.Get("from"); f != "" {
		if _, err := fmt.Sscan(f, &from); err != nil {
			s.reply(w, nil, badRequest("from=%q: want a number of log lines", f))
			return
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last = s.now()
	st, err := p.reply(from)
	s.reply(w, st, err)
}

// handleAct answers the person's decision: {"s": ID, "option": INDEX}.
func (s *Server) handleAct(w http.ResponseWriter, r *http.Request) {
	s.onPlay(w, r, func(p *playSession, req *sessionRequest) (any, error) {
		st := p.e.State()
		switch {
		case req.Option == nil:
			return nil, badRequest("act needs the option's index: {\"s\": ID, \"option\": N}")
		case st.Over():
			return nil, conflict("the game is over (score %+g)", st.Score())
		case !p.isHuman(st.Prompt().Actor):
			return nil, conflict("it is %s's turn, played by %s: ask /api/step", st.Info().AgentNames[st.Prompt().Actor], p.seats[st.Prompt().Actor])
		}
		if err := p.apply(*req.Option); err != nil {
			return nil, err
		}
		return p.reply(req.From)
	})
}

// handleStep lets the bot of the acting seat make one decision.
func (s *Server) handleStep(w http.ResponseWriter, r *http.Request) {
	s.withPlay(w, r, func(p *playSession) error {
		st := p.e.State()
		if st.Over() {
			return conflict("the game is over (score %+g)", st.Score())
		}
		actor := st.Prompt().Actor
		if p.isHuman(actor) {
			return conflict("it is %s's turn, played by a person: answer with /api/act", st.Info().AgentNames[actor])
		}
		a := p.bots[actor].Act(p.e, &p.info)
		choice, ok := p.e.Decode(a)
		if !ok {
			return &errHTTP{http.StatusInternalServerError, fmt.Sprintf("%s chose action %d, which is not legal here", p.seats[actor], a)}
		}
		return p.apply(choice)
	})
}

// hintReply is the advisor's choice.
type hintReply struct {
	Index int    `json:"index"`
	Text  string `json:"text"`
	Agent string `json:"agent"`
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request) {
	s.onPlay(w, r, func(p *playSession, _ *sessionRequest) (any, error) {
		st := p.e.State()
		if st.Over() {
			return nil, conflict("the game is over")
		}
		if p.advisor == nil {
			// A separate instance: hints never change what a bot plays.
			a, err := agents.Start(p.hintSpec, p.e, p.seed)
			if err != nil {
				return nil, &errHTTP{http.StatusInternalServerError, err.Error()}
			}
			p.advisor = a
		}
		choice, ok := p.e.Decode(p.advisor.Act(p.e, &p.info))
		if !ok {
			return nil, &errHTTP{http.StatusInternalServerError, "the hint agent chose an illegal action"}
		}
		return hintReply{Index: choice, Text: st.Describe(choice), Agent: p.advisor.Name()}, nil
	})
}

// handleUndo takes back the person's last decision and every bot's after it.
func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	s.withPlay(w, r, func(p *playSession) error {
		k := p.undoPoint()
		if k < 0 {
			return conflict("nothing to undo: no decision of yours yet")
		}
		p.restart(slices.Clone(p.rec.Actions[:k]))
		return nil
	})
}

// cardReply is a card's text, or why there is none.
type cardReply struct {
	Found bool   `json:"found"`
	Text  string `json:"text,omitempty"`
	Error string `json:"error,omitempty"`
}

// handleCard answers a card's text: GET /api/card?s=ID&q=NAME|#N (&i=STEP
// in a replay).
func (s *Server) handleCard(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	query := q.Get("q")
	if query == "" || len(query) > 200 {
		s.reply(w, nil, badRequest("card needs q=NAME or q=#N (at most 200 characters)"))
		return
	}
	var (
		st     game.State
		viewer game.AgentID
	)
	ss, err := s.get(q.Get("s"))
	if err != nil {
		s.reply(w, nil, err)
		return
	}
	switch x := ss.(type) {
	case *playSession:
		x.mu.Lock()
		x.last = s.now()
		st, viewer = x.e.State().Clone(), x.viewer()
		x.mu.Unlock()
	case *replaySession:
		var i int
		if _, err := fmt.Sscan(q.Get("i"), &i); err != nil {
			i = 0
		}
		x.mu.Lock()
		x.last = s.now()
		st, err = x.stateAt(i)
		x.mu.Unlock()
		if err != nil {
			s.reply(w, nil, err)
			return
		}
		viewer = game.NoAgent // a replay's spectator, who sees every hand
	}
	// A card that is not found is an answer, not an error: the page asks
	// about any name on the board that is clicked.
	ct, ok := st.(cardTexter)
	if !ok {
		s.reply(w, cardReply{Error: "this game has no card texts"}, nil)
		return
	}
	text, err := ct.CardText(viewer, query)
	if err != nil {
		s.reply(w, cardReply{Error: err.Error()}, nil)
		return
	}
	s.reply(w, cardReply{Found: true, Text: text}, nil)
}

// handleRecord answers the game so far as a record (mythos replay FILE).
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	p, err := s.play(r.URL.Query().Get("s"))
	if err != nil {
		s.reply(w, nil, err)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="game.json"`)
	_ = p.rec.WriteJSON(w)
}
