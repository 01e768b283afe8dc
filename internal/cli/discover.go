package cli

import (
	"fmt"
	"os"

	"github.com/assay-mcp/assay/collectkit"
)

// discoverConfigs reads the named config files, or discovers every known
// client's configs for this user and the project roots, into src. A
// missing named file exits 66; when every named file is unreadable that
// is one clear error (65), not a scan of nothing.
func discoverConfigs(src *collectkit.Sources, sf *scanFlags, files []string) error {
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			return &ExitError{Code: ExitNoInput, Err: fmt.Errorf("%s: %w", f, unwrapPathErr(err))}
		}
		if st.IsDir() {
			return &ExitError{Code: ExitNoInput, Err: fmt.Errorf("%s: is a directory; name a config file, or use --project DIR", f)}
		}
	}
	src.KeepProjectNames = sf.keepNames
	if err := src.Discover(sf.projects, sf.clients, files); err != nil {
		return usageErr("%v", err)
	}
	if len(files) > 0 && len(src.Errors) == len(files) && len(src.ConfigOnly) == 0 {
		return &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s", src.Errors[0].Message)}
	}
	return nil
}
