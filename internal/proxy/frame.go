package proxy

import "bytes"

// framer cuts one direction's byte stream into messages: stdio MCP is
// newline-delimited JSON-RPC, and "messages MUST NOT contain embedded
// newlines". A line longer than max is skipped (and counted), as is the
// partial line around a gap in the copies.
type framer struct {
	max      int
	buf      []byte
	skipping bool // inside a line that is too long or began before a gap
	tooLong  int  // lines skipped for their length
}

// feed adds a chunk and calls emit for every complete line in it (without
// its line end; emit must not keep the slice).
func (f *framer) feed(c chunk, emit func(line []byte)) {
	data := c.data
	if c.gap {
		f.buf = f.buf[:0]
		f.skipping = true
	}
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			f.add(data)
			return
		}
		f.add(data[:i])
		if !f.skipping {
			line := bytes.TrimSuffix(f.buf, []byte{'\r'})
			if len(bytes.TrimSpace(line)) > 0 {
				emit(line)
			}
		}
		f.buf = f.buf[:0]
		f.skipping = false
		data = data[i+1:]
	}
}

func (f *framer) add(b []byte) {
	if f.skipping {
		return
	}
	if len(f.buf)+len(b) > f.max {
		f.buf = f.buf[:0]
		f.skipping = true
		f.tooLong++
		return
	}
	f.buf = append(f.buf, b...)
}
