package collectkit

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
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
		p.line(i, s.Name, msg+" after "+secs+timelineNote(r))
		return
	}
	msg := fmt.Sprintf("%s, %s, %s", plural(len(s.Tools), "tool"), plural(len(s.Prompts), "prompt"), plural(len(s.Resources), "resource"))
	var gaps, notes []string
	for _, e := range s.Errors {
		if e.Gap() {
			gaps = append(gaps, e.Code)
		} else {
			notes = append(notes, e.Code)
		}
	}
	if len(gaps) > 0 {
		msg += "; incomplete: " + strings.Join(gaps, ", ")
	}
	if len(notes) > 0 {
		msg += "; info: " + strings.Join(notes, ", ")
	}
	p.line(i, s.Name, "done, "+msg+" in "+secs+timelineNote(r))
}

func timelineNote(r *live.Result) string {
	if d := r.Describe(); d != "" {
		return " (" + d + ")"
	}
	return ""
}

// stderrLines is how many of a failed server's last stderr lines are
// shown and kept in local findings.
const stderrLines = 5

// lastLines is the last n non-empty lines of s, each escaped for a
// terminal and clipped, joined by newlines.
func lastLines(s string, n int) string {
	var keep []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			keep = append(keep, textsafe.Clip(textsafe.Line(l), 200))
		}
	}
	if len(keep) > n {
		keep = keep[len(keep)-n:]
	}
	return strings.Join(keep, "\n")
}

// failure always tells the operator, terminal or not, why a server could
// not be collected and what it said last on stderr.
func (p *progress) failure(name string, errs []model.CollectionError, tail string, local bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	msg := "could not be collected"
	if len(errs) > 0 {
		msg = errs[0].Message
	}
	fmt.Fprintf(p.w, "assay: server %s: %s\n", textsafe.Line(name), textsafe.Line(msg))
	if !local {
		return // a remote server's stderr is not ours to see
	}
	if tail == "" {
		fmt.Fprintln(p.w, "  (it wrote nothing on stderr)")
		return
	}
	fmt.Fprintln(p.w, "  its stderr ended with:")
	for _, l := range strings.Split(tail, "\n") {
		fmt.Fprintf(p.w, "  | %s\n", l)
	}
}

// IsTerminal reports whether w is a terminal: progress is shown only then.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}
