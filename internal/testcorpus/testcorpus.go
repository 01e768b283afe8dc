// Package testcorpus locates the fixtures every test shares, inside the
// repository, so a clean clone tests the same data as a developer machine.
// Tests never read outside the repository: the real-server captures live in
// testdata/corpus (see its README for provenance and licences).
package testcorpus

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Root is the repository root, found from this file's own location so it
// works from any package directory and under GOOS=js (Node's file system).
func Root() string {
	_, file, _, ok := runtime.Caller(0)
	if ok {
		if root := filepath.Join(filepath.Dir(file), "..", ".."); exists(filepath.Join(root, "go.mod")) {
			return filepath.Clean(root)
		}
	}
	// -trimpath builds: walk up from the working directory.
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if exists(filepath.Join(d, "go.mod")) {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// Dir is testdata/corpus: surfaces/ (real captures) and drift.json.
func Dir() string { return filepath.Join(Root(), "testdata", "corpus") }

// Surfaces is the folder of real server captures.
func Surfaces() string { return filepath.Join(Dir(), "surfaces") }

// Files lists every capture, sorted. It never returns an empty list
// silently: a test that needs the corpus and finds none must fail, so
// callers treat len()==0 as an error.
func Files() []string {
	files, _ := filepath.Glob(filepath.Join(Surfaces(), "*.json"))
	return files
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// Tools returns every tool definition of every capture, raw, in file
// order. Tests that check a per-tool property on real definitions use it.
func Tools() ([]json.RawMessage, error) {
	files := Files()
	if len(files) == 0 {
		return nil, fmt.Errorf("no corpus surfaces under %s", Surfaces())
	}
	var out []json.RawMessage
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var capture struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal(data, &capture); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, capture.Tools...)
	}
	return out, nil
}

// NPMDir is testdata/npmcorpus: real MCP server surfaces the project
// captured itself from npm (internal/capture), with index.json listing
// every package attempted. Its README gives provenance and licences.
func NPMDir() string { return filepath.Join(Root(), "testdata", "npmcorpus") }

// NPMFiles lists the npm corpus captures, sorted. As with [Files], an
// empty list is an error for the caller.
func NPMFiles() []string {
	files, _ := filepath.Glob(filepath.Join(NPMDir(), "surfaces", "*.json"))
	return files
}
