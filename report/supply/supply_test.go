package supply

import (
	"os"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func TestBuiltinParses(t *testing.T) {
	recs := Builtin()
	if len(recs) < 6 {
		t.Fatalf("%d built-in records, want at least 6", len(recs))
	}
	for _, r := range recs {
		if r.URL() == "" || len(r.Aliases) == 0 || len(r.Affected) == 0 || r.Summary == "" {
			t.Errorf("%s: needs a reference URL, an alias, an affected package and a summary", r.ID)
		}
	}
}

// TestBuiltinMatches: each advisory the issue names matches its last
// affected version and not its first fixed one.
func TestBuiltinMatches(t *testing.T) {
	cases := []struct {
		eco, name, version string
		want               []string
	}{
		{"npm", "mcp-remote", "0.1.15", []string{"GHSA-6xpm-ggf7-wc3p"}},
		{"npm", "mcp-remote", "0.1.16", nil},
		{"npm", "mcp-remote", "0.0.4", nil},
		{"npm", "mcp-remote", "0.0.5", []string{"GHSA-6xpm-ggf7-wc3p"}},
		{"npm", "@modelcontextprotocol/inspector", "0.14.0", []string{"GHSA-7f8r-222p-6f5g"}},
		{"npm", "@modelcontextprotocol/inspector", "0.14.1", nil},
		{"PyPI", "mcp-server-git", "2025.7.1", []string{"GHSA-5cgr-j3jf-jw3v", "GHSA-9xwc-hfwc-8w59", "GHSA-j22h-9j4x-23w5", "GHSA-vjqx-cfc4-9h6v"}},
		{"PyPI", "mcp-server-git", "2025.9.25", []string{"GHSA-9xwc-hfwc-8w59", "GHSA-j22h-9j4x-23w5", "GHSA-vjqx-cfc4-9h6v"}},
		{"PyPI", "mcp-server-git", "2025.12.18", []string{"GHSA-vjqx-cfc4-9h6v"}},
		{"PyPI", "MCP_Server.Git", "2026.1.14", nil},
		{"PyPI", "mcp_server_git", "2025.12.17", []string{"GHSA-9xwc-hfwc-8w59", "GHSA-j22h-9j4x-23w5", "GHSA-vjqx-cfc4-9h6v"}},
		{"npm", "mcp-server-git", "2025.7.1", nil},
	}
	for _, c := range cases {
		var got []string
		for _, r := range Builtin() {
			if ok, _ := r.Affects(c.eco, c.name, c.version); ok {
				got = append(got, r.ID)
			}
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s %s@%s: %v, want %v", c.eco, c.name, c.version, got, c.want)
		}
	}
}

// TestRangeEvents: the OSV evaluation rules, one event kind at a time.
func TestRangeEvents(t *testing.T) {
	rec := func(eco string, rg ...Range) Record {
		return Record{ID: "X", Affected: []Affected{{Package: Package{Ecosystem: eco, Name: "p"}, Ranges: rg}}}
	}
	ev := func(kind, v string) Event {
		switch kind {
		case "i":
			return Event{Introduced: v}
		case "f":
			return Event{Fixed: v}
		case "l":
			return Event{LastAffected: v}
		}
		return Event{Limit: v}
	}
	cases := []struct {
		name    string
		r       Record
		version string
		want    bool
	}{
		{"introduced 0 fixed", rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "0"), ev("f", "1.2.0")}}), "1.1.9", true},
		{"fixed is not affected", rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "0"), ev("f", "1.2.0")}}), "1.2.0", false},
		{"prerelease of fixed is affected", rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "0"), ev("f", "1.2.0")}}), "1.2.0-rc.1", true},
		{"last_affected inclusive", rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "1.0.0"), ev("l", "1.4.2")}}), "1.4.2", true},
		{"after last_affected", rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "1.0.0"), ev("l", "1.4.2")}}), "1.4.3", false},
		{"before introduced", rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "1.0.0"), ev("f", "2.0.0")}}), "0.9.0", false},
		{"two windows, second", rec("npm", Range{Type: "ECOSYSTEM", Events: []Event{ev("i", "1.0.0"), ev("f", "1.1.0"), ev("i", "2.0.0"), ev("f", "2.0.3")}}), "2.0.1", true},
		{"two windows, gap", rec("npm", Range{Type: "ECOSYSTEM", Events: []Event{ev("i", "1.0.0"), ev("f", "1.1.0"), ev("i", "2.0.0"), ev("f", "2.0.3")}}), "1.5.0", false},
		{"events out of order", rec("npm", Range{Type: "ECOSYSTEM", Events: []Event{ev("f", "1.1.0"), ev("i", "1.0.0")}}), "1.0.5", true},
		{"limit bounds", rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "0"), ev("lim", "3.0.0")}}), "3.1.0", false},
		{"pep440 calendar order", rec("PyPI", Range{Type: "ECOSYSTEM", Events: []Event{ev("i", "0"), ev("f", "2025.12.18")}}), "2025.9.25", true},
		{"pep440 post release", rec("PyPI", Range{Type: "ECOSYSTEM", Events: []Event{ev("i", "0"), ev("f", "1.0.post1")}}), "1.0", true},
		{"pep440 rc below final", rec("PyPI", Range{Type: "ECOSYSTEM", Events: []Event{ev("i", "0"), ev("f", "2.0")}}), "2.0rc1", true},
		{"unparsable version", rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "0"), ev("f", "1.0.0")}}), "latest", false},
		{"git range ignored", rec("npm", Range{Type: "GIT", Events: []Event{ev("i", "0"), ev("f", "abc")}}), "0.1.0", false},
		{"versions list", Record{ID: "X", Affected: []Affected{{Package: Package{Ecosystem: "npm", Name: "p"}, Versions: []string{"1.0.1"}}}}, "1.0.1", true},
	}
	for _, c := range cases {
		if got, _ := c.r.Affects(c.r.Affected[0].Package.Ecosystem, "p", c.version); got != c.want {
			t.Errorf("%s: Affects(%s) = %v, want %v", c.name, c.version, got, c.want)
		}
	}
	withdrawn := rec("npm", Range{Type: "SEMVER", Events: []Event{ev("i", "0")}})
	withdrawn.Withdrawn = "2025-01-01T00:00:00Z"
	if ok, _ := withdrawn.Affects("npm", "p", "1.0.0"); ok {
		t.Error("a withdrawn record matched")
	}
}

// TestOSVExport: a user's osv.dev export matches by range.
func TestOSVExport(t *testing.T) {
	data, err := os.ReadFile("testdata/osv-query-inspector.json")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := Parse(data, "osv-query-inspector.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].ID != "GHSA-g9hg-qhmf-q45m" {
		t.Fatalf("parsed %+v", recs)
	}
	for v, want := range map[string]bool{"0.16.5": true, "0.14.1": true, "0.16.6": false, "1.0.0": false} {
		ok, fixed := recs[0].Affects("npm", "@modelcontextprotocol/inspector", v)
		if ok != want {
			t.Errorf("%s: %v, want %v", v, ok, want)
		}
		if ok && fixed != "0.16.6" {
			t.Errorf("%s: fixed %q", v, fixed)
		}
	}
}

func TestParseShapesAndErrors(t *testing.T) {
	one := `{"id":"A","affected":[{"package":{"ecosystem":"npm","name":"p"},"ranges":[{"type":"SEMVER","events":[{"introduced":"0"}]}]}]}`
	for _, doc := range []string{one, "[" + one + "]", `{"vulns":[` + one + `]}`, "\ufeff" + one} {
		if recs, err := Parse([]byte(doc), "f"); err != nil || len(recs) != 1 {
			t.Errorf("Parse(%.30q) = %d records, %v", doc, len(recs), err)
		}
	}
	bad := map[string]string{
		``:                                       "empty",
		`nope`:                                   "not JSON",
		`{"name":"x"}`:                           "not an OSV record",
		`[{"affected":[]}]`:                      "missing \"id\"",
		`{"id":"A","affected":[{"package":{}}]}`: "needs \"ecosystem\"",
		`{"id":"A","affected":[{"package":{"ecosystem":"npm","name":"p"},"ranges":[{"type":"RANGE","events":[{"introduced":"0"}]}]}]}`:              "unknown type",
		`{"id":"A","affected":[{"package":{"ecosystem":"npm","name":"p"},"ranges":[{"type":"SEMVER","events":[{"introduced":"0","fixed":"1"}]}]}]}`: "exactly one",
		`{"id":`: "invalid JSON",
	}
	for doc, want := range bad {
		_, err := Parse([]byte(doc), "f")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) error %v, want it to say %q", doc, err, want)
		}
	}
}

// TestSquatRules runs every rule's samples.
func TestSquatRules(t *testing.T) {
	for _, r := range squatRules() {
		for _, s := range r.True {
			if _, ok := r.Check(s[0], s[1]); !ok {
				t.Errorf("%s: %s vs %s should fire", r.ID, s[0], s[1])
			}
		}
		for _, s := range r.False {
			if why, ok := r.Check(s[0], s[1]); ok {
				t.Errorf("%s: %s vs %s fired: %s", r.ID, s[0], s[1], why)
			}
		}
	}
}

// TestWellKnownNamesAreNotSquats: no well-known name flags as an
// imitation of another, and common unrelated names stay quiet.
func TestWellKnownNamesAreNotSquats(t *testing.T) {
	for eco, names := range wellKnown() {
		for _, n := range names {
			if why, ok := Typosquat(eco, n); ok {
				t.Errorf("%s %s flagged: %s", eco, n, why)
			}
		}
	}
	for _, c := range [][2]string{{"npm", "@acme/weather-mcp"}, {"npm", "tsx"}, {"pypi", "gcp"}, {"pypi", "mcp_server_fetch"}, {"npm", "mcp-server-kubernetes"}} {
		if why, ok := Typosquat(c[0], c[1]); ok {
			t.Errorf("%s %s flagged: %s", c[0], c[1], why)
		}
	}
	for _, c := range [][2]string{{"npm", "@modelcontextprotocol/server-filesytem"}, {"npm", "@modelcontext-protocol/server-memory"}, {"pypi", "mcp-server-fecth"}, {"npm", "mcp-remotee"}} {
		if _, ok := Typosquat(c[0], c[1]); !ok {
			t.Errorf("%s %s not flagged", c[0], c[1])
		}
	}
}

// TestApplyDocker: an image tag matches a user's record in a "Docker"
// ecosystem; a digest pin names no version and matches nothing.
func TestApplyDocker(t *testing.T) {
	rec := Record{ID: "LOCAL-1", Summary: "s", Affected: []Affected{{Package: Package{Ecosystem: "Docker", Name: "mcp/fetch"},
		Ranges: []Range{{Type: "ECOSYSTEM", Events: []Event{{Introduced: "0"}, {Fixed: "1.2.0"}}}}}}}
	bundle := func(version string) *model.Bundle {
		return &model.Bundle{Servers: []model.Server{{Identity: "f", Config: &model.ServerConfig{File: "~/.cursor/mcp.json", Line: 3,
			Package: &model.PackageRef{Ecosystem: "docker", Name: "mcp/fetch", Version: version, Source: "registry", Pinned: true, Location: "args[3]"}}}}}
	}
	for version, want := range map[string]int{"1.1.0": 1, "1.2.0": 0, "sha256:0123": 0} {
		f := &model.Findings{}
		Apply(bundle(version), f, &Options{Advisories: []Record{rec}, NoBuiltin: true})
		if len(f.Findings) != want {
			t.Errorf("mcp/fetch:%s: %d findings, want %d", version, len(f.Findings), want)
		}
		if want == 1 && (f.Findings[0].File != "~/.cursor/mcp.json" || f.Findings[0].Line != 3 || f.Findings[0].Element != "config:args[3]") {
			t.Errorf("finding %+v", f.Findings[0])
		}
	}
}
