package main

import (
	"io"

	"github.com/spf13/cobra"

	// The products: every game package registers its env ids.
	_ "github.com/mythos-rl/mythos/agents"
)

// newRoot builds the command tree reading from in and writing to out and errOut,
// so tests can drive it.
func newRoot(in io.Reader, out, errOut io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "mythos",
		Short:         "Mythos: cooperative horror games as reinforcement-learning environments",
		Version:       buildVersion(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("mythos {{.Version}}\n")
	root.SetIn(in)
	root.SetOut(out)
	root.SetErr(errOut)
	root.AddCommand(newList(), newRun(), newPlay(), newReplay())
	for _, c := range extraCommands {
		root.AddCommand(c())
	}
	addProfileFlags(root)
	clearFlagErrors(root)
	return root
}

// extraCommands holds the constructors of subcommands that live in their own
// files (check, spec, record, serve, eval, bench, train); each file appends its
// constructor in an init function, so adding a command touches one file.
var extraCommands []func() *cobra.Command

// addCommand registers a subcommand constructor; call it from init.
func addCommand(c func() *cobra.Command) { extraCommands = append(extraCommands, c) }
