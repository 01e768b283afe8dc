package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/assay-mcp/assay/internal/pdfprint"
	"github.com/assay-mcp/assay/internal/testenv"
)

var pdfPageRE = regexp.MustCompile(`Page (\d+) of (\d+)`)

// TestReportPDF runs testdata/pdfscript: `assay report --pdf` on the demo,
// end to end with the real browser. Without Chromium or pdftotext it
// skips outside CI and fails under CI=true (.ci/run installs both).
func TestReportPDF(t *testing.T) {
	if _, err := pdfprint.Find(""); err != nil {
		if testenv.CI() {
			t.Fatal(err)
		}
		testenv.Skip(t, "chromium", err.Error())
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		if testenv.CI() {
			t.Fatal("pdftotext not found: install poppler-utils")
		}
		testenv.Skip(t, "pdftotext", "pdftotext not found (install poppler-utils)")
	}
	testscript.Run(t, testscript.Params{
		Dir: "../../testdata/pdfscript",
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "1")
			// The directory testscript puts assay in, first on PATH: a
			// PATH of only that has assay and no browser.
			bin, _, _ := strings.Cut(env.Getenv("PATH"), string(os.PathListSeparator))
			env.Setenv("ASSAY_BIN", bin)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// pdfpages FILE MAX: at most MAX pages, page i says "Page i of n".
			"pdfpages": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: pdfpages FILE MAX")
				}
				max, err := strconv.Atoi(args[1])
				ts.Check(err)
				out, err := exec.Command(pdftotext, "-enc", "UTF-8", ts.MkAbs(args[0]), "-").Output()
				ts.Check(err)
				pages := strings.Split(strings.TrimRight(string(out), "\f\n"), "\f")
				if len(pages) > max {
					ts.Fatalf("%s: %d pages, want at most %d", args[0], len(pages), max)
				}
				for i, p := range pages {
					m := pdfPageRE.FindStringSubmatch(p)
					if m == nil || m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(len(pages)) {
						ts.Fatalf("%s: page %d is not numbered \"Page %d of %d\" (found %q)", args[0], i+1, i+1, len(pages), m)
					}
				}
				ts.Logf("%s: %d A4 pages, each numbered", filepath.Base(args[0]), len(pages))
			},
		},
	})
}
