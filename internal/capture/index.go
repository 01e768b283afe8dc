package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/model"
)

// Statuses of an attempted package.
const (
	statusCaptured = "captured" // the handshake succeeded; the surface was written
	statusFailed   = "failed"   // install or start failed; reason says where
	statusExcluded = "excluded" // never installed: reserved, already in the corpus, not a server
)

// indexEntry is one attempted package in index.json.
type indexEntry struct {
	Package    string `json:"package"`
	Version    string `json:"version,omitempty"`
	Status     string `json:"status"`
	Reason     string `json:"reason,omitempty"`
	Tools      int    `json:"tools"`
	Prompts    int    `json:"prompts"`
	Resources  int    `json:"resources"`
	Templates  int    `json:"resourceTemplates"`
	Licence    string `json:"licence"`
	Committed  bool   `json:"committed"`
	File       string `json:"file,omitempty"`
	SDK        string `json:"sdk,omitempty"`
	Attempts   int    `json:"attempts,omitempty"`
	DurationMs int64  `json:"durationMs,omitempty"`
	Why        string `json:"selected,omitempty"`
	StderrHint string `json:"stderrHint,omitempty"`
}

// indexFile is testdata/npmcorpus/index.json.
type indexFile struct {
	Kind     string       `json:"kind"`
	Note     string       `json:"note"`
	Packages []indexEntry `json:"packages"`
}

const indexKind = "assay.npmcorpus.index/v1"

// index is the run's record of every package attempted, kept in memory
// and rewritten whole after each package, so an interrupted run resumes
// where it stopped.
type index struct {
	path string
	mu   sync.Mutex
	byPk map[string]indexEntry
}

func loadIndex(path string) (*index, error) {
	ix := &index{path: path, byPk: map[string]indexEntry{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return ix, nil
	}
	if err != nil {
		return nil, err
	}
	var f indexFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if f.Kind != indexKind {
		return nil, fmt.Errorf("%s: kind %q, expected %q", path, f.Kind, indexKind)
	}
	for _, e := range f.Packages {
		ix.byPk[e.Package] = e
	}
	return ix, nil
}

func (ix *index) get(pkg string) (indexEntry, bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	e, ok := ix.byPk[pkg]
	return e, ok
}

// put records e and rewrites the file.
func (ix *index) put(e indexEntry) error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.byPk[e.Package] = e
	data, err := model.Marshal(ix.fileLocked())
	if err != nil {
		return err
	}
	return collectkit.WriteFileAtomic(ix.path, data)
}

func (ix *index) fileLocked() indexFile {
	f := indexFile{Kind: indexKind, Note: "every package the capture program attempted; see README.md", Packages: []indexEntry{}}
	for _, e := range ix.byPk {
		f.Packages = append(f.Packages, e)
	}
	sort.Slice(f.Packages, func(i, j int) bool { return f.Packages[i].Package < f.Packages[j].Package })
	return f
}

// permittedLicences are the licences that allow redistributing a
// package's interface text in this repository, lower-cased without
// "-only" or "-or-later" suffixes.
var permittedLicences = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, l := range []string{"mit", "mit-0", "isc", "apache-2.0", "apache 2.0", "apache2", "apache-2",
		"bsd", "bsd-2-clause", "bsd-3-clause", "0bsd", "mpl-2.0", "unlicense", "cc0-1.0", "cc-by-4.0",
		"blueoak-1.0.0", "zlib", "python-2.0", "wtfpl", "gpl-2.0", "gpl-3.0", "lgpl-2.1", "lgpl-3.0",
		"agpl-3.0", "epl-2.0", "artistic-2.0", "x11"} {
		m[l] = true
	}
	return m
})

// redistributable reports whether an npm licence field (an SPDX
// expression) permits committing the capture. In an OR expression one
// permitted licence is enough; otherwise every named licence must be
// permitted. UNLICENSED, a missing field and "SEE LICENSE IN" are not.
func redistributable(lic string) bool {
	l := strings.ToLower(strings.TrimSpace(lic))
	if l == "" || strings.HasPrefix(l, "see licen") || l == "unlicensed" {
		return false
	}
	l = strings.NewReplacer("(", " ", ")", " ", "-only", "", "-or-later", "", "+", "").Replace(l)
	anyOf := strings.Contains(l, " or ")
	ids := strings.FieldsFunc(strings.NewReplacer(" or ", "\x00", " and ", "\x00").Replace(l), func(r rune) bool { return r == 0 })
	ok := 0
	for _, id := range ids {
		if permittedLicences()[strings.TrimSpace(id)] {
			ok++
		}
	}
	if anyOf {
		return ok > 0
	}
	return ok > 0 && ok == len(ids)
}
