package collectkit

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/report/model"
	"golang.org/x/term"
)

// progress writes one line per server event on stderr when enabled: the
// operator sees which server is slow or failing while the rest run.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	on    bool
	total int
}

func (p *progress) line(i int, name, msg string) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "[%d/%d] %s: %s\n", i+1, p.total, name, msg)
}

// done reports the outcome: counts on success, the first error's code
// and message on failure, plus the last line the server printed on
// stderr, which usually says why it failed.
func (p *progress) done(i int, s *model.Server, r *live.Result, took time.Duration) {
	if !p.on {
		return
	}
	secs := took.Round(100 * time.Millisecond).String()
	if r.Failed() {
		msg := "failed"
		if len(s.Errors) > 0 {
			msg += ": " + s.Errors[0].Code + " (" + s.Errors[0].Message + ")"
		}
		if last := lastLine(r.Stderr); last != "" {
			msg += "; server said: " + last
		}
		p.line(i, s.Name, msg+" after "+secs)
		return
	}
	msg := fmt.Sprintf("%s, %s, %s", plural(len(s.Tools), "tool"), plural(len(s.Prompts), "prompt"), plural(len(s.Resources), "resource"))
	if len(s.Errors) > 0 {
		codes := make([]string, 0, len(s.Errors))
		for _, e := range s.Errors {
			codes = append(codes, e.Code)
		}
		msg += "; incomplete: " + strings.Join(codes, ", ")
	}
	p.line(i, s.Name, "done, "+msg+" in "+secs)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

// IsTerminal reports whether w is a terminal: progress is shown only then.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}
