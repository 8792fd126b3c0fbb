package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
)

// episodeFlags are the flags shared by the commands that play seeded episodes
// (run, eval, record): how many, from which base seed, on how many goroutines,
// with which env options, and whether to draw a progress bar.
type episodeFlags struct {
	episodes int
	seed     uint64
	workers  int
	options  string
	quiet    bool
	seats    []string // --seat SEAT=AGENT, for the commands that call addSeats
}

// add registers the flags on f; episodesDoc and workersDoc describe what one
// episode and one worker mean for the command.
func (p *episodeFlags) add(f *pflag.FlagSet, episodesDoc, workersDoc string) {
	f.IntVar(&p.episodes, "episodes", 100, episodesDoc)
	seedVar(f, &p.seed, "seed", 1, "base seed; episode k uses a seed derived from it")
	countVar(f, &p.workers, "workers", runtime.GOMAXPROCS(0), 1, workersDoc)
	f.StringVar(&p.options, "opt", "", "env options as key=value,key=value (see the env's spec)")
	f.BoolVar(&p.quiet, "quiet", false, "no progress output (a bar on a terminal, plain lines otherwise)")
}

// addSeats registers --seat, which fixes the agent of a seat (run, eval).
func (p *episodeFlags) addSeats(f *pflag.FlagSet) {
	f.StringArrayVar(&p.seats, "seat", nil, "SEAT=AGENT: play that seat with its own agent whatever the agent under test, e.g. monsters=heuristic (repeatable)")
}

// seatAgents parses --seat and checks each against the env's seats.
func (p *episodeFlags) seatAgents(spec *env.Spec) ([]agents.SeatAgent, error) {
	var out []agents.SeatAgent
	for _, s := range p.seats {
		sa, err := agents.ParseSeatAgent(s)
		if err != nil {
			return nil, err
		}
		out = append(out, sa)
	}
	if _, err := agents.WithSeats(&agents.Random{}, spec, out); err != nil {
		return nil, err
	}
	return out, nil
}

// envOptions parses --opt and checks, before any work starts, that env id is
// registered and accepts the options and that every agent spec builds. It
// returns the options and the spec of the env they make.
func (p *episodeFlags) envOptions(id string, agentSpecs ...string) (env.Options, *env.Spec, error) {
	opts, err := env.ParseOptions(p.options)
	if err != nil {
		return nil, nil, err
	}
	e, err := env.Make(id, opts)
	if err != nil {
		return nil, nil, err
	}
	for _, s := range agentSpecs {
		a, err := agents.New(s)
		if err != nil {
			return nil, nil, err
		}
		// a policy trained on another env is refused here, before any
		// episode starts
		if c, ok := a.(agents.EnvChecker); ok {
			if err := c.CheckEnv(e); err != nil {
				return nil, nil, fmt.Errorf("agent %s: %w", s, err)
			}
		}
	}
	return opts, e.Spec(), nil
}

// bar returns the progress of total episodes named desc on w: a bar on a
// terminal, plain lines otherwise, nil with --quiet.
func (p *episodeFlags) bar(w io.Writer, total int, desc string) *progress {
	return newProgress(w, int64(total), desc, p.quiet,
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("ep"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish())
}
