//go:build !js

// The rules-file tests read YAML, which the js/wasm core does not link.

package policy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/assay-mcp/assay/report/classify"
	"github.com/assay-mcp/assay/report/model"
)

const fullYAML = `version: 1
categories:
  - name: payments
    tier: R5
    kinds: [write]
    words: [payout, remit]
keywords:
  destructive: [zap]
exceptions:
  - word: add
    tool: add_numbers
    reason: arithmetic
disable: [CAP-005]
ignore:
  - rule: CAP-004
    server: fs
    reason: reviewed hints with the author
    by: alice
overrides:
  - tool: write_file
    server: fs
    tier: R3
    reason: sandboxed folder
    by: alice
`

const fullJSON = `{
  "version": 1,
  "categories": [{"name": "payments", "tier": "R5", "kinds": ["write"], "words": ["payout", "remit"]}],
  "keywords": {"destructive": ["zap"]},
  "exceptions": [{"word": "add", "tool": "add_numbers", "reason": "arithmetic"}],
  "disable": ["CAP-005"],
  "ignore": [{"rule": "CAP-004", "server": "fs", "reason": "reviewed hints with the author", "by": "alice"}],
  "overrides": [{"tool": "write_file", "server": "fs", "tier": "R3", "reason": "sandboxed folder", "by": "alice"}]
}`

func TestLoadYAMLAndJSONAgree(t *testing.T) {
	y, err := Load([]byte(fullYAML), "rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	j, err := Load([]byte(fullJSON), "rules.json")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(y, j, cmpopts.IgnoreFields(Policy{}, "File")); d != "" {
		t.Errorf("YAML and JSON differ (-yaml +json):\n%s", d)
	}
	if y.Overrides[0].By != "alice" || len(y.Categories[0].Words) != 2 || y.Keywords["destructive"][0] != "zap" {
		t.Errorf("parsed = %+v", y)
	}
	// JSON content in a .yaml file is YAML too.
	if _, err := Load([]byte(fullJSON), "rules.yml"); err != nil {
		t.Errorf("JSON as YAML: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name, file, data string
		want             []string // substrings of the error
	}{
		{"empty file", "r.yaml", "  \n", []string{"r.yaml", "empty"}},
		{"unknown top-level key (YAML)", "r.yaml", "disabel: [CAP-001]\n", []string{"r.yaml", "disabel"}},
		{"unknown top-level key (JSON)", "r.json", `{"disabel": ["CAP-001"]}`, []string{"r.json", "disabel"}},
		{"unknown nested key", "r.yaml", "overrides:\n  - tool: x\n    tier: R1\n    reason: r\n    by: b\n    teir: R2\n", []string{"r.yaml", "teir"}},
		{"unknown rule id in disable", "r.yaml", "disable: [CAP-999]\n", []string{"r.yaml", "disable[0]", "CAP-999"}},
		{"unknown rule id in ignore", "r.json", `{"ignore": [{"rule": "INJ-9999", "reason": "x"}]}`, []string{"r.json", "ignore[0]", "INJ-9999"}},
		{"ignore without rule or fingerprint", "r.yaml", "ignore:\n  - tool: x\n    reason: r\n", []string{"ignore[0]", "rule id or a fingerprint"}},
		{"ignore without reason", "r.yaml", "ignore:\n  - rule: CAP-001\n", []string{"ignore[0]", "reason"}},
		{"bad override tier", "r.yaml", "overrides:\n  - {tool: x, tier: R9, reason: r, by: b}\n", []string{"overrides[0]", "R9"}},
		{"unattributed override", "r.yaml", "overrides:\n  - {tool: x, tier: R1, reason: r}\n", []string{"overrides[0]", "by is required"}},
		{"override without reason", "r.yaml", "overrides:\n  - {tool: x, tier: R1, by: b}\n", []string{"overrides[0]", "reason"}},
		{"conflicting overrides", "r.yaml", "overrides:\n  - {tool: x, tier: R1, reason: r, by: b}\n  - {tool: x, tier: R2, reason: r, by: b}\n", []string{"overrides[1]", "conflicting"}},
		{"keyword into unknown category", "r.yaml", "keywords:\n  destructve: [nuke]\n", []string{"keywords", "destructve"}},
		{"category shadowing a built-in", "r.yaml", "categories:\n  - {name: read, tier: R1, words: [x]}\n", []string{"categories[0]", "built-in"}},
		{"category with bad kind", "r.yaml", "categories:\n  - {name: pay, tier: R5, kinds: [money], words: [x]}\n", []string{"categories[0]", "money"}},
		{"category without words", "r.yaml", "categories:\n  - {name: pay, tier: R5}\n", []string{"categories[0]", "words"}},
		{"exception of two words", "r.yaml", "exceptions:\n  - {word: add numbers, reason: r}\n", []string{"exceptions[0]", "one word"}},
		{"unsupported version", "r.yaml", "version: 2\n", []string{"version 2"}},
		{"YAML syntax error", "r.yaml", "disable: [CAP-001\n", []string{"r.yaml"}},
		{"JSON syntax error has a line", "r.json", "{\n\"disable\": [\"CAP-001\",]\n}", []string{"r.json", "line 2"}},
		{"wrong type", "r.json", `{"disable": "CAP-001"}`, []string{"r.json"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Load([]byte(c.data), c.file)
			if err == nil {
				t.Fatalf("no error; policy %+v", p)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func bundle() *model.Bundle {
	tool := func(s string) json.RawMessage { return json.RawMessage(s) }
	return &model.Bundle{Servers: []model.Server{
		{Name: "fs", Identity: "fs@stdio:npx", Tools: []json.RawMessage{
			tool(`{"name":"write_file","inputSchema":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}}}}`),
			tool(`{"name":"zap_cache","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`),
			tool(`{"name":"remit_vendor","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`),
			tool(`{"name":"add_numbers","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`),
		}},
		{Name: "other", Identity: "other@stdio:npx", Tools: []json.RawMessage{
			tool(`{"name":"write_file","inputSchema":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}}}}`),
		}},
	}}
}

func skeleton(b *model.Bundle) *model.Findings {
	f := &model.Findings{Findings: []model.Finding{}}
	for _, s := range b.Servers {
		sr := model.ServerReport{Name: s.Name, Identity: s.Identity}
		for _, raw := range s.Tools {
			var h struct{ Name string }
			_ = json.Unmarshal(raw, &h)
			sr.Tools = append(sr.Tools, model.ToolReport{Name: h.Name, Kinds: []string{}, Effect: "unknown", Tier: "R0"})
		}
		f.Servers = append(f.Servers, sr)
	}
	return f
}

func tool(f *model.Findings, server, name string) model.ToolReport {
	for _, s := range f.Servers {
		for _, t := range s.Tools {
			if s.Name == server && t.Name == name {
				return t
			}
		}
	}
	return model.ToolReport{}
}

// TestEndToEnd: a rules file changes classification (categories,
// keywords, exceptions, overrides) and suppresses findings.
func TestEndToEnd(t *testing.T) {
	for _, file := range []struct{ name, data string }{{"rules.yaml", fullYAML}, {"rules.json", fullJSON}} {
		t.Run(file.name, func(t *testing.T) {
			p, err := Load([]byte(file.data), file.name)
			if err != nil {
				t.Fatal(err)
			}
			b := bundle()
			base := skeleton(b)
			classify.Apply(b, base, nil)
			f := skeleton(b)
			classify.Apply(b, f, p.Classify())
			Apply(p, f)

			// Override: recorded, downward, only on the named server.
			wf := tool(f, "fs", "write_file")
			want := &model.Override{From: "R5", To: "R3", Reason: "sandboxed folder", By: "alice"}
			if d := cmp.Diff(want, wf.Override); d != "" || wf.Tier != "R3" {
				t.Errorf("override (-want +got):\n%s tier %s", d, wf.Tier)
			}
			if o := tool(f, "other", "write_file"); o.Override != nil || o.Tier != "R5" {
				t.Errorf("override leaked to another server: %+v", o)
			}
			// Keyword and category raise; without the file they do not.
			if got, was := tool(f, "fs", "zap_cache"), tool(base, "fs", "zap_cache"); got.Effect != "irreversible" || was.Effect == "irreversible" {
				t.Errorf("keyword zap: with %s, without %s", got.Effect, was.Effect)
			}
			if got, was := tool(f, "fs", "remit_vendor"), tool(base, "fs", "remit_vendor"); got.Tier != "R5" || was.Tier == "R5" {
				t.Errorf("category payments: with %s, without %s", got.Tier, was.Tier)
			}
			// Exception: "add" no longer a write for add_numbers.
			if got, was := tool(f, "fs", "add_numbers"), tool(base, "fs", "add_numbers"); got.Effect == "write" || was.Effect != "write" {
				t.Errorf("exception add: with %s, without %s", got.Effect, was.Effect)
			}
			// Suppression: CAP-005 disabled (none here), CAP-004 ignored on fs only.
			var fsHints, otherHints *model.Finding
			for i := range f.Findings {
				fd := &f.Findings[i]
				if fd.ID == "CAP-004" && fd.Server == "fs@stdio:npx" {
					fsHints = fd
				}
				if fd.ID == "CAP-004" && fd.Server == "other@stdio:npx" {
					otherHints = fd
				}
			}
			if fsHints == nil || !strings.Contains(fsHints.Suppressed, "reviewed hints with the author") || !strings.Contains(fsHints.Suppressed, file.name) {
				t.Errorf("fs CAP-004 not suppressed: %+v", fsHints)
			}
			if otherHints == nil || otherHints.Suppressed != "" {
				t.Errorf("other CAP-004 suppressed: %+v", otherHints)
			}
		})
	}
}

func TestApplySuppression(t *testing.T) {
	mk := func() *model.Findings {
		return &model.Findings{
			Servers: []model.ServerReport{{Name: "fs", Identity: "fs@stdio:npx"}},
			Findings: []model.Finding{
				{ID: "CAP-001", Server: "fs@stdio:npx", Tool: "a"},
				{ID: "CAP-001", Server: "fs@stdio:npx", Tool: "b"},
				{ID: "CAP-007", Server: "fs@stdio:npx", Tool: "a"},
				{ID: "CHAIN-001", Context: "cursor", Item: "exfil@cursor", Element: "context:cursor"},
			},
		}
	}
	cases := []struct {
		name string
		yaml string
		want []bool // suppressed, per finding
	}{
		{"disable a rule", "disable: [CAP-001]\n", []bool{true, true, false, false}},
		{"ignore one tool", "ignore:\n  - {rule: CAP-001, tool: b, reason: ok}\n", []bool{false, true, false, false}},
		{"ignore by server name", "ignore:\n  - {rule: CAP-007, server: fs, reason: ok}\n", []bool{false, false, true, false}},
		{"ignore by context", "ignore:\n  - {rule: CHAIN-001, context: cursor, reason: accepted risk}\n", []bool{false, false, false, true}},
		{"ignore by element", "ignore:\n  - {rule: CHAIN-001, element: \"context:cursor\", reason: accepted}\n", []bool{false, false, false, true}},
		{"ignore by wrong element", "ignore:\n  - {rule: CHAIN-001, element: \"context:vscode\", reason: accepted}\n", []bool{false, false, false, false}},
		{"ignore a rule on another server", "ignore:\n  - {rule: CAP-001, server: web, reason: ok}\n", []bool{false, false, false, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Load([]byte(c.yaml), "r.yaml")
			if err != nil {
				t.Fatal(err)
			}
			f := mk()
			Apply(p, f)
			for i, w := range c.want {
				if got := f.Findings[i].Suppressed != ""; got != w {
					t.Errorf("finding %d (%s %s) suppressed = %v, want %v (%q)", i, f.Findings[i].ID, f.Findings[i].Tool, got, w, f.Findings[i].Suppressed)
				}
			}
		})
	}
	// By fingerprint: take one from a first pass.
	f := mk()
	f.Findings[1].SetFingerprint()
	p, err := Load([]byte("ignore:\n  - {fingerprint: "+f.Findings[1].Fingerprint+", reason: reviewed}\n"), "r.yaml")
	if err != nil {
		t.Fatal(err)
	}
	Apply(p, f)
	for i, fd := range f.Findings {
		if (fd.Suppressed != "") != (i == 1) {
			t.Errorf("fingerprint ignore: finding %d suppressed %q", i, fd.Suppressed)
		}
	}
}

func TestOverrideNeverRaises(t *testing.T) {
	p, err := Load([]byte("overrides:\n  - {tool: add_numbers, tier: R5, reason: r, by: b}\n"), "r.yaml")
	if err != nil {
		t.Fatal(err)
	}
	b := bundle()
	f := skeleton(b)
	classify.Apply(b, f, p.Classify())
	Apply(p, f)
	if got := tool(f, "fs", "add_numbers"); got.Override != nil || got.Tier == "R5" {
		t.Errorf("upward override applied: %+v", got)
	}
}

func TestUnused(t *testing.T) {
	p, err := Load([]byte(`overrides:
  - {tool: write_file, server: fs, tier: R3, reason: r, by: b}
  - {tool: wirte_file, tier: R3, reason: typo, by: b}
  - {tool: add_numbers, tier: R5, reason: not lower, by: b}
exceptions:
  - {word: add, tool: add_numbrs, reason: typo}
ignore:
  - {rule: CAP-004, server: fs, reason: used}
  - {rule: CAP-007, reason: nothing executes code here}
`), "r.yaml")
	if err != nil {
		t.Fatal(err)
	}
	b := bundle()
	f := skeleton(b)
	classify.Apply(b, f, p.Classify())
	Apply(p, f)
	got := Unused(p, f)
	want := []string{
		`r.yaml: overrides[1]: no tool "wirte_file" in this analysis`,
		`r.yaml: overrides[2]: R5 is not below the tier of "add_numbers": inert (overrides only lower)`,
		`r.yaml: exceptions[0]: no tool "add_numbrs" in this analysis`,
		`r.yaml: ignore[1]: matched no finding`,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Unused (-want +got):\n%s", d)
	}
}
