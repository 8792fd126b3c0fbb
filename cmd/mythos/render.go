package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/env"
	"github.com/mythos-rl/mythos/env/game"
	"github.com/mythos-rl/mythos/render"
)

func init() { addCommand(newRender) }

// newRender is `mythos render`: the drawn table of a seeded game, as PNG or
// SVG frames.
func newRender() *cobra.Command {
	var (
		seed          uint64
		steps, every  int
		viewer        string
		out, format   string
		agentSpec     string
		last          bool
		optionStrings []string
	)
	c := &cobra.Command{
		Use:   "render ENV_ID",
		Short: "Write the drawn table of a seeded game as PNG or SVG frames",
		Long: `render plays a seeded game of ENV_ID with an agent (every seat) and writes
the table as the acting seat sees it (or --viewer's seat, or with --viewer
spectator what a spectator of the recorded game may see: every hand, no
deck's order, marked "spectator view"): a frame before the
first decision and one after every --every decisions, up to --steps, as
DIR/NNNN.png (or .svg). With --last it writes only the final frame, to
--out as a file name. The drawing is the one Gymnasium's rgb_array mode
returns (see docs/viewer.md).`,
		Args: envArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			view, err := parseViewer(viewer)
			if err != nil {
				return err
			}
			if format != "png" && format != "svg" {
				return fmt.Errorf("--format %q: want png or svg", format)
			}
			opts := env.Options{}
			for _, kv := range optionStrings {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return fmt.Errorf("--option %q: want KEY=VALUE", kv)
				}
				opts[k] = v
			}
			e, err := env.MakeBase(args[0], opts)
			if err != nil {
				return err
			}
			ag, err := agents.New(agentSpec)
			if err != nil {
				return err
			}
			ag.Reset(seed)
			_, info := e.Reset(seed)
			if !last {
				if err := os.MkdirAll(out, 0o755); err != nil {
					return err
				}
			}
			write := func(n int) error {
				st := e.State()
				v := view
				if v == game.NoAgent {
					v = max(st.Prompt().Actor, 0)
				}
				sc, err := render.Draw(st, v)
				if err != nil {
					return err
				}
				var data []byte
				if format == "svg" {
					data = sc.SVG()
				} else {
					var b bytes.Buffer
					if err := sc.PNG(&b); err != nil {
						return err
					}
					data = b.Bytes()
				}
				name := out
				if !last {
					name = filepath.Join(out, fmt.Sprintf("%04d.%s", n, format))
				}
				return os.WriteFile(name, data, 0o644)
			}
			if !last {
				if err := write(0); err != nil {
					return err
				}
			}
			n, frames := 0, 1
			for n < steps && !e.State().Over() {
				tr, err := e.Step(ag.Act(e, &info))
				if err != nil {
					return err
				}
				info = tr.Info
				n++
				if !last && n%every == 0 {
					if err := write(n); err != nil {
						return err
					}
					frames++
				}
			}
			if last {
				frames = 1
				if err := write(n); err != nil {
					return err
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s played, %s written to %s\n", plural(n, "decision"), plural(frames, "frame"), out)
			return nil
		},
	}
	f := c.Flags()
	f.Uint64Var(&seed, "seed", 1, "the game's seed")
	f.IntVar(&steps, "steps", 200, "decisions to play at most")
	f.IntVar(&every, "every", 1, "write a frame after every N decisions")
	f.StringVar(&viewer, "viewer", "-1", "the seat whose view is drawn (-1: the acting seat), or spectator")
	f.StringVar(&out, "out", "frames", "the folder of the frames (with --last: the file)")
	f.StringVar(&format, "format", "png", "png or svg")
	f.StringVar(&agentSpec, "agent", "heuristic", "the agent playing every seat (see mythos run --help)")
	f.BoolVar(&last, "last", false, "write only the final frame, to --out as a file")
	f.StringArrayVar(&optionStrings, "option", nil, "an env option KEY=VALUE (repeatable)")
	return c
}

// parseViewer reads --viewer: a seat number from 0, -1 (game.NoAgent: the
// acting seat) or "spectator" (render.Spectator).
func parseViewer(text string) (game.AgentID, error) {
	if text == "spectator" {
		return render.Spectator, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < -1 {
		return 0, fmt.Errorf("--viewer %q: want a seat number from 0, -1 (the acting seat) or spectator", text)
	}
	return game.AgentID(n), nil
}
