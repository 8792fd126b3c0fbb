package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/mythos-rl/mythos/encode/trajectory"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// arrowMagic starts every Arrow IPC file, and so every trajectory file
// written by mythos record.
var arrowMagic = []byte("ARROW1")

// isTrajectory reports whether path is a trajectory: a directory written by
// mythos record, or an Arrow IPC file.
func isTrajectory(path string) (bool, error) {
	st, err := os.Stat(path)
	if err != nil {
		return false, err
	}
	if st.IsDir() {
		return true, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, len(arrowMagic))
	n, _ := io.ReadFull(f, head)
	return bytes.Equal(head[:n], arrowMagic), nil
}

// episodeRows finds episode (the first one when episode < 0) in the
// trajectory at path and returns its file's metadata, its seed and its rows.
func episodeRows(path string, episode int64) (trajectory.Meta, uint64, []trajectory.Row, error) {
	files := []string{path}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		var err error
		if files, err = trajectory.Files(path); err != nil {
			return trajectory.Meta{}, 0, nil, err
		}
		if len(files) == 0 {
			return trajectory.Meta{}, 0, nil, fmt.Errorf("%s: no trajectory files (part-*.arrow)", path)
		}
	}
	for _, name := range files {
		r, err := trajectory.Open(name)
		if err != nil {
			return trajectory.Meta{}, 0, nil, err
		}
		meta := r.Meta
		seed, found := uint64(0), false
		for _, es := range meta.Episodes {
			if episode < 0 || es.Episode == episode {
				episode, seed, found = es.Episode, es.Seed, true
				break
			}
		}
		if !found {
			r.Close()
			continue
		}
		var rows []trajectory.Row
		row := r.NewRow()
		for r.Next(&row) {
			if row.Episode == episode {
				rows = append(rows, trajectory.Row{Episode: row.Episode, Step: row.Step, Agent: row.Agent, Action: row.Action})
			}
		}
		err = r.Err()
		r.Close()
		if err != nil {
			return meta, 0, nil, err
		}
		return meta, seed, rows, nil
	}
	return trajectory.Meta{}, 0, nil, fmt.Errorf("%s: no episode %d", path, episode)
}

// replayTrajectory narrates one episode of a trajectory written by mythos
// record: the env is made with the file's options and reset with the
// episode's seed, and each row's action id is played in turn.
func replayTrajectory(out io.Writer, path string, episode int64, final bool) error {
	meta, seed, rows, err := episodeRows(path, episode)
	if err != nil {
		return err
	}
	e, err := env.Make(meta.Env, env.Options(meta.Options))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	base, ok := env.Unwrap(e).(*env.GameEnv)
	if !ok {
		return fmt.Errorf("%s: %s has no narrated log", path, meta.Env)
	}
	base.SetLogging(true)
	e.Reset(seed)
	fmt.Fprintf(out, "%s  episode %d of %d in this file  seed=%d  agent=%s  options=%s  %d decisions\n",
		meta.Env, rows[0].Episode, len(meta.Episodes), seed, meta.Agent, env.Options(meta.Options), len(rows))
	s := e.State()
	n := narrator{out: out, s: s}
	n.flush()
	for i, row := range rows {
		s = e.State()
		n.s = s
		if s.Over() {
			return fmt.Errorf("%s: the game ended before decision %d", path, i)
		}
		choice, ok := e.Decode(int(row.Action))
		if !ok {
			return fmt.Errorf("%s: decision %d: action %d is not legal here: the trajectory does not match this version of %s",
				path, i, row.Action, meta.Env)
		}
		fmt.Fprintln(out, decisionLine(i+1, s, choice))
		if _, err := e.Step(int(row.Action)); err != nil {
			return fmt.Errorf("%s: decision %d: %w", path, i, err)
		}
		n.s = e.State()
		n.flush()
	}
	return n.end(final)
}

// narrator prints a state's new log events and, at the end, the outcome.
type narrator struct {
	out  io.Writer
	s    game.State
	seen int
}

// flush prints the events logged since the last flush.
func (n *narrator) flush() {
	events := n.s.Log().Events
	if n.seen > len(events) {
		n.seen = 0
	}
	for _, e := range events[n.seen:] {
		fmt.Fprintln(n.out, "    "+n.s.Narrate(e))
	}
	n.seen = len(events)
}

// end prints how the game ended and, with final, the board.
func (n *narrator) end(final bool) error {
	if n.s.Over() {
		fmt.Fprintf(n.out, "The game is over. Score: %+g\n", n.s.Score())
	} else {
		fmt.Fprintln(n.out, "The record ends before the game does.")
	}
	if final {
		fmt.Fprintf(n.out, "\n%s\n", n.s.Render(0))
	}
	return nil
}
