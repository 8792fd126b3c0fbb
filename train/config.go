package train

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"

	"gopkg.in/yaml.v3"
)

// Config holds every setting of a training run. The zero value is not useful:
// start from [DefaultConfig] and override (LoadConfig does).
type Config struct {
	// Seed seeds the network's initialisation, action sampling, minibatch
	// order and the training envs' episodes.
	Seed uint64 `yaml:"seed"`
	// EnvOptions are the env's make options (for example difficulty: easy).
	EnvOptions map[string]string `yaml:"env_options"`
	// Curriculum, when set, lists option sets merged over EnvOptions for the
	// training envs only: training env i uses entry i mod len(Curriculum)
	// (curriculum.go). Evaluation always plays EnvOptions, the real game.
	Curriculum []map[string]string `yaml:"curriculum"`
	// Stages, when set instead of Curriculum, is a staged curriculum: the
	// training envs play the first stage's curriculum until its rolling
	// training win rate reaches its advance_at, then the next one's, and
	// so on (stages.go).
	Stages []Stage `yaml:"stages"`
	// TotalSteps is the number of env steps (agent decisions) to train for.
	TotalSteps int `yaml:"total_steps"`
	// NumEnvs is the number of envs stepped together.
	NumEnvs int `yaml:"num_envs"`
	// Workers is the number of goroutines stepping the envs (0: all cores).
	// It never changes results.
	Workers int `yaml:"workers"`
	// RolloutSteps is the number of steps taken in every env per update.
	RolloutSteps int `yaml:"rollout_steps"`
	// Epochs is the number of passes over each rollout.
	Epochs int `yaml:"epochs"`
	// Minibatch is the number of samples per gradient step.
	Minibatch int `yaml:"minibatch"`
	// LearningRate is Adam's step size (decayed linearly to 0 when LRDecay).
	LearningRate float64 `yaml:"learning_rate"`
	// LRDecay anneals the learning rate linearly to zero over TotalSteps.
	LRDecay bool `yaml:"lr_decay"`
	// Gamma is the discount factor.
	Gamma float64 `yaml:"gamma"`
	// GAELambda is the λ of generalised advantage estimation.
	GAELambda float64 `yaml:"gae_lambda"`
	// ClipRange is PPO's ε: the probability ratio is clipped to [1-ε, 1+ε].
	ClipRange float64 `yaml:"clip_range"`
	// ValueCoef weighs the value loss.
	ValueCoef float64 `yaml:"value_coef"`
	// EntropyCoef weighs the entropy bonus.
	EntropyCoef float64 `yaml:"entropy_coef"`
	// MaxGradNorm clips the global gradient norm (0: no clipping).
	MaxGradNorm float64 `yaml:"max_grad_norm"`
	// NormalizeAdvantages standardises advantages per minibatch.
	NormalizeAdvantages bool `yaml:"normalize_advantages"`
	// NormalizeObs standardises float observations with running statistics.
	NormalizeObs bool `yaml:"normalize_obs"`
	// ObsClip clips normalised observations to [-ObsClip, ObsClip].
	ObsClip float64 `yaml:"obs_clip"`
	// Hidden lists the widths of the tanh layers.
	Hidden []int `yaml:"hidden"`
	// EmbedDim is the width of every embedding table.
	EmbedDim int `yaml:"embed_dim"`
	// Vocab is the number of rows of every embedding table; an id v uses row
	// v mod Vocab (so -1 uses the last row).
	Vocab int `yaml:"vocab"`
	// Network selects the set and convolution encoders (off by default).
	Network NetworkConfig `yaml:"network"`
	// Independent trains one network per seat instead of one shared network.
	Independent bool `yaml:"independent"`
	// EvalEvery runs an evaluation every this many updates (0: only at the end).
	EvalEvery int `yaml:"eval_every"`
	// EvalEpisodes is the number of fixed-seed episodes per evaluation.
	EvalEpisodes int `yaml:"eval_episodes"`
	// EvalSeed is the base seed of the evaluation episodes.
	EvalSeed uint64 `yaml:"eval_seed"`
	// EvalAgents are the baselines evaluated once on the same seeds.
	EvalAgents []string `yaml:"eval_agents"`
	// BestBy is what makes an evaluation the best so far (saved as OUT/best):
	// "win_rate" (the default) or "mean_score", for envs whose score is
	// graded (a campaign) or rarely a win.
	BestBy string `yaml:"best_by"`
	// Teacher, when set, is an agent spec (for example "heuristic") whose
	// play warm-starts the network before PPO: TeacherSteps decisions of its
	// play are cloned (cross-entropy on the masked policy) and their
	// discounted final scores regressed by the value head, for TeacherEpochs
	// passes.
	Teacher       string `yaml:"teacher"`
	TeacherSteps  int    `yaml:"teacher_steps"`
	TeacherEpochs int    `yaml:"teacher_epochs"`
	// InitFrom, when set, is a checkpoint directory (an earlier run's
	// OUT/last or OUT/best, or an exported policy) whose network weights
	// and observation statistics start this run instead of a fresh
	// initialisation: a warm start that may change anything but the
	// network (curriculum, shaping, learning rate, total steps). Adam's
	// moments, the RNG and the progress start fresh. The checkpoint's
	// network must be the one this env and config build.
	InitFrom string `yaml:"init_from"`
	// CheckpointEvery saves DIR/last every this many updates (0: only at the end).
	CheckpointEvery int `yaml:"checkpoint_every"`

	// Seats, when its Learn is set, trains only those seats, the others
	// played by fixed opponent agents inside the rollout (seats.go).
	Seats SeatsConfig `yaml:"seats"`
}

// DefaultConfig returns the documented defaults (train/README.md).
func DefaultConfig() Config {
	return Config{
		Seed:                1,
		EnvOptions:          map[string]string{"skip_trivial": "true", "max_steps": "1000"},
		TotalSteps:          1_000_000,
		NumEnvs:             16,
		Workers:             0,
		RolloutSteps:        128,
		Epochs:              4,
		Minibatch:           256,
		LearningRate:        3e-4,
		LRDecay:             true,
		Gamma:               0.99,
		GAELambda:           0.95,
		ClipRange:           0.2,
		ValueCoef:           0.5,
		EntropyCoef:         0.01,
		MaxGradNorm:         0.5,
		NormalizeAdvantages: true,
		NormalizeObs:        true,
		ObsClip:             10,
		Hidden:              []int{128, 128},
		EmbedDim:            16,
		Vocab:               512,
		Network:             NetworkConfig{SetHidden: []int{32}, ConvChannels: []int{16, 16}},
		EvalEvery:           10,
		EvalEpisodes:        100,
		EvalSeed:            20261122,
		EvalAgents:          []string{"random", "heuristic"},
		CheckpointEvery:     10,
		TeacherSteps:        100_000,
		TeacherEpochs:       4,
		Seats:               SeatsConfig{LeagueEvery: 10, LeagueSize: 8},
	}
}

// LoadConfig reads a YAML config over the defaults. Unknown keys are errors.
func LoadConfig(path string) (Config, error) {
	cfg := DefaultConfig()
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, err
	}
	if err := ParseConfig(data, &cfg); err != nil {
		return cfg, fmt.Errorf("%s: %w", path, err)
	}
	return cfg, nil
}

// ParseConfig decodes YAML into cfg, keeping cfg's values for absent keys.
// env_options are merged over cfg's. Unknown keys are errors.
func ParseConfig(data []byte, cfg *Config) error {
	base := cfg.EnvOptions
	cfg.EnvOptions = nil
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(cfg); err != nil && !errors.Is(err, io.EOF) {
		cfg.EnvOptions = base
		return err
	}
	cfg.EnvOptions = mergeOptions(base, cfg.EnvOptions)
	return cfg.Validate()
}

// mergeOptions returns a new map of base's options with over's set on top.
func mergeOptions(base, over map[string]string) map[string]string {
	merged := make(map[string]string, len(base)+len(over))
	maps.Copy(merged, base)
	maps.Copy(merged, over)
	return merged
}

// Validate reports the first setting that cannot work.
func (c *Config) Validate() error {
	bad := func(name string, v any, want string) error {
		return fmt.Errorf("config %s=%v: %s", name, v, want)
	}
	switch {
	case c.TotalSteps < 1:
		return bad("total_steps", c.TotalSteps, "must be at least 1")
	case c.NumEnvs < 1:
		return bad("num_envs", c.NumEnvs, "must be at least 1")
	case c.Workers < 0:
		return bad("workers", c.Workers, "must be 0 (all cores) or more")
	case c.RolloutSteps < 1:
		return bad("rollout_steps", c.RolloutSteps, "must be at least 1")
	case c.Epochs < 1:
		return bad("epochs", c.Epochs, "must be at least 1")
	case c.Minibatch < 1:
		return bad("minibatch", c.Minibatch, "must be at least 1")
	case c.LearningRate <= 0:
		return bad("learning_rate", c.LearningRate, "must be positive")
	case c.Gamma < 0 || c.Gamma > 1:
		return bad("gamma", c.Gamma, "must be in [0, 1]")
	case c.GAELambda < 0 || c.GAELambda > 1:
		return bad("gae_lambda", c.GAELambda, "must be in [0, 1]")
	case c.ClipRange <= 0 || c.ClipRange >= 1:
		return bad("clip_range", c.ClipRange, "must be in (0, 1)")
	case c.ValueCoef < 0:
		return bad("value_coef", c.ValueCoef, "must be 0 or more")
	case c.EntropyCoef < 0:
		return bad("entropy_coef", c.EntropyCoef, "must be 0 or more")
	case c.MaxGradNorm < 0:
		return bad("max_grad_norm", c.MaxGradNorm, "must be 0 (off) or more")
	case c.ObsClip <= 0:
		return bad("obs_clip", c.ObsClip, "must be positive")
	case len(c.Hidden) == 0:
		return bad("hidden", c.Hidden, "needs at least one layer")
	case slices.Min(c.Hidden) < 1:
		return bad("hidden", c.Hidden, "every width must be at least 1")
	case c.EmbedDim < 1:
		return bad("embed_dim", c.EmbedDim, "must be at least 1")
	case c.Vocab < 2:
		return bad("vocab", c.Vocab, "must be at least 2")
	case c.EvalEvery < 0:
		return bad("eval_every", c.EvalEvery, "must be 0 or more")
	case c.BestBy != "" && c.BestBy != "win_rate" && c.BestBy != "mean_score":
		return bad("best_by", c.BestBy, "want win_rate or mean_score")
	case c.EvalEpisodes < 0:
		return bad("eval_episodes", c.EvalEpisodes, "must be 0 (no evaluation) or more")
	case c.Teacher != "" && c.TeacherSteps < 1:
		return bad("teacher_steps", c.TeacherSteps, "must be at least 1 with a teacher")
	case c.Teacher != "" && c.TeacherEpochs < 1:
		return bad("teacher_epochs", c.TeacherEpochs, "must be at least 1 with a teacher")
	case c.InitFrom != "" && c.Teacher != "":
		return bad("init_from", c.InitFrom, "and a teacher are two warm starts: keep one")
	case c.CheckpointEvery < 0:
		return bad("checkpoint_every", c.CheckpointEvery, "must be 0 or more")
	case len(c.Curriculum) > c.NumEnvs:
		return bad("curriculum", len(c.Curriculum), fmt.Sprintf("has more entries than num_envs=%d: some would never be played", c.NumEnvs))
	}
	if err := c.validateStages(); err != nil {
		return err
	}
	if err := c.Seats.validate(); err != nil {
		return err
	}
	return c.Network.validate()
}

// workers resolves Workers = 0 to the number of cores.
func (c *Config) workers() int {
	if c.Workers > 0 {
		return c.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Marshal writes the config as YAML.
func (c *Config) Marshal() ([]byte, error) { return yaml.Marshal(c) }
