// Command capture builds testdata/npmcorpus: real MCP server surfaces
// captured by the project itself from npm packages, with provenance.
//
// For each package of a candidate list it resolves the latest version
// (npm view), installs exactly that version with lifecycle scripts off
// into a folder of its own, starts the package's bin over stdio with a
// throwaway HOME and dummy credentials, and records initialize plus every
// page of tools/list, prompts/list, resources/list and
// resources/templates/list through collectkit/live (the go-sdk client
// Assay collects with). It never calls a tool, reads a resource or gets a
// prompt. Packages of shared/RESERVED.md are refused by name.
//
// Usage:
//
//	go run ./internal/capture select -tsv npm.tsv -o testdata/npmcorpus/candidates.tsv
//	nice go run ./internal/capture run -list testdata/npmcorpus/candidates.tsv -out testdata/npmcorpus
//
// A run is incremental: each capture is written as soon as it is done and
// index.json after every package, and packages already in index.json are
// skipped, so an interrupted run resumes where it stopped.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const usage = `capture builds the npm corpus of real MCP server surfaces (testdata/npmcorpus).

Usage:
  capture select -tsv FILE [-o FILE]      pick MCP server candidates from a package list
  capture run -list FILE [-out DIR] ...   install, start and capture each candidate
  capture report [-out DIR] [-w]          counts and failures; -w rewrites README's generated part

Examples:
  go run ./internal/capture select -tsv packages/npm.tsv -o testdata/npmcorpus/candidates.tsv
  nice go run ./internal/capture run -list testdata/npmcorpus/candidates.tsv -jobs 3
  go run ./internal/capture run -list extra.tsv -retry-failed -limit 20
  go run ./internal/capture report -w

Run 'capture run -h' for the flags of a run.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, usage)
		if len(args) == 0 {
			return 64
		}
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch args[0] {
	case "select":
		return runSelect(args[1:], stdout, stderr)
	case "run":
		return runCapture(ctx, args[1:], stderr)
	case "report":
		return runReport(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "capture: unknown command %q\n\n%s", args[0], usage)
	return 64
}

// newFlags is a flag set that prints its usage to stderr and never exits.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("capture "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}
