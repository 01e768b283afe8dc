package proxy

import (
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Direction of a message.
type Direction uint8

// The two directions, named as the journal writes them.
const (
	ClientToServer Direction = iota
	ServerToClient
)

func (d Direction) String() string {
	if d == ClientToServer {
		return "c2s"
	}
	return "s2c"
}

// chunk is a copy of bytes forwarded in one direction, for inspection.
type chunk struct {
	dir  Direction
	data []byte
	at   time.Time
	// gap is set when copies of this direction were dropped just before:
	// the framer resynchronises at the next line end.
	gap bool
}

// tap hands copies of forwarded bytes to inspection without ever
// blocking: when its queue is full (by chunks or bytes) the copy is
// dropped and counted. The inspecting goroutine is woken once per burst
// and collects for a moment before it drains, so a busy session costs the
// forwarding cores one wake-up per burst instead of one per message.
type tap struct {
	mu        sync.Mutex
	q         []chunk
	queued    int64 // bytes waiting
	maxChunks int
	maxBytes  int64
	gap       [2]bool
	closed    bool
	dropped   [2]atomic.Int64
	wake      chan struct{}
}

// gather is how long the inspector lets a burst gather before draining
// it, and earlyBytes the queued bytes that wake it sooner.
const (
	gather     = 2 * time.Millisecond
	earlyBytes = 1 << 20
)

func newTap(lim Limits) *tap {
	return &tap{maxChunks: lim.QueueChunks, maxBytes: int64(lim.QueueBytes), wake: make(chan struct{}, 1)}
}

// offer copies b for inspection or drops it. It never blocks.
func (t *tap) offer(dir Direction, b []byte) {
	n := int64(len(b))
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return
	}
	if len(t.q) >= t.maxChunks || t.queued+n > t.maxBytes {
		t.gap[dir] = true
		t.mu.Unlock()
		t.dropped[dir].Add(n)
		return
	}
	first := len(t.q) == 0
	t.q = append(t.q, chunk{dir: dir, data: append(getBuf(len(b)), b...), at: time.Now(), gap: t.gap[dir]})
	t.gap[dir] = false
	t.queued += n
	soon := t.queued >= earlyBytes
	t.mu.Unlock()
	if first || soon {
		select {
		case t.wake <- struct{}{}:
		default:
		}
	}
}

// next waits for copies and returns them in order, with false once the
// tap is closed and drained.
func (t *tap) next(buf []chunk) ([]chunk, bool) {
	for {
		t.mu.Lock()
		if len(t.q) > 0 && (t.closed || t.queued >= earlyBytes) {
			return t.take(buf), true
		}
		closed := t.closed
		pending := len(t.q) > 0
		t.mu.Unlock()
		if closed {
			return nil, false
		}
		if pending {
			time.Sleep(gather)
			t.mu.Lock()
			return t.take(buf), true
		}
		<-t.wake
	}
}

// take moves the queue out (t.mu held; released here).
func (t *tap) take(buf []chunk) []chunk {
	out := append(buf[:0], t.q...)
	clear(t.q)
	t.q = t.q[:0]
	t.queued = 0
	t.mu.Unlock()
	return out
}

// done is called by the consumer for every chunk it took, once it no
// longer needs its bytes.
func (t *tap) done(c chunk) { putBuf(c.data) }

// close ends the stream of copies once both directions are finished.
func (t *tap) close() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
	select {
	case t.wake <- struct{}{}:
	default:
	}
}

// bufs recycles the copies: at bulk rates a fresh allocation per read
// would keep the garbage collector busy on the forwarding cores.
var bufs = sync.Pool{New: func() any { return new([]byte) }}

func getBuf(n int) []byte {
	p := bufs.Get().(*[]byte)
	if cap(*p) < n {
		return make([]byte, 0, max(n, 64<<10))
	}
	return (*p)[:0]
}

func putBuf(b []byte) {
	if cap(b) > 1<<20 {
		return
	}
	bufs.Put(&b)
}

// pump forwards src to dst unchanged, chunk by chunk as bytes arrive, and
// offers each chunk to the tap. Client requests are offered before they
// are written, so inspection always sees a request before its answer;
// server output is offered after it was written, so the copy costs the
// client nothing.
type pump struct {
	dir   Direction
	src   io.Reader
	dst   io.Writer
	tap   *tap
	bytes atomic.Int64
}

// run copies until src ends. A write error stops forwarding but not
// reading: the source is drained so the other side never blocks on a
// full pipe, and its copies are still inspected. It returns the write
// error, if any.
func (p *pump) run() error {
	buf := make([]byte, 64<<10)
	var werr error
	for {
		n, err := p.src.Read(buf)
		if n > 0 {
			b := buf[:n]
			if p.dir == ClientToServer {
				p.tap.offer(p.dir, b)
			}
			if werr == nil {
				_, werr = p.dst.Write(b)
				p.bytes.Add(int64(n))
			}
			if p.dir == ServerToClient {
				p.tap.offer(p.dir, b)
			}
		}
		if err != nil {
			return werr
		}
	}
}
