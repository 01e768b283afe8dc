package proxy

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// record is one journal line: what passed, never (without --record-bodies)
// what it said.
type record struct {
	Time   string `json:"time"`
	Dir    string `json:"dir"`
	Kind   string `json:"kind"` // request, response, error, notification, invalid
	Method string `json:"method,omitempty"`
	ID     string `json:"id,omitempty"`
	Size   int    `json:"size"`
	SHA256 string `json:"sha256"`
	Body   string `json:"body,omitempty"`
}

// journal appends one ASCII JSON line per message to a file only its
// owner can read, from its own goroutine. A full queue drops the record
// and counts it; a write error stops the journal, never the traffic.
type journal struct {
	ch      chan record
	bodies  bool
	dropped atomic.Int64
	written atomic.Int64
	err     atomic.Value // error
	done    chan struct{}
	once    sync.Once
}

// openJournal creates or appends to path with mode 0600 (an existing file
// is narrowed to 0600 too).
func openJournal(path string, bodies bool, queue int) (*journal, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, err
	}
	j := &journal{ch: make(chan record, queue), bodies: bodies, done: make(chan struct{})}
	go j.loop(f)
	return j, nil
}

func (j *journal) loop(f *os.File) {
	defer close(j.done)
	w := bufio.NewWriterSize(f, 64<<10)
	fail := func(err error) {
		if err != nil && j.err.Load() == nil {
			j.err.Store(err)
		}
	}
	for r := range j.ch {
		if j.err.Load() != nil {
			continue
		}
		line, err := asciiJSON(r)
		if err == nil {
			_, err = w.Write(line)
		}
		fail(err)
		j.written.Add(1)
		if len(j.ch) == 0 {
			fail(w.Flush())
		}
	}
	fail(w.Flush())
	fail(f.Close())
}

// add queues the record of one message, or drops it.
func (j *journal) add(dir Direction, at time.Time, env *envelope, line []byte) {
	sum := sha256.Sum256(line)
	r := record{Time: at.UTC().Format(time.RFC3339Nano), Dir: dir.String(), Kind: env.kind(), Method: env.Method, ID: env.idString(), Size: len(line), SHA256: hex.EncodeToString(sum[:])}
	if j.bodies {
		r.Body = string(line)
	}
	select {
	case j.ch <- r:
	default:
		j.dropped.Add(1)
	}
}

// close writes what is queued, waiting at most wait, and returns the
// first write error.
func (j *journal) close(wait time.Duration) error {
	j.once.Do(func() { close(j.ch) })
	select {
	case <-j.done:
	case <-time.After(wait):
		return fmt.Errorf("the journal did not finish writing within %v", wait)
	}
	if err, _ := j.err.Load().(error); err != nil {
		return err
	}
	return nil
}

// asciiJSON encodes v as one JSON line with every non-ASCII character
// escaped, so the journal is plain ASCII whatever a server sends.
func asciiJSON(v any) ([]byte, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(raw)+1)
	for i := 0; i < len(raw); {
		c := raw[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(raw[i:])
		i += n
		if r > 0xffff {
			r -= 0x10000
			out = appendU(out, 0xd800+(r>>10))
			out = appendU(out, 0xdc00+(r&0x3ff))
			continue
		}
		out = appendU(out, r)
	}
	return append(out, '\n'), nil
}

func appendU(b []byte, r rune) []byte {
	s := strconv.FormatInt(int64(r), 16)
	b = append(b, `\u`...)
	for i := len(s); i < 4; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}
