package cost

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// tool builds a tool definition with a description.
func tool(name, desc string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"name": name, "description": desc, "inputSchema": map[string]any{"type": "object"}})
	return b
}

// counted is a server with recorded exact counts: sizes[i] tokens for tool
// i, so each test sets the numbers it needs.
func counted(id string, sizes []int, instructions int) model.Server {
	s := model.Server{Name: id, Identity: id, Transport: "stdio", Source: "live",
		Tokens: &model.ServerTokens{Encoding: "o200k_base", Tools: map[string]int{}, Instructions: instructions}}
	for i, n := range sizes {
		name := fmt.Sprintf("t%02d", i)
		s.Tools = append(s.Tools, tool(name, "Does thing "+name+"."))
		s.Tokens.Tools[name] = n
		s.Tokens.ToolsSum += n
		s.Tokens.ToolsList += n
	}
	return s
}

// run analyses b the way report/analyze does for the cost pass.
func run(b *model.Bundle, opts *Options) *model.Findings {
	f := &model.Findings{Servers: make([]model.ServerReport, len(b.Servers))}
	for i, s := range b.Servers {
		r := model.ServerReport{Name: s.Name, Identity: s.Identity, Tokens: s.Tokens, Tools: make([]model.ToolReport, len(s.Tools))}
		for j, raw := range s.Tools {
			r.Tools[j].Name = canon.ToolName(raw)
			if s.Tokens != nil {
				r.Tools[j].Tokens = s.Tokens.Tools[r.Tools[j].Name]
			}
		}
		f.Servers[i] = r
	}
	Apply(b, f, opts)
	return f
}

func ids(f *model.Findings, id string) []model.Finding {
	var out []model.Finding
	for _, fd := range f.Findings {
		if fd.ID == id {
			out = append(out, fd)
		}
	}
	return out
}

func TestTotalsAndContexts(t *testing.T) {
	b := &model.Bundle{
		Servers: []model.Server{counted("a", []int{100, 200}, 50), counted("b", []int{1000}, 0), counted("c", []int{7}, 0)},
		Contexts: []model.Context{
			{ID: "cursor", Servers: []model.ContextServer{
				{Identity: "a", Enabled: true}, {Identity: "b", Enabled: true},
				{Identity: "a", Enabled: true}, // listed twice: counted once
				{Identity: "c", Enabled: false},
				{Identity: "missing", Enabled: true},
			}},
			{ID: "claude@app", Servers: []model.ContextServer{
				{Identity: "b", Enabled: true, ShadowedBy: "project"}, {Identity: "c", Enabled: true},
			}},
		},
	}
	f := run(b, &Options{Window: 1000, PricePerMTok: 3})
	s := f.Summary.Tokens
	if s.Total != 350+1000+7 || s.Encoding != "o200k_base" || s.Window != 1000 || s.Estimated || s.Basis != Basis {
		t.Errorf("summary = %+v", s)
	}
	want := []model.ContextTokens{
		{ID: "claude@app", Tokens: 7, Servers: 1, Share: 0.007, CostPerRequest: 0.000021},
		{ID: "cursor", Tokens: 1350, Servers: 2, Share: 1.35, CostPerRequest: 0.00405},
	}
	if !reflect.DeepEqual(s.PerContext, want) {
		t.Errorf("PerContext = %+v\nwant %+v", s.PerContext, want)
	}
	if !reflect.DeepEqual(s.Contexts, map[string]int{"claude@app": 7, "cursor": 1350}) {
		t.Errorf("Contexts = %v", s.Contexts)
	}
}

func TestNoContextsIsAll(t *testing.T) {
	b := &model.Bundle{Servers: []model.Server{counted("a", []int{10}, 5), counted("b", []int{20}, 0)}}
	f := run(b, nil)
	s := f.Summary.Tokens
	if len(s.PerContext) != 1 || s.PerContext[0].ID != AllContext || s.PerContext[0].Tokens != 35 || s.PerContext[0].Servers != 2 {
		t.Errorf("PerContext = %+v", s.PerContext)
	}
	if s.Window != DefaultWindow || s.PricePerMTok != 0 || s.PerContext[0].CostPerRequest != 0 {
		t.Errorf("defaults: window %d, price %v, cost %v; no price must mean no cost", s.Window, s.PricePerMTok, s.PerContext[0].CostPerRequest)
	}
}

func TestEstimateWhenNoCounts(t *testing.T) {
	ins := "Be brief."
	s := model.Server{Name: "x", Identity: "x", Instructions: &ins,
		Tools: []json.RawMessage{tool("search", "Search the web <fast> & well."), tool("fetch", "Fetch one page. 日本語")}}
	b := &model.Bundle{Servers: []model.Server{s}}
	before, _ := json.Marshal(b)
	f := run(b, &Options{Encoding: "cl100k_base"})
	after, _ := json.Marshal(b)
	if string(before) != string(after) {
		t.Fatal("Apply mutated the bundle")
	}
	tk := f.Servers[0].Tokens
	if tk == nil || !tk.Estimated || tk.Encoding != "cl100k_base" {
		t.Fatalf("server tokens = %+v, want an estimate in cl100k_base", tk)
	}
	search := EstimateText(`{"description":"Search the web <fast> & well.","inputSchema":{"type":"object"},"name":"search"}`, "cl100k_base")
	fetch := EstimateText(`{"description":"Fetch one page. 日本語","inputSchema":{"type":"object"},"name":"fetch"}`, "cl100k_base")
	if f.Servers[0].Tools[0].Tokens != search || f.Servers[0].Tools[1].Tokens != fetch || tk.ToolsSum != search+fetch {
		t.Errorf("tool estimates %d, %d (sum %d); want %d, %d", f.Servers[0].Tools[0].Tokens, f.Servers[0].Tools[1].Tokens, tk.ToolsSum, search, fetch)
	}
	sum := f.Summary.Tokens
	if !sum.Estimated || !sum.PerContext[0].Estimated || sum.Total != search+fetch+EstimateText(ins, "cl100k_base") {
		t.Errorf("summary = %+v", sum)
	}
}

func TestEstimateText(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"a", 1},                            // never zero for text
		{strings.Repeat("abcd", 1000), 902}, // 4000 / 4.4338 = 902.2
		{"日本語テキスト", 7},                      // one per non-ASCII code point
		{"ab 😀", 2},                         // 3 ASCII round to 1, plus the emoji
	}
	for _, c := range cases {
		if got := EstimateText(c.in, "o200k_base"); got != c.want {
			t.Errorf("EstimateText(%.20q) = %d, want %d", c.in, got, c.want)
		}
	}
	if EstimateText(strings.Repeat("x", 4611), "cl100k_base") != 1000 {
		t.Error("cl100k_base ratio not used")
	}
	if EstimateText("hello world", "unknown") != EstimateText("hello world", "o200k_base") {
		t.Error("unknown encoding should fall back to o200k_base")
	}
}

// Each rule has positive and negative samples.
func TestRules(t *testing.T) {
	rep := "All operations require a valid API key configured in the environment."
	same := func(n int) []json.RawMessage {
		var out []json.RawMessage
		for i := 0; i < n; i++ {
			out = append(out, tool(fmt.Sprintf("op%d", i), fmt.Sprintf("Operation number %d. %s", i, rep)))
		}
		return out
	}
	cases := []struct {
		name     string
		rule     string
		bundle   *model.Bundle
		opts     *Options
		severity []string // one per expected finding, in order
	}{
		{"window 9.5% none", "COST-001", &model.Bundle{Servers: []model.Server{counted("a", []int{19000}, 0)}}, nil, nil},
		{"window 12.5% low", "COST-001", &model.Bundle{Servers: []model.Server{counted("a", []int{25000}, 0)}}, nil, []string{"low"}},
		{"window 30% medium", "COST-001", &model.Bundle{Servers: []model.Server{counted("a", []int{1000}, 59000)}}, nil, []string{"medium"}},
		{"window 55% high", "COST-001", &model.Bundle{Servers: []model.Server{counted("a", []int{100000}, 10000)}}, nil, []string{"high"}},
		{"window small window", "COST-001", &model.Bundle{Servers: []model.Server{counted("a", []int{1000}, 0)}}, &Options{Window: 8000}, []string{"low"}},

		{"concentrated", "COST-002", &model.Bundle{Servers: []model.Server{counted("a", []int{5000, 100, 100, 100, 100, 100, 100, 100, 100, 100}, 0)}}, nil, []string{"info"}},
		{"even", "COST-002", &model.Bundle{Servers: []model.Server{counted("a", []int{100, 100, 100, 100, 100, 100, 100, 100, 100, 100}, 0)}}, nil, nil},
		{"too few tools", "COST-002", &model.Bundle{Servers: []model.Server{counted("a", []int{5000, 10, 10, 10}, 0)}}, nil, nil},
		{"half needs four", "COST-002", &model.Bundle{Servers: []model.Server{counted("a", append([]int{150, 150, 150, 150, 150, 150, 150, 150}, make([]int, 20)...), 0)}}, nil, nil},

		{"big tool", "COST-003", &model.Bundle{Servers: []model.Server{counted("a", []int{2500, 10}, 0)}}, nil, []string{"low"}},
		{"huge tool", "COST-003", &model.Bundle{Servers: []model.Server{counted("a", []int{10001}, 0)}}, nil, []string{"medium"}},
		{"at threshold", "COST-003", &model.Bundle{Servers: []model.Server{counted("a", []int{2000}, 0)}}, nil, nil},
		{"lower threshold", "COST-003", &model.Bundle{Servers: []model.Server{counted("a", []int{600, 400}, 0)}}, &Options{ToolThreshold: 500}, []string{"low"}},

		{"boilerplate in 4", "COST-004", &model.Bundle{Servers: []model.Server{{Identity: "a", Tools: same(4)}}}, nil, []string{"info"}},
		{"boilerplate in 2", "COST-004", &model.Bundle{Servers: []model.Server{{Identity: "a", Tools: same(2)}}}, nil, nil},
		{"boilerplate in 2, RepeatMin 2", "COST-004", &model.Bundle{Servers: []model.Server{{Identity: "a", Tools: same(2)}}}, &Options{RepeatMin: 2}, nil}, // saving 15 < 25
		{"boilerplate in 40", "COST-004", &model.Bundle{Servers: []model.Server{{Identity: "a", Tools: same(40)}}}, nil, []string{"low"}},
		{"short repeat", "COST-004", &model.Bundle{Servers: []model.Server{{Identity: "a", Tools: []json.RawMessage{
			tool("a", "Required. Reads a."), tool("b", "Required. Reads b."), tool("c", "Required. Reads c.")}}}}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.rule+"/"+c.name, func(t *testing.T) {
			got := ids(run(c.bundle, c.opts), c.rule)
			var sev []string
			for _, fd := range got {
				sev = append(sev, fd.Severity)
				if fd.Category != model.CatCost || fd.Evidence == "" || fd.Title == "" || fd.Remediation == "" {
					t.Errorf("incomplete finding %+v", fd)
				}
			}
			if !reflect.DeepEqual(sev, c.severity) {
				t.Errorf("severities %v, want %v; findings %+v", sev, c.severity, got)
			}
		})
	}
}

func TestFindingIdentity(t *testing.T) {
	b := &model.Bundle{Servers: []model.Server{counted("srv", []int{30000, 10, 10, 10, 10}, 0)}}
	f := run(b, nil)
	big := ids(f, "COST-003")
	if len(big) != 1 || big[0].Server != "srv" || big[0].Tool != "t00" || big[0].Element != "tool:t00" {
		t.Errorf("COST-003 = %+v", big)
	}
	win := ids(f, "COST-001")
	if len(win) != 1 || win[0].Context != AllContext || win[0].Server != "" {
		t.Errorf("COST-001 = %+v", win)
	}
	if c := ids(f, "COST-002"); len(c) != 1 || !strings.Contains(c[0].Evidence, "t00 (30,000)") {
		t.Errorf("COST-002 = %+v", c)
	}
}

func TestBoilerplateEvidence(t *testing.T) {
	rep := "Use\u202e this tool only after calling the authentication tool first."
	var tools []json.RawMessage
	for _, n := range []string{"e", "d", "c", "b", "a"} {
		tools = append(tools, tool(n, "Does "+n+" things.\n\n"+rep))
	}
	f := run(&model.Bundle{Servers: []model.Server{{Identity: "s", Tools: tools}}}, nil)
	got := ids(f, "COST-004")
	if len(got) != 1 {
		t.Fatalf("COST-004 = %+v", got)
	}
	fd := got[0]
	if fd.Element != "tool:a/description" || !strings.HasPrefix(fd.Item, "boilerplate:") {
		t.Errorf("identity: element %q item %q", fd.Element, fd.Item)
	}
	if strings.ContainsRune(fd.Evidence, '\u202e') || !strings.Contains(fd.Evidence, `\u202e`) {
		t.Errorf("bidi override not escaped in evidence: %q", fd.Evidence)
	}
	if !strings.Contains(fd.Evidence, "in 5 tool descriptions (a, b, c, d, and 1 more)") {
		t.Errorf("evidence = %q", fd.Evidence)
	}
}

func TestSentences(t *testing.T) {
	got := sentences("First sentence is long enough to count.  Second   one is also long enough!\n- A bulleted line that is long enough\nshort. v1.2 is a version number, not an end.")
	want := []string{
		"First sentence is long enough to count.",
		"Second one is also long enough!",
		"A bulleted line that is long enough",
		"v1.2 is a version number, not an end.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sentences = %q\nwant %q", got, want)
	}
}

func TestDeterministic(t *testing.T) {
	mk := func() *model.Bundle {
		var tools []json.RawMessage
		for i := 0; i < 12; i++ {
			tools = append(tools, tool(fmt.Sprintf("t%d", i), "Alpha sentence that repeats across every tool here. Beta sentence that also repeats in every one."))
		}
		return &model.Bundle{Servers: []model.Server{{Identity: "s", Tools: tools}, counted("b", []int{45000, 1, 1, 1, 1}, 0)},
			Contexts: []model.Context{{ID: "z", Servers: []model.ContextServer{{Identity: "b", Enabled: true}}}, {ID: "a", Servers: []model.ContextServer{{Identity: "s", Enabled: true}, {Identity: "b", Enabled: true}}}}}
	}
	first, _ := json.Marshal(run(mk(), nil))
	for i := 0; i < 5; i++ {
		again, _ := json.Marshal(run(mk(), nil))
		if string(again) != string(first) {
			t.Fatalf("run %d differs:\n%s\n%s", i, first, again)
		}
	}
}
