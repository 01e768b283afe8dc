package cli

import (
	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/internal/synth"
)

// The hidden __synth command writes generated bundles for benchmarks and
// scale tests (make bench). It is not part of the stable CLI.
func newSynthCmd(e *env) *cobra.Command {
	var o synth.Options
	var shapes, out, encoding string
	cmd := &cobra.Command{
		Use:    "__synth -o FILE",
		Short:  "Generate a large deterministic bundle (benchmarks)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErr("__synth needs -o FILE")
			}
			sh, err := synth.LoadShapes(shapes)
			if err != nil {
				return &ExitError{Code: ExitNoInput, Err: err}
			}
			b := synth.Generate(sh, o)
			// Collected bundles carry exact token counts; so do these,
			// unless --tokens "" asks for a bundle without (analysis then
			// estimates, as for a bare surface).
			if encoding != "" {
				if err := countTokens(b, encoding); err != nil {
					return err
				}
			}
			return e.writeBundle(out, b)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.Servers, "servers", 10, "servers in the bundle")
	f.IntVar(&o.Tools, "tools", 100, "tools per server")
	f.Uint64Var(&o.Seed, "seed", 1, "generator seed")
	f.BoolVar(&o.Mutate, "mutate", false, "generate the mutated next version")
	f.StringVar(&shapes, "shapes", "testdata/surfaces", "directory of captures to take tool shapes from")
	f.StringVar(&encoding, "tokens", "o200k_base", "count tokens in this encoding, as collection does (\"\" for none)")
	f.StringVarP(&out, "output", "o", "", "bundle file to write")
	return cmd
}
