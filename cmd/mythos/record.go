package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/agents"
	"github.com/mythos-rl/mythos/encode/trajectory"
)

func init() { addCommand(newRecord) }

func newRecord() *cobra.Command {
	var (
		agent     string
		ep        episodeFlags
		out       string
		perFile   int
		batchRows int
		compress  string
	)
	cmd := &cobra.Command{
		Use:   "record ENV_ID --out DIR",
		Short: "Play episodes with an agent and write every decision to Arrow IPC files",
		Long: "Plays --episodes episodes of ENV_ID with --agent and writes one row per decision (episode,\n" +
			"step, agent, every observation field, mask, action, reward, score, terminated, truncated)\n" +
			"to DIR/part-NNNNN.arrow, --episodes-per-file episodes per file. The env id, options, agent,\n" +
			"seeds and observation layout are in each file's schema metadata. Episode k uses the seed\n" +
			"`mythos run` gives it, and the same seed writes the same bytes whatever --workers is.\n" +
			"A file appears under its name only once complete, so a killed run leaves readable files.\n" +
			"Buffers are compressed with Arrow's LZ4_FRAME codec unless --compression zstd or none.\n" +
			"The files are written with github.com/apache/arrow/go/v15 (see package encode/trajectory).",
		Example: "  mythos record ArkhamLCG/TheGathering-v0 --agent random --episodes 1000 --out data/random\n" +
			"  python -c \"import pyarrow as pa; print(pa.ipc.open_file('data/random/part-00000.arrow').read_all())\"",
		Args: envArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("record: --out DIR is required")
			}
			comp, err := trajectory.ParseCompression(compress)
			if err != nil {
				return err
			}
			opts, spec, err := ep.envOptions(args[0], agent)
			if err != nil {
				return err
			}
			cfg := agents.RecordConfig{Env: args[0], Options: opts, Agent: agent, Episodes: ep.episodes, Seed: ep.seed,
				Dir: out, PerFile: perFile, Workers: ep.workers,
				Writer: trajectory.WriterOptions{BatchRows: batchRows, Compression: comp}}
			bar := ep.bar(cmd.ErrOrStderr(), ep.episodes, "recording")
			if bar != nil {
				cfg.Progress = func(int) { bar.Add(1) }
			}
			start := time.Now()
			sum, err := agents.Record(cfg)
			if err != nil {
				return err
			}
			elapsed := time.Since(start)
			if bar != nil {
				bar.Finish()
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s  agent=%s  seed=%d\n%s\n", args[0], agent, ep.seed, playedLine(spec, opts))
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %d episodes, %d rows in %d files to %s\n", sum.Episodes, sum.Rows, len(sum.Files), out)
			fmt.Fprintf(cmd.OutOrStdout(), "throughput: %.0f rows/s (%s, %d workers)\n",
				float64(sum.Rows)/elapsed.Seconds(), elapsed.Round(time.Millisecond), ep.workers)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&agent, "agent", "random", "agent spec: name or name:key=value,...")
	ep.add(f, "number of episodes", "files written in parallel")
	f.StringVar(&out, "out", "", "directory for the .arrow files (must hold none yet)")
	f.IntVar(&perFile, "episodes-per-file", 100, "episodes per file")
	f.IntVar(&batchRows, "batch-rows", trajectory.DefaultBatchRows, "rows per Arrow record batch")
	f.StringVar(&compress, "compression", "lz4", "compression of the Arrow buffers: lz4 (Arrow's LZ4_FRAME), zstd or none")
	return cmd
}
