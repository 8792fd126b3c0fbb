package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// addProfileFlags gives every command --cpuprofile and --memprofile: pprof
// profiles of the whole command (go tool pprof FILE), for finding what
// dominates a long run such as train or bench.
func addProfileFlags(root *cobra.Command) {
	var cpuPath, memPath string
	var cpuFile *os.File
	f := root.PersistentFlags()
	f.StringVar(&cpuPath, "cpuprofile", "", "write a CPU profile of the command to this file (go tool pprof)")
	f.StringVar(&memPath, "memprofile", "", "write a heap profile at the command's end to this file (go tool pprof)")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if cpuPath == "" {
			return nil
		}
		file, err := os.Create(cpuPath)
		if err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		if err := pprof.StartCPUProfile(file); err != nil {
			file.Close()
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		cpuFile = file
		return nil
	}
	root.PersistentPostRunE = func(cmd *cobra.Command, _ []string) error {
		if cpuFile != nil {
			pprof.StopCPUProfile()
			if err := cpuFile.Close(); err != nil {
				return fmt.Errorf("--cpuprofile: %w", err)
			}
			cpuFile = nil
		}
		if memPath == "" {
			return nil
		}
		file, err := os.Create(memPath)
		if err != nil {
			return fmt.Errorf("--memprofile: %w", err)
		}
		runtime.GC()
		if err := pprof.WriteHeapProfile(file); err != nil {
			file.Close()
			return fmt.Errorf("--memprofile: %w", err)
		}
		return file.Close()
	}
}
