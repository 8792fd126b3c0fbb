// Package gametest checks the kernel contract (package game) on any game:
// determinism, clone independence, refusal of illegal choices without change,
// and random play with an invariant check after every step. Each game's tests
// call these with a factory for its states.
package gametest

import (
	"bytes"
	"testing"

	"github.com/mythos-rl/mythos/env/game"
)

// Factory makes the initial state of a game for a seed, with or without its
// event log.
type Factory func(seed uint64, logging bool) game.State

// Play answers random legal options, drawn from rng, for at most steps
// decisions or until the game ends, calling after (if not nil) after each
// decision. It returns the choices made.
func Play(t testing.TB, s game.State, rng *game.RNG, steps int, after func(step int, s game.State)) []int {
	t.Helper()
	var choices []int
	for i := 0; i < steps && !s.Over(); i++ {
		n := len(s.Prompt().Options)
		if n == 0 {
			t.Fatalf("step %d: the game is not over but the prompt has no options", i)
		}
		c := rng.IntN(n)
		if err := s.Apply(c); err != nil {
			t.Fatalf("step %d: legal choice %d of %d refused: %v", i, c, n, err)
		}
		choices = append(choices, c)
		if after != nil {
			after(i, s)
		}
	}
	return choices
}

// Bytes returns the canonical serialization of s, failing the test on error.
func Bytes(t testing.TB, s game.State) []byte {
	t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatalf("MarshalBinary: %v", err)
	}
	return b
}

// Determinism plays each seed twice with the same random choices and checks
// that the serialized states and the narrated logs are identical at every step.
func Determinism(t *testing.T, mk Factory, seeds []uint64, steps int) {
	t.Helper()
	for _, seed := range seeds {
		a, b := mk(seed, true), mk(seed, true)
		ra, rb := game.NewRNG(seed^0xabc), game.NewRNG(seed^0xabc)
		var trace [][]byte
		Play(t, a, &ra, steps, func(_ int, s game.State) { trace = append(trace, Bytes(t, s)) })
		Play(t, b, &rb, steps, func(i int, s game.State) {
			if i < len(trace) && !bytes.Equal(trace[i], Bytes(t, s)) {
				t.Fatalf("seed %d: states differ after step %d", seed, i)
			}
		})
		la, lb := a.Log().Lines(a), b.Log().Lines(b)
		if len(la) == 0 {
			t.Fatalf("seed %d: the log recorded nothing", seed)
		}
		if len(la) != len(lb) {
			t.Fatalf("seed %d: logs have %d and %d lines", seed, len(la), len(lb))
		}
		for i := range la {
			if la[i] != lb[i] {
				t.Fatalf("seed %d: log line %d differs: %q vs %q", seed, i, la[i], lb[i])
			}
		}
	}
}

// CloneIndependence plays a clone forward and checks that its origin's bytes
// do not move, then plays the origin with the clone's choices and checks that
// both arrive at the same bytes.
func CloneIndependence(t *testing.T, mk Factory, seed uint64, warmup, steps int) {
	t.Helper()
	s := mk(seed, true)
	rng := game.NewRNG(seed)
	Play(t, s, &rng, warmup, nil)
	before := Bytes(t, s)
	c := s.Clone()
	if !bytes.Equal(before, Bytes(t, c)) {
		t.Fatal("a fresh clone serializes differently from its origin")
	}
	crng := game.NewRNG(seed + 1)
	choices := Play(t, c, &crng, steps, nil)
	if !bytes.Equal(before, Bytes(t, s)) {
		t.Fatal("playing the clone changed its origin")
	}
	for i, ch := range choices {
		if err := s.Apply(ch); err != nil {
			t.Fatalf("origin refused the clone's choice %d at step %d: %v", ch, i, err)
		}
	}
	if !bytes.Equal(Bytes(t, s), Bytes(t, c)) {
		t.Fatal("origin and clone diverge on the same choices")
	}
}

// IllegalChoices checks, along a random game, that out-of-range choices are
// refused with game.ErrIllegal and leave the state byte-identical.
func IllegalChoices(t *testing.T, mk Factory, seed uint64, steps int) {
	t.Helper()
	s := mk(seed, false)
	rng := game.NewRNG(seed)
	check := func(s game.State) {
		before := Bytes(t, s)
		n := len(s.Prompt().Options)
		for _, bad := range []int{-1, n, n + 7} {
			err := s.Apply(bad)
			if err == nil {
				t.Fatalf("choice %d of %d options accepted", bad, n)
			}
			if !isIllegal(err) {
				t.Fatalf("choice %d: error %v does not match game.ErrIllegal", bad, err)
			}
			if !bytes.Equal(before, Bytes(t, s)) {
				t.Fatalf("illegal choice %d changed the state", bad)
			}
		}
	}
	check(s)
	Play(t, s, &rng, steps, func(_ int, s game.State) { check(s) })
}

// Invariants plays random games over seeds and calls inv after every step.
func Invariants(t *testing.T, mk Factory, seeds []uint64, steps int, inv func(game.State) error) {
	t.Helper()
	for _, seed := range seeds {
		s := mk(seed, false)
		if err := inv(s); err != nil {
			t.Fatalf("seed %d, setup: %v", seed, err)
		}
		rng := game.NewRNG(seed)
		Play(t, s, &rng, steps, func(i int, s game.State) {
			if err := inv(s); err != nil {
				t.Fatalf("seed %d, step %d: %v", seed, i, err)
			}
		})
	}
}
