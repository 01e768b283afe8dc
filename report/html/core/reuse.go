package core

import (
	"sync"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/model"
)

// The page's core lives as long as the page (in its Worker), so it keeps
// what it computed: one memo of per-tool and per-server results shared by
// every analysis and comparison, and the finished analysis of each input
// it has seen. The page warms both with the report's own input while the
// reader looks at it ([Warm]); a bundle dropped for comparison then costs
// only what changed: the report's side is not analysed again, and the
// dropped side's unchanged tools hit the memo.

// Bounds: past them the store starts afresh (a page that compares many
// large files would otherwise only grow).
const (
	maxMemo     = 400_000
	maxAnalyses = 8
)

type store struct {
	mu       sync.Mutex
	memo     *cache.Memo
	analyses map[string]*model.Findings
}

var reuse = sync.OnceValue(func() *store {
	return &store{memo: cache.New(), analyses: map[string]*model.Findings{}}
})

// sharedMemo is the memo every analysis of this process uses.
func (s *store) sharedMemo() *cache.Memo {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.memo.Len() > maxMemo {
		s.memo = cache.New()
	}
	return s.memo
}

// inputKey names an analysis: how the files were read (use: "side" for a
// comparison's side, "page" for an analysis shown as is), their names and
// texts, and the version stamped into the findings.
func inputKey(use string, files []File, version string) string {
	parts := [][]byte{[]byte(use), []byte(version)}
	for _, f := range files {
		parts = append(parts, []byte(f.Name), []byte(f.Text))
	}
	return cache.Raw(parts...)
}

func (s *store) analysis(key string) *model.Findings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.analyses[key]
}

func (s *store) keep(key string, f *model.Findings) {
	if f == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.analyses[key]; !ok && len(s.analyses) >= maxAnalyses {
		s.analyses = map[string]*model.Findings{}
	}
	s.analyses[key] = f
}

// Warm analyses files (the report's own input) ahead of any request and
// keeps the result, so a later comparison with them reuses it. It builds
// no view; the answer only says whether it worked.
// It analyses exactly what [Diff] would analyse for this side.
func Warm(files []File, meta Meta) *Result {
	key := inputKey("side", files, meta.Version)
	if reuse().analysis(key) != nil {
		return &Result{OK: true}
	}
	ins, recs, err := decodeAll(files)
	if err != nil {
		return &Result{Error: err.Error(), Files: recs}
	}
	s, err := side(ins, Label(files))
	if err != nil {
		return &Result{Error: err.Error(), Files: recs}
	}
	if s.Bundle != nil { // a findings file is used as written
		reuse().keep(key, analyze.Analyze(s.Bundle, meta.options()))
	}
	return &Result{OK: true}
}

func allBundles(ins []*model.Input) bool {
	for _, in := range ins {
		if in.Bundle == nil {
			return false
		}
	}
	return len(ins) > 0
}
