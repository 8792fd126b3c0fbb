// Package encodetest holds checks that the games' encoders share in their
// tests: incremental encoding against full encoding over random play.
package encodetest

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/mythos-rl/mythos/encode"
	"github.com/mythos-rl/mythos/env/game"
)

// Decisions is the number of random decisions CheckIncremental plays per
// env: MYTHOS_INCREMENTAL_DECISIONS when set (a million for the full check
// of issue 26: `MYTHOS_INCREMENTAL_DECISIONS=1000000 go test -run
// Incremental ./encode/...`, about 4 minutes on two cores), else 200,000,
// or 100,000 in short mode (make test runs both, so CI checks 300,000 per
// env id on every run).
func Decisions() int {
	if v := os.Getenv("MYTHOS_INCREMENTAL_DECISIONS"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			return n
		}
	}
	if testing.Short() {
		return 100_000
	}
	return 200_000
}

// CheckIncremental plays decisions random decisions of games made by
// newState (episodes played to the end, then a new one), encoding after
// each with e.EncodeIncremental in check mode: each incremental encoding is
// compared with a full one and with its Touched record, and a difference
// fails the test with the decision, the field and the element. It varies
// what a real caller does: mostly the acting seat's view into the same
// row, at times another seat's view, another row (a full rewrite), a row
// written by someone else (the record made not valid), and new episodes
// with and without invalidating the memory (keys do not depend on
// history). It returns the memory's counts.
func CheckIncremental(t testing.TB, e encode.IncrementalEncoder, newState func(seed uint64) game.State, decisions int, seed uint64) encode.IncrementalStats {
	t.Helper()
	l := e.Layout()
	rows := [2]encode.Obs{l.NewObs(), l.NewObs()}
	recs := encode.MakeTouched(l, 2)
	m := e.NewMemory()
	m.SetCheck(true)
	rng := game.NewRNG(seed)
	episode := seed * 1_000_003
	s := newState(episode)
	row := 0
	for d := 0; d < decisions; d++ {
		viewer := s.Prompt().Actor
		if viewer < 0 {
			viewer = 0
		}
		if n := s.Info().Agents; n > 1 && rng.IntN(10) == 0 {
			viewer = game.AgentID(rng.IntN(n))
		}
		switch rng.IntN(200) {
		case 0: // the other row: a full rewrite
			row = 1 - row
		case 1: // someone else wrote the row and says so
			recs[row].Valid = false
			rows[row].Clear()
		}
		m.Attach(&recs[row])
		if err := encodeChecked(e, s, viewer, rows[row], m); err != nil {
			t.Fatalf("decision %d of random play (seed %d, episode %d), viewer %d: %v", d, seed, episode, viewer, err)
		}
		if s.Over() {
			episode++
			s = newState(episode)
			if rng.IntN(2) == 0 {
				m.Invalidate()
			}
			continue
		}
		if err := s.Apply(rng.IntN(len(s.Prompt().Options))); err != nil {
			t.Fatalf("decision %d: %v", d, err)
		}
	}
	st := m.Stats()
	if st.Checked != decisions {
		t.Fatalf("%d of %d encodings were checked", st.Checked, decisions)
	}
	return st
}

// encodeChecked is e.EncodeIncremental, returning the check's panic as an
// error.
func encodeChecked(e encode.IncrementalEncoder, s game.State, viewer game.AgentID, o encode.Obs, m *encode.Memory) (err error) {
	defer func() {
		if r := recover(); r != nil {
			var me *encode.MismatchError
			if e, ok := r.(error); ok && errors.As(e, &me) {
				err = me
				return
			}
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	e.EncodeIncremental(s, viewer, o, m)
	return nil
}

// CheckCatchesCorruption shows that the check mode can fail: it encodes a
// state of newState, changes one element of the row in a block that the
// next encoding keeps (the state has not changed, so every keyed block is
// kept), encodes again in check mode and expects the check to name that
// element. field must be the name of a field of e's layout whose element
// elem lies in a keyed block. It then clears the Touched record and
// expects the check to report a written element outside it.
func CheckCatchesCorruption(t testing.TB, e encode.IncrementalEncoder, s game.State, field string, elem int) {
	t.Helper()
	l := e.Layout()
	f, ok := l.Field(field)
	if !ok {
		t.Fatalf("no field %q", field)
	}
	o := l.NewObs()
	rec := encode.MakeTouched(l, 1)
	m := e.NewMemory()
	m.Attach(&rec[0])
	e.EncodeIncremental(s, 0, o, m)
	if err := encodeChecked(e, s, 0, o, withCheck(m)); err != nil {
		t.Fatalf("an unchanged row fails the check: %v", err)
	}
	want := fmt.Sprintf("%s[%d]", field, elem)
	switch f.DType {
	case encode.Float32:
		o.Float(f)[elem] += 3
	case encode.Int32:
		o.Int(f)[elem] += 3
	default:
		o.Bytes(f)[elem] += 3
	}
	err := encodeChecked(e, s, 0, o, m)
	var me *encode.MismatchError
	if !errors.As(err, &me) || me.Field != want || me.Unmarked {
		t.Fatalf("corrupting %s: the check says %v", want, err)
	}
	// Repair the row (a full rewrite), then lose the record's marks.
	m.Invalidate()
	if err := encodeChecked(e, s, 0, o, m); err != nil {
		t.Fatalf("after a full rewrite: %v", err)
	}
	clear(rec[0].F32)
	clear(rec[0].I32)
	clear(rec[0].U8)
	err = encodeChecked(e, s, 0, o, m)
	if !errors.As(err, &me) || !me.Unmarked {
		t.Fatalf("a record without marks: the check says %v", err)
	}
}

func withCheck(m *encode.Memory) *encode.Memory {
	m.SetCheck(true)
	return m
}
