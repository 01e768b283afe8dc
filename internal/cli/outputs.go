package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/collectkit/outfile"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// writeFile writes one output by the rules of package outfile (see
// docs/outputs.md): "-" is stdout, temp and rename over a regular file,
// write-through for devices and FIFOs, refusal of directories and
// read-only files, and nothing at all once the run's context is done
// (an interruption keeps every previous output). Failures exit 74.
func (e *env) writeFile(path string, data []byte) error {
	return e.write(path, data, &outfile.Options{Stdout: e.stdout})
}

func (e *env) write(path string, data []byte, o *outfile.Options) error {
	if err := outfile.Write(e.context(), path, data, o); err != nil {
		return ioErr(err)
	}
	if path != "-" {
		e.wrote = append(e.wrote, path)
	}
	return nil
}

func (e *env) context() context.Context {
	if e.ctx == nil {
		return context.Background()
	}
	return e.ctx
}

// writeJSON marshals an Assay document and writes it.
func (e *env) writeJSON(path string, v any) error {
	b, err := model.Marshal(v)
	if err != nil {
		return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("encoding %s: %w", path, err)}
	}
	return e.writeFile(path, b)
}

// renderTo renders into a buffer first so a failing renderer never leaves
// a partial output; path "" is stdout, like "-".
func (e *env) renderTo(path string, render func(*bytes.Buffer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	if path == "" {
		path = "-"
	}
	return e.writeFile(path, buf.Bytes())
}

// writeBundle writes b through the allowlist projection: only the paths in
// model.BundleAllowlist ever reach the file.
func (e *env) writeBundle(path string, b *model.Bundle) error {
	// Seal last: per-server surface hashes and the document hash, so
	// 'assay verify' catches any later edit (report/hashes).
	if err := hashes.SealBundle(b); err != nil {
		return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("hashing %s: %w", path, err)}
	}
	data, _, err := model.Project(b)
	if err != nil {
		return &ExitError{Code: ExitSoftware, Err: fmt.Errorf("encoding %s: %w", path, err)}
	}
	return e.writeFile(path, data)
}

// noteTo is where a "wrote FILE" note goes: stderr when the output itself
// went to stdout, so the note never mixes into the data.
func (e *env) noteTo(path string) io.Writer {
	if path == "-" {
		return e.stderr
	}
	return e.stdout
}

// oneStdout refuses two outputs sharing stdout ("-" or the default).
// The main output (--output) goes to stdout unless it is given a file,
// so a user who asked only for "--bundle -" is told that, not shown a
// flag they never typed.
func oneStdout(names map[string]bool) error {
	var list []string
	for name, on := range names {
		if on {
			list = append(list, name)
		}
	}
	if len(list) < 2 {
		return nil
	}
	sort.Strings(list)
	return usageErr("only one output can go to stdout; %s: give all but one of them a file (the report itself goes to stdout unless --output/-o names a file)",
		strings.Join(list, ", ")+" all ask for it")
}

var errStdout = errors.New("writing stdout")
