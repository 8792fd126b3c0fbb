package game

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
)

// Record is a whole game as data: which env, its options, the seed, and the
// answers in order. Because states are deterministic, a record replays to the
// identical game.
type Record struct {
	Env     string            `json:"env"`
	Options map[string]string `json:"options,omitempty"`
	Seed    uint64            `json:"seed"`
	// Actions are the option indices chosen at each decision.
	Actions []int `json:"actions"`
	// Agents are who chose each action (for people reading the file).
	Agents []AgentID `json:"agents,omitempty"`
	// Score is the final team result, if the game ended.
	Score float64 `json:"score"`
	Over  bool    `json:"over"`
}

// WriteJSON writes the record as indented JSON with sorted option keys.
func (r *Record) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// ReadRecord reads a record written by WriteJSON.
func ReadRecord(rd io.Reader) (*Record, error) {
	var r Record
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("reading game record: %w", err)
	}
	if r.Env == "" {
		return nil, fmt.Errorf("reading game record: no env id")
	}
	return &r, nil
}

// Replay applies the record's actions to s (a fresh state built from the
// record's env, options and seed), calling step after each one if it is not
// nil. It stops at the first illegal action with an error naming its index.
func (r *Record) Replay(s State, step func(i int, s State)) error {
	for i, a := range r.Actions {
		if err := s.Apply(a); err != nil {
			return fmt.Errorf("record action %d: %w", i, err)
		}
		if step != nil {
			step(i, s)
		}
	}
	return nil
}

// OptionKeys returns the record's option names in sorted order.
func (r *Record) OptionKeys() []string {
	keys := make([]string, 0, len(r.Options))
	for k := range r.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
