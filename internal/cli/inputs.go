package cli

import (
	"fmt"
	"os"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// maxInputBytes caps any file Assay reads (bundles, findings, surfaces).
const maxInputBytes = 512 << 20

func rulesetVersion() string { return catalog.Ruleset }

// readInput reads and decodes one bundle, findings or surface file.
func readInput(path string) (*model.Input, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, &ExitError{Code: ExitNoInput, Err: fmt.Errorf("%s: %w", path, unwrapPathErr(err))}
	}
	if st.IsDir() {
		return nil, &ExitError{Code: ExitNoInput, Err: fmt.Errorf("%s: is a directory, expected a JSON file", path)}
	}
	if st.Size() > maxInputBytes {
		return nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s: file is %d bytes, larger than the %d-byte limit", path, st.Size(), maxInputBytes)}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &ExitError{Code: ExitNoInput, Err: fmt.Errorf("%s: %w", path, unwrapPathErr(err))}
	}
	in, err := model.Decode(path, data)
	if err != nil {
		return nil, &ExitError{Code: ExitDataErr, Err: err}
	}
	return in, nil
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
