package render

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestWrap(t *testing.T) {
	cases := []struct {
		in   string
		w    int
		want []string
	}{
		{"short", 10, []string{"short"}},
		{"two words here", 9, []string{"two words", "here"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"path/to/some/file", 10, []string{"path/to/", "some/file"}},
		{"ab\\u200bcd", 5, []string{"ab", "\\u200", "bcd"}},
		{"日本語テキスト", 5, []string{"日本", "語テ", "キス", "ト"}},
		{"日", 1, []string{"日"}},
		{"", 5, []string{""}},
	}
	for _, c := range cases {
		got := wrap(c.in, c.w)
		if !slices.Equal(got, c.want) {
			t.Errorf("wrap(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}

func TestWrapKeepsEscapesWhole(t *testing.T) {
	got := wrap("abcdefg\\u202ehij", 9)
	if !slices.Equal(got, []string{"abcdefg", "\\u202ehij"}) {
		t.Errorf("escape split across lines: %q", got)
	}
}

func TestTableProperties(t *testing.T) {
	for _, c := range renderCases {
		f := loadFindings(t, c.input)
		for _, w := range []int{0, 60, 120} {
			plain := string(render(t, "table", f, &Options{Width: w}))
			if strings.Contains(plain, "\x1b") {
				t.Errorf("%s: escape byte in table without Color", c.name)
			}
			if textsafe.Unsafe(plain) {
				t.Errorf("%s: hidden or control characters reached the table", c.name)
			}
			limit := w
			if limit == 0 {
				limit = defaultWidth
			}
			for _, l := range strings.Split(plain, "\n") {
				if width(l) > limit {
					t.Errorf("%s width %d: line of %d cells: %q", c.name, limit, width(l), l)
				}
			}
			colored := string(render(t, "table", f, &Options{Width: w, Color: true}))
			if sgr.ReplaceAllString(colored, "") != plain {
				t.Errorf("%s: colour changed more than SGR codes", c.name)
			}
			if len(f.Servers) > 0 && len(f.Findings) > 0 && !strings.Contains(colored, "\x1b[") {
				t.Errorf("%s: no colour with Color set", c.name)
			}
		}
	}
}

func TestTableAlertsOnlyForInjection(t *testing.T) {
	f := loadFindings(t, "handmade.findings.json")
	out := string(render(t, "table", f, nil))
	if !strings.Contains(out, "ALERT: 2 signs of prompt injection") {
		t.Errorf("no alert block for the two injection findings:\n%s", out)
	}
	f.Findings = slices.DeleteFunc(slices.Clone(f.Findings), func(fd model.Finding) bool { return fd.Category == model.CatInjection })
	if out := string(render(t, "table", f, nil)); strings.Contains(out, "ALERT") {
		t.Error("alert block shown without injection findings")
	}
}

// stripCodeSpans removes inline code spans (any fence length), which is
// where markdown puts server text.
func stripCodeSpans(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '`' {
			b.WriteByte(s[i])
			i++
			continue
		}
		n := 0
		for i+n < len(s) && s[i+n] == '`' {
			n++
		}
		fence := strings.Repeat("`", n)
		rest := s[i+n:]
		end := -1
		for j := 0; j+n <= len(rest); j++ {
			if rest[j:j+n] == fence && (j+n == len(rest) || rest[j+n] != '`') && (j == 0 || rest[j-1] != '`') {
				end = j
				break
			}
		}
		if end < 0 {
			b.WriteString(fence)
			i += n
			continue
		}
		b.WriteString("CODE")
		i += n + end + n
	}
	return b.String()
}

func TestMarkdownNeutralisesServerText(t *testing.T) {
	for _, name := range []string{"hostile.bundle.json", "handmade.findings.json"} {
		out := string(render(t, "markdown", loadFindings(t, name), nil))
		if textsafe.Unsafe(out) {
			t.Errorf("%s: hidden or control characters reached markdown", name)
		}
		prose := stripCodeSpans(out)
		for _, bad := range []string{"<img", "<script", "<b>", "](http", "@everyone", "@octocat", "\u202e"} {
			if strings.Contains(prose, bad) {
				t.Errorf("%s: %q appears outside a code span", name, bad)
			}
		}
		for _, l := range strings.Split(out, "\n") {
			if !strings.HasPrefix(l, "| ") {
				continue
			}
			// Every table row has the header's number of unescaped pipes.
			cells := len(regexp.MustCompile(`(^|[^\\])\|`).FindAllString(l, -1))
			if cells != 6 && cells != 5 {
				t.Errorf("%s: table row with %d cell separators: %q", name, cells, l)
			}
		}
	}
}

func TestCodeSpan(t *testing.T) {
	cases := []struct {
		in      string
		inTable bool
		want    string
	}{
		{"plain", false, "`plain`"},
		{"a`b", false, "``a`b``"},
		{"`edge`", false, "`` `edge` ``"},
		{"x``y", false, "```x``y```"},
		{"a|b", true, "`a\\|b`"},
		{"a|b", false, "`a|b`"},
		{"", false, "—"},
	}
	for _, c := range cases {
		if got := codeSpan(c.in, c.inTable); got != c.want {
			t.Errorf("codeSpan(%q, %v) = %q, want %q", c.in, c.inTable, got, c.want)
		}
	}
}

func TestEscapeMarkdown(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain words", "plain words"},
		{"a_b*c", `a\_b\*c`},
		{"<b>&", "&lt;b&gt;&amp;"},
		{"- item", `\- item`},
		{"x - y", "x - y"},
		{"[l](u)", `\[l\](u)`},
		{"p|q", `p\|q`},
	}
	for _, c := range cases {
		if got := escapeMarkdown(c.in); got != c.want {
			t.Errorf("escapeMarkdown(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

type sarifDoc struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID                   string
					DefaultConfiguration struct{ Level string }
					Properties           map[string]any
				}
			}
		}
		Results []struct {
			RuleID              string
			RuleIndex           int
			Level               string
			PartialFingerprints map[string]string
			Suppressions        []any
			Properties          map[string]any
			Locations           []struct {
				PhysicalLocation *struct {
					ArtifactLocation struct{ URI string }
					Region           *struct{ StartLine int }
				}
				LogicalLocations []struct{ Name, FullyQualifiedName, Kind string }
			}
		}
	}
}

func decodeSARIF(t *testing.T, b []byte) sarifDoc {
	t.Helper()
	var d sarifDoc
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(d.Runs))
	}
	return d
}

func TestSARIFContract(t *testing.T) {
	f := loadFindings(t, "handmade.findings.json")
	d := decodeSARIF(t, render(t, "sarif", f, nil))
	run := d.Runs[0]
	rules := run.Tool.Driver.Rules
	// Every catalogue rule is listed, fired or not, first and in order.
	all := catalog.All()
	if len(rules) < len(all) {
		t.Fatalf("%d rules, catalogue has %d", len(rules), len(all))
	}
	for i, r := range all {
		if rules[i].ID != r.ID {
			t.Fatalf("rule %d = %s, want %s", i, rules[i].ID, r.ID)
		}
		if got, want := rules[i].Properties["security-severity"], SecuritySeverity(r.Severity); got != want {
			t.Errorf("%s security-severity = %v, want %s", r.ID, got, want)
		}
	}
	if len(run.Results) != len(f.Findings) {
		t.Fatalf("%d results for %d findings", len(run.Results), len(f.Findings))
	}
	for i, res := range run.Results {
		fd := f.Findings[i]
		if rules[res.RuleIndex].ID != res.RuleID || res.RuleID != fd.ID {
			t.Errorf("result %d: ruleIndex %d names %s, ruleId %s, finding %s", i, res.RuleIndex, rules[res.RuleIndex].ID, res.RuleID, fd.ID)
		}
		if res.PartialFingerprints[FingerprintKey] != fd.Fingerprint {
			t.Errorf("result %d: fingerprint %v, want %s", i, res.PartialFingerprints, fd.Fingerprint)
		}
		if res.Level != SARIFLevel(fd.Severity) {
			t.Errorf("result %d: level %s for severity %s", i, res.Level, fd.Severity)
		}
		if (fd.Suppressed != "") != (len(res.Suppressions) == 1) {
			t.Errorf("result %d: suppressed %q but %d suppressions", i, fd.Suppressed, len(res.Suppressions))
		}
		loc := res.Locations[0]
		if len(loc.LogicalLocations) != 1 {
			t.Errorf("result %d: no logical location", i)
		}
		// Findings on the server declared in .mcp.json line 4 point there.
		if fd.Server == "files|stdio|npx" {
			if loc.PhysicalLocation == nil || loc.PhysicalLocation.ArtifactLocation.URI != ".mcp.json" || loc.PhysicalLocation.Region.StartLine != 4 {
				t.Errorf("result %d (%s): physical location %+v, want .mcp.json:4", i, fd.ID, loc.PhysicalLocation)
			}
		} else if loc.PhysicalLocation != nil {
			t.Errorf("result %d (%s): physical location without a known config", i, fd.ID)
		}
	}
	// With an artifact, every result has a physical location.
	d = decodeSARIF(t, render(t, "sarif", f, &Options{Artifact: "ci/assay.toml"}))
	for i, res := range d.Runs[0].Results {
		if res.Locations[0].PhysicalLocation == nil {
			t.Errorf("result %d: no physical location with Options.Artifact", i)
		}
	}
}

func TestSARIFUnknownRuleGetsADescriptor(t *testing.T) {
	f := &model.Findings{Kind: model.FindingsKind, Findings: []model.Finding{
		{ID: "ZZZ-999", Category: "capability", Severity: "high", Title: "From a future version", Fingerprint: "f"},
	}}
	d := decodeSARIF(t, render(t, "sarif", f, nil))
	res := d.Runs[0].Results[0]
	if d.Runs[0].Tool.Driver.Rules[res.RuleIndex].ID != "ZZZ-999" {
		t.Errorf("unknown rule not described: index %d", res.RuleIndex)
	}
}

func TestSeverityScales(t *testing.T) {
	// GitHub bands: critical > 9.0, high 7.0-8.9, medium 4.0-6.9, low 0.1-3.9.
	cases := map[string]struct{ score, level string }{
		"critical": {"9.5", "error"}, "high": {"8.0", "error"}, "medium": {"5.5", "warning"},
		"low": {"3.0", "note"}, "info": {"0.0", "note"}, "bogus": {"5.5", "warning"},
	}
	for sev, want := range cases {
		if got := SecuritySeverity(sev); got != want.score {
			t.Errorf("SecuritySeverity(%s) = %s, want %s", sev, got, want.score)
		}
		if got := SARIFLevel(sev); got != want.level {
			t.Errorf("SARIFLevel(%s) = %s, want %s", sev, got, want.level)
		}
	}
}

func TestFileURI(t *testing.T) {
	cases := map[string]string{
		".cursor/mcp.json":      ".cursor/mcp.json",
		"~/.cursor/mcp.json":    "~/.cursor/mcp.json",
		".cursor/mcp file.json": ".cursor/mcp%20file.json",
		`dir\sub\mcp.json`:      "dir/sub/mcp.json",
		"C:/x.json":             "C%3A/x.json",
		"a#b?c":                 "a%23b%3Fc",
	}
	for in, want := range cases {
		if got := fileURI(in); got != want {
			t.Errorf("fileURI(%q) = %q, want %q", in, got, want)
		}
	}
}
