package main

import (
	"slices"
	"strings"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
)

// inEffect returns the options an env made with opts plays with: each option
// of the spec at its given value, or at its default when not given.
func inEffect(spec *env.Spec, opts env.Options) env.Options {
	out := env.Options{}
	for _, o := range spec.Options {
		out[o.Name] = o.Default
		if v, ok := opts[o.Name]; ok {
			out[o.Name] = v
		}
	}
	return out
}

// shownAtDefault are the options that say what is played (who plays, how
// hard, how many seats): a summary shows them even at their defaults.
var shownAtDefault = []string{"investigators", "difficulty", "seats"}

// playedLine says what an env made with opts plays, for the head of a
// summary: its seats (the investigators, by name), the options of
// shownAtDefault in effect, defaults included, and every other option that
// is not at its default, in the spec's order.
func playedLine(spec *env.Spec, opts env.Options) string {
	var parts []string
	for _, o := range spec.Options {
		v := o.Default
		if given, ok := opts[o.Name]; ok {
			v = given
		}
		if v == o.Default && !slices.Contains(shownAtDefault, o.Name) {
			continue
		}
		parts = append(parts, o.Name+"="+v)
	}
	line := "seats: " + strings.Join(spec.Agents, ", ")
	if len(parts) > 0 {
		line += "  options: " + strings.Join(parts, " ")
	}
	return line
}

// fixedLine is the "  fixed seats: ..." suffix of playedLine for --seat, or
// "" when no seat is fixed.
func fixedLine(seats []agents.SeatAgent) string {
	if len(seats) == 0 {
		return ""
	}
	parts := make([]string, len(seats))
	for i, sa := range seats {
		parts[i] = sa.String()
	}
	return "  fixed seats: " + strings.Join(parts, " ")
}

// plural writes "1 epoch", "4 epochs", with thousands separated.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(int64(n)) + " " + noun + "s"
}
