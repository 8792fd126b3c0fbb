package env

import (
	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
)

// Wrapper is an env that delegates to another; embed it and override what
// changes.
type Wrapper struct {
	Env
}

// Unwrap returns the wrapped env.
func (w *Wrapper) Unwrap() Env { return w.Env }

// single returns the only legal action of mask, or -1 if there are zero or
// several.
func single(mask []int8) int {
	only := -1
	for a, m := range mask {
		if m != 0 {
			if only >= 0 {
				return -1
			}
			only = a
		}
	}
	return only
}

// skipTrivial answers every prompt that has one legal option by itself.
type skipTrivial struct {
	Wrapper
	rewards []float64
	skipped int
}

// SkipTrivial wraps e so that prompts with a single legal option are answered
// automatically: Reset and Step return only at real decisions or episode end.
// Rewards of the skipped steps are added to the step that triggered them; Steps
// in Info keeps counting every decision, skipped ones included.
func SkipTrivial(e Env) Env {
	return &skipTrivial{Wrapper: Wrapper{e}, rewards: make([]float64, len(e.Spec().Agents))}
}

func (s *skipTrivial) Reset(seed uint64) (encode.Obs, Info) {
	obs, info := s.Env.Reset(seed)
	clear(s.rewards)
	tr := Transition{Obs: obs, Info: info}
	if err := s.skip(&tr); err != nil {
		panic("env: SkipTrivial: the only legal action was refused: " + err.Error())
	}
	tr.Info.Rewards = s.rewards
	return tr.Obs, tr.Info
}

func (s *skipTrivial) Step(action int) (Transition, error) {
	tr, err := s.Env.Step(action)
	if err != nil {
		return tr, err
	}
	copy(s.rewards, tr.Info.Rewards)
	if err := s.skip(&tr); err != nil {
		return tr, err
	}
	tr.Info.Rewards = s.rewards
	return tr, nil
}

// skip steps while the episode goes on and the mask has one legal action.
func (s *skipTrivial) skip(tr *Transition) error {
	for !tr.Done() {
		a := -1
		switch {
		case tr.Info.Legal == nil:
			a = single(tr.Info.Mask)
		case len(tr.Info.Legal) == 1:
			a = int(tr.Info.Legal[0])
		}
		if a < 0 {
			return nil
		}
		next, err := s.Env.Step(a)
		if err != nil {
			return err
		}
		s.skipped++
		for i, r := range next.Info.Rewards {
			s.rewards[i] += r
		}
		next.Reward += tr.Reward
		*tr = next
	}
	return nil
}

// stepLimit truncates episodes after a number of decisions.
type stepLimit struct {
	Wrapper
	limit int
	steps int
	done  bool
}

// StepLimit wraps e so that an episode is truncated (Truncated true, the game
// left as it is) once limit steps have been taken.
func StepLimit(e Env, limit int) Env { return &stepLimit{Wrapper: Wrapper{e}, limit: limit} }

func (l *stepLimit) Reset(seed uint64) (encode.Obs, Info) {
	l.steps, l.done = 0, false
	return l.Env.Reset(seed)
}

func (l *stepLimit) Step(action int) (Transition, error) {
	if l.done {
		return Transition{}, ErrEpisodeOver
	}
	tr, err := l.Env.Step(action)
	if err != nil {
		return tr, err
	}
	l.steps++
	if !tr.Terminated && l.steps >= l.limit {
		tr.Truncated = true
	}
	l.done = tr.Done()
	return tr, nil
}

func (l *stepLimit) Decode(action int) (int, bool) {
	if l.done {
		return -1, false
	}
	return l.Env.Decode(action)
}

// Recorder records each episode as a [game.Record] (seed, options and the
// option chosen at every decision) and hands it to a sink when the episode
// ends. It should wrap the base env, inside SkipTrivial, so that automatic
// answers are recorded too.
type Recorder struct {
	Wrapper
	rec  game.Record
	sink func(*game.Record)
	live bool
}

// NewRecorder wraps e; opts are the game options that rebuild the base env
// (MakeBase), and sink receives a copy of each finished episode.
func NewRecorder(e Env, opts Options, sink func(*game.Record)) *Recorder {
	r := &Recorder{Wrapper: Wrapper{e}, sink: sink}
	r.rec.Env = e.Spec().ID
	r.rec.Options = map[string]string(opts.Without())
	return r
}

// Reset implements [Env]; an unfinished episode is handed to the sink first.
func (r *Recorder) Reset(seed uint64) (encode.Obs, Info) {
	r.Flush()
	r.rec.Seed = seed
	r.rec.Actions = r.rec.Actions[:0]
	r.rec.Agents = r.rec.Agents[:0]
	r.rec.Over, r.rec.Score = false, 0
	r.live = true
	return r.Env.Reset(seed)
}

// Step implements [Env].
func (r *Recorder) Step(action int) (Transition, error) {
	choice, ok := r.Env.Decode(action)
	who := r.Env.State().Prompt().Actor
	tr, err := r.Env.Step(action)
	if err != nil || !ok {
		return tr, err
	}
	r.rec.Actions = append(r.rec.Actions, choice)
	r.rec.Agents = append(r.rec.Agents, who)
	if tr.Done() {
		r.rec.Over = tr.Terminated
		r.rec.Score = r.Env.State().Score()
		r.Flush()
	}
	return tr, nil
}

// Flush hands the episode in progress, if any, to the sink.
func (r *Recorder) Flush() {
	if !r.live {
		return
	}
	r.live = false
	out := r.rec
	out.Actions = append([]int(nil), r.rec.Actions...)
	out.Agents = append([]game.AgentID(nil), r.rec.Agents...)
	r.sink(&out)
}

// Unwrap returns the innermost env of a chain of wrappers.
func Unwrap(e Env) Env {
	for {
		w, ok := e.(interface{ Unwrap() Env })
		if !ok {
			return e
		}
		e = w.Unwrap()
	}
}
