package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mythos-rl/mythos/internal/casefile"
)

func init() { addCommand(newCheck) }

// newCheck is `mythos check FILE...`: run scripted LCG rules cases (YAML, see
// docs/rules-cases.md) and print each as PASS, FAIL with its differences, or
// SKIP with its reason. It fails when a file cannot be loaded or a case fails.
func newCheck() *cobra.Command {
	var (
		run      string
		quiet    bool
		gameName string
	)
	cmd := &cobra.Command{
		Use:   "check FILE|DIR...",
		Short: "Run scripted rules cases (YAML) and print each as PASS, FAIL or SKIP",
		Long: "Loads the rules cases of each YAML file (or of each *.yaml file in a directory), runs\n" +
			"each case's setup, actions and expectations on its game's engine (the game its cases name with\n" +
			"game: lcg|ah3|machina; else --game; else the game a directory of the path names, e.g.\n" +
			"env/ah3/...; else the spec the first rule cites, LCG, AH3 or MA; else the LCG) and prints\n" +
			"PASS, SKIP (with the reason) or FAIL (with each difference: want X, got Y).\n" +
			"Exits non-zero when a case fails or a file has an error. The format: docs/rules-cases.md.",
		Example: "  mythos check env/lcg/testdata/cases\n" +
			"  mythos check env/ah3/testdata/cases\n" +
			"  mythos check env/lcg/testdata/cases/skill_tests.yaml --run 'auto-fail'",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var filter *regexp.Regexp
			if run != "" {
				var err error
				if filter, err = regexp.Compile(run); err != nil {
					return fmt.Errorf("--run: %w", err)
				}
			}
			out := cmd.OutOrStdout()
			var passed, failed, skipped int
			for _, path := range args {
				st, err := os.Stat(path)
				if err != nil {
					return err
				}
				cases, err := loadCasesOf(path, st.IsDir(), gameName)
				if err != nil {
					return err
				}
				for _, c := range cases {
					if filter != nil && !filter.MatchString(c.Name) {
						continue
					}
					r := c.Run()
					switch r.Status {
					case casefile.Pass:
						passed++
						if !quiet {
							fmt.Fprintf(out, "PASS  %s  %s\n", r.Where, c.Name)
						}
					case casefile.Skip:
						skipped++
						fmt.Fprintf(out, "SKIP  %s  %s: %s\n", r.Where, c.Name, c.Skip)
					default:
						failed++
						fmt.Fprintf(out, "FAIL  %s  %s  [%s]\n", r.Where, c.Name, c.Rule)
						for _, d := range r.Diff {
							fmt.Fprintf(out, "      %s\n", d)
						}
					}
				}
			}
			fmt.Fprintf(out, "%d passed, %d failed, %d skipped\n", passed, failed, skipped)
			if failed > 0 {
				return fmt.Errorf("check: %d of %d cases failed", failed, passed+failed)
			}
			if passed+failed+skipped == 0 {
				return fmt.Errorf("check: no cases matched in %s", strings.Join(args, " "))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&run, "run", "", "only cases whose name matches this regular expression")
	f.BoolVarP(&quiet, "quiet", "q", false, "print only failures, skips and the summary")
	f.StringVar(&gameName, "game", "", "the game of the cases: "+strings.Join(caseGameNames(), ", ")+" (default: the game: key of the cases, else the game a directory of the path names, e.g. env/ah3/..., else lcg)")
	return cmd
}
