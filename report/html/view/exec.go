package view

import (
	"path"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// group is findings that share one cause: the same rule at the same
// severity, wherever it fired (a duplicated server, one boilerplate
// sentence, the same rule across many tools). One card lists every place.
type group struct {
	ID, Sev, Cat, Title, Remediation string
	Items                            []model.Finding
}

// groups returns fs grouped by cause and ordered by severity (highest
// first), then category in the fixed order, then rule id.
func groups(fs []model.Finding) []*group {
	idx := map[string]*group{}
	var out []*group
	for _, fd := range fs {
		k := fd.ID + "\x00" + fd.Severity + "\x00" + fd.Title
		g := idx[k]
		if g == nil {
			g = &group{ID: fd.ID, Sev: fd.Severity, Cat: fd.Category, Title: fd.Title, Remediation: fd.Remediation}
			idx[k] = g
			out = append(out, g)
		}
		g.Items = append(g.Items, fd)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ra, rb := model.SeverityRank(a.Sev), model.SeverityRank(b.Sev); ra != rb {
			return ra > rb
		}
		if ca, cb := catRank(a.Cat), catRank(b.Cat); ca != cb {
			return ca < cb
		}
		return a.ID < b.ID
	})
	return out
}

func catRank(c string) int {
	for i, k := range categoryOrder {
		if k == c {
			return i
		}
	}
	return len(categoryOrder)
}

// plural is "1 server", "2 servers".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "s") {
		return itoa(n) + " " + word + "es"
	}
	return itoa(n) + " " + word + "s"
}

// where names the places a group occurs, shortest first, at most n.
func where(g *group, names map[string]string, n int) string {
	seen := map[string]bool{}
	var ps []string
	for _, fd := range g.Items {
		p := place(fd, names)
		if p != "" && !seen[p] {
			seen[p] = true
			ps = append(ps, p)
		}
	}
	if len(ps) > n {
		return strings.Join(ps[:n], ", ") + " and " + itoa(len(ps)-n) + " more"
	}
	return strings.Join(ps, ", ")
}

func place(fd model.Finding, names map[string]string) string {
	srv := names[fd.Server]
	if srv == "" {
		srv = fd.Server
	}
	p := line(srv)
	if p == "" && fd.Element != "" {
		return line(readerElement(fd.Element))
	}
	if fd.Tool != "" {
		p += " / " + line(fd.Tool)
	} else if fd.Element != "" && !strings.HasPrefix(fd.Element, "server:tools") {
		p += " (" + line(readerElement(fd.Element)) + ")"
	}
	if p == "" && fd.Context != "" {
		p = "context " + line(fd.Context)
	}
	return strings.TrimSpace(p)
}

// posture is the one-sentence verdict.
func posture(f *model.Findings) (string, string) {
	worst := ""
	for _, s := range sevOrder {
		if f.Summary.BySeverity[s] > 0 {
			worst = s
			break
		}
	}
	acting, tools := 0, 0
	for _, s := range f.Servers {
		for _, t := range s.Tools {
			tools++
			if actsOnWorld(t) {
				acting++
			}
		}
	}
	scope := plural(len(f.Servers), "server") + " with " + plural(tools, "tool")
	verdict := map[string]string{
		model.SevCritical: "Critical risk", model.SevHigh: "High risk", model.SevMedium: "Moderate risk",
		model.SevLow: "Low risk", model.SevInfo: "Low risk", "": "No findings",
	}[worst]
	s := verdict + ": " + scope
	if acting > 0 {
		s += ", of which " + itoa(acting) + " can change or send something"
	}
	if worst != "" {
		n := f.Summary.BySeverity[worst]
		s += "; " + plural(n, worst+"-severity finding") + " need attention first"
	} else {
		s += "; no rule fired"
	}
	return s + ".", worst
}

// execSummary is the one-page verdict: posture, the most important
// findings in plain words (why they matter, what to do), context by
// context, then the pictures.
func execSummary(f *model.Findings, d *Doc) *Node {
	names := serverNames(f)
	verdict, worst := posture(f)
	out := El("div").Attr("data-worst", worst)
	out.Add(El("p", El("strong", T(verdict))).Class("verdict"))
	gs := groups(unsuppressed(f.Findings))
	top := topGroups(gs)
	if len(top) > 0 {
		ol := El("ol").Class("top")
		for _, g := range top {
			li := El("li").Attr("data-sev", g.Sev).Attr("data-id", g.ID)
			li.Add(El("span", T(line(g.Sev))).Class("sev sev-"+sanitizeID(g.Sev)), T(" "), El("strong", T(line(g.Title))).Class("ftitle"))
			w := where(g, names, 3)
			if len(g.Items) > 1 {
				w = plural(len(g.Items), "occurrence") + ": " + w
			}
			li.Add(El("div", T("Where: "+w)).Class("where"))
			if r, ok := catalog.Lookup(g.ID); ok && r.Help != "" {
				li.Add(El("div", T("Why it matters: "+firstSentence(r.Help, 170))).Class("why"))
			}
			if g.Remediation != "" {
				li.Add(El("div", T("What to do: "+firstSentence(g.Remediation, 200))).Class("todo"))
			}
			ol.Add(li)
		}
		out.Add(ElT("h3", "Most important findings"), ol)
		if rest := len(gs) - len(top); rest > 0 {
			out.Add(El("p", T(plural(rest, "further issue")+" in Findings below.")).Class("note"))
		}
	}
	out.Add(contextLines(f, names))
	out.Add(glance(f))
	return out
}

func unsuppressed(fs []model.Finding) []model.Finding {
	var out []model.Finding
	for _, fd := range fs {
		if fd.Suppressed == "" {
			out = append(out, fd)
		}
	}
	return out
}

// topGroups keeps the 3–7 groups a reader must see: every group at
// medium or above up to seven, padded to three with lower ones.
func topGroups(gs []*group) []*group {
	var out []*group
	for _, g := range gs {
		if len(out) >= 7 {
			break
		}
		if model.SeverityRank(g.Sev) >= model.SeverityRank(model.SevMedium) || len(out) < 3 {
			out = append(out, g)
		}
	}
	return out
}

// contextLines says, per context, what its agent can reach.
func contextLines(f *model.Findings, names map[string]string) *Node {
	byID := map[string]model.ServerReport{}
	for _, s := range f.Servers {
		byID[s.Identity] = s
	}
	ul := El("ul").Class("ctxsum")
	add := func(label string, ids []string) {
		tools, acting := 0, 0
		var srv []string
		for _, id := range ids {
			s, ok := byID[id]
			if !ok {
				continue
			}
			srv = append(srv, line(s.Name))
			for _, t := range s.Tools {
				tools++
				if actsOnWorld(t) {
					acting++
				}
			}
		}
		txt := label + ": " + plural(len(srv), "server") + ", " + plural(tools, "tool") + " (" + itoa(acting) + " can act)"
		if len(srv) > 0 {
			txt += " — " + clip(strings.Join(srv, ", "), 160)
		}
		ul.Add(ElT("li", txt))
	}
	if len(f.Contexts) == 0 {
		var ids []string
		for _, s := range f.Servers {
			ids = append(ids, s.Identity)
		}
		add("All servers together", ids)
	}
	for _, c := range f.Contexts {
		var ids []string
		for _, s := range c.Servers {
			if s.Enabled && s.ShadowedBy == "" {
				ids = append(ids, s.Identity)
			}
		}
		label := line(c.Client)
		if c.Root != "" {
			label += " in " + line(c.Root)
		}
		add(label, ids)
	}
	return El("div", ElT("h3", "Context by context"), ul)
}

// endpoint is what to show in the Endpoint column: the package a runner
// fetches, or the script an interpreter runs, rather than "node".
func endpoint(s model.ServerReport) string {
	c := s.Config
	if c != nil && c.Package != nil && c.Package.Name != "" {
		p := c.Package.Name
		if c.Package.Version != "" {
			p += "@" + c.Package.Version
		}
		return p
	}
	if c != nil && interpreters[c.Command] {
		for _, a := range c.Args {
			if a != "" && !strings.HasPrefix(a, "-") {
				return c.Command + " " + path.Base(strings.ReplaceAll(a, "\\", "/"))
			}
		}
	}
	if c != nil && c.URLHost != "" {
		return c.URLHost
	}
	return s.Endpoint
}

var interpreters = map[string]bool{"node": true, "nodejs": true, "python": true, "python3": true, "deno": true, "bun": true, "sh": true, "bash": true, "ruby": true, "java": true, "php": true, "uv": true}

// glossary explains the words the tables use.
func glossary() *Node {
	dl := El("dl").Class("meta glossary")
	for _, kv := range [][2]string{
		{"Effect", "What a tool does to the world: read (only reads), write (changes local state), external (reaches other systems or people), irreversible (cannot be undone), unknown (no signal)."},
		{"Tier", "Risk tier: R0 inert (no side effects, closed input), R1 reads inside the server's own domain, R2 returns private data (files, environment, secrets), R3 creates or changes state, R4 reaches a caller-chosen destination or third parties, R5 deletes, overwrites or executes code."},
		{"Kinds", "code_exec runs code; destructive deletes or overwrites; write changes state; egress sends data out; read_sensitive reads secrets or private data; ingests_untrusted reads content others control."},
		{"Severity", "critical and high: act before the agent is used; medium: fix soon; low and info: hygiene."},
		{"Context", "One client configuration (a client in one project): the servers one agent sees together."},
		{"Exit bits", "1 escalation, 2 model-facing text changed, 4 removal, 8 new injection, 16 incomplete, 32 signature missing or by another key than the baseline's."},
	} {
		dl.Add(ElT("dt", kv[0]), ElT("dd", kv[1]))
	}
	return El("div", ElT("h3", "Glossary"), dl)
}

// firstSentence is the first sentence of s, clipped to n.
func firstSentence(s string, n int) string {
	if i := strings.Index(s, ". "); i > 0 {
		s = s[:i+1]
	}
	return clip(s, n)
}
