package core

import (
	"hash/maphash"
	"sync"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/html/view"
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
	maxFiles    = 16
)

type store struct {
	mu       sync.Mutex
	memo     *cache.Memo
	analyses map[string]*model.Findings
	// unsealed are the documents whose hashes are not yet computed, with
	// what computes them: a comparison's side (Warm) and the comparison's
	// own drift document get them only when a document is written
	// ([sealed]).
	unsealed map[*model.Findings]func(*model.Findings)
	// files are the files read so far, by name and text: the report's own
	// input (read by Warm) and each dropped file (read by Inspect before
	// the reader chooses what to do), decoded and verified once.
	files  map[uint64][]*readFile
	nFiles int
	seed   maphash.Seed
	// last is the latest analysis or comparison, for [Documents].
	last *Result
}

var reuse = sync.OnceValue(newStore)

func newStore() *store {
	return &store{memo: cache.New(), analyses: map[string]*model.Findings{}, unsealed: map[*model.Findings]func(*model.Findings){}, files: map[uint64][]*readFile{}, seed: maphash.MakeSeed()}
}

// readFile is one file as decoded; its signature is checked on first use.
// Decoded inputs are shared by every later request and never changed:
// analysis and comparison only read them.
type readFile struct {
	// key names the file's content exactly: its name and text hashed once,
	// on first read (later requests find the entry by a fast hash and a
	// full comparison). It is content, not a counter, so a file read again
	// after the store was emptied keeps its key and its analysis.
	key  string
	name string
	text string
	in   *model.Input
	err  error

	sigOnce sync.Once
	sig     view.Signature
}

// read decodes f, or returns what an earlier request decoded.
func (s *store) read(f File) *readFile {
	h := maphash.String(s.seed, f.Text) ^ maphash.String(s.seed, f.Name)*31
	s.mu.Lock()
	for _, e := range s.files[h] {
		if e.name == f.Name && e.text == f.Text {
			s.mu.Unlock()
			return e
		}
	}
	s.mu.Unlock()
	in, err := model.Decode(f.Name, []byte(f.Text))
	e := &readFile{key: cache.Raw([]byte(f.Name), []byte(f.Text)), name: f.Name, text: f.Text, in: in, err: err}
	s.mu.Lock()
	if s.nFiles >= maxFiles {
		s.files, s.nFiles = map[uint64][]*readFile{}, 0
	}
	s.files[h] = append(s.files[h], e)
	s.nFiles++
	s.mu.Unlock()
	return e
}

// signature is f's signature status, checked once.
func (e *readFile) signature(f File) view.Signature {
	e.sigOnce.Do(func() { e.sig = SignatureOf(f.Name, []byte(f.Text)) })
	return e.sig
}

func (s *store) setLast(r *Result) {
	s.mu.Lock()
	s.last = r
	s.mu.Unlock()
}

func (s *store) lastResult() *Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

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
// comparison's side, "page" for an analysis shown as is), the files (each
// by its read entry, which stands for its exact name and text), and the
// version stamped into the findings.
func inputKey(use string, files []File, version string) string {
	parts := [][]byte{[]byte(use), []byte(version)}
	for _, f := range files {
		parts = append(parts, []byte(reuse().read(f).key))
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

// keepUnsealed keeps f, an analysis made with analyze.Options.Unsealed,
// and remembers to seal it before its document is written.
func (s *store) keepUnsealed(key string, f *model.Findings) {
	s.keep(key, f)
	s.sealLater(f, sealAnalysis)
}

// sealAnalysis is the last step of analyze.Analyze.
func sealAnalysis(f *model.Findings) {
	if err := hashes.SealFindings(f); err != nil {
		f.Hashes = hashes.FindingsHashes(f)
	}
}

// hashDrift is the last step of drift.Diff.
func hashDrift(f *model.Findings) { f.Hashes = hashes.FindingsHashes(f) }

// sealLater remembers that f's hashes are computed by seal before f is
// written.
func (s *store) sealLater(f *model.Findings, seal func(*model.Findings)) {
	if f == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.unsealed) >= maxAnalyses {
		// Past the bound, drop the entries neither the analyses nor the
		// last answer (for [Documents]) still hold.
		held := map[*model.Findings]bool{}
		for _, a := range s.analyses {
			held[a] = true
		}
		if s.last != nil {
			held[s.last.Findings] = true
			held[s.last.DiffFindings] = true
		}
		for u := range s.unsealed {
			if !held[u] {
				delete(s.unsealed, u)
			}
		}
	}
	s.unsealed[f] = seal
}

// sealed computes f's hashes, as analyze.Analyze or drift.Diff does last,
// if they were left for later; every writer of a document calls it first.
// The page reads no document hash: a comparison shows its view without
// them, and they are what the CLI writes once the documents are asked for.
func (s *store) sealed(f *model.Findings) *model.Findings {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seal := s.unsealed[f]; f != nil && seal != nil {
		seal(f)
		delete(s.unsealed, f)
	}
	return f
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
		// Unsealed: the document hashes (a canonical encoding of the whole
		// document) are computed when a document is written ([store.sealed]).
		opts := meta.options()
		opts.Unsealed = true
		f := analyze.Analyze(s.Bundle, opts)
		reuse().keepUnsealed(key, f)
		if heatCode {
			heatOnce.Do(func() { heat(s, f, meta) })
		}
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

// heatCode turns [heat] on (a measurement turns it off to compare).
var heatCode = true

var heatOnce sync.Once

// heat runs, once per process and with the first side warmed (the
// report's own input, analysed while the reader looks at the page), the
// code a comparison runs after the click: the drift rules, the view and
// its page encoding, on the side compared with itself, and throws the
// result away. WebAssembly engines compile a module's functions fast
// and unoptimised first and optimise each once it has run enough (V8's
// dynamic tiering), so a comparison's own code would otherwise run
// unoptimised on the click that matters. It changes no state: nothing
// is kept, and [Documents] still answers with the last request's.
func heat(s *drift.Side, f *model.Findings, meta Meta) {
	// Only a speed-up: whatever goes wrong here must not take the core
	// (and the page's comparison) down with it; the real comparison
	// reports its own errors.
	defer func() { _ = recover() }()
	same := *s
	same.Analysis = f
	res, err := drift.Diff(&same, &same, &drift.Options{Analyze: &analyze.Options{Version: meta.Version, Unsealed: true}, Version: meta.Version, KeepNew: true, Unhashed: true})
	if err != nil {
		return
	}
	d := &view.Doc{Findings: f, Diff: DiffView(res, s.Name, s.Name), Meta: view.Meta{Mode: "diff"}}
	d.Diff.Points = []view.TimePoint{TimePoint(&same), TimePoint(&same)}
	view.Build(d).PageJSON()
}
