// Command wasmsize prints the code size of a Go WebAssembly binary by
// package: it reads the code section (one body per function) and the name
// section (the function names Go writes when symbols are kept), so the
// binary must be built without -s -w. The table in docs/performance.md
// comes from it:
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/core.wasm ./wasm
//	go run ./scripts/wasmsize /tmp/core.wasm
//
// Sizes are uncompressed function bodies; data (strings, tables) is shown
// as one line.
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize FILE.wasm")
		os.Exit(64)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(66)
	}
	sizes, err := bySection(data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(65)
	}
	type row struct {
		pkg string
		n   int
	}
	var rows []row
	total := 0
	for k, v := range sizes {
		rows = append(rows, row{k, v})
		total += v
	}
	sort.Slice(rows, func(i, j int) bool {
		return rows[i].n > rows[j].n || rows[i].n == rows[j].n && rows[i].pkg < rows[j].pkg
	})
	fmt.Printf("| package | KB | share |\n|---|---:|---:|\n")
	for _, r := range rows {
		if r.n*1000 < total*5 { // under 0.5%: folded into "other"
			continue
		}
		fmt.Printf("| %s | %.0f | %.1f%% |\n", r.pkg, float64(r.n)/1024, 100*float64(r.n)/float64(total))
	}
	fmt.Printf("| total | %.0f | |\n", float64(total)/1024)
}

// bySection maps package → bytes of function bodies, plus "(data)".
func bySection(b []byte) (map[string]int, error) {
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly module")
	}
	r := &reader{b: b, p: 8}
	var bodies []int
	imports := 0
	names := map[int]string{}
	out := map[string]int{}
	for r.p < len(b) {
		id := r.byte()
		size := int(r.uleb())
		end := r.p + size
		sec := &reader{b: b[:end], p: r.p}
		switch id {
		case 2: // imports: count function imports (they take indices first)
			n := int(sec.uleb())
			for i := 0; i < n; i++ {
				sec.name()
				sec.name()
				kind := sec.byte()
				switch kind {
				case 0:
					sec.uleb()
					imports++
				case 1:
					sec.byte()
					sec.limits()
				case 2:
					sec.limits()
				case 3:
					sec.byte()
					sec.byte()
				}
			}
		case 10: // code
			n := int(sec.uleb())
			for i := 0; i < n; i++ {
				sz := int(sec.uleb())
				bodies = append(bodies, sz)
				sec.p += sz
			}
		case 11: // data
			out["(data)"] += size
		case 0:
			if sec.name() == "name" {
				for sec.p < end {
					sub := sec.byte()
					sl := int(sec.uleb())
					subEnd := sec.p + sl
					if sub == 1 {
						n := int(sec.uleb())
						for i := 0; i < n; i++ {
							idx := int(sec.uleb())
							names[idx] = sec.name()
						}
					}
					sec.p = subEnd
				}
			}
		}
		if r.err != nil || sec.err != nil {
			return nil, errors.New("truncated section")
		}
		r.p = end
	}
	for i, sz := range bodies {
		out[pkgOf(names[imports+i])] += sz
		if os.Getenv("WASMSIZE_NAMES") != "" {
			fmt.Fprintln(os.Stderr, names[imports+i])
		}
	}
	return out, nil
}

// pkgOf is the package of a symbol as Go's wasm name section writes it
// ('/' and '-' as '_'): "encoding_json.(*decodeState).object" →
// "encoding/json"; "github.com_x_y.F" → "github.com/x/y" (approximately:
// an '_' inside an element name reads as a '/').
func pkgOf(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	start := 0
	for _, host := range []string{"github.com", "golang.org", "gopkg.in"} {
		if strings.HasPrefix(sym, host) {
			start = len(host)
		}
	}
	dot := strings.IndexByte(sym[start:], '.')
	if dot < 0 {
		return sym
	}
	pkg := sym[:start+dot]
	if pkg == "type_" {
		return "(type equality and hashing)"
	}
	pkg = strings.ReplaceAll(pkg, "_", "/")
	return strings.Replace(pkg, "assay/mcp/assay", "assay-mcp/assay", 1)
}

type reader struct {
	b   []byte
	p   int
	err error
}

func (r *reader) byte() byte {
	if r.p >= len(r.b) {
		r.err = errors.New("eof")
		return 0
	}
	c := r.b[r.p]
	r.p++
	return c
}

func (r *reader) uleb() uint64 {
	v, n := binary.Uvarint(r.b[min(r.p, len(r.b)):])
	if n <= 0 {
		r.err = errors.New("bad varint")
		return 0
	}
	r.p += n
	return v
}

func (r *reader) name() string {
	n := int(r.uleb())
	if r.p+n > len(r.b) {
		r.err = errors.New("eof")
		return ""
	}
	s := string(r.b[r.p : r.p+n])
	r.p += n
	return s
}

func (r *reader) limits() {
	if r.byte()&1 == 1 {
		r.uleb()
	}
	r.uleb()
}
