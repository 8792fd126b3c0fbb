package train

import (
	"fmt"
	"slices"
)

// Stage is one step of a staged curriculum (Config.Stages): while the run is
// in it, training env i plays entry i mod len(Curriculum) of its curriculum
// (merged over env_options, as Config.Curriculum does; an empty curriculum
// plays env_options alone), and the run moves on to the next stage once the
// stage's last 100 finished training episodes won AdvanceAt of their games
// or more, or once it has trained AdvanceAfter env steps in the stage,
// whichever comes first. Each env changes stage at its next episode: none
// is cut short.
type Stage struct {
	// Curriculum lists the stage's option sets (see Config.Curriculum).
	Curriculum []map[string]string `yaml:"curriculum"`
	// AdvanceAt is the rolling training win rate (over the stage's last
	// 100 finished episodes) that moves the run to the next stage (0:
	// none; the last stage has none).
	AdvanceAt float64 `yaml:"advance_at"`
	// AdvanceAfter is the most env steps the run trains in the stage
	// before it moves on whatever its win rate (0: no limit; the last
	// stage has none): a stage the policy cannot win does not hold the
	// run for good.
	AdvanceAfter int64 `yaml:"advance_after"`
}

// entries returns the stage's curriculum entries: its Curriculum, or the one
// empty entry (env_options alone) when it has none.
func (s *Stage) entries() []map[string]string {
	if len(s.Curriculum) == 0 {
		return []map[string]string{{}}
	}
	return s.Curriculum
}

// stages returns the run's curriculum stages: Config.Stages, or one stage
// of Config.Curriculum (which may be empty: env_options alone).
func (c *Config) stages() []Stage {
	if len(c.Stages) > 0 {
		return c.Stages
	}
	return []Stage{{Curriculum: c.Curriculum}}
}

// CurriculumEntries lists the curriculum entries of every stage, stage
// after stage (Config.Curriculum itself for a run without stages): the
// entries that Starts groups into the run's starts.
func (c *Config) CurriculumEntries() []map[string]string {
	if len(c.Stages) == 0 {
		return c.Curriculum
	}
	var all []map[string]string
	for k := range c.Stages {
		all = append(all, c.Stages[k].entries()...)
	}
	return all
}

// stageEntries returns stage k's curriculum entries (of stages()): a
// stage's entries, or Config.Curriculum itself for a run without stages.
func (c *Config) stageEntries(k int) []map[string]string {
	if len(c.Stages) == 0 {
		return c.Curriculum
	}
	return c.Stages[k].entries()
}

// StageStarts groups the run's curriculum entries into starts (see Starts)
// and returns them with, for each stage (the one stage of Config.Curriculum
// for a run without stages), the start of each of its entries; both nil
// without two or more starts.
func (c *Config) StageStarts() (starts []map[string]string, of [][]int) {
	starts, flat := Starts(c.CurriculumEntries())
	if starts == nil {
		return nil, nil
	}
	at := 0
	for k := range c.stages() {
		n := len(c.stageEntries(k))
		of = append(of, flat[at:at+n])
		at += n
	}
	return starts, of
}

// validateStages reports the first stage setting that cannot work.
func (c *Config) validateStages() error {
	if len(c.Stages) == 0 {
		return nil
	}
	bad := func(k int, name string, v any, want string) error {
		return fmt.Errorf("config stages[%d].%s=%v: %s", k, name, v, want)
	}
	switch {
	case len(c.Curriculum) > 0:
		return fmt.Errorf("config curriculum and stages: give the curriculum as stages' entries, not both")
	case len(c.Stages) < 2:
		return fmt.Errorf("config stages: has one stage; write it as curriculum")
	}
	last := len(c.Stages) - 1
	for k := range c.Stages {
		s := &c.Stages[k]
		switch {
		case len(s.Curriculum) > c.NumEnvs:
			return bad(k, "curriculum", len(s.Curriculum), fmt.Sprintf("has more entries than num_envs=%d: some would never be played", c.NumEnvs))
		case s.AdvanceAt < 0 || s.AdvanceAt > 1:
			return bad(k, "advance_at", s.AdvanceAt, "must be in (0, 1] (0: none): the training win rate that moves the run to the next stage")
		case s.AdvanceAfter < 0:
			return bad(k, "advance_after", s.AdvanceAfter, "must be 0 (no limit) or more env steps")
		case k < last && s.AdvanceAt == 0 && s.AdvanceAfter == 0:
			return bad(k, "advance_at", s.AdvanceAt, "and advance_after are both unset: give the win rate, the env steps or both that move the run to the next stage")
		case k == last && s.AdvanceAt != 0:
			return bad(k, "advance_at", s.AdvanceAt, "is the last stage's: there is no stage to move to")
		case k == last && s.AdvanceAfter != 0:
			return bad(k, "advance_after", s.AdvanceAfter, "is the last stage's: there is no stage to move to")
		}
	}
	return nil
}

// stageSet holds the curriculum stages of a run: per stage, its entries and
// the start (Starts over CurriculumEntries) of each entry.
type stageSet struct {
	stages  []Stage
	entries [][]map[string]string
	// startOf[s][j] is the start of stage s's entry j; nil without two or
	// more starts.
	startOf [][]int
	// starts is the number of distinct starts (0 without two or more).
	starts int
}

// newStageSet groups cfg's stages and their starts.
func newStageSet(cfg *Config) *stageSet {
	st := &stageSet{stages: cfg.stages()}
	starts, of := cfg.StageStarts()
	for k := range st.stages {
		st.entries = append(st.entries, cfg.stageEntries(k))
	}
	st.startOf, st.starts = of, len(starts)
	return st
}

// startOfEnv returns the start of training env i's episodes in stage s (-1
// without starts).
func (st *stageSet) startOfEnv(s, i int) int {
	if st.startOf == nil {
		return -1
	}
	of := st.startOf[s]
	return of[i%len(of)]
}

// staged reports whether the run has two or more stages.
func (st *stageSet) staged() bool { return len(st.stages) > 1 }

// advance moves p to the next stage when the current one's rolling training
// win rate has reached its AdvanceAt over a full window, or when the run
// has trained its AdvanceAfter env steps in it; it says why it did ("" when
// it did not).
func (st *stageSet) advance(p *Progress) string {
	if p.Stage >= len(st.stages)-1 {
		return ""
	}
	s := &st.stages[p.Stage]
	var why string
	switch w := winRate(p.StageScores); {
	case s.AdvanceAt > 0 && len(p.StageScores) >= recentWindow && w >= s.AdvanceAt:
		why = fmt.Sprintf("stage %d won %.2f of its last %d training episodes (advance_at %.2f)", p.Stage+1, w, len(p.StageScores), s.AdvanceAt)
	case s.AdvanceAfter > 0 && p.EnvSteps-p.StageFrom >= s.AdvanceAfter:
		why = fmt.Sprintf("stage %d trained its %d env steps (advance_after), winning %.2f of its last %d training episodes", p.Stage+1, s.AdvanceAfter, w, len(p.StageScores))
	default:
		return ""
	}
	p.Stage++
	p.StageScores = p.StageScores[:0]
	p.StageChanges = append(p.StageChanges, p.Iteration)
	p.StageFrom = p.EnvSteps
	return why
}

// winRate is the share of scores above zero (won games).
func winRate(scores []float32) float64 {
	if len(scores) == 0 {
		return 0
	}
	wins := 0
	for _, sc := range scores {
		if sc > 0 {
			wins++
		}
	}
	return float64(wins) / float64(len(scores))
}

// slide appends v to the rolling window w of recentWindow values.
func slide(w []float32, v float32) []float32 {
	w = append(w, v)
	if len(w) > recentWindow {
		w = slices.Delete(w, 0, 1)
	}
	return w
}
