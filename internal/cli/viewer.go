package cli

import (
	"bytes"

	"github.com/spf13/cobra"

	rhtml "github.com/assay-mcp/assay/internal/htmlreport"
)

func newViewerCmd(e *env) *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "viewer -o viewer.html",
		Short: "Write an empty offline page that analyses whatever file is dropped on it",
		Long: `Viewer writes the report page with no report in it: open it from disk and
drop or open bundles, findings files or MCP surfaces to analyse them in the
page with Assay's WebAssembly core. Nothing is uploaded; the page makes no
network request.`,
		Example: `  assay viewer -o viewer.html`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageErr("viewer: -o FILE is required")
			}
			in := &rhtml.Input{Viewer: true, Version: Version}
			return e.renderTo(out, func(buf *bytes.Buffer) error { return rhtml.Render(buf, in) })
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "write the viewer page to FILE (required)")
	return cmd
}
