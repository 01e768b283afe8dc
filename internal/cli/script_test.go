package cli

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite golden files and testscript expectations")

// TestMain registers the assay command so testscript scenarios run the
// real CLI in a subprocess, as a user would.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"assay": func() {
			os.Exit(RunWith(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr, &Options{Getenv: os.Getenv}))
		},
	})
}

// TestScripts runs the CLI scenarios in testdata/script/*.txtar.
// $CORPUS points at the corpus of real server captures (testdata/corpus).
func TestScripts(t *testing.T) {
	corpus := testcorpus.Surfaces()
	testscript.Run(t, testscript.Params{
		Dir:           "../../testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("CORPUS", corpus)
			env.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}
