package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/model"
)

// The npm corpus as committed: every capture decodes as Assay decodes a
// surface, names no reserved package, carries a licence that permits
// committing it, has no machine path left, and agrees with index.json
// (and index.json with the folder). Offline: nothing is installed.

func loadNPMIndex(t *testing.T) map[string]indexEntry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testcorpus.NPMDir(), "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f indexFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("index.json: %v", err)
	}
	if f.Kind != indexKind {
		t.Fatalf("index.json kind %q, want %q", f.Kind, indexKind)
	}
	out := map[string]indexEntry{}
	for _, e := range f.Packages {
		if _, dup := out[e.Package]; dup {
			t.Errorf("index.json lists %s twice", e.Package)
		}
		out[e.Package] = e
	}
	return out
}

func TestNPMCorpusCaptures(t *testing.T) {
	files := testcorpus.NPMFiles()
	if len(files) == 0 {
		t.Fatalf("no captures under %s", testcorpus.NPMDir())
	}
	ix := loadNPMIndex(t)
	seen := map[string]bool{}
	for _, f := range files {
		name := filepath.Base(f)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(name, data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if in.Kind != model.InputCapture || len(in.Bundle.Servers) != 1 {
			t.Errorf("%s: decoded as kind %v with %d servers, want one capture", name, in.Kind, len(in.Bundle.Servers))
			continue
		}
		var s surface
		if err := json.Unmarshal(data, &s); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if want := fileSlug(s.Package, s.Version) + ".json"; name != want {
			t.Errorf("%s: holds %s@%s, so it should be named %s", name, s.Package, s.Version, want)
		}
		if reserved(s.Package) || reserved(slugPackage(strings.TrimSuffix(name, ".json"))) {
			t.Errorf("%s: names a reserved package", name)
		}
		if !redistributable(s.Licence) {
			t.Errorf("%s: licence %q does not permit committing the capture", name, s.Licence)
		}
		for _, leak := range []string{"/tmp/assay-npmcap", "assay-home-", `"/root/`, " /root/"} {
			if bytes.Contains(data, []byte(leak)) {
				t.Errorf("%s: a machine path (%s) was not rewritten", name, leak)
			}
		}
		e, ok := ix[s.Package]
		seen[s.Package] = true
		switch {
		case !ok:
			t.Errorf("%s: not in index.json", name)
		case e.Status != statusCaptured || !e.Committed || e.File != name || e.Version != s.Version:
			t.Errorf("%s: index.json says %+v", name, e)
		case e.Tools != len(s.Tools) || e.Prompts != len(s.Prompts) || e.Resources != len(s.Resources) || e.Templates != len(s.ResourceTemplates):
			t.Errorf("%s: index.json counts %d/%d/%d/%d, the file holds %d/%d/%d/%d", name,
				e.Tools, e.Prompts, e.Resources, e.Templates, len(s.Tools), len(s.Prompts), len(s.Resources), len(s.ResourceTemplates))
		}
	}
	for pkg, e := range ix {
		if e.Committed && !seen[pkg] {
			t.Errorf("index.json says %s is committed as %s, but the file is missing", pkg, e.File)
		}
		if e.Status == statusCaptured && !e.Committed && redistributable(e.Licence) {
			t.Errorf("index.json: %s (licence %q) was captured but not committed", pkg, e.Licence)
		}
		if reserved(pkg) && e.Status != statusExcluded {
			t.Errorf("index.json: reserved package %s has status %s", pkg, e.Status)
		}
	}
}

// TestNPMCorpusIsNew checks that the npm corpus adds servers: none of its
// captures repeats a package of testdata/corpus.
func TestNPMCorpusIsNew(t *testing.T) {
	known, err := corpusPackages(testcorpus.Surfaces())
	if err != nil {
		t.Fatal(err)
	}
	for pkg, e := range loadNPMIndex(t) {
		if known[pkg] && e.Status != statusExcluded {
			t.Errorf("index.json: %s is already in testdata/corpus but has status %s", pkg, e.Status)
		}
	}
}
