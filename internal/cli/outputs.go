package cli

import (
	"bytes"
	"fmt"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

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
