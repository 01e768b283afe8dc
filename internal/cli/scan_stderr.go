package cli

import (
	"strings"
	"sync"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// tails keeps what failed local servers last wrote on stderr (already
// scrubbed of secrets, home and user by collectkit). It goes into the
// evidence of the local findings so a person can act on a crash; the
// bundle never holds it, since the bundle is what gets shared.
type tails struct {
	mu sync.Mutex
	by map[string]string
}

func (s *scanFlags) keepStderr(identity, tail string) {
	s.tails.mu.Lock()
	defer s.tails.mu.Unlock()
	if s.tails.by == nil {
		s.tails.by = map[string]string{}
	}
	s.tails.by[identity] = tail
}

// attach adds each failed server's stderr tail to the evidence of its
// first gap finding (the cause of the failure).
func (t *tails) attach(f *model.Findings) {
	t.mu.Lock()
	defer t.mu.Unlock()
	done := map[string]bool{}
	for i := range f.Findings {
		fd := &f.Findings[i]
		tail, ok := t.by[fd.Server]
		if !ok || done[fd.Server] || fd.Category != model.CatCollection || !catalog.Gap(fd.ID) {
			continue
		}
		fd.Evidence += "; its stderr ended with: " + strings.ReplaceAll(tail, "\n", " | ")
		done[fd.Server] = true
	}
}
