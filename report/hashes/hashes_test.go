package hashes

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

const baseTool = `{"name":"read_file","title":"Read","description":"Read a file from disk.",
 "inputSchema":{"type":"object","properties":{"path":{"type":"string","description":"File path"},"mode":{"type":"string","enum":["text","binary"]}},"required":["path"]},
 "annotations":{"readOnlyHint":true}}`

func edit(t *testing.T, old, new string) map[string]string {
	t.Helper()
	s := strings.Replace(baseTool, old, new, 1)
	if s == baseTool && old != new {
		t.Fatalf("edit %q not applied", old)
	}
	return ToolHashes(json.RawMessage(s))
}

// TestToolHashComponents: each edit moves exactly the components that hold
// the edited bytes, and never through Unicode normalisation.
func TestToolHashComponents(t *testing.T) {
	base := ToolHashes(json.RawMessage(baseTool))
	cases := []struct {
		name, old, new string
		moved          []string
	}{
		{"reformatted JSON is the same", `"readOnlyHint":true`, `"readOnlyHint" : true`, nil},
		{"homoglyph in description", "Read a file", "Reаd a file", []string{Description, DescriptionText, "text:description"}},
		{"zero-width in description", "a file", "a\u200bfile", []string{Description, DescriptionText, "text:description"}},
		{"title is part of the description hash", `"title":"Read"`, `"title":"Reader"`, []string{Description, DescriptionText, "text:title"}},
		{"reflow keeps the text hash", "Read a file from disk.", `Read a file\n  from disk.`, []string{Description, "text:description"}},
		{"NBSP is a real change", "Read a file from disk.", "Read a\u00a0file from disk.", []string{Description, DescriptionText, "text:description"}},
		{"parameter description", "File path", "File path\u200b", []string{InputSchema, "text:inputSchema/properties/path/description"}},
		{"enum string", `"binary"`, `"binаry"`, []string{InputSchema, "text:inputSchema/properties/mode/enum/1"}},
		{"structure only", `"required":["path"]`, `"required":["path","mode"]`, []string{InputSchema}},
		{"annotation", `"readOnlyHint":true`, `"readOnlyHint":false`, []string{Annotations}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := edit(t, c.old, c.new)
			want := map[string]bool{}
			for _, k := range c.moved {
				want[k] = true
			}
			if len(c.moved) > 0 {
				want[Tool] = true
			}
			for _, k := range sortedKeys(got) {
				if (got[k] != base[k]) != want[k] {
					t.Errorf("%s: moved=%v, want moved=%v", k, got[k] != base[k], want[k])
				}
			}
		})
	}
}

func TestSchemaTexts(t *testing.T) {
	got := SchemaTexts(json.RawMessage(`{"type":"object","description":"top","properties":{"a/b":{"type":"string","default":"x","examples":["e1",2]},"description":{"type":"string","title":"t"}}}`), "inputSchema")
	var paths []string
	for _, x := range got {
		paths = append(paths, x.Path+"="+x.Value)
	}
	want := "inputSchema/description=top inputSchema/properties/a~1b/default=x inputSchema/properties/a~1b/examples/0=e1 inputSchema/properties/description/title=t"
	if strings.Join(paths, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(paths, " "), want)
	}
}

func testBundle() *model.Bundle {
	ins := "Use carefully."
	return &model.Bundle{Kind: model.BundleKind, Servers: []model.Server{{
		Name: "fs", Identity: "fs|stdio|node", Transport: "stdio", Source: "live",
		ServerInfo:   json.RawMessage(`{"name":"fs","version":"1.0"}`),
		Capabilities: json.RawMessage(`{"tools":{}}`),
		Instructions: &ins,
		Tools:        []json.RawMessage{json.RawMessage(baseTool)},
		Prompts:      []json.RawMessage{json.RawMessage(`{"name":"p","description":"a prompt"}`)},
		Config:       &model.ServerConfig{Client: "cursor", Transport: "stdio", Command: "node"},
	}}}
}

// TestVerifyBundle: a sealed bundle verifies; a one-byte edit to a tool,
// the config or a stored hash is caught; stripping hashes is refused.
func TestVerifyBundle(t *testing.T) {
	seal := func(t *testing.T) *model.Bundle {
		b := testBundle()
		if err := SealBundle(b); err != nil {
			t.Fatal(err)
		}
		return b
	}
	b := seal(t)
	if ms, err := VerifyBundle(b); err != nil || len(ms) != 0 {
		t.Fatalf("sealed bundle: %v %v", ms, err)
	}
	edits := map[string]func(b *model.Bundle){
		"tool description": func(b *model.Bundle) {
			b.Servers[0].Tools[0] = json.RawMessage(strings.Replace(baseTool, "disk", "dusk", 1))
		},
		"config command": func(b *model.Bundle) { b.Servers[0].Config.Command = "nodf" },
		"stored hash":    func(b *model.Bundle) { b.Servers[0].Hashes[Prompts] = "sha256:00" },
		"instructions": func(b *model.Bundle) {
			s := "Use carefullY."
			b.Servers[0].Instructions = &s
		},
	}
	for name, f := range edits {
		t.Run(name, func(t *testing.T) {
			b := seal(t)
			f(b)
			ms, err := VerifyBundle(b)
			if err != nil || len(ms) == 0 {
				t.Errorf("edit not caught: %v %v", ms, err)
			}
		})
	}
	b = testBundle()
	if _, err := VerifyBundle(b); !errors.Is(err, ErrNoHashes) {
		t.Errorf("unsealed bundle: err %v, want ErrNoHashes", err)
	}
	// createdAt is informational: no hash covers it.
	b = seal(t)
	b.CreatedAt = "2030-01-01T00:00:00Z"
	if ms, _ := VerifyBundle(b); len(ms) != 0 {
		t.Errorf("createdAt edit reported: %v", ms)
	}
}

// TestVerifyServerReport: composites are recomputed from components.
func TestVerifyServerReport(t *testing.T) {
	b := testBundle()
	servers, tools := Bundle(b)
	r := model.ServerReport{Identity: "fs", Hashes: servers[0], Tools: []model.ToolReport{{Name: "read_file", Hashes: tools[0][0]}}}
	if ms := VerifyServerReport(&r); len(ms) != 0 {
		t.Fatalf("consistent report: %v", ms)
	}
	r.Tools[0].Hashes[InputSchema] = "sha256:beef"
	if ms := VerifyServerReport(&r); len(ms) != 1 || ms[0].Key != Tool {
		t.Errorf("component edit should break the tool composite: %v", ms)
	}
	r.Tools[0].Hashes = tools[0][0]
	r.Tools[0].Hashes[Tool] = "sha256:beef"
	if ms := VerifyServerReport(&r); len(ms) != 4 {
		t.Errorf("tool composite edit should break tool, tool:NAME, tools and surface: %v", ms)
	}
}

// TestAnalysisHashSeparate: a ruleset change moves the analysis hash and
// never the surface hash.
func TestAnalysisHashSeparate(t *testing.T) {
	b := testBundle()
	servers, tools := Bundle(b)
	f := &model.Findings{Generator: model.Generator{Ruleset: "1"}, Servers: []model.ServerReport{{Identity: "fs", Hashes: servers[0],
		Tools: []model.ToolReport{{Name: "read_file", Effect: "read", Tier: "R1", Kinds: []string{}, Hashes: tools[0][0]}}}}}
	a := FindingsHashes(f)
	f.Generator.Ruleset = "2"
	b2 := FindingsHashes(f)
	if a[Analysis] == b2[Analysis] || a[Surfaces] != b2[Surfaces] {
		t.Errorf("ruleset change: analysis moved=%v (want true), surfaces moved=%v (want false)", a[Analysis] != b2[Analysis], a[Surfaces] != b2[Surfaces])
	}
	f.Servers[0].Tools[0].Effect = "write"
	if FindingsHashes(f)[Analysis] == b2[Analysis] {
		t.Error("classification change did not move the analysis hash")
	}
	f.Findings = []model.Finding{{ID: "INJ-001", Category: model.CatInjection, Fingerprint: "x"}}
	c := FindingsHashes(f)
	f.Findings = append(f.Findings, model.Finding{ID: "COST-001", Category: model.CatCost, Fingerprint: "y"})
	if FindingsHashes(f)[Analysis] != c[Analysis] {
		t.Error("a non-injection finding moved the analysis hash")
	}
}

func TestSealFindings(t *testing.T) {
	f := &model.Findings{Kind: model.FindingsKind, Servers: []model.ServerReport{}, Findings: []model.Finding{{ID: "X-1", Evidence: "abc"}}}
	if err := SealFindings(f); err != nil {
		t.Fatal(err)
	}
	if ms, err := VerifyFindings(f); err != nil || len(ms) != 0 {
		t.Fatalf("sealed findings: %v %v", ms, err)
	}
	f.Findings[0].Evidence = "abd"
	if ms, _ := VerifyFindings(f); len(ms) != 1 || ms[0].Key != Document {
		t.Errorf("one-byte evidence edit: %v", ms)
	}
}

// TestUniqueKeyDuplicateNames: many tools of one name (a hostile server)
// get the same keys as a search from #2 would give, in linear time, also
// when a served name already looks like a suffixed one.
func TestUniqueKeyDuplicateNames(t *testing.T) {
	slow := func(m map[string]bool, k string) string {
		if !m[k] {
			return k
		}
		for i := 2; ; i++ {
			if c := k + "#" + strconv.Itoa(i); !m[c] {
				return c
			}
		}
	}
	names := []string{"a", "a#3", "a", "b", "a", "a", "a#2", "a", "b", "a#4#2", "a#4", "a"}
	for i := 0; i < 3000; i++ {
		names = append(names, "x")
	}
	fast, ref := map[string]bool{}, map[string]bool{}
	next := map[string]int{}
	for _, n := range names {
		got, want := uniqueKey(fast, next, n), slow(ref, n)
		if got != want {
			t.Fatalf("key for %q: %q, want %q", n, got, want)
		}
		fast[got], ref[want] = true, true
	}
}
