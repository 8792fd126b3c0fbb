package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

func newPlay() *cobra.Command {
	var (
		seed    uint64
		options string
		seat    int
		agent   string
		record  string
		hints   bool
	)
	cmd := &cobra.Command{
		Use:   "play ENV_ID",
		Short: "Play a game in the terminal",
		Long: "Shows the game as text and numbers the options of every decision; type a number to\n" +
			"choose. With --seat N you play seat N and --agent plays the others; by default you\n" +
			"play every seat. Type 'hint' at a prompt to see what --agent would choose, or pass\n" +
			"--hints to see it at every decision (e.g. --agent policy:ckpt=runs/easy/best --hints).\n" +
			"Type 'help' for the other commands.",
		Example: "  mythos play ArkhamLCG/TheGathering-v0 --seed 7\n" +
			"  mythos play ArkhamLCG/TheGathering-v0 --opt investigators=01001,01002 --seat 0 --record game.json",
		Args: envArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := env.ParseOptions(options)
			if err != nil {
				return err
			}
			base, err := env.MakeBase(args[0], opts)
			if err != nil {
				return err
			}
			var bot agents.Agent
			if seat >= 0 {
				if seat >= len(base.Spec().Agents) {
					return fmt.Errorf("--seat %d: the env has seats 0..%d", seat, len(base.Spec().Agents)-1)
				}
				if bot, err = agents.New(agent); err != nil {
					return err
				}
				if err := agents.CheckEnv(bot, base); err != nil {
					return err
				}
				bot.Reset(seed)
			}
			// The advisor is a second instance, so asking for hints never
			// changes what a bot seat plays.
			advisor, err := agents.New(agent)
			if err != nil {
				return err
			}
			if err := agents.CheckEnv(advisor, base); err != nil {
				return err
			}
			advisor.Reset(seed)
			base.SetLogging(true)
			p := &player{e: base, in: bufio.NewReader(cmd.InOrStdin()), out: cmd.OutOrStdout(), seat: game.AgentID(seat), bot: bot,
				advisor: advisor, hints: hints, rec: game.Record{Env: args[0], Options: opts, Seed: seed}}
			err = p.loop(seed)
			if record != "" {
				if werr := saveRecord(record, &p.rec); werr != nil {
					return werr
				}
				fmt.Fprintf(p.out, "Game saved to %s (mythos replay %s).\n", record, record)
			}
			return err
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "game seed")
	f.StringVar(&options, "opt", "", "env options as key=value,key=value")
	f.IntVar(&seat, "seat", -1, "the seat you play (-1: every seat)")
	f.StringVar(&agent, "agent", "random", "agent for the seats you do not play, and the one giving hints")
	f.BoolVar(&hints, "hints", false, "show --agent's choice at each of your decisions")
	f.StringVar(&record, "record", "", "save the game to this file when it ends or you quit")
	return cmd
}

// player is one terminal game.
type player struct {
	e    *env.GameEnv
	in   *bufio.Reader
	out  io.Writer
	seat game.AgentID
	bot  agents.Agent
	// advisor suggests moves ('hint', --hints); hints shows them unasked.
	advisor agents.Agent
	hints   bool
	rec     game.Record
	seen    int // events already printed
}

const playHelp = `Commands:
  <number>   choose that option
  hint       what the --agent would choose here
  board      show the board again
  log        show the whole game log
  help       this text
  quit       stop playing`

func (p *player) loop(seed uint64) error {
	_, info := p.e.Reset(seed)
	s := p.e.State()
	names := s.Info().AgentNames
	showBoard := true
	for {
		p.flushEvents()
		if s.Over() {
			p.rec.Over, p.rec.Score = true, s.Score()
			fmt.Fprintf(p.out, "\nThe game is over. Score: %+g\n", s.Score())
			return nil
		}
		pr := s.Prompt()
		if p.bot != nil && pr.Actor != p.seat {
			a := p.bot.Act(p.e, &info)
			choice, _ := p.e.Decode(a)
			fmt.Fprintf(p.out, "%s (%s) chooses: %s\n", names[pr.Actor], p.bot.Name(), s.Describe(choice))
			tr, err := p.step(choice)
			if err != nil {
				return err
			}
			info = tr.Info
			showBoard = true
			continue
		}
		if showBoard {
			fmt.Fprintf(p.out, "\n%s\n", s.Render(pr.Actor))
			showBoard = false
		}
		p.showPrompt()
		if p.hints {
			p.hint(&info)
		}
		fmt.Fprint(p.out, "> ")
		line, err := p.in.ReadString('\n')
		if err != nil && line == "" {
			if err == io.EOF {
				fmt.Fprintln(p.out, "\nNo more input: the game is left unfinished.")
				return nil
			}
			return err
		}
		cmd := strings.ToLower(strings.TrimSpace(line))
		switch cmd {
		case "":
			continue
		case "q", "quit", "exit":
			fmt.Fprintln(p.out, "You leave the game unfinished.")
			return nil
		case "h", "help", "?":
			fmt.Fprintln(p.out, playHelp)
			continue
		case "hint":
			p.hint(&info)
			continue
		case "b", "board":
			showBoard = true
			continue
		case "log":
			for _, l := range s.Log().Lines(s) {
				fmt.Fprintln(p.out, "  "+l)
			}
			continue
		}
		n, err := strconv.Atoi(cmd)
		if err != nil || n < 0 || n >= len(pr.Options) {
			fmt.Fprintf(p.out, "%q is not an option: type a number from 0 to %d, or 'help'.\n", strings.TrimSpace(line), len(pr.Options)-1)
			continue
		}
		tr, err := p.step(n)
		if err != nil {
			fmt.Fprintf(p.out, "That choice was refused (%v); choose again.\n", err)
			continue
		}
		info = tr.Info
		showBoard = true
	}
}

// step answers with option index choice through the env, so rewards and the
// record stay in step with the game.
func (p *player) step(choice int) (env.Transition, error) {
	s := p.e.State()
	who := s.Prompt().Actor
	for a := 0; a < p.e.Spec().Actions; a++ {
		if c, ok := p.e.Decode(a); ok && c == choice {
			tr, err := p.e.Step(a)
			if err == nil {
				p.rec.Actions = append(p.rec.Actions, choice)
				p.rec.Agents = append(p.rec.Agents, who)
			}
			return tr, err
		}
	}
	return env.Transition{}, fmt.Errorf("option %d has no action id", choice)
}

// hint prints the option the advisor would choose at this decision.
func (p *player) hint(info *env.Info) {
	a := p.advisor.Act(p.e, info)
	if choice, ok := p.e.Decode(a); ok {
		fmt.Fprintf(p.out, "Hint (%s): [%d] %s\n", p.advisor.Name(), choice, p.e.State().Describe(choice))
	}
}

func (p *player) showPrompt() {
	s := p.e.State()
	pr := s.Prompt()
	kinds := s.Info().PromptKinds
	kind := ""
	if int(pr.Kind) < len(kinds) {
		kind = kinds[pr.Kind]
	}
	fmt.Fprintf(p.out, "%s must decide (%s):\n", s.Info().AgentNames[pr.Actor], kind)
	for i := range pr.Options {
		fmt.Fprintf(p.out, "  [%d] %s\n", i, s.Describe(i))
	}
}

func (p *player) flushEvents() {
	s := p.e.State()
	ev := s.Log().Events
	for _, e := range ev[p.seen:] {
		fmt.Fprintln(p.out, "· "+s.Narrate(e))
	}
	p.seen = len(ev)
}

func saveRecord(path string, r *game.Record) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := r.WriteJSON(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
