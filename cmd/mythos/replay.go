package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
)

func newReplay() *cobra.Command {
	var final bool
	var episode int64
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Print the human-readable log of a recorded game",
		Long: "Replays a recorded game and prints each decision and what followed from it. FILE is a\n" +
			"game record (JSON, written by mythos play --record or mythos run --record) or a trajectory\n" +
			"of mythos record (an Arrow file, part-00000.arrow, or its directory): each row's action\n" +
			"is played again from the episode's seed; --episode picks the episode (the first by default).",
		Example: "  mythos replay game.json\n  mythos replay data/h/part-00000.arrow --episode 3",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if arrow, err := isTrajectory(args[0]); err != nil {
				return err
			} else if arrow {
				return replayTrajectory(cmd.OutOrStdout(), args[0], episode, final)
			}
			if cmd.Flags().Changed("episode") {
				return fmt.Errorf("--episode is for trajectories of mythos record; %s is a game record of one game", args[0])
			}
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			rec, err := game.ReadRecord(f)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			base, err := env.MakeBase(rec.Env, rec.Options)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			base.SetLogging(true)
			base.Reset(rec.Seed)
			s := base.State()
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s  seed=%d  options=%s  %d decisions\n", rec.Env, rec.Seed, env.Options(rec.Options), len(rec.Actions))
			seen := 0
			flush := func() {
				for _, e := range s.Log().Events[seen:] {
					fmt.Fprintln(out, "    "+s.Narrate(e))
				}
				seen = len(s.Log().Events)
			}
			flush()
			for i, choice := range rec.Actions {
				if s.Over() {
					return fmt.Errorf("%s: the game ended before decision %d", args[0], i)
				}
				if choice < 0 || choice >= len(s.Prompt().Options) {
					return fmt.Errorf("%s: decision %d: option %d does not exist (%d options): the record does not match this version of %s",
						args[0], i, choice, len(s.Prompt().Options), rec.Env)
				}
				fmt.Fprintln(out, decisionLine(i+1, s, choice))
				if err := s.Apply(choice); err != nil {
					return fmt.Errorf("%s: decision %d: %w", args[0], i, err)
				}
				flush()
			}
			if s.Over() {
				fmt.Fprintf(out, "The game is over. Score: %+g\n", s.Score())
			} else {
				fmt.Fprintln(out, "The record ends before the game does.")
			}
			if final {
				fmt.Fprintf(out, "\n%s\n", s.Render(0))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&final, "final", false, "show the board at the end")
	cmd.Flags().Int64Var(&episode, "episode", -1, "the episode of a trajectory to replay (its id, as in the episode column); the file's first by default")
	return cmd
}

// questioner is implemented by games that ask each prompt's question in
// words (AH3, Machina Arcana: State.Question); the LCG's options say enough
// by themselves.
type questioner interface {
	Question() string
}

// decisionLine is one decision of a replay: who answered which question
// with which option (number n counts from 1). Call it before applying the
// choice.
func decisionLine(n int, s game.State, choice int) string {
	who := s.Info().AgentNames[s.Prompt().Actor]
	if q, ok := s.(questioner); ok {
		return fmt.Sprintf("%4d. %s: %s → %s", n, who, q.Question(), s.Describe(choice))
	}
	return fmt.Sprintf("%4d. %s: %s", n, who, s.Describe(choice))
}
