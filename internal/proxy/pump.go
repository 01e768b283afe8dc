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
// dropped and counted.
type tap struct {
	ch       chan chunk
	maxBytes int64
	queued   atomic.Int64 // bytes waiting
	dropped  [2]atomic.Int64
	gap      [2]atomic.Bool
	closed   atomic.Bool
	once     sync.Once
}

func newTap(lim Limits) *tap {
	return &tap{ch: make(chan chunk, lim.QueueChunks), maxBytes: int64(lim.QueueBytes)}
}

// offer copies b for inspection or drops it. It never blocks.
func (t *tap) offer(dir Direction, b []byte) {
	if t.closed.Load() {
		return
	}
	n := int64(len(b))
	if t.queued.Load()+n > t.maxBytes {
		t.drop(dir, n)
		return
	}
	c := chunk{dir: dir, data: append(getBuf(len(b)), b...), at: time.Now(), gap: t.gap[dir].Swap(false)}
	select {
	case t.ch <- c:
		t.queued.Add(n)
	default:
		if c.gap {
			t.gap[dir].Store(true)
		}
		putBuf(c.data)
		t.drop(dir, n)
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

func (t *tap) drop(dir Direction, n int64) {
	t.dropped[dir].Add(n)
	t.gap[dir].Store(true)
}

// done is called by the consumer for every chunk it took, once it no
// longer needs its bytes.
func (t *tap) done(c chunk) {
	t.queued.Add(-int64(len(c.data)))
	putBuf(c.data)
}

// close ends the stream of copies once both directions are finished.
func (t *tap) close() {
	t.once.Do(func() {
		t.closed.Store(true)
		close(t.ch)
	})
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
