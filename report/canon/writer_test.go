package canon

import (
	"bytes"
	"os"
	"testing"

	"github.com/gowebpki/jcs"

	"github.com/assay-mcp/assay/internal/testcorpus"
)

// agree checks the fast writer against the JCS library on raw: where the
// writer succeeds, JCS must succeed with the same bytes.
func agree(t *testing.T, raw []byte) {
	t.Helper()
	fast, err := appendCanonical(nil, raw)
	if err != nil {
		return
	}
	if hasInexactInteger(raw) {
		// Assay keeps such integers exact where RFC 8785 rounds them
		// (exact.go); TestExactIntegers checks them.
		return
	}
	slow, jerr := jcs.Transform(raw)
	if jerr != nil {
		t.Fatalf("fast writer accepted what JCS refuses (%v): %q", jerr, truncate(raw))
	}
	if !bytes.Equal(fast, slow) {
		t.Fatalf("fast writer differs from JCS on %q:\nfast %q\njcs  %q", truncate(raw), truncate(fast), truncate(slow))
	}
}

func truncate(b []byte) []byte {
	if len(b) > 300 {
		return b[:300]
	}
	return b
}

var writerSamples = []string{
	`{"b":1,"a":[true,false,null],"c":{"z":"\u00e9\n\t\"\\\/","y":-0,"x":1.0,"w":1e21,"v":123456789012345678,"u":-12.5e-3}}`,
	`{"\u20ac":1,"\ud83d\ude00":2,"a":3,"\ufb33":4}`,
	`["<>&", "\u2028\u2029", "\u0000\u001f\u007f", "\ud83d\ude00"]`,
	` {"a" : [ 1 , 2 ] } `,
	`{"a":1,"a":2}`,
	`{"a":"\ud800"}`,
	`{"a":"\udc00x"}`,
	"{\"a\":\"\xff\"}",
	"{\"a\":\"tab\there\"}",
	`[1,]`, `{"a":01}`, `{"a":-}`, `{"a":1.}`, `"x"`, `42`, `tru`, `nul`, `{}`, `[]`, ``, `   `,
	`[9007199254740993, 0.1, 1e-7, 100e-2, 5E+2, -0.0]`,
}

func TestWriterMatchesJCS(t *testing.T) {
	for _, s := range writerSamples {
		agree(t, []byte(s))
	}
	for _, s := range []string{`{"b":1,"a":2}`, `["\u00e9"]`, `{"x":[1,{"d":true,"c":null}]}`} {
		if _, err := appendCanonical(nil, []byte(s)); err != nil {
			t.Errorf("%s: fast writer gave up (%v); it should handle ordinary JSON", s, err)
		}
	}
	files := testcorpus.Files()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		agree(t, data)
	}
	tools, err := testcorpus.Tools()
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range tools {
		agree(t, raw)
	}
}

func FuzzWriter(f *testing.F) {
	for _, s := range writerSamples {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { agree(t, raw) })
}

// TestExactIntegers: an integer no double holds keeps its digits, so an
// edit of its last digit changes the canonical form (and the hash and
// signature); exactly representable ones are written as RFC 8785 says.
func TestExactIntegers(t *testing.T) {
	for raw, want := range map[string]string{
		`{"m":9007199254740993}`:       `{"m":9007199254740993}`,
		`{"m":-9007199254740993}`:      `{"m":-9007199254740993}`,
		`{"m":18446744073709551615}`:   `{"m":18446744073709551615}`,
		`{"m":9007199254740992}`:       `{"m":9007199254740992}`,
		`{"m":100000000000000000000}`:  `{"m":100000000000000000000}`,
		`{"m":1000000000000000000000}`: `{"m":1e+21}`,
		`{"m":123456789012345678}`:     `{"m":123456789012345678}`,
	} {
		got, err := JSON([]byte(raw))
		if err != nil || string(got) != want {
			t.Errorf("%s: %s, %v; want %s", raw, got, err, want)
		}
	}
	if Hash([]byte(`[9007199254740993]`)) == Hash([]byte(`[9007199254740992]`)) {
		t.Error("an edit of a big integer keeps the hash")
	}
	if _, err := JSON([]byte(`{"a":9007199254740993,"a":1}`)); err == nil {
		t.Error("the JCS path rounded a big integer instead of refusing it")
	}
}
