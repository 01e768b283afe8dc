package proxy

import (
	"bufio"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// lines writes whole lines to the proxy's stderr from its own goroutine:
// a stderr nobody reads (a full pipe) or a closed one never blocks the
// caller. A full queue drops the line and counts it.
type lines struct {
	ch      chan string
	dropped atomic.Int64
	failed  atomic.Bool
	done    chan struct{}
	once    sync.Once
}

func newLines(w io.Writer, queue int) *lines {
	l := &lines{ch: make(chan string, queue), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		for s := range l.ch {
			if l.failed.Load() {
				continue // keep draining so senders never wait
			}
			if _, err := io.WriteString(w, s); err != nil {
				l.failed.Store(true)
			}
		}
	}()
	return l
}

// put queues one line (a newline is added) or drops it.
func (l *lines) put(s string) {
	defer func() { _ = recover() }() // a put after close is dropped
	select {
	case l.ch <- s + "\n":
	default:
		l.dropped.Add(1)
	}
}

// close flushes what is queued, waiting at most wait.
func (l *lines) close(wait time.Duration) {
	l.once.Do(func() { close(l.ch) })
	select {
	case <-l.done:
	case <-time.After(wait):
	}
}

// relay copies the server's stderr to the proxy's stderr line by line,
// each prefixed "server: ". It always drains src, so the server never
// blocks on its stderr. Over-long lines are cut in pieces.
func relay(src io.Reader, out *lines) {
	r := bufio.NewReaderSize(src, 8<<10)
	for {
		line, err := r.ReadSlice('\n')
		if len(line) > 0 {
			s := string(line)
			if s[len(s)-1] == '\n' {
				s = s[:len(s)-1]
			}
			out.put("server: " + s)
		}
		if err != nil && err != bufio.ErrBufferFull {
			return
		}
	}
}
