package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Flag values that check their input when it is parsed, so a bad value stops
// the command before any work with one clear line, such as
//
//	mythos: invalid argument "0" for "--workers" flag: want 1 or more
//
// instead of a raw strconv message or a run that does something odd.

// countValue is an int flag that must be at least min.
type countValue struct {
	p   *int
	min int
}

func (v *countValue) String() string { return strconv.Itoa(*v.p) }
func (v *countValue) Type() string   { return "int" }
func (v *countValue) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("want a whole number, %d or more", v.min)
	}
	if n < v.min {
		return fmt.Errorf("want %d or more", v.min)
	}
	*v.p = n
	return nil
}

// countVar defines an int flag that refuses values below min.
func countVar(f *pflag.FlagSet, p *int, name string, value, min int, usage string) {
	*p = value
	f.Var(&countValue{p: p, min: min}, name, usage)
}

// seedValue is a uint64 flag with a message that says what a seed is.
type seedValue struct{ p *uint64 }

func (v seedValue) String() string { return strconv.FormatUint(*v.p, 10) }
func (v seedValue) Type() string   { return "uint" }
func (v seedValue) Set(s string) error {
	n, err := strconv.ParseUint(strings.TrimSpace(s), 0, 64)
	if err != nil {
		return fmt.Errorf("want a whole number from 0 to %d", uint64(math.MaxUint64))
	}
	*v.p = n
	return nil
}

// seedVar defines a uint64 flag (a seed) with a clear error for negative or
// non-numeric input.
func seedVar(f *pflag.FlagSet, p *uint64, name string, value uint64, usage string) {
	*p = value
	f.Var(seedValue{p}, name, usage)
}

// durationValue is a duration flag that must not be negative.
type durationValue struct{ p *time.Duration }

func (v durationValue) String() string { return v.p.String() }
func (v durationValue) Type() string   { return "duration" }
func (v durationValue) Set(s string) error {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("want a duration such as 90s, 30m or 1h30m")
	}
	if d < 0 {
		return fmt.Errorf("want a duration of 0 or more, such as 90s or 30m")
	}
	*v.p = d
	return nil
}

// durationVar defines a duration flag that refuses negative durations.
func durationVar(f *pflag.FlagSet, p *time.Duration, name string, value time.Duration, usage string) {
	*p = value
	f.Var(durationValue{p}, name, usage)
}

// checkedUint wraps a uint64 flag defined elsewhere with pflag's Uint64Var,
// so its parse error says what the flag wants instead of strconv's text.
type checkedUint struct{ pflag.Value }

func (v checkedUint) Set(s string) error {
	if _, err := strconv.ParseUint(strings.TrimSpace(s), 0, 64); err != nil {
		return fmt.Errorf("want a whole number from 0 to %d", uint64(math.MaxUint64))
	}
	return v.Value.Set(strings.TrimSpace(s))
}

// clearFlagErrors gives every uint64 flag of cmd and its subcommands (seeds
// defined with pflag's Uint64Var) the error of seedVar.
func clearFlagErrors(cmd *cobra.Command) {
	cmd.Flags().VisitAll(func(fl *pflag.Flag) {
		if fl.Value.Type() == "uint64" {
			fl.Value = checkedUint{fl.Value}
		}
	})
	for _, c := range cmd.Commands() {
		clearFlagErrors(c)
	}
}

// checkSeat checks a --seat value of an env with seats seats: -1 (every
// seat) or a seat number from 0 to seats-1.
func checkSeat(seat, seats int) error {
	if seat < -1 || seat >= seats {
		return fmt.Errorf("--seat %d: want -1 (you play every seat) or a seat from 0 to %d", seat, seats-1)
	}
	return nil
}
