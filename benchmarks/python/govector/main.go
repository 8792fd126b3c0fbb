//go:build unix

// Command govector measures the in-process Go vector env as
// benchmarks/python/throughput.py measures Python clients: n envs of one id
// stepped by a number of workers with uniformly random legal actions (chosen
// in Go, agents.Uniform) for a while, and prints one line of JSON:
// decisions/s, and the process's CPU microseconds per Step call.
//
//	go run ./benchmarks/python/govector --env ArkhamLCG/TheGathering-v0 --n 256 --workers 2 --seconds 2
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	id := flag.String("env", "ArkhamLCG/TheGathering-v0", "env id")
	n := flag.Int("n", 256, "envs in the vector")
	workers := flag.Int("workers", 0, "workers (0: GOMAXPROCS)")
	seconds := flag.Float64("seconds", 2, "time to measure")
	flag.Parse()
	v, err := env.NewVector(*id, nil, *n, *workers)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer v.Close()
	b := v.NewBatch(false)
	if err := v.Reset(1, b); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rng := game.NewRNG(2)
	acts := make([]int32, *n)
	w := len(b.Mask) / *n
	step := func() {
		for i := range acts {
			acts[i] = int32(agents.Uniform(&rng, b.Mask[i*w:(i+1)*w]))
		}
		if err := v.Step(acts, b); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	for range 20 {
		step()
	}
	calls, c0, t0 := 0, cpu(), time.Now()
	for time.Since(t0).Seconds() < *seconds {
		for range 10 {
			step()
		}
		calls += 10
	}
	wall := time.Since(t0).Seconds()
	_ = json.NewEncoder(os.Stdout).Encode(map[string]float64{
		"steps_per_s": float64(calls**n) / wall,
		"cpu_us":      float64((cpu() - c0).Microseconds()) / float64(calls),
		"calls":       float64(calls),
	})
}
