package train

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// A checkpoint is a directory:
//
//	network.json  the network description (Arch), for Go and numpy
//	weights.npz   every Param by name, plus obs_mean and obs_var (float32)
//	state.npz     Adam's moments and the float64 normalisation statistics
//	state.json    progress, RNG, env cursors, Adam steps, metrics so far
//	config.yaml   the run's config
//
// network.json and weights.npz alone are the exported policy.

// errNoCheckpoint says a directory holds no checkpoint.
var errNoCheckpoint = errors.New("no checkpoint here (want network.json and weights.npz)")

// trainState is state.json.
type trainState struct {
	Env        string      `json:"env"`
	Progress   Progress    `json:"progress"`
	RNG        []byte      `json:"rng"`
	AdamSteps  []int       `json:"adam_steps"`
	NormCount  float64     `json:"norm_count"`
	Cursors    []EnvCursor `json:"cursors"`
	Metrics    []MetricRow `json:"metrics"`
	ConfigYAML string      `json:"config_yaml"`
	// League lists the league's members (saved in league/ID).
	League []int `json:"league,omitempty"`
}

// Save writes a complete checkpoint of the run into dir (replacing it).
func (t *Trainer) Save(dir string) error {
	tmp := dir + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	if err := SaveModel(tmp, t.Model); err != nil {
		return err
	}
	var arrays []Array
	for k, n := range t.Model.Nets {
		for i, p := range n.Params() {
			arrays = append(arrays,
				Array{Name: "adam.m." + p.Name, Shape: p.Shape, F32: t.adams[k].M[i]},
				Array{Name: "adam.v." + p.Name, Shape: p.Shape, F32: t.adams[k].V[i]})
		}
	}
	f := t.Model.Arch.Floats()
	arrays = append(arrays, Array{Name: "norm.mean", Shape: []int{f}, F64: t.Model.Norm.Mean},
		Array{Name: "norm.var", Shape: []int{f}, F64: t.Model.Norm.Var})
	if err := WriteNPZ(filepath.Join(tmp, "state.npz"), arrays); err != nil {
		return err
	}
	rng, err := t.rng.MarshalBinary()
	if err != nil {
		return err
	}
	cfgYAML, err := t.Config.Marshal()
	if err != nil {
		return err
	}
	st := trainState{Env: t.EnvID, Progress: t.Progress, RNG: rng, NormCount: t.Model.Norm.Count,
		Metrics: t.Metrics, ConfigYAML: string(cfgYAML)}
	for _, a := range t.adams {
		st.AdamSteps = append(st.AdamSteps, a.Step)
	}
	for _, e := range t.tenvs {
		st.Cursors = append(st.Cursors, e.cur.clone())
	}
	if t.league != nil {
		st.League = t.league.ids()
		if err := t.league.save(tmp); err != nil {
			return err
		}
	}
	js, err := json.Marshal(&st)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "state.json"), js, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "config.yaml"), cfgYAML, 0o644); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}

// SaveModel writes network.json and weights.npz (the export format) into dir.
func SaveModel(dir string, m *Model) error {
	js, err := json.MarshalIndent(&m.Arch, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "network.json"), js, 0o644); err != nil {
		return err
	}
	var arrays []Array
	for _, p := range m.Params() {
		arrays = append(arrays, Array{Name: p.Name, Shape: p.Shape, F32: p.Data})
	}
	mean, vr := make([]float32, m.Arch.Floats()), make([]float32, m.Arch.Floats())
	for i := range mean {
		mean[i], vr[i] = float32(m.Norm.Mean[i]), float32(m.Norm.Var[i])
	}
	arrays = append(arrays, Array{Name: m.Arch.ObsMean, Shape: []int{m.Arch.Floats()}, F32: mean},
		Array{Name: m.Arch.ObsVar, Shape: []int{m.Arch.Floats()}, F32: vr})
	return WriteNPZ(filepath.Join(dir, "weights.npz"), arrays)
}

// LoadModel reads the policy in dir (network.json and weights.npz).
func LoadModel(dir string) (*Model, error) {
	js, err := os.ReadFile(filepath.Join(dir, "network.json"))
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s: %w", dir, errNoCheckpoint)
		}
		return nil, err
	}
	var arch Arch
	if err := json.Unmarshal(js, &arch); err != nil {
		return nil, fmt.Errorf("%s/network.json: %w", dir, err)
	}
	if !slices.Contains([]string{Format, FormatEncoders, FormatCrop, FormatCropOnly, FormatPointer}, arch.Format) {
		return nil, fmt.Errorf("%s/network.json: format %q, want one of %q, %q, %q, %q or %q", dir, arch.Format, Format, FormatEncoders, FormatCrop, FormatCropOnly, FormatPointer)
	}
	arrays, err := ReadNPZ(filepath.Join(dir, "weights.npz"))
	if err != nil {
		return nil, err
	}
	m := NewModel(arch, 0)
	for _, p := range m.Params() {
		if err := loadInto(arrays, p.Name, p.Shape, p.Data); err != nil {
			return nil, fmt.Errorf("%s/weights.npz: %w", dir, err)
		}
	}
	mean, vr := make([]float32, arch.Floats()), make([]float32, arch.Floats())
	if err := loadInto(arrays, arch.ObsMean, []int{arch.Floats()}, mean); err != nil {
		return nil, fmt.Errorf("%s/weights.npz: %w", dir, err)
	}
	if err := loadInto(arrays, arch.ObsVar, []int{arch.Floats()}, vr); err != nil {
		return nil, fmt.Errorf("%s/weights.npz: %w", dir, err)
	}
	for i := range mean {
		m.Norm.Mean[i], m.Norm.Var[i] = float64(mean[i]), float64(vr[i])
	}
	m.Norm.Freeze()
	m.Prepare()
	return m, nil
}

// loadInto copies the float32 array name of arrays, which must have shape,
// into dst.
func loadInto(arrays map[string]*Array, name string, shape []int, dst []float32) error {
	a, ok := arrays[name]
	if !ok {
		return fmt.Errorf("no array %q", name)
	}
	if a.F32 == nil || len(a.F32) != len(dst) || fmt.Sprint(a.Shape) != fmt.Sprint(shape) {
		return fmt.Errorf("array %q has shape %v (want float32 %v)", name, a.Shape, shape)
	}
	copy(dst, a.F32)
	return nil
}

// initNormCount is the weight given to the observation statistics of an
// init_from checkpoint that does not record how many observations they
// summarise (an exported policy: network.json and weights.npz alone).
const initNormCount = 1e6

// initFrom starts t's network from the checkpoint in dir (Config.InitFrom):
// its weights and observation statistics, with the same count of
// observations behind them when the checkpoint records it (state.json,
// state.npz), else initNormCount. The architectures must be equal.
func (t *Trainer) initFrom(dir string) error {
	m, err := LoadModel(dir)
	if err != nil {
		return err
	}
	// The network is the architecture but for the env options it was
	// trained with: shaping, a variant or a cap may differ; an option that
	// changes the observation changes the fields.
	mine, theirs := t.Model.Arch, m.Arch
	mine.Options, theirs.Options = nil, nil
	want, _ := json.Marshal(&mine)
	got, _ := json.Marshal(&theirs)
	if string(want) != string(got) {
		return fmt.Errorf("its network differs from what this env and config build (another env, observation option, or network setting)")
	}
	// Copy into the existing Params: the optimisers bind them.
	src := m.Params()
	for i, p := range t.Model.Params() {
		copy(p.Data, src[i].Data)
	}
	norm := t.Model.Norm
	copy(norm.Mean, m.Norm.Mean)
	copy(norm.Var, m.Norm.Var)
	norm.Count = initNormCount
	if js, err := os.ReadFile(filepath.Join(dir, "state.json")); err == nil {
		var st trainState
		if err := json.Unmarshal(js, &st); err != nil {
			return fmt.Errorf("state.json: %w", err)
		}
		arrays, err := ReadNPZ(filepath.Join(dir, "state.npz"))
		if err != nil {
			return err
		}
		mean, vr := arrays["norm.mean"], arrays["norm.var"]
		if mean == nil || vr == nil || len(mean.F64) != len(norm.Mean) || len(vr.F64) != len(norm.Var) {
			return fmt.Errorf("state.npz: missing or misshapen norm.mean / norm.var")
		}
		copy(norm.Mean, mean.F64)
		copy(norm.Var, vr.F64)
		norm.Count = st.NormCount
	}
	norm.Freeze()
	t.Model.Prepare()
	return nil
}

// restore loads a full checkpoint into t (whose model and optimisers already
// have the checkpoint's shapes) and returns the env cursors to replay.
func (t *Trainer) restore(dir string) ([]EnvCursor, error) {
	m, err := LoadModel(dir)
	if err != nil {
		return nil, err
	}
	want, _ := json.Marshal(&t.Model.Arch)
	got, _ := json.Marshal(&m.Arch)
	if string(want) != string(got) {
		return nil, fmt.Errorf("the checkpoint's network differs from what this env and config build (changed config or observation layout?)")
	}
	js, err := os.ReadFile(filepath.Join(dir, "state.json"))
	if err != nil {
		return nil, err
	}
	var st trainState
	if err := json.Unmarshal(js, &st); err != nil {
		return nil, fmt.Errorf("state.json: %w", err)
	}
	if st.Env != t.EnvID {
		return nil, fmt.Errorf("the checkpoint trained %s, not %s", st.Env, t.EnvID)
	}
	if len(st.Cursors) != t.Config.NumEnvs || len(st.AdamSteps) != len(t.adams) {
		return nil, fmt.Errorf("the checkpoint ran %d envs and %d networks; the config asks for %d and %d",
			len(st.Cursors), len(st.AdamSteps), t.Config.NumEnvs, len(t.adams))
	}
	arrays, err := ReadNPZ(filepath.Join(dir, "state.npz"))
	if err != nil {
		return nil, err
	}
	// Copy into the existing Params: the trainer's graphs bind them. The
	// architectures are equal, so the two lists of Params are parallel.
	src := m.Params()
	at := 0
	for k, n := range t.Model.Nets {
		for i, p := range n.Params() {
			copy(p.Data, src[at].Data)
			at++
			if err := loadInto(arrays, "adam.m."+p.Name, p.Shape, t.adams[k].M[i]); err != nil {
				return nil, fmt.Errorf("state.npz: %w", err)
			}
			if err := loadInto(arrays, "adam.v."+p.Name, p.Shape, t.adams[k].V[i]); err != nil {
				return nil, fmt.Errorf("state.npz: %w", err)
			}
		}
		t.adams[k].Step = st.AdamSteps[k]
	}
	mean, vr := arrays["norm.mean"], arrays["norm.var"]
	if mean == nil || vr == nil || len(mean.F64) != t.Model.Arch.Floats() || len(vr.F64) != t.Model.Arch.Floats() {
		return nil, fmt.Errorf("state.npz: missing or misshapen norm.mean / norm.var")
	}
	copy(t.Model.Norm.Mean, mean.F64)
	copy(t.Model.Norm.Var, vr.F64)
	t.Model.Norm.Count = st.NormCount
	t.Model.Norm.Freeze()
	t.Model.Prepare()
	if err := t.rng.UnmarshalBinary(st.RNG); err != nil {
		return nil, fmt.Errorf("state.json rng: %w", err)
	}
	if t.league != nil {
		lg, err := loadLeague(dir, st.League)
		if err != nil {
			return nil, err
		}
		t.league.members = lg.members
	}
	t.Progress = st.Progress
	t.Metrics = st.Metrics
	return st.Cursors, nil
}
