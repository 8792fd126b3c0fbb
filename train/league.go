package train

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/mythos-rl/mythos/env/game"
)

// LeagueAgent is the opponent spec (seats.opponent or a seats.opponents
// entry) of a seat played by the league: the run's own past networks.
const LeagueAgent = "league"

// league holds frozen copies of the run's network, taken when PPO starts and
// every Seats.LeagueEvery updates after, at most Seats.LeagueSize of them
// (the oldest dropped first, except the first one, which the evaluations
// play against, and any that a training env's current episode uses). Each
// training episode draws its member from its seed (opponentEnv); members
// only change between updates, on the trainer's goroutine, while no env
// steps.
type league struct {
	members []leagueMember
}

// leagueMember is one frozen network: ID is the update after which it was
// taken (0: the start of PPO).
type leagueMember struct {
	ID    int
	Model *Model
}

// find returns the member with id, or nil.
func (l *league) find(id int32) *Model {
	for _, m := range l.members {
		if m.ID == int(id) {
			return m.Model
		}
	}
	return nil
}

// pick draws episode seed's member: the one at DeriveSeed(seed, 0x1ea9)
// modulo the league's size.
func (l *league) pick(seed uint64) int32 {
	return int32(l.members[game.DeriveSeed(seed, 0x1ea9)%uint64(len(l.members))].ID)
}

// cloneModel copies m's weights and normalisation statistics into a new model.
func cloneModel(m *Model) *Model {
	c := NewModel(m.Arch, 0)
	src := m.Params()
	for i, p := range c.Params() {
		copy(p.Data, src[i].Data)
	}
	copy(c.Norm.Mean, m.Norm.Mean)
	copy(c.Norm.Var, m.Norm.Var)
	c.Norm.Count = m.Norm.Count
	c.Norm.Freeze()
	c.Prepare()
	return c
}

// add takes a snapshot of m as member id and drops the oldest members above
// size that are neither the first nor in use.
func (l *league) add(id int, m *Model, size int, inUse []int32) {
	l.members = append(l.members, leagueMember{ID: id, Model: cloneModel(m)})
	for k := 1; len(l.members) > size && k < len(l.members)-1; {
		if slices.Contains(inUse, int32(l.members[k].ID)) {
			k++
			continue
		}
		l.members = slices.Delete(l.members, k, k+1)
	}
}

// ids lists the members' ids in order.
func (l *league) ids() []int {
	out := make([]int, len(l.members))
	for k, m := range l.members {
		out[k] = m.ID
	}
	return out
}

// save writes every member into dir/league/ID (the export format, plus the
// float64 normalisation statistics in norm.npz, which resuming needs exactly).
func (l *league) save(dir string) error {
	for _, m := range l.members {
		d := filepath.Join(dir, "league", fmt.Sprint(m.ID))
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		if err := SaveModel(d, m.Model); err != nil {
			return err
		}
		f := m.Model.Arch.Floats()
		if err := WriteNPZ(filepath.Join(d, "norm.npz"), []Array{
			{Name: "norm.mean", Shape: []int{f}, F64: m.Model.Norm.Mean},
			{Name: "norm.var", Shape: []int{f}, F64: m.Model.Norm.Var}}); err != nil {
			return err
		}
	}
	return nil
}

// loadLeague reads the members ids of dir/league.
func loadLeague(dir string, ids []int) (*league, error) {
	l := &league{}
	for _, id := range ids {
		d := filepath.Join(dir, "league", fmt.Sprint(id))
		m, err := LoadModel(d)
		if err != nil {
			return nil, fmt.Errorf("league member %d: %w", id, err)
		}
		arrays, err := ReadNPZ(filepath.Join(d, "norm.npz"))
		if err != nil {
			return nil, fmt.Errorf("league member %d: %w", id, err)
		}
		mean, vr := arrays["norm.mean"], arrays["norm.var"]
		if mean == nil || vr == nil || len(mean.F64) != len(m.Norm.Mean) || len(vr.F64) != len(m.Norm.Var) {
			return nil, fmt.Errorf("league member %d: missing or misshapen norm.npz", id)
		}
		copy(m.Norm.Mean, mean.F64)
		copy(m.Norm.Var, vr.F64)
		m.Norm.Freeze()
		m.Prepare()
		l.members = append(l.members, leagueMember{ID: id, Model: m})
	}
	return l, nil
}
