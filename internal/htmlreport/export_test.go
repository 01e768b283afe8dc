package htmlreport

// Unbase122 decodes the page's core block for the external tests.
var Unbase122 = unbase122

// unbase122 decodes base122's output (what the page does; tests only).
func unbase122(s string) []byte {
	var out []byte
	var acc uint32
	n := 0
	push := func(v byte) {
		acc = acc<<7 | uint32(v)
		n += 7
		if n >= 8 {
			out = append(out, byte(acc>>(n-8)))
			n -= 8
			acc &= 1<<n - 1
		}
	}
	for _, r := range s {
		if r < 0x80 {
			push(byte(r))
			continue
		}
		idx, v := (r>>8)&7, byte(r&0x7f)
		if idx != b122Last {
			push(b122Illegal[idx])
		}
		push(v)
	}
	return out
}
