package classify

import (
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// findingCase is one sample of a capability finding rule.
type findingCase struct {
	rule string
	name string
	tool string
	want bool
	sev  string // expected severity when want
}

var findingCases = []findingCase{
	{"CAP-001", "readOnly on a delete", `{"name":"delete_item","annotations":{"readOnlyHint":true,"destructiveHint":true,"openWorldHint":false},"inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, true, "high"},
	{"CAP-001", "readOnly on code execution is critical", `{"name":"run_code","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"code":{"type":"string"}}}}`, true, "critical"},
	{"CAP-001", "readOnly on scraping any webpage is no contradiction", `{"name":"scrape","description":"Scrape any webpage","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"u":{"type":"string"}}}}`, false, ""},
	{"CAP-001", "readOnly on a read", `{"name":"get_item","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, false, ""},
	{"CAP-001", "readOnly on a send", `{"name":"notify","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"to":{"type":"string"},"body":{"type":"string"}}}}`, true, "high"},
	{"CAP-001", "readOnly on a plain URL fetch is no contradiction", `{"name":"fetch","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}`, false, ""},
	{"CAP-002", "destructive false on an overwrite", `{"name":"write_file","annotations":{"destructiveHint":false},"inputSchema":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}}}}`, true, "medium"},
	{"CAP-002", "destructive false on a create", `{"name":"create_item","annotations":{"destructiveHint":false},"inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`, false, ""},
	{"CAP-003", "closed world on a URL fetch", `{"name":"fetch","annotations":{"openWorldHint":false},"inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}`, true, "medium"},
	{"CAP-003", "closed world on a local read", `{"name":"read_note","annotations":{"openWorldHint":false},"inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, false, ""},
	{"CAP-004", "no hints", `{"name":"get_item","inputSchema":{"type":"object","properties":{}}}`, true, "low"},
	{"CAP-004", "all hints", `{"name":"get_item","annotations":{"readOnlyHint":true,"destructiveHint":false,"openWorldHint":false},"inputSchema":{"type":"object","properties":{}}}`, false, ""},
	{"CAP-005", "some hints", `{"name":"get_item","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{}}}`, true, "info"},
	{"CAP-005", "all hints", `{"name":"get_item","annotations":{"readOnlyHint":true,"destructiveHint":false,"openWorldHint":false},"inputSchema":{"type":"object","properties":{}}}`, false, ""},
	{"CAP-006", "router", `{"name":"execute_tool","inputSchema":{"type":"object","properties":{"toolName":{"type":"string"},"params":{"type":"object"}}}}`, true, "medium"},
	{"CAP-006", "not a router", `{"name":"get_tool","inputSchema":{"type":"object","properties":{"toolName":{"type":"string"}}}}`, false, ""},
	{"CAP-007", "code execution", `{"name":"exec_in_pod","inputSchema":{"type":"object","properties":{"command":{"type":"array","items":{"type":"string"},"description":"Command to execute"}}}}`, true, "high"},
	{"CAP-007", "no code", `{"name":"get_pod","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`, false, ""},
	{"CAP-008", "ref cycle", `{"name":"t","inputSchema":{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"object","properties":{"c":{"$ref":"#/$defs/N"}}}}}}`, true, "medium"},
	{"CAP-008", "deep but within the cap", `{"name":"t","inputSchema":{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"object","properties":{"c":{"type":"string"}}}}}}}}`, false, ""},
	{"CAP-009", "unknown effect", `{"name":"frobnicate","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`, true, "low"},
	{"CAP-009", "known effect", `{"name":"get_frob","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`, false, ""},
}

func TestCapabilityFindings(t *testing.T) {
	for _, c := range findingCases {
		t.Run(c.rule+"/"+c.name, func(t *testing.T) {
			_, fs := one(t, c.tool, nil)
			var got *model.Finding
			for i := range fs {
				if fs[i].ID == c.rule {
					got = &fs[i]
				}
			}
			if (got != nil) != c.want {
				t.Fatalf("finding %s present = %v, want %v (findings %+v)", c.rule, got != nil, c.want, fs)
			}
			if got == nil {
				return
			}
			if got.Severity != c.sev {
				t.Errorf("severity = %s, want %s", got.Severity, c.sev)
			}
			if got.Server == "" || got.Element == "" || got.Evidence == "" {
				t.Errorf("finding lacks server, element or evidence: %+v", got)
			}
		})
	}
}

func TestDeepSchemaFailsClosed(t *testing.T) {
	// 14 nested objects: past the default depth cap of 12.
	s := `{"type":"string"}`
	for i := 0; i < 14; i++ {
		s = `{"type":"object","properties":{"p":` + s + `}}`
	}
	tr, fs := one(t, `{"name":"get_deep","inputSchema":`+s+`}`, nil)
	if !hasKind(tr, model.KindEgress) || findingIDs(fs)["CAP-008"] != 1 {
		t.Errorf("deep schema: kinds %v findings %v", tr.Kinds, findingIDs(fs))
	}
	// Raising the cap through options accepts it.
	tr, fs = one(t, `{"name":"get_deep","inputSchema":`+s+`}`, &Options{MaxDepth: 40})
	if hasKind(tr, model.KindEgress) || findingIDs(fs)["CAP-008"] != 0 {
		t.Errorf("deep schema with raised cap: kinds %v findings %v", tr.Kinds, findingIDs(fs))
	}
}

func TestEvidenceIsEscaped(t *testing.T) {
	_, fs := one(t, `{"name":"frob\u200bnicate","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`, nil)
	seen := false
	for _, f := range fs {
		if strings.ContainsRune(f.Evidence, '\u200b') {
			t.Errorf("%s evidence carries a raw zero-width space: %q", f.ID, f.Evidence)
		}
		if f.ID == "CAP-009" && strings.Contains(f.Evidence, `frob\u200bnicate`) {
			seen = true
		}
	}
	if !seen {
		t.Errorf("CAP-009 evidence does not show the escaped name: %+v", fs)
	}
}

func TestEvidencePointerIsEscaped(t *testing.T) {
	tr, _ := one(t, `{"name":"fetch","inputSchema":{"type":"object","properties":{"url\u202e":{"type":"string"}}}}`, nil)
	found := false
	for _, e := range tr.Evidence {
		if strings.ContainsRune(e.Pointer, '\u202e') || strings.ContainsRune(e.Detail, '\u202e') {
			t.Errorf("raw bidi override in evidence: %+v", e)
		}
		if strings.Contains(e.Pointer, `url\u202e`) {
			found = true
		}
	}
	if !found || !hasKind(tr, model.KindEgress) {
		t.Errorf("escaped pointer not found or not egress: %+v", tr)
	}
}

// A malformed field blanks only itself; a non-boolean hint is no claim.
func TestMalformedFields(t *testing.T) {
	tr, fs := one(t, `{"name":"delete_item","title":5,"description":["x"],"annotations":{"readOnlyHint":"yes","destructiveHint":false},"inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, nil)
	if tr.Effect != "irreversible" {
		t.Errorf("effect = %s, want irreversible", tr.Effect)
	}
	ids := findingIDs(fs)
	if ids["CAP-001"] != 0 || ids["CAP-002"] != 1 {
		t.Errorf("findings = %v: a string readOnlyHint must not count, destructiveHint false must", ids)
	}
}

// TestImplausibleHints: a get/list tool declaring itself destructive gets
// CAP-013 and is not raised to destructive (readOnlyHint: false still
// makes it a writer: hints raise); an update tool declaring the same is raised,
// consistently (destructive means irreversible).
func TestImplausibleHints(t *testing.T) {
	get := `{"name":"get_item","description":"Returns the item","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}},"annotations":{"readOnlyHint":false,"destructiveHint":true}}`
	tr, fs := one(t, get, nil)
	if tr.Effect != "write" || hasKind(tr, "destructive") || findingIDs(fs)["CAP-013"] != 1 {
		t.Errorf("get_item: %s %v, findings %v", tr.Effect, tr.Kinds, findingIDs(fs))
	}
	upd := `{"name":"update_item","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}},"annotations":{"readOnlyHint":false,"destructiveHint":true}}`
	tr, fs = one(t, upd, nil)
	if tr.Effect != "irreversible" || !hasKind(tr, "destructive") || findingIDs(fs)["CAP-013"] != 0 {
		t.Errorf("update_item: %s %v, findings %v", tr.Effect, tr.Kinds, findingIDs(fs))
	}
}

// TestEffectAgreesWithKinds over the whole corpus: destructive or code
// execution is irreversible, egress at least external, write at least write.
func TestEffectAgreesWithKinds(t *testing.T) {
	b := loadCorpus(t)
	f := skeleton(b)
	Apply(b, f, nil)
	rank := map[string]int{"read": 0, "write": 3, "external": 4, "irreversible": 5}
	n := 0
	for _, s := range f.Servers {
		for _, tr := range s.Tools {
			n++
			need := -1
			for _, k := range tr.Kinds {
				switch k {
				case "destructive", "code_exec":
					need = max(need, 5)
				case "egress":
					need = max(need, 4)
				case "write":
					need = max(need, 3)
				}
			}
			if r, ok := rank[tr.Effect]; need >= 0 && (!ok || r < need) {
				t.Errorf("%s/%s: effect %s with kinds %v", s.Name, tr.Name, tr.Effect, tr.Kinds)
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d tools", n)
	}
}

// TestAggregateEvidenceAgrees: the per-server counts read as English for
// every count: "1 of 1 tool has", "1 of 2 tools has", "2 of 2 tools have".
func TestAggregateEvidenceAgrees(t *testing.T) {
	frob := `{"name":"frobnicate","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`
	quux := `{"name":"quuxify","inputSchema":{"type":"object","properties":{"x":{"type":"string"}}}}`
	read := `{"name":"get_frob","annotations":{"readOnlyHint":true,"destructiveHint":false,"openWorldHint":false},"inputSchema":{"type":"object","properties":{}}}`
	for _, c := range []struct {
		tools []string
		want  string
	}{
		{[]string{frob}, "1 of 1 tool has an unknown effect: "},
		{[]string{frob, read}, "1 of 2 tools has an unknown effect: "},
		{[]string{frob, quux}, "2 of 2 tools have an unknown effect: "},
	} {
		f := run(t, &model.Bundle{Servers: []model.Server{srv("s", c.tools...)}}, nil)
		got := ""
		for _, fd := range f.Findings {
			if fd.ID == "CAP-009" {
				got = fd.Evidence
			}
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%d tools: CAP-009 evidence %q, want it to start %q", len(c.tools), got, c.want)
		}
	}
}
