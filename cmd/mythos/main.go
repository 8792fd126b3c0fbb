// Command mythos runs, plays, replays and lists the Mythos environments.
//
//	mythos list
//	mythos run ArkhamLCG/TheGathering-v0 --agent random --episodes 100 --seed 1
//	mythos play ArkhamLCG/TheGathering-v0 --seed 7
//	mythos replay game.json
package main

import (
	"fmt"
	"os"
)

func main() {
	root := newRoot(os.Stdin, os.Stdout, os.Stderr)
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "mythos:", err)
		os.Exit(1)
	}
}
