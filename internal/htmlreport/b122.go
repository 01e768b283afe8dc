package htmlreport

// The core is embedded in the page as base-122 text, not base64: 7 bits
// per character where base64 carries 6, so the block is ≈ 14% smaller
// (2,887,616 bytes of base64 against 2,475,098 for the same 2,165,710-byte
// gzip). The scheme is Kevin Albertson's base-122 with the characters
// that cannot appear in a <script> element's raw text as the "illegal"
// ones: NUL (the parser replaces it), CR (the parser turns CR and CRLF
// into LF) and '<' (it could begin "</script" or "<!--"). Every other
// 7-bit value is written as that ASCII character; an illegal value is
// written, with the next 7 bits, as one two-byte UTF-8 character
// 110sss1f 10ffffff (sss: which illegal value, f: the next 7 bits), and
// sss = 7 marks a last chunk that was illegal. assets/report.js (unb122)
// decodes it; the decoder drops the zero bits padding the last chunk.

// b122Illegal are the 7-bit values never written as themselves.
var b122Illegal = [...]byte{0x00, 0x0d, 0x3c}

const b122Last = 7

// base122 encodes data.
func base122(data []byte) []byte {
	out := make([]byte, 0, len(data)*8/7+16)
	bit := 0 // next bit to read, counted from the first byte's top bit
	total := len(data) * 8
	next := func() (byte, bool) {
		if bit >= total {
			return 0, false
		}
		var v byte
		for k := 0; k < 7; k++ {
			v <<= 1
			if i := bit + k; i < total && data[i/8]&(0x80>>(i%8)) != 0 {
				v |= 1
			}
		}
		bit += 7
		return v, true
	}
	for {
		c, ok := next()
		if !ok {
			return out
		}
		idx := -1
		for i, v := range b122Illegal {
			if c == v {
				idx = i
			}
		}
		if idx < 0 {
			out = append(out, c)
			continue
		}
		n, ok := next()
		if !ok {
			idx, n = b122Last, c
		}
		out = append(out, 0xc2|byte(idx)<<2|n>>6, 0x80|n&0x3f)
	}
}
