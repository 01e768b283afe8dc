package model

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
)

func TestDecodeKinds(t *testing.T) {
	b, _ := Marshal(fullBundle())
	fb, _ := Marshal(&Findings{Kind: FindingsKind, Servers: []ServerReport{}, Findings: []Finding{}})
	cases := []struct {
		name, data string
		kind       InputKind
		servers    int
		server     string
	}{
		{"tools.json", `{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`, InputToolsList, 1, "tools"},
		{"c.json", `{"serverInfo":{"name":"srv","version":"1"},"tools":[],"instructions":"hi"}`, InputCapture, 1, "srv"},
		{"rpc.json", `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}}`, InputToolsList, 1, "rpc"},
		{"bom.json", "\ufeff" + `{"tools":[]}`, InputToolsList, 1, "bom"},
		{"b.json", string(b), InputBundle, 1, "a"},
		{"f.json", string(fb), InputFindings, 0, ""},
	}
	for _, c := range cases {
		in, err := Decode(c.name, []byte(c.data))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if in.Kind != c.kind {
			t.Errorf("%s: kind %s, want %s", c.name, in.Kind, c.kind)
		}
		if in.Bundle != nil {
			if len(in.Bundle.Servers) != c.servers || in.Bundle.Servers[0].Name != c.server {
				t.Errorf("%s: servers %+v", c.name, in.Bundle.Servers)
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	cases := []struct{ data, want string }{
		{`{"tools": [`, "at byte 11: malformed JSON"},
		{`{"tools": [] ,}`, "malformed JSON"},
		{`{"kind":"assay.findings/v2"}`, `findings version "assay.findings/v2" is not supported`},
		{`{"kind":"other"}`, `unknown kind "other"`},
		{`{"tools": {"a":1}}`, `"tools" is not an array`},
		{`{"tools": [{"description":"no name"}]}`, `tools[0] is not a tool object`},
		{`[1,2]`, "expected"},
		{"{\"tools\":[{\"name\":\"\xff\"}]}", "not valid UTF-8"},
		{`{"kind":"assay.bundle/v1","servers":[{"tools":[]}]}`, "servers[0] has no name"},
		{`{"kind":"assay.bundle/v1","servers":[{"name":3}]}`, `member "servers.name": expected a string`},
	}
	for _, c := range cases {
		_, err := Decode("in.json", []byte(c.data))
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%q: error %v is not an InputError", c.data, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), "in.json: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want it to name the file and contain %q", c.data, err, c.want)
		}
	}
}

// TestDecodeCorpus reads every real capture: each decodes to one server
// whose raw tools are byte-identical to the capture's.
func TestDecodeCorpus(t *testing.T) {
	files := testcorpus.Files()
	if len(files) == 0 {
		t.Fatal("corpus not present in testdata/corpus")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := Decode(f, data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		var cap struct{ Tools []json.RawMessage }
		_ = json.Unmarshal(data, &cap)
		s := in.Bundle.Servers[0]
		if len(s.Tools) != len(cap.Tools) {
			t.Errorf("%s: %d tools, capture has %d", f, len(s.Tools), len(cap.Tools))
		}
		for i := range cap.Tools {
			if string(s.Tools[i]) != string(cap.Tools[i]) {
				t.Errorf("%s: tool %d not kept byte for byte", f, i)
			}
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"tools":[{"name":"a"}]}`))
	f.Add([]byte(`{"kind":"assay.bundle/v1","servers":[{"name":"a","tools":[{}]}]}`))
	f.Add([]byte(`{"kind":"assay.findings/v1"}`))
	f.Add([]byte(`{"result":{"result":{"tools":[]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := Decode("f.json", data)
		if err == nil && in.Bundle == nil && in.Findings == nil {
			t.Fatal("no error and no document")
		}
	})
}
