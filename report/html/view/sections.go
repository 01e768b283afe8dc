package view

import (
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// actsOnWorld reports whether a tool can change or send something.
func actsOnWorld(t model.ToolReport) bool {
	switch t.Effect {
	case model.EffectWrite, model.EffectExternal, model.EffectIrreversible:
		return true
	}
	for _, k := range t.Kinds {
		switch k {
		case model.KindWrite, model.KindEgress, model.KindDestructive, model.KindCodeExec:
			return true
		}
	}
	return false
}

func toolTokens(f *model.Findings) int {
	n := 0
	for _, s := range f.Servers {
		for _, t := range s.Tools {
			n += t.Tokens
		}
	}
	return n
}

func summary(f *model.Findings, d *Doc) *Node {
	acting, inj := 0, 0
	for _, s := range f.Servers {
		for _, t := range s.Tools {
			if actsOnWorld(t) {
				acting++
			}
		}
	}
	for _, fd := range f.Findings {
		if fd.Category == model.CatInjection && fd.Suppressed == "" {
			inj++
		}
	}
	total, window, enc, est := toolTokens(f), 200000, "", false
	if ts := f.Summary.Tokens; ts != nil {
		if ts.Total > 0 {
			total = ts.Total
		}
		if ts.Window > 0 {
			window = ts.Window
		}
		enc, est = ts.Encoding, ts.Estimated
	}
	tools := f.Summary.Tools
	if tools == 0 {
		for _, s := range f.Servers {
			tools += len(s.Tools)
		}
	}
	share := pct(total, window)
	shareNote := itoa(total) + " of " + itoa(window) + " tokens"
	if enc != "" {
		shareNote += " (" + enc + ")"
	}
	if est {
		shareNote += ", estimated"
	}
	if total == 0 {
		share, shareNote = "n/a", "no token counts in this input"
	}
	card := func(id, value, label, note string) *Node {
		c := El("div", El("div", T(value)).Class("num"), El("div", T(label)).Class("lbl")).Class("card").Attr("data-card", id)
		if note != "" {
			c.Add(El("div", T(note)).Class("note"))
		}
		return c
	}
	cards := El("div").Class("cards").Add(
		card("servers", itoa(len(f.Servers)), word(len(f.Servers), "server"), ""),
		card("tools", itoa(tools), word(tools, "tool"), ""),
		card("window", share, "of the context window", shareNote),
		card("acting", itoa(acting), word(acting, "tool")+" can change or send something", ""),
		card("injection", itoa(inj), word(inj, "injection alert"), ""),
	)
	sev := El("ul").Class("sevcount")
	for _, s := range []string{model.SevCritical, model.SevHigh, model.SevMedium, model.SevLow, model.SevInfo} {
		sev.Add(El("li", El("span", T(s)).Class("sev sev-"+s), T(" "+itoa(f.Summary.BySeverity[s]))))
	}
	out := El("div", cards, sev)
	if f.Summary.Incomplete {
		out.Add(El("p", T("Incomplete: at least one server or file could not be fully read; see Collection errors.")).Class("warn"))
	}
	if d.Meta.Mode == "analysis" || d.Meta.Mode == "diff" {
		out.Add(El("p", T("Computed in this page by the embedded WebAssembly core from: "+line(strings.Join(d.Meta.Inputs, ", ")))).Class("note"))
	}
	return out
}

func inventory(f *model.Findings) *Node {
	out := El("div")
	names := serverNames(f)
	if len(f.Contexts) > 0 {
		for _, c := range f.Contexts {
			out.Add(El("h3", T(contextHeading(c))))
			var rows []*Node
			for _, s := range c.Servers {
				state := "enabled"
				if !s.Enabled {
					state = "disabled"
				}
				tr := El("tr", cell(line(s.Name), ""), cell(line(s.Scope), ""), cell(state, ""), cell(line(s.ShadowedBy), ""))
				if s.ShadowedBy != "" {
					tr.Class("shadowed")
				}
				if n, ok := names[s.Identity]; ok && n != s.Name {
					tr.Kids[0].Add(El("small", T(" ("+line(n)+")")))
				}
				rows = append(rows, tr)
			}
			out.Add(table("ctx-"+sanitizeID(c.ID), []string{"Server", "Scope", "State", "Shadowed by"}, nil, rows))
		}
	} else {
		out.Add(empty(noConfig(f)))
	}
	out.Add(ElT("h3", "Servers"))
	var rows []*Node
	for _, s := range f.Servers {
		impl := s.Implementation
		if s.Version != "" {
			impl += " " + s.Version
		}
		rows = append(rows, El("tr",
			cell(line(s.Name), ""), cell(line(s.Transport), ""), cell(line(endpoint(s)), ""), cell(line(impl), ""),
			cell(line(s.ProtocolVersion), ""), cell(itoa(len(s.Tools)), itoa(len(s.Tools))),
			cell(itoa(s.Prompts), itoa(s.Prompts)), cell(itoa(s.Resources+s.Templates), itoa(s.Resources+s.Templates)),
			cell(line(s.Auth), "")))
	}
	if len(rows) == 0 {
		return out.Add(empty("No servers."))
	}
	return out.Add(table("servers", []string{"Server", "Transport", "Endpoint", "Implementation", "Protocol", "Tools", "Prompts", "Resources", "Auth"}, map[int]bool{5: true, 6: true, 7: true}, rows))
}

func sanitizeID(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

func tierRank(t string) string {
	if len(t) == 2 && t[0] == 'R' {
		return t[1:]
	}
	return "-1"
}

func capabilities(f *model.Findings) *Node {
	var rows []*Node
	for _, s := range f.Servers {
		for _, t := range s.Tools {
			ev := El("td")
			if len(t.Evidence) > 0 {
				list := El("ul").Class("ev")
				for _, e := range t.Evidence {
					li := ElT("li", evidenceText(e))
					if len(e.Sets) > 0 {
						li.Add(El("small", T(" → sets "+line(readerSets(e.Sets)))).Class("sets"))
					}
					list.Add(li)
				}
				ev.Add(El("details", El("summary", T(plural(len(t.Evidence), "signal"))), list))
			}
			if t.Override != nil {
				ev.Add(El("p", T("override "+line(t.Override.From)+" → "+line(t.Override.To)+" by "+line(t.Override.By)+": "+clip(t.Override.Reason, 200))).Class("note"))
			}
			name := line(t.Name)
			if t.Router {
				name += " (router)"
			}
			tr := El("tr", cell(line(s.Name), ""), cell(name, ""),
				El("td", El("span", T(line(t.Effect))).Class("eff eff-"+sanitizeID(t.Effect))).Attr("data-v", itoa(effectRank(t.Effect))),
				cell(line(strings.Join(t.Kinds, ", ")), ""),
				cell(line(t.Tier), tierRank(t.Tier)),
				cell(itoa(t.Tokens), itoa(t.Tokens)), ev)
			if actsOnWorld(t) {
				tr.Class("acting")
			}
			rows = append(rows, tr)
		}
	}
	if len(rows) == 0 {
		return empty("No tools.")
	}
	return table("caps", []string{"Server", "Tool", "Effect", "Kinds", "Tier", "Tokens", "Evidence"}, map[int]bool{2: true, 4: true, 5: true}, rows)
}

func effectRank(e string) int { return model.EffectRank(e) }

var categoryOrder = []string{model.CatCapability, model.CatChain, model.CatInjection, model.CatAuth, model.CatHygiene, model.CatCost, model.CatDrift, model.CatCollection}

var sevOrder = []string{model.SevCritical, model.SevHigh, model.SevMedium, model.SevLow, model.SevInfo}

// findingsSection groups findings by category (fixed order, unknown
// categories last) and, inside, by severity.
func findingsSection(fs []model.Finding, scope string, names map[string]string) *Node {
	if len(fs) == 0 {
		return empty("No findings.")
	}
	out := El("div").Attr("data-scope", scope)
	ctl := El("div").Class("tools noprint")
	sevSel := El("select").Attr("data-filter-sev", scope).Attr("aria-label", "Minimum severity")
	sevSel.Add(El("option", T("all severities")).Attr("value", ""))
	for _, s := range sevOrder {
		sevSel.Add(El("option", T(s+" and above")).Attr("value", s))
	}
	catSel := El("select").Attr("data-filter-cat", scope).Attr("aria-label", "Category")
	catSel.Add(El("option", T("all categories")).Attr("value", ""))
	cats := map[string][]model.Finding{}
	var extra []string
	for _, fd := range fs {
		if _, ok := cats[fd.Category]; !ok && !known(fd.Category) {
			extra = append(extra, fd.Category)
		}
		cats[fd.Category] = append(cats[fd.Category], fd)
	}
	order := append(append([]string{}, categoryOrder...), extra...)
	for _, c := range order {
		if len(cats[c]) > 0 {
			catSel.Add(El("option", T(line(c))).Attr("value", c))
		}
	}
	ctl.Add(El("label", T("Severity "), sevSel), El("label", T(" Category "), catSel),
		El("label", T(" Text "), El("input").Attr("type", "search").Attr("data-filter-text", scope).Attr("aria-label", "Filter findings text")))
	out.Add(ctl)
	grp := El("div").Class("group").Attr("data-cat", "")
	for _, g := range groups(fs) {
		if len(g.Items) == 1 {
			grp.Add(finding(g.Items[0], names))
		} else {
			grp.Add(groupCard(g, names))
		}
	}
	return out.Add(grp)
}

func known(c string) bool {
	for _, k := range categoryOrder {
		if k == c {
			return true
		}
	}
	return false
}

func finding(fd model.Finding, names map[string]string) *Node {
	a := El("article").Class("finding").Attr("data-sev", fd.Severity).Attr("data-rank", itoa(model.SeverityRank(fd.Severity))).Attr("data-cat", fd.Category)
	a.Add(El("h4", El("span", T(line(fd.Severity))).Class("sev sev-"+sanitizeID(fd.Severity)), T(" "+line(fd.ID)+" "), El("span", T(line(fd.Title))).Class("ftitle")))
	dl := El("dl")
	kv := func(k, v string, code bool) {
		if v == "" {
			return
		}
		dd := El("dd", T(v))
		if code {
			dd = El("dd", El("code", T(v)))
		}
		dl.Add(ElT("dt", k), dd)
	}
	srv := line(fd.Server)
	if n, ok := names[fd.Server]; ok && n != "" {
		srv = line(n)
	}
	for _, r := range [][2]string{{"Server", srv}, {"Tool", line(fd.Tool)}} {
		if r[1] != "" {
			dl.Add(El("dt", T(r[0])).Class("srv"), El("dd", T(r[1])).Class("srv"))
		}
	}
	if p := place(fd, names); p != "" {
		a.Kids[0].Add(El("small", T(" — "+p)).Class("printonly"))
	}
	kv("Context", line(fd.Context), false)
	where := elementDetail(fd)
	if fd.Tool == "" && fd.Element != "" {
		where = readerElement(fd.Element) // the header's place() prints only
	}
	if where != "" {
		dl.Add(El("dt", T("Where")).Class("el"), El("dd", T(line(where))).Class("el"))
	}
	if fd.File != "" {
		at := line(fd.File)
		if fd.Line > 0 {
			at += ":" + itoa(fd.Line)
		}
		kv("Location", at, true)
	}
	kv("Evidence", clip(readerEvidence(fd.Evidence), 600), true)
	if o := catalog.OWASPFor(fd.ID, fd.Element); o != "" {
		kv("OWASP MCP Top 10", o+" "+catalog.OWASPTitle(o), false)
	}
	kv("Remediation", line(fd.Remediation), false)
	kv("Suppressed", line(fd.Suppressed), false)
	if fd.Fingerprint != "" {
		dl.Add(El("dt", T("Fingerprint")).Class("fps"), El("dd", El("code", T(line(fd.Fingerprint)))).Class("fps"))
	}
	if fd.Suppressed != "" {
		a.Class("finding suppressed")
	}
	return a.Add(dl)
}

func injection(f *model.Findings) *Node {
	var rows []*Node
	names := serverNames(f)
	for _, fd := range f.Findings {
		if fd.Category != model.CatInjection {
			continue
		}
		srv := names[fd.Server]
		if srv == "" {
			srv = fd.Server
		}
		rows = append(rows, El("tr",
			El("td", El("span", T(line(fd.Severity))).Class("sev sev-"+sanitizeID(fd.Severity))).Attr("data-v", itoa(model.SeverityRank(fd.Severity))),
			cell(line(fd.ID), ""), cell(line(fd.Title), ""), cell(line(srv), ""),
			El("td", T(line(readerElement(fd.Element)))), El("td", El("code", T(clip(readerEvidence(fd.Evidence), 400))))))
	}
	if len(rows) == 0 {
		return empty("No injection alerts: no model-facing text matched an injection heuristic.")
	}
	note := El("p", T(plural(len(rows), "injection alert")+"; each is a card in Findings, with its excerpt.")).Class("printonly note")
	return El("div", note, table("inj", []string{"Severity", "Rule", "Title", "Server", "Where", "Excerpt"}, map[int]bool{0: true}, rows).Class("screenonly"))
}

func collectionErrors(f *model.Findings) *Node {
	var rows []*Node
	for _, s := range f.Servers {
		for _, e := range s.Errors {
			rows = append(rows, El("tr", cell(line(s.Name), ""), cell(line(e.Phase), ""), cell(line(e.Code), ""), El("td", El("code", T(clip(e.Message, 400))))))
		}
	}
	for _, fd := range f.Findings {
		if fd.Category == model.CatCollection && fd.Server == "" {
			rows = append(rows, El("tr", cell("(input)", ""), cell(line(fd.Element), ""), cell(line(fd.ID), ""), El("td", El("code", T(clip(fd.Evidence, 400))))))
		}
	}
	if len(rows) == 0 {
		return empty("None: every server and file was read completely.")
	}
	return table("errs", []string{"Server", "Phase", "Code", "Message"}, nil, rows)
}

func drift(d *Diff, names map[string]string) *Node {
	out := El("div")
	out.Add(El("p", T("Old: "+line(d.Old)+" → New: "+line(d.New))))
	bits := "none"
	if len(d.BitNames) > 0 {
		bits = strings.Join(d.BitNames, ", ")
	}
	out.Add(changeSummary(d.Findings))
	pts := d.Points
	if len(pts) < 2 {
		pts = []TimePoint{{Label: d.Old, Tools: -1}, {Label: d.New, Tools: -1}}
	}
	out.Add(timeline(pts, [][]model.Finding{d.Findings}))
	out.Add(El("p", El("strong", T("Exit bits "+itoa(d.Bits)+": ")), T(line(bits))).Class("bits").Attr("data-bits", itoa(d.Bits)))
	if len(d.Changes) > 0 {
		ul := El("ul").Class("changes")
		for _, c := range d.Changes {
			ul.Add(ElT("li", clip(c, 300)))
		}
		out.Add(ul)
	}
	return out.Add(findingsSection(d.Findings, "drift", names))
}

func method(f *model.Findings, m Meta) *Node {
	dl := El("dl").Class("meta")
	kv := func(k, v string) {
		if v != "" {
			dl.Add(ElT("dt", k), El("dd", El("code", T(v))))
		}
	}
	gen := f.Generator.Name
	if f.Generator.Version != "" {
		gen += " " + f.Generator.Version
	}
	kv("Generator", line(gen))
	kv("Ruleset", line(f.Generator.Ruleset))
	kv("Core sha256", m.CoreHash)
	kv("Computed by", m.Engine)
	kv("Inputs", line(strings.Join(m.Inputs, ", ")))
	lim := El("ul").Add(
		ElT("li", "Static analysis of definitions as served: Assay never calls a tool, reads a resource or fetches a prompt."),
		ElT("li", "Capabilities are inferred from names, schemas, annotations and descriptions; a server can do more than it declares."),
		ElT("li", "Injection checks are heuristics over model-facing text; absence of alerts is not proof of safety."),
		ElT("li", "Token counts are recorded at collection time by a real tokenizer; analyses made in this page reuse those counts and never re-tokenize."),
		ElT("li", "Server text is shown with control, bidirectional and zero-width characters escaped (\\u202e style) and long text clipped."),
		ElT("li", "This page makes no network request; URLs from servers are shown as text, never as links."),
	)
	return El("div", dl, glossary(), ElT("h3", "Limits"), lim)
}

// groupCard is one card for findings that share a cause, listing every
// place it occurs with that place's evidence.
func groupCard(g *group, names map[string]string) *Node {
	fd := g.Items[0]
	a := El("article").Class("finding grouped").Attr("data-sev", g.Sev).Attr("data-rank", itoa(model.SeverityRank(g.Sev))).Attr("data-cat", g.Cat).Attr("data-count", itoa(len(g.Items)))
	a.Add(El("h4", El("span", T(line(g.Sev))).Class("sev sev-"+sanitizeID(g.Sev)), T(" "+line(g.ID)+" "), El("span", T(line(g.Title))).Class("ftitle"),
		El("small", T(" · "+plural(len(g.Items), "occurrence")))))
	ul := El("ul").Class("occ")
	for _, it := range g.Items {
		li := El("li", T(place(it, names)))
		if d := elementDetail(it); d != "" {
			li.Add(T(" (" + line(d) + ")"))
		}
		if it.Evidence != "" {
			li.Add(El("div", El("code", T(clip(readerEvidence(it.Evidence), 300)))).Class("occev"))
		}
		ul.Add(li)
	}
	dl := El("dl")
	dl.Add(ElT("dt", "Where"), El("dd", ul))
	if o := catalog.OWASPFor(fd.ID, fd.Element); o != "" {
		dl.Add(ElT("dt", "OWASP MCP Top 10"), ElT("dd", o+" "+catalog.OWASPTitle(o)))
	}
	if g.Remediation != "" {
		dl.Add(ElT("dt", "Remediation"), ElT("dd", line(g.Remediation)))
	}
	var fps []string
	for _, it := range g.Items {
		fps = append(fps, line(it.Fingerprint))
	}
	dl.Add(El("dt", T("Fingerprints")).Class("fps"), El("dd", El("code", T(strings.Join(fps, " ")))).Class("fps"))
	return a.Add(dl)
}

// word is the unit for a count shown apart from its number.
func word(n int, w string) string {
	if n == 1 {
		return w
	}
	return w + "s"
}

// noConfig explains an input without client configuration by where its
// servers came from.
func noConfig(f *model.Findings) string {
	live, stored := 0, 0
	for _, s := range f.Servers {
		if s.Source == "live" {
			live++
		} else {
			stored++
		}
	}
	switch {
	case live > 0 && stored == 0:
		return "No client configuration in this input: the servers were scanned directly (named on the command line), not read from a client's configuration."
	case live > 0:
		return "No client configuration in this input: some servers were scanned directly, the others come from stored surfaces."
	}
	return "No client configuration in this input: the servers come from stored surfaces."
}

// contextHeading names a context as the table does ("claude-code in
// project-1a2b3c", "claude-desktop (user scope)"); its id is added only
// when it says more (a client variant), never "claude-desktop —
// claude-desktop".
func contextHeading(c model.Context) string {
	title, id := line(c.Client), c.Client
	if c.Root != "" {
		title += " in " + line(c.Root)
		id += "@" + c.Root
	} else {
		title += " (user scope)"
	}
	if c.ID != "" && c.ID != id {
		title += " — " + line(c.ID)
	}
	return title
}
