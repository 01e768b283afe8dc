package cli

import (
	"bytes"
	"fmt"
	"os"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/hashes"
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

// writeFileAtomic writes data to path via a temp file in the same
// directory and a rename (collectkit.WriteFileAtomic), so a reader never
// sees a partial file and a failure never replaces a previous output; a
// failure is an I/O error (exit 74).
func writeFileAtomic(path string, data []byte) error {
	if err := collectkit.WriteFileAtomic(path, data); err != nil {
		return ioErr(err)
	}
	return nil
}

// writeJSONAtomic marshals an Assay document and writes it atomically.
func writeJSONAtomic(path string, v any) error {
	b, err := model.Marshal(v)
	if err != nil {
		return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("encoding %s: %w", path, err)}
	}
	return writeFileAtomic(path, b)
}

// renderTo renders into a buffer first so a failing renderer never leaves
// a partial output.
func renderTo(path string, render func(*bytes.Buffer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	return writeFileAtomic(path, buf.Bytes())
}

// writeBundle writes b through the allowlist projection: only the paths in
// model.BundleAllowlist ever reach the file.
func writeBundle(path string, b *model.Bundle) error {
	// Seal last: per-server surface hashes and the document hash, so
	// 'assay verify' catches any later edit (report/hashes).
	if err := hashes.SealBundle(b); err != nil {
		return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("hashing %s: %w", path, err)}
	}
	data, _, err := model.Project(b)
	if err != nil {
		return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("encoding %s: %w", path, err)}
	}
	return writeFileAtomic(path, data)
}
