package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/internal/demoserver"
	"github.com/assay-mcp/assay/internal/render"
	"github.com/assay-mcp/assay/report/model"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// demoServerCommand is the hidden subcommand that turns the assay binary
// into the demo MCP server, so `assay demo` needs nothing but itself.
const demoServerCommand = "__demo-server"

func newDemoCmd(e *env) *cobra.Command {
	var of outFlags
	var dir string
	var sf scanFlags
	sf.register(&cobra.Command{}) // scan defaults (encoding, window, timeout...)
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Scan the built-in, deliberately risky demo MCP server",
		Long: `Demo starts Assay's own demo MCP server (a shell tool, a delete tool, a
send-email tool, a tool whose description hides an instruction, a prompt,
a resource and pushy server instructions) as a subprocess of this binary,
collects it live over stdio exactly as 'assay scan --server' would, writes
DIR/bundle.json, DIR/findings.json, DIR/findings.sarif, DIR/aibom.cdx.json
(a CycloneDX 1.6 AI bill of materials) and DIR/report.html (the
self-contained page: open it from disk) and prints the findings.`,
		Example: `  assay demo
  assay demo --dir /tmp/assay-demo --format markdown`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := of.validate(); err != nil {
				return err
			}
			b, err := demoBundle(cmd.Context(), e, &sf)
			if err != nil {
				return err
			}
			f, err := analyzeBundle(b, &sf, e.stderr)
			if err != nil {
				return err
			}
			if of.bundle == "" {
				of.bundle = filepath.Join(dir, "bundle.json")
			}
			if of.findings == "" {
				of.findings = filepath.Join(dir, "findings.json")
			}
			if of.html == "" {
				of.html = filepath.Join(dir, "report.html")
			}
			sarif := filepath.Join(dir, "findings.sarif")
			if err := e.renderTo(sarif, func(buf *bytes.Buffer) error { return render.Write(buf, "sarif", f, nil) }); err != nil {
				return err
			}
			bom := filepath.Join(dir, "aibom.cdx.json")
			if err := e.renderTo(bom, func(buf *bytes.Buffer) error { return render.Write(buf, "cyclonedx", f, nil) }); err != nil {
				return err
			}
			if err := writeOutputs(e, &of, b, f); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "\nwrote %s, %s, %s, %s and %s\nopen the report from disk: %s\n",
				of.bundle, of.findings, sarif, bom, of.html, of.html)
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "assay-demo", "directory for bundle.json, findings.json, findings.sarif and report.html")
	of.register(cmd, false)
	return cmd
}

func newDemoServerCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:    demoServerCommand,
		Short:  "Serve the demo MCP server on stdin/stdout",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return demoserver.Run(cmd.Context(), e.stdin, e.stdout)
		},
	}
}

// demoBundle collects the demo server live, started from this binary.
func demoBundle(ctx context.Context, e *env, sf *scanFlags) (*model.Bundle, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, &ExitError{Code: ExitSoftware, Err: fmt.Errorf("locating the assay binary: %w", err)}
	}
	servers, err := collectkit.Collect(ctx, []collectkit.Target{{
		Name:      "assay-demo",
		Transport: "stdio",
		Command:   exe,
		Args:      []string{demoServerCommand},
	}}, &collectkit.Options{
		Timeout:  sf.timeout,
		Yes:      true, // our own binary; the plan is still printed
		Stderr:   e.stderr,
		Progress: e.stderrTTY,
		Client:   mcp.Implementation{Name: "assay", Version: Version},
	})
	if err != nil {
		return nil, err
	}
	if s := servers[0]; s.ProtocolVersion == "" {
		msg := "the demo server could not be collected"
		if len(s.Errors) > 0 {
			msg += ": " + s.Errors[0].Code + ": " + s.Errors[0].Message
		}
		return nil, &ExitError{Code: ExitUnavailable, Err: fmt.Errorf("%s", msg)}
	}
	b := model.Merge(&model.Bundle{Servers: servers})
	b.Generator = model.Generator{Name: "assay", Version: Version}
	b.CreatedAt = time.Now().UTC().Format(time.RFC3339)
	if err := countTokens(b, sf.encoding); err != nil {
		return nil, err
	}
	return b, nil
}
