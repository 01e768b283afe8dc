package lock

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

var testSalt = bytes.Repeat([]byte{7}, SaltBytes)

func corpusServers(t *testing.T) map[string]*model.Server {
	t.Helper()
	files := testcorpus.Files()
	if len(files) == 0 {
		t.Fatalf("no corpus under %s", testcorpus.Surfaces())
	}
	out := map[string]*model.Server{}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(filepath.Base(p), data)
		if err != nil || in.Bundle == nil || len(in.Bundle.Servers) != 1 {
			t.Fatalf("%s: %v", p, err)
		}
		out[filepath.Base(p)] = &in.Bundle.Servers[0]
	}
	return out
}

func lockOf(t *testing.T, servers ...*model.Server) []byte {
	t.Helper()
	var es []Entry
	for _, s := range servers {
		es = append(es, Entry{Name: s.Name, Identity: s.Identity, Server: s,
			Launch: Launch{Transport: "stdio", Command: "node"}})
	}
	l, err := Build(es, testSalt, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := Encode(l)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// modelTexts are every model-facing string of a server: tool texts at any
// depth, instructions, prompt and resource texts.
func modelTexts(s *model.Server) []string {
	var out []string
	for _, raw := range s.Tools {
		for _, x := range hashes.ToolTexts(raw) {
			out = append(out, x.Value)
		}
	}
	if s.Instructions != nil {
		out = append(out, *s.Instructions)
	}
	for _, list := range [][]json.RawMessage{s.Prompts, s.Resources, s.ResourceTemplates} {
		for _, raw := range list {
			var m map[string]any
			_ = json.Unmarshal(raw, &m)
			for _, k := range []string{"title", "description"} {
				if v, ok := m[k].(string); ok {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// lockStrings returns every string value in a lock, and the member names
// it keeps of servers' definitions (the keys of "other").
func lockStrings(t *testing.T, data []byte) map[string]bool {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out[x] = true
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for k, e := range x {
				if k == "other" {
					for member := range e.(map[string]any) {
						out[member] = true
					}
				}
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// TestCorpusLockHoldsNoText locks every corpus server and asserts that
// none of its model-facing text is in the lock: no string value or key
// equals a text of 8 or more characters (except the names a lock must
// hold: tool names, serverInfo name and version), and no 20-character
// start of a longer text appears anywhere in the bytes, raw or escaped.
func TestCorpusLockHoldsNoText(t *testing.T) {
	servers := corpusServers(t)
	checked := 0
	for name, s := range servers {
		data := lockOf(t, s)
		values := lockStrings(t, data)
		allowed := map[string]bool{}
		var info struct{ Name, Version string }
		_ = json.Unmarshal(s.ServerInfo, &info)
		allowed[info.Name], allowed[info.Version] = true, true
		for _, raw := range s.Tools {
			var h struct{ Name string }
			_ = json.Unmarshal(raw, &h)
			allowed[h.Name] = true
		}
		for _, txt := range modelTexts(s) {
			if utf8.RuneCountInString(strings.TrimSpace(txt)) < 8 || allowed[txt] {
				continue
			}
			checked++
			if values[txt] {
				t.Errorf("%s: the lock holds model-facing text %q", name, clip(txt, 60))
			}
			if r := []rune(txt); len(r) >= 20 && !prefixOfAny(string(r[:20]), allowed) {
				p := string(r[:20])
				enc, _ := json.Marshal(p)
				if bytes.Contains(data, []byte(p)) || bytes.Contains(data, enc[1:len(enc)-1]) {
					t.Errorf("%s: the lock holds the start of %q", name, clip(txt, 60))
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d strings checked across %d servers: the corpus or the walk is broken", checked, len(servers))
	}
	t.Logf("%d servers, %d model-facing strings absent from their locks", len(servers), checked)
}

// TestLockIsCanonical: the same servers in another order, with tools in
// another order, encode to the same bytes; the encoding is stable.
func TestLockIsCanonical(t *testing.T) {
	servers := corpusServers(t)
	a := *servers["modelcontextprotocol__server-memory@2026.8.31.json"]
	b := *servers["modelcontextprotocol__server-filesystem@2026.8.31.json"]
	a.Identity, b.Identity = "memory@stdio:node", "filesystem@stdio:node"
	first := lockOf(t, &a, &b)
	rev := b
	rev.Tools = append([]json.RawMessage(nil), b.Tools...)
	for i, j := 0, len(rev.Tools)-1; i < j; i, j = i+1, j-1 {
		rev.Tools[i], rev.Tools[j] = rev.Tools[j], rev.Tools[i]
	}
	if second := lockOf(t, &rev, &a); !bytes.Equal(first, second) {
		t.Fatalf("reordering servers and tools changed the lock")
	}
	l, err := Decode("assay.lock", first)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Encode(l)
	if err != nil || !bytes.Equal(first, again) {
		t.Fatalf("decode + encode changed the bytes (%v)", err)
	}
	if !bytes.HasPrefix(first, []byte("{\n  \"hash\": \"sha256:")) || !bytes.Contains(first, []byte(`"kind": "assay.lock/v1"`)) {
		t.Errorf("unexpected layout:\n%.300s", first)
	}
}

// prefixOfAny reports whether p starts one of names (a description that
// opens with its tool's name).
func prefixOfAny(p string, names map[string]bool) bool {
	for n := range names {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
