package model

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

func nested(levels int) string {
	return strings.Repeat(`{"result":`, levels) + `{"tools":[]}` + strings.Repeat(`}`, levels)
}

func TestCheckDocumentRefuses(t *testing.T) {
	many := func(n int, item string) string {
		return strings.TrimSuffix(strings.Repeat(item+",", n), ",")
	}
	cases := []struct{ name, data, want string }{
		{"deep", nested(9990), "nesting deeper than 128 levels"},
		{"dup", `{"tools":[{"name":"a","name":"b"}]}`, `at byte 22: duplicate member name "name"`},
		{"dup escaped", `{"tools":[],"tool\u0073":[]}`, `duplicate member name "tools"`},
		{"inf", `{"tools":[{"name":"a","x":1e999999}]}`, "number 1e999999 is out of range"},
		{"tiny", `{"tools":[{"name":"a","x":1e-999999}]}`, "out of range"},
		{"servers null", `{"kind":"assay.bundle/v1","servers":null}`, `"servers" is null`},
		{"servers", `{"kind":"assay.bundle/v1","servers":[` + many(MaxServers+1, `{}`) + `]}`, "more than 2000 servers"},
		{"tools", `{"tools":[` + many(MaxItemsPerList+1, `{}`) + `]}`, `more than 10000 entries in one "tools" list`},
		{"string", `{"tools":[{"name":"` + strings.Repeat("a", MaxStringBytes) + `"}]}`, "longer than the 4194304-byte limit"},
		{"truncated", `{"tools":[{"name":"a"`, "truncated"},
		{"trailing", `{"tools":[]} x`, "after the document"},
		{"control", "{\"tools\":[{\"name\":\"a\x01\"}]}", "control character"},
	}
	for _, c := range cases {
		err := checkDocument("in.json", []byte(c.data))
		var ie *InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "in.json: ") {
			t.Errorf("%s: error %v, want an InputError naming the file with %q", c.name, err, c.want)
		}
	}
}

func TestCheckDocumentAccepts(t *testing.T) {
	for _, d := range []string{
		nested(MaxDepth - 2),
		`{"tools":[{"name":"a","inputSchema":{"maximum":18446744073709551615,"minimum":-9007199254740993}}]}`,
		`{"tools":[{"name":"a\"b\\u00e9","x":[1.5e300,-0,0.25,true,false,null]}]}`,
	} {
		if err := checkDocument("ok.json", []byte(d)); err != nil {
			t.Errorf("%.60s: %v", d, err)
		}
	}
}

// TestDecodeNestedIsLinear is the red-team case: 9,990 nested "result"
// wrappers (110 KB) took 4.8 s of CPU, each level re-reading the rest.
// It must now be refused in about the time of one read.
func TestDecodeNestedIsLinear(t *testing.T) {
	data := []byte(nested(9990))
	start := time.Now()
	_, err := Decode("deep.json", data)
	if err == nil || !strings.Contains(err.Error(), "nesting deeper") {
		t.Fatalf("error %v, want the nesting limit", err)
	}
	// A chain of result wrappers within the depth limit is not a surface
	// either: only one wrapper is unwrapped.
	if _, err := Decode("chain.json", []byte(nested(100))); err == nil || !strings.Contains(err.Error(), "not an MCP surface") {
		t.Fatalf("chain of 100 results: %v, want not an MCP surface", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}

// FuzzCheckDocument: what the checker accepts, encoding/json accepts.
func FuzzCheckDocument(f *testing.F) {
	for _, s := range []string{`{"tools":[{"name":"a"}]}`, `{"a":1e5,"b":[1,2,{"c":"\u0041"}]}`, `[1,2`, `{"a":1,"a":2}`, `"x"`, `-0.5e-3`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if checkDocument("f.json", data) == nil && !json.Valid(data) {
			t.Fatalf("checker accepted invalid JSON %q", data)
		}
	})
}
