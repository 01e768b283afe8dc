package protocol

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Reader reads the lines of one side of the conversation, at most max
// bytes each, skipping blank lines and counting every line read.
type Reader struct {
	br   *bufio.Reader
	max  int
	line int
}

// NewReader reads lines from r; max ≤ 0 means [MaxLine].
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = MaxLine
	}
	return &Reader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Line is the number of the last line read (1-based).
func (r *Reader) Line() int { return r.line }

// Next returns the next non-blank line without its line ending. At the end
// of input it returns io.EOF (an unterminated last line is still
// returned). A line longer than max is an *Error; the rest of it is not
// read.
func (r *Reader) Next() ([]byte, error) {
	for {
		line, err := r.read()
		if err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(line)) > 0 {
			return line, nil
		}
	}
}

func (r *Reader) read() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(bytes.TrimRight(buf, "\r\n")) > r.max {
			r.line++
			return nil, &Error{Line: r.line, Msg: fmt.Sprintf("the line is longer than %d bytes", r.max)}
		}
		switch {
		case err == nil:
			r.line++
			return bytes.TrimRight(buf, "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(buf) > 0:
			r.line++
			return buf, nil
		default:
			return nil, err
		}
	}
}
