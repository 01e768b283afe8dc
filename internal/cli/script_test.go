package cli

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/assay-mcp/assay/internal/harness/badagent"
	"github.com/assay-mcp/assay/internal/testcorpus"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite golden files and testscript expectations")

// TestMain registers the assay command so testscript scenarios run the
// real CLI in a subprocess, as a user would, and assay-test-agent MODE,
// the misbehaving agents test-injection must survive (badagent.Modes).
// Both are on PATH for every test of this package.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"assay": func() {
			os.Exit(RunWith(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr, &Options{Getenv: os.Getenv}))
		},
		"assay-test-agent": func() {
			mode := ""
			if len(os.Args) > 1 {
				mode = os.Args[1]
			}
			os.Exit(badagent.Main(mode, os.Stdin, os.Stdout, os.Stderr))
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
