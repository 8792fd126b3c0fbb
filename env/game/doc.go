// Package game is the kernel every Mythos game shares: a pure, deterministic
// state machine driven from outside.
//
// A game state is plain data. It says who must decide next and offers a
// [Prompt] (a kind and a list of [Option]s); one call to [State.Apply] answers
// it, runs the rules until the next decision, and returns. Nothing in a state
// starts a goroutine, reads the clock or does I/O. All chance comes from the one
// [RNG] that lives inside the state, so the same seed and the same answers give
// the same game, byte for byte, on any machine.
//
// Effects that need a choice halfway are [Frame]s on an explicit [Stack]: the
// frame opens a prompt and returns [Wait]; the answer is stored in the frame and
// the frame resumes at its Step. There is no Go recursion across a decision.
//
// What happened is written to a [Log] of small [Event]s, and a whole game is
// recorded as seed + options + answers (a [Record]).
package game
