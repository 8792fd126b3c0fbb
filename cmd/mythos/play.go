package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

// The agents mythos play uses when --agent is not given: a fast sensible
// player for the seats you do not play, and the strongest built-in agent for
// hints (ISMCTS with heuristic playouts, docs/agents.md), with an iteration
// budget that answers in well under a second to about a second a decision on
// two cores, and the same hint for the same game on every machine.
const (
	defaultBotAgent  = "heuristic"
	defaultHintAgent = "ismcts:iters=10000,rollout=heuristic"
	// machinaHintAgent is the hint agent of Machina Arcana, whose long turns
	// want short playouts scored by Evaluate and the heuristic's prior
	// (docs/agents.md, "Machina Arcana").
	machinaHintAgent = "ismcts:iters=400,depth=30,prior=heuristic"
)

// hintAgentFor is the default hint agent of env id.
func hintAgentFor(id string) string {
	if strings.HasPrefix(id, "MachinaArcana/") {
		return machinaHintAgent
	}
	return defaultHintAgent
}

const playLong = `Shows the game as text and numbers the options of every decision; type a number to
choose, or one of the commands below. With --seat N you play seat N and the others are played
by a bot; by default you play every seat.

Commands at the prompt:
` + playCommands + `

Numbers. Every card on the board and in your hand is shown with its number (#17), the same all
game: 'card 17' shows that card, 'card .45' the card whose name starts so. An option keeps its
number for the rest of your turn: playing a card or spending an action does not renumber the
others (new options get new numbers, and a number is never reused for another action within
the turn). A new turn or phase numbers its options afresh from 0.

Agents. Without --agent, the seats you do not play are played by '` + defaultBotAgent + `' and 'hint'
asks '` + defaultHintAgent + `' (up to about a second a hint; in Machina Arcana
'` + machinaHintAgent + `'). --agent sets both,
for example --agent policy:ckpt=runs/easy/best --hints.`

// playCommands lists every command at the prompt; 'help' prints it.
const playCommands = `  <number>       choose that option; ending a turn with actions left (or resigning) asks
                 first: answer y to go ahead, anything else to choose again
  card NAME|#    show a card's text (in our words) and its state: NAME is the start of
                 its name (any case), # its number on the board or in your hand (AH3:
                 a monster's #N; Machina Arcana: a figure's digit or letter on the map)
  hint           what the hint agent would choose here (--hints: at every decision)
  board          show the board again
  log            show the whole game log
  help           this list
  quit           stop playing; with --record the game so far is saved (on Ctrl-C too)`

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
		Long:  playLong,
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
			if err := checkSeat(seat, len(base.Spec().Agents)); err != nil {
				return err
			}
			botSpec, hintSpec := defaultBotAgent, hintAgentFor(args[0])
			if cmd.Flags().Changed("agent") {
				botSpec, hintSpec = agent, agent
			}
			var bot agents.Agent
			if seat >= 0 {
				if bot, err = agents.Start(botSpec, base, seed); err != nil {
					return err
				}
			}
			// The advisor is a second instance, so asking for hints never
			// changes what a bot seat plays.
			advisor, err := agents.Start(hintSpec, base, seed)
			if err != nil {
				return err
			}
			base.SetLogging(true)
			p := &player{e: base, in: bufio.NewReader(cmd.InOrStdin()), out: cmd.OutOrStdout(), width: playWidthOf(cmd.OutOrStdout()), seat: game.AgentID(seat), bot: bot,
				advisor: advisor, hints: hints, rec: game.Record{Env: args[0], Options: opts, Seed: seed}}
			stop := func() {}
			if record != "" {
				// Reading the terminal cannot be interrupted, so Ctrl-C
				// saves the game from a goroutine of its own.
				sig := make(chan os.Signal, 1)
				signal.Notify(sig, os.Interrupt)
				done := make(chan struct{})
				stop = func() { signal.Stop(sig); close(done) }
				go p.saveOnInterrupt(record, sig, done)
			}
			err = p.loop(seed)
			stop()
			if record != "" {
				p.mu.Lock()
				defer p.mu.Unlock()
				if werr := saveRecord(record, &p.rec); werr != nil {
					return werr
				}
				p.printf("Game saved to %s (mythos replay %s).\n", record, record)
			}
			return err
		},
	}
	f := cmd.Flags()
	seedVar(f, &seed, "seed", 1, "game seed")
	f.StringVar(&options, "opt", "", "env options as key=value,key=value")
	f.IntVar(&seat, "seat", -1, "the seat you play (-1: every seat)")
	f.StringVar(&agent, "agent", "", "agent for the seats you do not play and for hints (default: see above)")
	f.BoolVar(&hints, "hints", false, "show the hint agent's choice at each of your decisions")
	f.StringVar(&record, "record", "", "save the game to this file when it ends or you quit")
	return cmd
}

// player is one terminal game.
type player struct {
	e   *env.GameEnv
	in  *bufio.Reader
	out io.Writer
	// width is the widest line printed: the terminal's (see playWidthOf)
	width int
	seat  game.AgentID
	bot   agents.Agent
	// advisor suggests moves ('hint', --hints); hints shows them unasked.
	advisor agents.Agent
	hints   bool
	mu      sync.Mutex // guards rec against the Ctrl-C handler
	rec     game.Record
	seen    int // events already printed
	nums    numbering
}

// cardTexter is implemented by games that can describe a card for a viewer
// (the LCG: lcg.State.CardText).
type cardTexter interface {
	CardText(viewer game.AgentID, query string) (string, error)
}

// confirmer is implemented by games that know which options deserve a
// second thought (the LCG: ending a turn with actions left).
type confirmer interface {
	Confirm(i int) string
}

func (p *player) loop(seed uint64) error {
	_, info := p.e.Reset(seed)
	s := p.e.State()
	names := s.Info().AgentNames
	showBoard := true
	for {
		p.flushEvents()
		if s.Over() {
			p.mu.Lock()
			p.rec.Over, p.rec.Score = true, s.Score()
			p.mu.Unlock()
			p.printf("\nThe game is over. Score: %+g\n", s.Score())
			return nil
		}
		pr := s.Prompt()
		p.nums.update(s)
		if p.bot != nil && pr.Actor != p.seat {
			a := p.bot.Act(p.e, &info)
			choice, _ := p.e.Decode(a)
			p.printf("%s (%s) chooses: %s\n", names[pr.Actor], p.bot.Name(), s.Describe(choice))
			tr, err := p.step(choice)
			if err != nil {
				return err
			}
			info = tr.Info
			showBoard = true
			continue
		}
		if showBoard {
			p.printf("\n%s\n", s.Render(pr.Actor))
			showBoard = false
		}
		p.showPrompt()
		if p.hints {
			p.hint(&info)
		}
		line, ok, err := p.ask("> ")
		if !ok {
			return err
		}
		cmd := strings.ToLower(line)
		word, _, _ := strings.Cut(cmd, " ")
		switch word {
		case "":
			continue
		case "q", "quit", "exit":
			p.printf("You leave the game unfinished.\n")
			return nil
		case "h", "help", "?":
			p.printf("Commands:\n%s\n", playCommands)
			continue
		case "hint":
			p.hint(&info)
			continue
		case "b", "board":
			showBoard = true
			continue
		case "log":
			for _, l := range s.Log().Lines(s) {
				p.printf("  %s\n", l)
			}
			continue
		case "card":
			p.card(strings.TrimSpace(line[len(word):]))
			continue
		}
		n, err := strconv.Atoi(cmd)
		i, ok := p.nums.index(n)
		if err != nil || !ok {
			p.printf("%q is not an option: type one of the numbers in brackets, or 'help'.\n", line)
			continue
		}
		if c, ok := s.(confirmer); ok {
			if q := c.Confirm(i); q != "" {
				ans, ok, err := p.ask(q + " [y/N] ")
				if !ok {
					return err
				}
				if a := strings.ToLower(ans); a != "y" && a != "yes" {
					p.printf("Not done: choose again.\n")
					continue
				}
			}
		}
		tr, err := p.step(i)
		if err != nil {
			p.printf("That choice was refused (%v); choose again.\n", err)
			continue
		}
		info = tr.Info
		showBoard = true
	}
}

// ask prints question and reads one line, trimmed. ok is false when the
// input has ended (then a line saying so is printed, err is nil) or failed.
func (p *player) ask(question string) (line string, ok bool, err error) {
	fmt.Fprint(p.out, question)
	line, err = p.in.ReadString('\n')
	if err != nil && line == "" {
		if err == io.EOF {
			p.printf("\nNo more input: the game is left unfinished.\n")
			return "", false, nil
		}
		return "", false, err
	}
	return strings.TrimSpace(line), true, nil
}

// card prints the text and state of the card the query names.
func (p *player) card(query string) {
	s := p.e.State()
	ct, ok := s.(cardTexter)
	if !ok {
		p.printf("This game has no card texts to show.\n")
		return
	}
	viewer := p.seat
	if viewer < 0 {
		viewer = s.Prompt().Actor
	}
	text, err := ct.CardText(viewer, query)
	if err != nil {
		p.printf("%v\n", err)
		return
	}
	p.printf("%s", text)
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
				p.mu.Lock()
				p.rec.Actions = append(p.rec.Actions, choice)
				p.rec.Agents = append(p.rec.Agents, who)
				p.mu.Unlock()
			}
			return tr, err
		}
	}
	return env.Transition{}, fmt.Errorf("option %d has no action id", choice)
}

// hint prints the option the advisor would choose at this decision, with
// the number the option is shown under.
func (p *player) hint(info *env.Info) {
	a := p.advisor.Act(p.e, info)
	if choice, ok := p.e.Decode(a); ok {
		p.printf("Hint (%s): [%d] %s\n", p.advisor.Name(), p.nums.number(choice), p.e.State().Describe(choice))
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
	if q, ok := s.(questioner); ok {
		p.printf("%s must decide (%s): %s\n", s.Info().AgentNames[pr.Actor], kind, q.Question())
	} else {
		p.printf("%s must decide (%s):\n", s.Info().AgentNames[pr.Actor], kind)
	}
	for _, i := range p.nums.order() {
		p.printf("  [%d] %s\n", p.nums.number(i), s.Describe(i))
	}
}

func (p *player) flushEvents() {
	s := p.e.State()
	ev := s.Log().Events
	for _, e := range ev[p.seen:] {
		p.printf("· %s\n", s.Narrate(e))
	}
	p.seen = len(ev)
}

// printf writes to the terminal with every line wrapped to p.width
// columns.
func (p *player) printf(format string, args ...any) {
	io.WriteString(p.out, wrapText(fmt.Sprintf(format, args...), p.width))
}

// saveOnInterrupt waits for Ctrl-C (a signal on sig) until done is closed;
// on Ctrl-C it saves the game so far to path and ends the program.
func (p *player) saveOnInterrupt(path string, sig <-chan os.Signal, done <-chan struct{}) {
	select {
	case <-sig:
		p.mu.Lock()
		if err := saveRecord(path, &p.rec); err != nil {
			fmt.Fprintf(os.Stderr, "\nmythos: interrupted; the game could not be saved: %v\n", err)
		} else {
			fmt.Fprintf(p.out, "\nInterrupted: the game so far is saved to %s (mythos replay %s).\n", path, path)
		}
		os.Exit(130)
	case <-done:
	}
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
