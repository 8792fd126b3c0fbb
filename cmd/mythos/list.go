package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/env"
)

func newList() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the registered env ids with a one-line description each",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ids := env.IDs()
			if len(ids) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "no envs are registered")
				return nil
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			for _, id := range ids {
				e, _ := env.Lookup(id)
				fmt.Fprintf(tw, "%s\t%s\n", id, e.Description)
			}
			return tw.Flush()
		},
	}
}

// envArg completes and checks the ENV_ID argument.
func envArg(cmd *cobra.Command, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("%s needs one ENV_ID (see mythos list)", cmd.Name())
	}
	_, err := env.Lookup(args[0])
	return err
}
