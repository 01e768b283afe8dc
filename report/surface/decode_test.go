package surface

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
)

func stdMembers(raw []byte) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil {
		return nil, false
	}
	return m, true
}

var decodeSamples = []string{
	`{"a":1,"b":[true,false,null,"x\u00e9\n"],"c":{"d":-1.5e3},"a":2}`,
	`[1, 2 , {"x" : "y"} ] trailing`,
	"{\"bad\":\"\xff\"}",
	"{\"ctl\":\"a\x01b\"}",
	`{"lone":"\ud800"}`,
	`{"n":01}`, `{"n":1.}`, `{"n":-}`, `{"t":tru}`, `{"a":1,}`, `[1 2]`, `{"a" 1}`, `"str"`, `12`, ` {} `, `[]`,
	`{"a":1} {"b":2}`, `{"a":1}x`, `{"deep":` + string(bytes.Repeat([]byte("["), 300)) + string(bytes.Repeat([]byte("]"), 300)) + `}`,
}

func checkDecode(t *testing.T, raw []byte) {
	t.Helper()
	if v, ok := fastDecode(raw); ok {
		if want := stdDecode(raw); !reflect.DeepEqual(v, want) {
			t.Fatalf("fastDecode(%.80q) = %#v, encoding/json gives %#v", raw, v, want)
		}
	}
	if m, vals, ok := fastMembers(raw); ok {
		want, wok := stdMembers(raw)
		if !wok || len(m) != len(want) {
			t.Fatalf("fastMembers(%.80q) accepted what json.Unmarshal refuses (or other members)", raw)
		}
		for k, r := range want {
			if !bytes.Equal(m[k], r) {
				t.Fatalf("member %q of %.80q: %q, encoding/json %q", k, raw, m[k], r)
			}
			if !reflect.DeepEqual(vals[k], stdDecode(r)) {
				t.Fatalf("member %q of %.80q decodes differently", k, raw)
			}
		}
	}
}

// TestDecoderMatchesStdlib: wherever the view's decoder answers, it
// answers what encoding/json (UseNumber) does, on every corpus tool and
// on the odd inputs hostile servers send.
func TestDecoderMatchesStdlib(t *testing.T) {
	for _, s := range decodeSamples {
		checkDecode(t, []byte(s))
	}
	tools, err := testcorpus.Tools()
	if err != nil {
		t.Fatal(err)
	}
	fast := 0
	for _, raw := range tools {
		checkDecode(t, raw)
		if _, _, ok := fastMembers(raw); ok {
			fast++
		}
	}
	if fast < len(tools)*9/10 {
		t.Errorf("only %d of %d corpus tools took the fast path", fast, len(tools))
	}
}

func FuzzDecoder(f *testing.F) {
	for _, s := range decodeSamples {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { checkDecode(t, raw) })
}
