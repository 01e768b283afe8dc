package classify

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/assay-mcp/assay/report/model"
)

// regression pins the classification of real tools whose answer is not in
// doubt. server is a capture file name without ".json"; a trailing "*"
// matches every version of the package.
var regression = []struct {
	server, tool string
	effects      []string // any of
	tier         string
	has, hasNot  []string
	why          string
}{
	{"modelcontextprotocol__server-filesystem@*", "read_file", []string{"read"}, "", []string{"read_sensitive"}, []string{"write", "egress", "destructive"}, "reads a local file"},
	{"modelcontextprotocol__server-filesystem@2026.8.31", "write_file", []string{"irreversible"}, "R5", []string{"write", "destructive"}, nil, "path + content with no concurrency token: may overwrite"},
	{"modelcontextprotocol__server-filesystem@2026.8.31", "edit_file", []string{"irreversible"}, "R5", []string{"write"}, nil, "path + edits, unguarded"},
	{"modelcontextprotocol__server-filesystem@2026.8.31", "move_file", []string{"irreversible"}, "R5", []string{"write"}, []string{"egress"}, "caller-chosen destination"},
	{"modelcontextprotocol__server-filesystem@*", "write_file", []string{"write", "irreversible"}, "", []string{"write"}, []string{"egress"}, "writes (older captures lack the schema)"},
	{"modelcontextprotocol__server-filesystem@*", "move_file", []string{"write", "irreversible"}, "", []string{"write"}, []string{"egress"}, "moves"},
	{"agent-infra__mcp-server-filesystem@*", "write_file", []string{"irreversible"}, "R5", []string{"write"}, nil, "path + content"},
	{"playwright__mcp@*", "browser_evaluate", []string{"irreversible"}, "R5", []string{"code_exec"}, nil, "evaluates JavaScript in the page"},
	{"playwright__mcp@0.0.83", "browser_run_code_unsafe", []string{"irreversible"}, "R5", []string{"code_exec"}, nil, "runs Playwright code"},
	{"playwright__mcp@*", "browser_run_code", []string{"irreversible"}, "R5", []string{"code_exec"}, nil, "runs Playwright code"},
	{"playwright__mcp@*", "browser_navigate", []string{"external"}, "", []string{"egress", "ingests_untrusted"}, nil, "goes to a caller URL"},
	{"modelcontextprotocol__server-puppeteer@*", "puppeteer_evaluate", []string{"irreversible"}, "R5", []string{"code_exec"}, nil, "script param"},
	{"modelcontextprotocol__server-memory@*", "create_relations", []string{"write"}, "R3", []string{"write"}, []string{"egress"}, "from/to is a graph edge"},
	{"modelcontextprotocol__server-memory@*", "delete_entities", []string{"irreversible"}, "", []string{"destructive"}, nil, "deletes"},
	{"modelcontextprotocol__server-memory@*", "read_graph", []string{"read"}, "R0", nil, []string{"write", "egress"}, "reads, no parameters"},
	{"modelcontextprotocol__server-github@*", "create_or_update_file", []string{"external"}, "R4", []string{"write", "egress"}, []string{"destructive"}, "sha guards the content write; the file is a record of GitHub, a third party (ladder: R4 external)"},
	{"modelcontextprotocol__server-github@*", "get_file_contents", []string{"read"}, "", nil, []string{"write", "egress"}, "reads"},
	{"modelcontextprotocol__server-github@*", "search_repositories", []string{"read"}, "", nil, []string{"code_exec", "write"}, "search query is not code"},
	{"modelcontextprotocol__server-everything@*", "echo", []string{"read"}, "", nil, []string{"write", "egress"}, "echoes"},
	{"modelcontextprotocol__server-everything@*", "add", []string{"read"}, "", nil, []string{"write"}, "adds two numbers"},
	{"modelcontextprotocol__server-everything@*", "get-sum", []string{"read"}, "", nil, []string{"write"}, "sums"},
	{"modelcontextprotocol__server-everything@*", "printEnv", []string{"read"}, "R2", []string{"read_sensitive"}, []string{"write"}, "prints environment variables"},
	{"modelcontextprotocol__server-everything@*", "get-env", []string{"read"}, "R2", []string{"read_sensitive"}, []string{"write"}, "returns environment variables"},
	{"modelcontextprotocol__server-everything@*", "getTinyImage", []string{"read"}, "R0", nil, []string{"write"}, "constant image"},
	{"modelcontextprotocol__server-everything@*", "get-tiny-image", []string{"read"}, "R0", nil, []string{"write"}, "constant image"},
	{"modelcontextprotocol__server-everything@*", "sampleLLM", []string{"read"}, "", nil, []string{"write", "egress"}, "asks the client's model"},
	{"modelcontextprotocol__server-everything@*", "gzip-file-as-resource", []string{"external"}, "", []string{"egress"}, nil, "fetches a caller URL"},
	{"modelcontextprotocol__server-everything@*", "toggle-simulated-logging", []string{"write"}, "", []string{"write"}, nil, "toggles server state"},
	{"wonderwhy-er__desktop-commander@*", "execute_command", []string{"irreversible"}, "R5", []string{"code_exec"}, nil, "runs a shell command"},
	{"wonderwhy-er__desktop-commander@*", "start_process", []string{"irreversible"}, "R5", []string{"code_exec"}, nil, "starts a program"},
	{"modelcontextprotocol__server-slack@*", "slack_post_message", []string{"external"}, "", []string{"egress"}, nil, "posts a message"},
	{"modelcontextprotocol__server-slack@*", "slack_get_channel_history", []string{"read"}, "", []string{"ingests_untrusted"}, []string{"egress"}, "other people's messages"},
	{"modelcontextprotocol__server-brave-search@*", "brave_web_search", []string{"read"}, "", []string{"ingests_untrusted"}, []string{"egress"}, "web results"},
	{"modelcontextprotocol__server-postgres@*", "query", []string{"irreversible"}, "R5", []string{"code_exec"}, nil, "raw SQL"},
	{"mcp-server-kubernetes@*", "kubectl_delete", []string{"irreversible"}, "R5", []string{"destructive"}, nil, "deletes"},
	{"mcp-server-kubernetes@*", "exec_in_pod", []string{"irreversible"}, "R5", []string{"code_exec"}, nil, "runs a command in a pod"},
	{"stripe__mcp@*", "create_refund", []string{"irreversible"}, "R5", nil, nil, "moves money"},
}

func matchServer(pattern, name string) bool {
	if strings.HasSuffix(pattern, "*") {
		return strings.HasPrefix(name, strings.TrimSuffix(pattern, "*"))
	}
	return pattern == name
}

func TestCorpusRegression(t *testing.T) {
	f := corpusFindings(t)
	for _, r := range regression {
		found := 0
		for _, s := range f.Servers {
			if !matchServer(r.server, s.Name) {
				continue
			}
			for _, tr := range s.Tools {
				if tr.Name != r.tool {
					continue
				}
				found++
				where := s.Name + "/" + tr.Name + " (" + r.why + ")"
				ok := false
				for _, e := range r.effects {
					ok = ok || tr.Effect == e
				}
				if !ok {
					t.Errorf("%s: effect %s, want one of %v; evidence %+v", where, tr.Effect, r.effects, tr.Evidence)
				}
				if r.tier != "" && tr.Tier != r.tier {
					t.Errorf("%s: tier %s, want %s; evidence %+v", where, tr.Tier, r.tier, tr.Evidence)
				}
				for _, k := range r.has {
					if !hasKind(tr, k) {
						t.Errorf("%s: kinds %v lack %s", where, tr.Kinds, k)
					}
				}
				for _, k := range r.hasNot {
					if hasKind(tr, k) {
						t.Errorf("%s: kinds %v must not include %s", where, tr.Kinds, k)
					}
				}
			}
		}
		if found == 0 {
			t.Errorf("%s %s: not in the corpus", r.server, r.tool)
		}
	}
	// Sentry 0.39 folds its tools into a dispatcher.
	for _, s := range f.Servers {
		for _, tr := range s.Tools {
			if s.Name == "sentry__mcp-server@0.39.0" && tr.Name == "execute_sentry_tool" && !tr.Router {
				t.Errorf("execute_sentry_tool is not a router")
			}
		}
	}
}

var validEffects = map[string]bool{"read": true, "write": true, "external": true, "irreversible": true, "unknown": true}

// TestCorpusCoverage: every real tool gets an effect, kinds, a tier and
// evidence, and fewer than 5% are unknown outside real routers.
func TestCorpusCoverage(t *testing.T) {
	f := corpusFindings(t)
	total, unknown, routers := 0, 0, 0
	byEffect := map[string]int{}
	for _, s := range f.Servers {
		for _, tr := range s.Tools {
			total++
			if !validEffects[tr.Effect] || !ValidTier(tr.Tier) || tr.Kinds == nil || len(tr.Evidence) == 0 {
				t.Errorf("%s/%s: incomplete classification %+v", s.Name, tr.Name, tr)
			}
			for _, k := range tr.Kinds {
				if !ValidKind(k) {
					t.Errorf("%s/%s: bad kind %q", s.Name, tr.Name, k)
				}
			}
			if !sort.StringsAreSorted(tr.Kinds) {
				t.Errorf("%s/%s: kinds not sorted: %v", s.Name, tr.Name, tr.Kinds)
			}
			byEffect[tr.Effect]++
			if tr.Router {
				routers++
				continue
			}
			if tr.Effect == model.EffectUnknown {
				unknown++
			}
		}
	}
	if total < 1000 {
		t.Fatalf("corpus has only %d tools", total)
	}
	share := float64(unknown) / float64(total-routers)
	t.Logf("tools %d, routers %d, unknown outside routers %d (%.2f%%), by effect %v", total, routers, unknown, 100*share, byEffect)
	if share >= 0.05 {
		t.Errorf("unknown share %.2f%% >= 5%%", 100*share)
	}
}

// TestDeterministic: the same input gives byte-identical output.
func TestDeterministic(t *testing.T) {
	_, a := classifyCorpus(t, nil)
	_, b := classifyCorpus(t, nil)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("two runs differ: %s", cmp.Diff(string(ja), string(jb)))
	}
}

// TestCorpusMeasure logs the figures the issue asks for (share unknown,
// counts per effect and tier, findings per rule).
func TestCorpusMeasure(t *testing.T) {
	f := corpusFindings(t)
	eff, tier, kinds, ids := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	n := 0
	for _, s := range f.Servers {
		for _, tr := range s.Tools {
			n++
			eff[tr.Effect]++
			tier[tr.Tier]++
			for _, k := range tr.Kinds {
				kinds[k]++
			}
		}
	}
	for _, fd := range f.Findings {
		ids[fd.ID]++
	}
	t.Logf("tools=%d effect=%s tier=%s kinds=%s findings=%s", n, fmtMap(eff), fmtMap(tier), fmtMap(kinds), fmtMap(ids))
}

func fmtMap(m map[string]int) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var b strings.Builder
	for _, k := range ks {
		fmt.Fprintf(&b, "%s:%d ", k, m[k])
	}
	return strings.TrimSpace(b.String())
}
