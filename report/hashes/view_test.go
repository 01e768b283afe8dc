package hashes

import (
	"encoding/json"
	"maps"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// TestToolHashesOfMatchesRaw: hashing from the decoded view gives the very
// map hashing the raw definition gives, on every corpus tool and on the
// odd shapes hostile servers send.
func TestToolHashesOfMatchesRaw(t *testing.T) {
	tools := []json.RawMessage{
		json.RawMessage(baseTool),
		json.RawMessage(`{"name":"a","Title":"case variant","description":"d"}`),
		json.RawMessage(`{"name":"a","annotations":{"TITLE":"x"}}`),
		json.RawMessage(`{"name":"a","title":null,"description":7,"annotations":"no"}`),
		json.RawMessage(`{"name":"a","inputSchema":{"properties":{"p":{"enum":["x",1,"y"]}}},"outputSchema":null}`),
		json.RawMessage(`{"name":"a","description":"one","description":"two"}`),
		json.RawMessage(`[1,2]`),
		json.RawMessage(`null`),
		json.RawMessage(`{"name":`),
		json.RawMessage(`{"name":"a","inputSchema":{"a":1} trailing}`),
	}
	corpus, err := testcorpus.Tools()
	if err != nil {
		t.Fatal(err)
	}
	tools = append(tools, corpus...)
	v := surface.New(&model.Server{Tools: tools})
	for i := range v.Tools {
		got, want := ToolHashesOf(&v.Tools[i]), ToolHashes(tools[i])
		if !maps.Equal(got, want) {
			t.Fatalf("tool %d (%.80s): view hashes differ from raw hashes\n got %v\nwant %v", i, tools[i], got, want)
		}
	}
}

// TestDocumentHashPaths: the one-pass document hash equals the reference
// (decode, drop, re-encode, JCS) on sealed findings of the corpus.
func TestDocumentHashPaths(t *testing.T) {
	docs := []string{
		`{"kind":"k","createdAt":"x","signature":{"a":1},"hashes":{"document":"d","b":"c"},"z":[1,2.5,"\u00e9<>"]}`,
		`{"kind":"k","hashes":{"document":"d"}}`,
		`{"b":{"y":1,"x":[{"q":null,"p":true}]},"a":"\u2028"}`,
	}
	for _, d := range docs {
		fast, ok := documentHashFast([]byte(d))
		slow, err := documentHashJCS([]byte(d))
		if !ok || err != nil || fast != slow {
			t.Errorf("%s: fast %s (%v), reference %s (%v)", d, fast, ok, slow, err)
		}
	}
	b := testBundle()
	if err := SealBundle(b); err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(b)
	fast, ok := documentHashFast(raw)
	slow, err := documentHashJCS(raw)
	if !ok || err != nil || fast != slow {
		t.Errorf("bundle: fast %s (%v), reference %s (%v)", fast, ok, slow, err)
	}
}
