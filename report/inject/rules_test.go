package inject

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// TestRuleSamples runs each named rule's positive and negative sample:
// the positive must produce a finding whose evidence names the rule, the
// negative must produce none.
func TestRuleSamples(t *testing.T) {
	var doc struct {
		Rules []struct {
			Rule   string `json:"rule"`
			PosB64 string `json:"pos_b64"`
			Neg    string `json:"neg"`
			Where  string `json:"where"`
		} `json:"rules"`
	}
	readJSON(t, "rule_samples.json", &doc)
	if len(doc.Rules) == 0 {
		t.Fatal("no rule samples")
	}
	for _, r := range doc.Rules {
		t.Run(r.Rule, func(t *testing.T) {
			raw, err := base64.StdEncoding.DecodeString(r.PosB64)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			var got []string
			where := r.Where
			if where == "" {
				where = "description"
			}
			for _, f := range ScanServer(withSiblings(serverWith(where, string(raw))), nil) {
				got = append(got, f.ID+" "+f.Evidence)
				if strings.HasPrefix(f.Evidence, r.Rule+":") {
					found = true
				}
			}
			if !found {
				t.Errorf("positive sample: rule %s did not fire; got %q", r.Rule, got)
			}
			s := withSiblings(serverWith(where, r.Neg))
			if fs := ScanServer(s, nil); len(fs) > 0 {
				t.Errorf("negative sample fired: %s %s", fs[0].ID, fs[0].Evidence)
			}
		})
	}
}

// withSiblings adds tools the negative samples name as the server's own.
func withSiblings(s *model.Server) *model.Server {
	for _, n := range []string{"list_files", "get_file", "send_email"} {
		s.Tools = append(s.Tools, toolJSON(n, []string{"x"}, "", "A sibling tool."))
	}
	return s
}
