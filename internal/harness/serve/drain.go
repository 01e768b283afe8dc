package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"
	"time"
)

// drainWait bounds how long the server keeps answering after the client
// closed its side.
const drainWait = 5 * time.Second

// pending tracks the JSON-RPC requests the client sent that the server has
// not answered yet. The go-sdk ends a stdio session as soon as its input
// ends, abandoning requests in flight; a client that writes its requests
// and closes stdin (a script, a pipe) would lose their answers. So the
// server's input reports its end only once every request read has been
// answered, or after drainWait.
type pending struct {
	mu   sync.Mutex
	ids  map[string]int
	idle *sync.Cond
}

func newPending() *pending {
	p := &pending{ids: map[string]int{}}
	p.idle = sync.NewCond(&p.mu)
	return p
}

// see records one line: a request (id and method) adds, a response (id,
// no method) settles.
func (p *pending) see(line []byte, request bool) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(line, &m) != nil || len(m.ID) == 0 || string(m.ID) == "null" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	id := string(m.ID)
	switch {
	case request && m.Method != "":
		p.ids[id]++
	case !request && m.Method == "" && p.ids[id] > 0:
		if p.ids[id]--; p.ids[id] == 0 {
			delete(p.ids, id)
		}
		p.idle.Broadcast()
	}
}

// wait returns when no request is unanswered, or after max.
func (p *pending) wait(max time.Duration) {
	t := time.AfterFunc(max, func() {
		p.mu.Lock()
		p.ids = map[string]int{}
		p.mu.Unlock()
		p.idle.Broadcast()
	})
	defer t.Stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.ids) > 0 {
		p.idle.Wait()
	}
}

// lines calls fn with every complete line of what passes through.
type lines struct {
	buf []byte
	fn  func([]byte)
}

func (l *lines) feed(b []byte) {
	l.buf = append(l.buf, b...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return
		}
		l.fn(l.buf[:i])
		l.buf = l.buf[i+1:]
	}
}

// drainReader is the client's input: its end waits for pending answers.
type drainReader struct {
	r     io.Reader
	p     *pending
	lines lines
}

func (d *drainReader) Read(b []byte) (int, error) {
	n, err := d.r.Read(b)
	d.lines.feed(b[:n])
	if err == io.EOF {
		d.lines.feed([]byte("\n")) // a last request without a newline
		d.p.wait(drainWait)
	}
	return n, err
}

// answerWriter is the server's output: it settles answered requests.
type answerWriter struct {
	w     io.Writer
	lines lines
}

func (a *answerWriter) Write(b []byte) (int, error) {
	n, err := a.w.Write(b)
	a.lines.feed(b[:n])
	return n, err
}

func (a *answerWriter) Close() error { return nil }
