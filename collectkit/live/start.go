package live

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultStartTimeout is how long a local server may take to start: long
// enough for a first `npx -y` download on a slow network.
const DefaultStartTimeout = 60 * time.Second

// fallbackVersion is offered when a server was restarted because it left
// server/discover unanswered: the newest initialize-era version.
const fallbackVersion = "2025-11-25"

// Stage is one step of a collection's timeline, with the time since the
// server was spawned.
type Stage struct {
	Name  string
	After time.Duration
}

// Stage names, in the order they happen.
const (
	StageSpawn     = "spawn"
	StageStarted   = "started"   // read its first request or wrote a first byte
	StageHandshake = "handshake" // answered server/discover or initialize
	StageListed    = "listed"    // every list method answered
	StageRestart   = "restart"   // restarted to fall back to initialize
)

// startTimeoutError and stageTimeoutError are the causes with which the
// stage clock cancels a session, so the timeout message names the stage.
type startTimeoutError struct{ limit time.Duration }

func (e startTimeoutError) Error() string {
	return fmt.Sprintf("the server did not start within %s (it neither read its input nor wrote anything); raise --start-timeout for slow downloads", e.limit)
}

type stageTimeoutError struct{ limit time.Duration }

func (e stageTimeoutError) Error() string {
	return fmt.Sprintf("no complete answer within %s of the server starting; raise --timeout for slow servers", e.limit)
}

// startWatch tells when a local server has started. A stdio server says
// nothing before it is asked, so "started" is the first sign that it is
// listening: it drained the request Assay wrote to its stdin, or it wrote
// a first byte on stdout. Until then a silent server is still starting
// (an npx download, a slow interpreter), not ignoring the request.
type startWatch struct {
	spawned time.Time
	once    sync.Once
	ch      chan struct{}
	at      time.Duration
	written atomic.Int64 // bytes Assay wrote to the server's stdin
}

func newStartWatch() *startWatch {
	return &startWatch{spawned: time.Now(), ch: make(chan struct{})}
}

func (w *startWatch) mark() {
	w.once.Do(func() {
		w.at = time.Since(w.spawned)
		close(w.ch)
	})
}

// started is closed once the server has started.
func (w *startWatch) started() <-chan struct{} { return w.ch }

// poll marks the start once something was written to stdin and the pipe
// holds none of it any more. Where the pipe's fill level cannot be read
// (not Linux), the first write counts as the start: the probe
// window is then measured from the first request, as before.
func (w *startWatch) poll(stdin *os.File, stop <-chan struct{}) {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-w.ch:
			return
		case <-stop:
			return
		case <-t.C:
		}
		if w.written.Load() == 0 {
			continue
		}
		n, err := pipePending(stdin)
		if err != nil || n == 0 {
			w.mark()
			return
		}
	}
}

// countingWriter counts the bytes Assay writes to a server's stdin.
type countingWriter struct {
	f *os.File
	w *startWatch
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.f.Write(p)
	c.w.written.Add(int64(n))
	return n, err
}

func (c *countingWriter) Close() error { return c.f.Close() }

// firstByte marks the start when the server writes its first byte.
type firstByte struct {
	f *os.File
	w *startWatch
}

func (r *firstByte) Read(p []byte) (int, error) {
	n, err := r.f.Read(p)
	if n > 0 {
		r.w.mark()
	}
	return n, err
}

func (r *firstByte) Close() error { return r.f.Close() }

// stageClock bounds a session by stage: until the server has started by
// startLimit, afterwards the handshake and listings by stageLimit (0: no
// limit beyond the caller's context). It cancels ctx with a cause that
// names the stage.
func stageClock(ctx context.Context, w *startWatch, startLimit, stageLimit time.Duration) (context.Context, func()) {
	sctx, cancel := context.WithCancelCause(ctx)
	go func() {
		st := time.NewTimer(startLimit)
		defer st.Stop()
		select {
		case <-sctx.Done():
			return
		case <-st.C:
			cancel(startTimeoutError{startLimit})
			return
		case <-w.started():
		}
		if stageLimit <= 0 {
			return
		}
		t := time.NewTimer(stageLimit)
		defer t.Stop()
		select {
		case <-sctx.Done():
		case <-t.C:
			cancel(stageTimeoutError{stageLimit})
		}
	}()
	return sctx, func() { cancel(context.Canceled) }
}

// timeoutMessage names the stage a timed-out session was in.
func timeoutMessage(ctx context.Context) (phase, msg string) {
	cause := context.Cause(ctx)
	var st startTimeoutError
	var sg stageTimeoutError
	switch {
	case errors.As(cause, &st):
		return "start", st.Error()
	case errors.As(cause, &sg):
		return "", sg.Error()
	case cause != nil && !errors.Is(cause, context.DeadlineExceeded) && !errors.Is(cause, context.Canceled):
		return "", "collection stopped: " + cause.Error()
	}
	return "", "no complete answer before the timeout"
}

// stages are the timeline entries after spawn: started, handshake and
// listed, as far as they were reached.
func (w *startWatch) stages(handshake, listed time.Time) []Stage {
	var out []Stage
	select {
	case <-w.ch:
		out = append(out, Stage{Name: StageStarted, After: w.at})
	default:
		return nil
	}
	for _, st := range []struct {
		name string
		at   time.Time
	}{{StageHandshake, handshake}, {StageListed, listed}} {
		if st.at.IsZero() {
			break
		}
		out = append(out, Stage{Name: st.name, After: st.at.Sub(w.spawned)})
	}
	return out
}

func lastAfter(tl []Stage) time.Duration {
	if len(tl) == 0 {
		return 0
	}
	return tl[len(tl)-1].After
}

// pending reports whether a request of method is still unanswered.
func (r *recorder) pending(method string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range r.methodOf {
		if m == method {
			return true
		}
	}
	return false
}

// handshakeStage names the handshake request a failed Connect was
// waiting for.
func handshakeStage(r *recorder) string {
	if r.pending(mDiscover) {
		return mDiscover
	}
	return mInitialize
}

// ended reports whether the server process has exited.
func (p *proc) ended() bool {
	done, _ := p.exited()
	return done
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// times is "a" for one and the count otherwise.
func times(n int) string {
	if n == 1 {
		return "a"
	}
	return fmt.Sprint(n)
}

// describe is a timeline for people: "started 8.0s, handshake 8.0s,
// listed 8.1s".
func describe(tl []Stage) string {
	var parts []string
	for _, s := range tl {
		if s.Name == StageSpawn {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s", s.Name, s.After.Round(100*time.Millisecond)))
	}
	return strings.Join(parts, ", ")
}

// Describe is the timeline of r for a progress line, empty when there is
// none.
func (r *Result) Describe() string { return describe(r.Timeline) }
