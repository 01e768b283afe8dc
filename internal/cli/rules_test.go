package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/catalog"
)

func runAssay(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := RunWith(context.Background(), args, strings.NewReader(""), &out, &errb, nil)
	return code, out.String(), errb.String()
}

func TestRulesTableListsCatalogue(t *testing.T) {
	code, out, errs := runAssay(t, "rules")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	all := catalog.All()
	if len(all) == 0 {
		t.Fatal("empty catalogue")
	}
	for _, r := range all {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(r.ID) + `\s+` + r.Category + `\s+` + r.Severity + `\s`).MatchString(out) {
			t.Errorf("rule %s missing from the table", r.ID)
		}
	}
	if !strings.Contains(out, "\n"+itoa(len(all))+" rules (ruleset "+catalog.Ruleset+")") {
		t.Errorf("no count line for %d rules:\n%s", len(all), out[max(0, len(out)-200):])
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestRulesJSON(t *testing.T) {
	code, out, errs := runAssay(t, "rules", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc rulesDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Kind != "assay.rules/v1" || doc.Ruleset != catalog.Ruleset || len(doc.Rules) != len(catalog.All()) {
		t.Fatalf("kind %q ruleset %q rules %d", doc.Kind, doc.Ruleset, len(doc.Rules))
	}
	idRe := regexp.MustCompile(`^(CAP|CHAIN|INJ|AUTH|HYG|COST|DRIFT|COL)-[0-9]{3}$`)
	seen := map[string]bool{}
	for _, r := range doc.Rules {
		if !idRe.MatchString(r.ID) || seen[r.ID] {
			t.Errorf("bad or duplicate id %q", r.ID)
		}
		seen[r.ID] = true
		if catalog.Prefixes[r.Category]+"-" != r.ID[:strings.Index(r.ID, "-")+1] {
			t.Errorf("%s: prefix does not match category %s", r.ID, r.Category)
		}
		if r.Title == "" || r.Help == "" || r.Remediation == "" || r.Severity == "" {
			t.Errorf("%s: title, help, remediation and severity are all required", r.ID)
		}
	}
}

func TestRulesDetailsAndErrors(t *testing.T) {
	id := catalog.All()[0]
	code, out, _ := runAssay(t, "rules", strings.ToLower(id.ID))
	if code != 0 || !strings.Contains(out, id.Help) || !strings.Contains(out, "Remediation: "+id.Remediation) {
		t.Errorf("rules %s: exit %d, output:\n%s", id.ID, code, out)
	}
	code, out, _ = runAssay(t, "rules", "--category", "injection")
	if code != 0 {
		t.Fatalf("--category injection: exit %d", code)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		if l != "" && !strings.HasPrefix(l, "INJ-") && !strings.Contains(l, "rules (ruleset") {
			t.Errorf("non-injection row %q", l)
		}
	}
	for _, args := range [][]string{{"rules", "NOPE-001"}, {"rules", "--format", "xml"}, {"rules", "--category", "misc"}} {
		if code, _, _ := runAssay(t, args...); code != ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, ExitUsage)
		}
	}
}
