package drift

import (
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// analysed returns the findings of a capture as a findings-only side.
func analysed(t *testing.T, capture string) *Side {
	t.Helper()
	s := side(t, "f.json", capture)
	return &Side{Name: "findings.json", Findings: analyze.Analyze(s.Bundle, nil)}
}

func twoTools() string {
	return srv("", basic("Read a file.", `{"readOnlyHint":true}`), tool("stat", "Stat.", pathProp, "", ""))
}

func setTool(s *Side, name string, f func(*model.ToolReport)) {
	for i := range s.Findings.Servers {
		for j := range s.Findings.Servers[i].Tools {
			if s.Findings.Servers[i].Tools[j].Name == name {
				f(&s.Findings.Servers[i].Tools[j])
			}
		}
	}
}

func run(t *testing.T, o, n *Side) *Result {
	t.Helper()
	r, err := Diff(o, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCapabilityRose: effect, tier and kinds rising raise DRIFT-001,
// critical for irreversible or code execution; equal classification does not.
func TestCapabilityRose(t *testing.T) {
	cases := []struct {
		name string
		set  func(*model.ToolReport)
		sev  string // "" = no finding
	}{
		{"same", func(*model.ToolReport) {}, ""},
		{"tier up", func(tr *model.ToolReport) { tr.Tier = "R3" }, model.SevHigh},
		{"effect to irreversible", func(tr *model.ToolReport) { tr.Effect = model.EffectIrreversible }, model.SevCritical},
		{"code_exec appeared", func(tr *model.ToolReport) { tr.Kinds = append(tr.Kinds, model.KindCodeExec) }, model.SevCritical},
		{"effect down", func(tr *model.ToolReport) { tr.Effect, tr.Tier = model.EffectRead, "R0" }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, n := analysed(t, twoTools()), analysed(t, twoTools())
			setTool(o, "read_file", func(tr *model.ToolReport) { tr.Effect, tr.Tier, tr.Kinds = model.EffectRead, "R1", []string{} })
			setTool(n, "read_file", func(tr *model.ToolReport) { tr.Effect, tr.Tier, tr.Kinds = model.EffectRead, "R1", []string{} })
			setTool(n, "read_file", c.set)
			r := run(t, o, n)
			var got string
			for _, f := range r.Findings.Findings {
				if f.ID == "DRIFT-001" {
					got = f.Severity
				}
			}
			if got != c.sev {
				t.Errorf("DRIFT-001 severity %q, want %q", got, c.sev)
			}
			if c.sev != "" && r.Exit&BitEscalation == 0 {
				t.Errorf("exit %d lacks the escalation bit", r.Exit)
			}
		})
	}
}

// TestRulesetChange: a findings file from another ruleset is not trusted
// for classification (no DRIFT-001 from the rules changing, and the skip is
// said); a side with its surface is re-analysed and yields nothing.
func TestRulesetChange(t *testing.T) {
	// The surface changed a little (a description) and the stored analysis
	// comes from another ruleset: the change is reported, the stale
	// classification is not compared, and the note says so.
	changed := srv("", basic("Read one file.", `{"readOnlyHint":true}`), tool("stat", "Stat.", pathProp, "", ""))
	o, n := analysed(t, twoTools()), analysed(t, changed)
	o.Findings.Generator.Ruleset = "1999.1.1"
	setTool(o, "read_file", func(tr *model.ToolReport) { tr.Tier = "R0"; tr.Effect = model.EffectRead })
	setTool(n, "read_file", func(tr *model.ToolReport) { tr.Tier = "R5"; tr.Effect = model.EffectIrreversible })
	r := run(t, o, n)
	if hasRule(r.Findings.Findings, "DRIFT-001") {
		t.Error("classification from another ruleset produced DRIFT-001")
	}
	notRun := ""
	for _, f := range r.Findings.Findings {
		if f.ID == "DRIFT-027" {
			notRun = f.Evidence
		}
	}
	if !strings.Contains(notRun, "1999.1.1") || !strings.Contains(notRun, "capability") {
		t.Errorf("DRIFT-027 evidence %q should name the old ruleset and the capability rules", notRun)
	}
	if !hasFinding(r.Findings.Findings, "read_file", "DRIFT-003") {
		t.Errorf("the surface change itself is still reported: %v", ids(r.Findings.Findings))
	}
	// Unchanged surface under an old ruleset: nothing changed, nothing said.
	o2 := analysed(t, twoTools())
	o2.Findings.Generator.Ruleset = "1999.1.1"
	setTool(o2, "read_file", func(tr *model.ToolReport) { tr.Tier = "R0"; tr.Effect = model.EffectRead })
	if r := run(t, o2, analysed(t, twoTools())); len(r.Findings.Findings) != 0 || r.Exit != 0 {
		t.Errorf("unchanged surface, old ruleset: exit %d %v", r.Exit, ids(r.Findings.Findings))
	}

	// With the surface stored, the stale analysis is ignored: re-analysed,
	// identical surface, no finding at all.
	sb := side(t, "old.json", twoTools())
	sb.Findings = o.Findings
	r = run(t, sb, side(t, "new.json", twoTools()))
	if len(r.Findings.Findings) != 0 || r.Exit != 0 {
		t.Errorf("re-analysed identical surface: exit %d, %v", r.Exit, ids(r.Findings.Findings))
	}
	if r.Findings.Generator.Ruleset != catalog.Ruleset {
		t.Errorf("result ruleset %q", r.Findings.Generator.Ruleset)
	}
}

// TestHashOnly: from findings files, a description change is still graded
// from hashes (rug pull), schema details fall back to DRIFT-028, and the
// rules that could not run are named with the incomplete bit.
func TestHashOnly(t *testing.T) {
	o := analysed(t, twoTools())
	n := analysed(t, srv("", basic("Read a file and mail it.", `{"readOnlyHint":true}`), tool("stat", "Stat.", pathProp+`,"x":{"type":"string"}`, "", "")))
	r := run(t, o, n)
	fs := r.Findings.Findings
	if !hasFinding(fs, "read_file", "DRIFT-003") {
		t.Errorf("hash-only rug pull not found: %v", ids(fs))
	}
	if !hasFinding(fs, "stat", "DRIFT-028") {
		t.Errorf("hash-only schema change not reported as ungraded: %v", ids(fs))
	}
	if !hasRule(fs, "DRIFT-027") || r.Exit&BitIncomplete == 0 {
		t.Errorf("rules not run must be said with bit 16: exit %d %v", r.Exit, ids(fs))
	}
	// Identical hash-only sides: only the note, nothing changed.
	r = run(t, analysed(t, twoTools()), analysed(t, twoTools()))
	for _, f := range r.Findings.Findings {
		if f.ID != "DRIFT-027" {
			t.Errorf("identical findings files: unexpected %s", f.ID)
		}
	}
}

// TestNewInjection: an injection finding only the newer side has becomes
// DRIFT-006 with the injection bit; one both sides have does not.
func TestNewInjection(t *testing.T) {
	inj := model.Finding{ID: "INJ-001", Category: model.CatInjection, Severity: model.SevCritical, Title: "Override", Server: "", Tool: "read_file", Element: "tool:read_file/description", Evidence: "ignore previous"}
	o, n := analysed(t, twoTools()), analysed(t, twoTools())
	inj.Server = n.Findings.Servers[0].Identity
	n.Findings.Findings = append(n.Findings.Findings, inj)
	r := run(t, o, n)
	var got *model.Finding
	for i, f := range r.Findings.Findings {
		if f.ID == "DRIFT-006" {
			got = &r.Findings.Findings[i]
		}
	}
	if got == nil || got.Severity != model.SevCritical || r.Exit&BitInjection == 0 {
		t.Fatalf("new injection: %+v exit %d", got, r.Exit)
	}
	o.Findings.Findings = append(o.Findings.Findings, inj)
	if hasRule(run(t, o, n).Findings.Findings, "DRIFT-006") {
		t.Error("injection present on both sides reported as new")
	}
}

// TestRouterRelocation: tools removed while a router appears.
func TestRouterRelocation(t *testing.T) {
	o := analysed(t, twoTools())
	n := analysed(t, srv("", basic("Read a file.", `{"readOnlyHint":true}`), tool("execute_tool", "Run any tool.", `"name":{"type":"string"},"args":{"type":"object"}`, "", "")))
	setTool(n, "execute_tool", func(tr *model.ToolReport) { tr.Router = true })
	fs := run(t, o, n).Findings.Findings
	if !hasFinding(fs, "stat", "DRIFT-007") {
		t.Errorf("router relocation not found: %v", ids(fs))
	}
	setTool(n, "execute_tool", func(tr *model.ToolReport) { tr.Router = false })
	if hasRule(run(t, o, n).Findings.Findings, "DRIFT-007") {
		t.Error("DRIFT-007 without a router")
	}
}

// TestSentryRouter: the real Sentry 0.36.0 → 0.39.0 release folds tools
// into execute_sentry_tool. Needs classification's router detection.
func TestSentryRouter(t *testing.T) {
	o := loadSide(t, captureFile("@sentry/mcp-server", "0.36.0"))
	n := loadSide(t, captureFile("@sentry/mcp-server", "0.39.0"))
	f := analyze.Analyze(n.Bundle, nil)
	routers := 0
	for _, s := range f.Servers {
		for _, tl := range s.Tools {
			if tl.Router {
				routers++
			}
		}
	}
	if routers == 0 {
		// No router here means router detection broke: a failure, never a
		// skip that turns green exactly when the feature stops working.
		t.Fatal("classification flags no router in Sentry 0.39.0 (execute_sentry_tool): router detection is broken")
	}
	r := run(t, o, n)
	for _, fd := range r.Findings.Findings {
		if fd.ID == "DRIFT-007" && fd.Tool == "execute_sentry_tool" && len(fd.Tools) >= 10 {
			if r.Exit&BitRemoval == 0 || r.Exit&BitEscalation == 0 {
				t.Errorf("exit %d: want removal and escalation bits", r.Exit)
			}
			return
		}
	}
	t.Errorf("no DRIFT-007 for execute_sentry_tool: %v", ids(r.Findings.Findings))
}

// TestServersPaired: servers pair by identity; the rest are added/removed.
func TestServersPaired(t *testing.T) {
	a := `{"kind":"assay.bundle/v1","servers":[` +
		`{"name":"a","identity":"a|stdio|x","transport":"stdio","source":"live","tools":[` + basic("Read a file.", "") + `]},` +
		`{"name":"b","identity":"b|stdio|y","transport":"stdio","source":"live","tools":[]}]}`
	b := `{"kind":"assay.bundle/v1","servers":[` +
		`{"name":"c","identity":"c|stdio|z","transport":"stdio","source":"live","tools":[]},` +
		`{"name":"a","identity":"a|stdio|x","transport":"stdio","source":"live","tools":[` + basic("Read a file.", "") + `]}]}`
	fs := diff(t, a, b).Findings.Findings
	if len(fs) != 2 || !hasRule(fs, "DRIFT-024") || !hasRule(fs, "DRIFT-025") {
		t.Errorf("want one added and one removed server, got %v", ids(fs))
	}
	// A new server's text is checked too.
	hidden := strings.Replace(b, `"tools":[]}`, `"tools":[`+tool("zz", "Zap​ it.", pathProp, "", "")+`]}`, 1)
	if fs := diff(t, a, hidden).Findings.Findings; !hasFinding(fs, "zz", "DRIFT-004") {
		t.Errorf("hidden character in a new server's tool not found: %v", ids(fs))
	}
}
