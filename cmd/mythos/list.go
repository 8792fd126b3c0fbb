package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/env"
)

func newList() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the registered env ids with a one-line description each",
		Long: "Lists the registered env ids, each with the start of its description on one line;\n" +
			"mythos spec ENV_ID prints the whole description, the fields, actions and options.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ids := env.IDs()
			if len(ids) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "no envs are registered")
				return nil
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			for _, id := range ids {
				e, _ := env.Lookup(id)
				fmt.Fprintf(tw, "%s\t%s\n", id, shortDescription(e.Description, listWidth))
			}
			return tw.Flush()
		},
	}
}

// listWidth is the most characters of a description mythos list shows.
const listWidth = 72

// shortDescription is the start of a description that fits in width
// characters: its first clause (up to a semicolon or a sentence end), cut
// at a word, never inside parentheses, with "…" when something is left out.
func shortDescription(d string, width int) string {
	full := strings.TrimSuffix(strings.TrimSpace(d), ".")
	if i := strings.Index(d, ";"); i >= 0 {
		d = d[:i]
	}
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i]
	}
	out := strings.TrimSuffix(strings.TrimSpace(d), ".")
	if r := []rune(out); len(r) > width-1 {
		cut := string(r[:width-1])
		if i := strings.LastIndex(cut, " "); i > 0 {
			cut = cut[:i]
		}
		if open := strings.LastIndex(cut, "("); open > strings.LastIndex(cut, ")") {
			cut = cut[:open]
		}
		out = strings.TrimRight(cut, " ,:")
	}
	if out != full {
		out += "…"
	}
	return out
}

// envArg completes and checks the ENV_ID argument.
func envArg(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("%s needs one ENV_ID (see mythos list)", cmd.Name())
	}
	_, err := env.Lookup(args[0])
	return err
}
