package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestReadHeadMatchesUnmarshal: the byte scanner that reads a tool's
// name, title and description gives what json.Unmarshal gives, on every
// tool of the in-repo captures and on awkward hand-written definitions.
func TestReadHeadMatchesUnmarshal(t *testing.T) {
	var raws []json.RawMessage
	for _, dir := range []string{"../../testdata/surfaces", "../../testdata/corpus/surfaces"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var c struct {
				Tools []json.RawMessage `json:"tools"`
			}
			if json.Unmarshal(data, &c) == nil {
				raws = append(raws, c.Tools...)
			}
		}
	}
	if len(raws) < 100 {
		t.Fatalf("only %d tools in the captures", len(raws))
	}
	for _, s := range []string{
		`{"name":"a","title":"T","description":"d"}`,
		` { "inputSchema" : {"properties":{"name":{"description":"nested \"}{ name"}}}, "name" : "outer" } `,
		`{"Name":"case","NAME":"last wins","DESCRIPTION":"up"}`,
		`{"name":"esc\u202e\u0041\n\"q\"","description":"tab\there \\ back"}`,
		`{"name":7,"title":null,"description":["x"]}`,
		`{"name":"a","name":"b","annotations":{"title":"inner"},"title":"outer"}`,
		`{"description":"ünïcödé \ud83d\ude00","name":"x","n":[1,2,{"a":[true,false,null]}],"z":-1.5e3}`,
		`{"deſcription":"long s folds like encoding/json","name":"k"}`,
		`{}`, `[]`, `"name"`, `{"name":"unterminated`, `{"name" "x"}`, `{"name":"a",}`,
	} {
		raws = append(raws, json.RawMessage(s))
	}
	for _, raw := range raws {
		var want toolHead
		_ = json.Unmarshal(raw, &want)
		if got := readHead(raw); got != want {
			t.Errorf("readHead(%.120s)\n got %+v\nwant %+v", raw, got, want)
		}
	}
}
