package surface_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

func TestToolView(t *testing.T) {
	instr := "Use me."
	s := &model.Server{
		Name:         "x",
		ServerInfo:   json.RawMessage(`{"name":"demo","version":"1.2","title":"Demo"}`),
		Instructions: &instr,
		Tools: []json.RawMessage{
			json.RawMessage(`{"name":"Read_File","title":"Read","description":"Reads a file.","annotations":{"readOnlyHint":true,"destructiveHint":"no","title":"R"},"inputSchema":{"type":"o` +
				`bject","properties":{"path":{"type":"string","description":"Where","default":"~/.ssh/id_rsa"},"mode":{"enum":["a","b"]}}}}`),
			json.RawMessage(`[1,2]`),
			json.RawMessage(`{"name":"t2","description":7}`),
		},
		Prompts:   []json.RawMessage{json.RawMessage(`{"name":"p","description":"Prompt text","arguments":[{"name":"a","description":"arg"}]}`)},
		Resources: []json.RawMessage{json.RawMessage(`{"uri":"file:///x","name":"x","description":"res"}`)},
	}
	v := surface.New(s)
	if v.InfoName != "demo" || v.InfoVersion != "1.2" || v.InfoTitle != "Demo" {
		t.Fatalf("info: %q %q %q", v.InfoName, v.InfoVersion, v.InfoTitle)
	}
	tl := &v.Tools[0]
	if tl.Name != "Read_File" || !tl.HasTitle || tl.Description != "Reads a file." || tl.AnnotationTitle != "R" {
		t.Fatalf("tool: %+v", tl)
	}
	if tl.Hints.ReadOnly == nil || !*tl.Hints.ReadOnly || tl.Hints.Destructive != nil || len(tl.Hints.NonBool) != 1 || tl.Hints.Count() != 1 {
		t.Fatalf("hints: %+v", tl.Hints)
	}
	if got, ok := v.ToolByName("read_file"); !ok || got.Index != 0 {
		t.Fatal("ToolByName is case-insensitive")
	}
	if v.Tools[1].Malformed == "" || v.Tools[1].Name != "" {
		t.Fatal("a non-object tool is malformed")
	}
	if v.Tools[2].HasDescription {
		t.Fatal("a numeric description is not a description")
	}
	var els []string
	for _, x := range v.ToolTexts(0) {
		els = append(els, x.Element+"="+x.Kind.String())
	}
	want := "tool:Read_File/name=ident tool:Read_File/title=prose tool:Read_File/description=prose tool:Read_File/annotations/title=prose " +
		"tool:Read_File/inputSchema/properties/mode=ident tool:Read_File/inputSchema/properties/mode/enum/0=value tool:Read_File/inputSchema/properties/mode/enum/1=value " +
		"tool:Read_File/inputSchema/properties/path=ident tool:Read_File/inputSchema/properties/path/default=value tool:Read_File/inputSchema/properties/path/description=prose"
	if got := strings.Join(els, " "); got != want {
		t.Fatalf("texts:\n got %s\nwant %s", got, want)
	}
	if v.Texts[0].Element != "server:instructions" || v.Texts[0].Tool != -1 {
		t.Fatalf("first text: %+v", v.Texts[0])
	}
	var pr []string
	for _, x := range v.ItemTexts(&v.Prompts[0]) {
		pr = append(pr, x.Element)
	}
	if strings.Join(pr, " ") != "prompt:p/name prompt:p/description prompt:p/arguments/a/name prompt:p/arguments/a/description" {
		t.Fatalf("prompt texts: %v", pr)
	}
	if v.Resources[0].Key != "file:///x" || v.Resources[0].Description != "res" {
		t.Fatalf("resource: %+v", v.Resources[0])
	}
}

// TestDeepSchemaIsBounded: a hostile, deeply nested schema is walked to
// MaxDepth and no further.
func TestDeepSchemaIsBounded(t *testing.T) {
	schema := strings.Repeat(`{"items":`, 5000) + `{"description":"deep"}` + strings.Repeat(`}`, 5000)
	s := &model.Server{Tools: []json.RawMessage{json.RawMessage(`{"name":"d","inputSchema":` + schema + `}`)}}
	v := surface.New(s)
	for _, x := range v.Texts {
		if x.Value == "deep" {
			t.Fatal("walked past MaxDepth")
		}
	}
}

// TestCorpusCoversHashedTexts: every string the hashes cover as
// model-facing is in the view, for every tool of every real capture.
func TestCorpusCoversHashedTexts(t *testing.T) {
	files := testcorpus.Files()
	if len(files) == 0 {
		t.Fatal("corpus missing")
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(f, data)
		if err != nil {
			t.Fatal(err)
		}
		for si := range in.Bundle.Servers {
			s := &in.Bundle.Servers[si]
			v := surface.New(s)
			for i, raw := range s.Tools {
				have := map[string]bool{}
				for _, x := range v.ToolTexts(i) {
					have[x.Value] = true
				}
				for _, ht := range hashes.ToolTexts(raw) {
					n++
					if strings.TrimSpace(ht.Value) != "" && !have[ht.Value] {
						t.Fatalf("%s tool %d: %s %q missing from the view", f, i, ht.Path, ht.Value)
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d hashed texts checked", n)
	}
}
