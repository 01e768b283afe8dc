package cli

import (
	"fmt"
	"github.com/assay-mcp/assay/collectkit/inputfile"
	"os"
	"path/filepath"
	"sort"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/supply"
)

// maxAdvisoryFiles bounds a --advisories directory: osv.dev's per-
// ecosystem zip holds one JSON per record, a user extracts the few they
// need (or the whole npm set, tens of thousands, which is still fine).
const maxAdvisoryFiles = 200_000

// loadAdvisories reads every --advisories path (an OSV JSON file, or a
// directory whose *.json files are read, not recursively) into the
// supply options. A missing path is exit 66, a malformed record 65, each
// naming the file.
func loadAdvisories(opts *analyze.Options, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	var recs []supply.Record
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return &ExitError{Code: ExitNoInput, Err: fmt.Errorf("--advisories %s: %w", p, unwrapPathErr(err))}
		}
		files := []string{p}
		if st.IsDir() {
			files, _ = filepath.Glob(filepath.Join(p, "*.json"))
			sort.Strings(files)
			if len(files) == 0 {
				return &ExitError{Code: ExitNoInput, Err: fmt.Errorf("--advisories %s: no *.json OSV files in this directory", p)}
			}
			if len(files) > maxAdvisoryFiles {
				return &ExitError{Code: ExitDataErr, Err: fmt.Errorf("--advisories %s: more than %d files", p, maxAdvisoryFiles)}
			}
		}
		for _, f := range files {
			data, err := readFile(f, inputfile.MaxAdvisories)
			if err != nil {
				return fmt.Errorf("--advisories: %w", err)
			}
			r, err := supply.Parse(data, filepath.Base(f))
			if err != nil {
				return &ExitError{Code: ExitDataErr, Err: fmt.Errorf("--advisories %s: %w", f, err)}
			}
			recs = append(recs, r...)
		}
	}
	if opts.Supply == nil {
		opts.Supply = &supply.Options{}
	}
	opts.Supply.Advisories = append(opts.Supply.Advisories, recs...)
	return nil
}

// advisoriesHelp is the --advisories line of --help.
const advisoriesHelp = "OSV advisories to match configured packages against, besides the built-in set: " +
	"an osv.dev record, a list of records, a {\"vulns\":[...]} query response, or a directory of *.json; repeatable"
