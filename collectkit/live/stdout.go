package live

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// errCapped ends a stream that went over a byte cap; the cause is in the
// recorder.
var errCapped = errors.New("assay: server output exceeded a byte cap")

// stdoutFilter sits between a local server's stdout and the SDK's
// newline-delimited JSON reader. It enforces the byte caps without ever
// buffering a whole oversized line, and drops lines that cannot be
// JSON-RPC (log text printed to stdout) instead of letting one stray line
// end the session; such lines are counted and noted once (stdout_noise).
type stdoutFilter struct {
	src  io.ReadCloser
	r    *bufio.Reader
	rec  *recorder
	lim  Limits
	err  error
	mode int // atStart, passing, dropping
	line int // bytes in the current line
	tot  int64
}

const (
	atStart = iota
	passing
	dropping
)

func newStdoutFilter(src io.ReadCloser, rec *recorder, lim Limits) *stdoutFilter {
	return &stdoutFilter{src: src, r: bufio.NewReaderSize(src, 64<<10), rec: rec, lim: lim}
}

func (f *stdoutFilter) Close() error { return f.src.Close() }

func (f *stdoutFilter) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if f.err != nil {
			return 0, f.err
		}
		if f.mode == atStart {
			b, err := f.r.ReadByte()
			if err != nil {
				return 0, err
			}
			if err := f.count(1); err != nil {
				return 0, err
			}
			switch b {
			case ' ', '\t', '\r', '\n':
				continue
			case '{', '[':
				if b == '[' && !f.batchAhead() {
					break
				}
				f.mode, f.line = passing, 1
				p[0] = b
				return 1, nil
			}
			f.mode, f.line = dropping, 1
			f.rec.noiseLine()
			continue
		}
		if f.r.Buffered() == 0 {
			if _, err := f.r.Peek(1); err != nil && f.r.Buffered() == 0 {
				return 0, err
			}
		}
		buf, _ := f.r.Peek(f.r.Buffered())
		n := len(buf)
		if f.mode == passing && n > len(p) {
			n = len(p)
		}
		end := false
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			n, end = i+1, true
		}
		if f.mode == passing {
			copy(p, buf[:n])
		}
		_, _ = f.r.Discard(n)
		f.line += n
		if err := f.count(n); err != nil {
			return 0, err
		}
		if f.line > f.lim.MaxFrame {
			f.err = errCapped
			f.rec.fail(CodeByteCap, "", fmt.Sprintf("the server wrote a single message or line of more than %d bytes", f.lim.MaxFrame))
			return 0, f.err
		}
		mode := f.mode
		if end {
			f.mode = atStart
		}
		if mode == passing {
			return n, nil
		}
	}
}

// batchAhead reports whether a line that began with '[' continues like a
// JSON-RPC batch (an object or the end of the array), not like "[warn]".
func (f *stdoutFilter) batchAhead() bool {
	buf, _ := f.r.Peek(64)
	for _, c := range buf {
		switch c {
		case ' ', '\t', '\r':
			continue
		case '{', ']':
			return true
		}
		return false
	}
	return len(buf) == 0
}

func (f *stdoutFilter) count(n int) error {
	f.tot += int64(n)
	if f.tot > f.lim.MaxBytes {
		f.err = errCapped
		f.rec.fail(CodeByteCap, "", fmt.Sprintf("the server wrote more than %d bytes in total", f.lim.MaxBytes))
		return f.err
	}
	return nil
}
