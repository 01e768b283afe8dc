package view

import (
	"fmt"
	"sort"

	"github.com/assay-mcp/assay/report/model"
)

// segment is one part of a stacked bar; class picks a fill whose
// lightness differs from its neighbours', so the chart reads in greyscale,
// and every segment also carries its count as text.
type segment struct {
	class string
	value int
}

type stack struct {
	label string
	segs  []segment
}

// stackChart draws horizontal stacked bars with a legend, as inline SVG
// with <title> and <desc> (the text equivalent for screen readers).
func stackChart(id, title, desc string, legend [][2]string, rows []stack) *Node {
	const w, labelW, rowH = 520, 130, 22
	max := 1
	for _, r := range rows {
		n := 0
		for _, s := range r.segs {
			n += s.value
		}
		if n > max {
			max = n
		}
	}
	h := rowH*len(rows) + 30
	svg := El("svg").Attr("xmlns", "http://www.w3.org/2000/svg").Attr("viewBox", fmt.Sprintf("0 0 %d %d", w, h)).
		Attr("width", itoa(w)).Attr("height", itoa(h)).Attr("role", "img").Attr("aria-label", title).Class("chart").ID(id)
	svg.Add(ElT("title", title), ElT("desc", desc))
	x := labelW
	lg := El("g").Class("legend")
	for _, l := range legend {
		lg.Add(El("rect").Attr("x", itoa(x)).Attr("y", "2").Attr("width", "12").Attr("height", "12").Class("seg " + l[0]))
		lg.Add(El("text", T(l[1])).Attr("x", itoa(x+16)).Attr("y", "12").Class("lbl"))
		x += 22 + 7*len(l[1])
	}
	svg.Add(lg)
	for i, r := range rows {
		y := 24 + i*rowH
		g := El("g")
		g.Add(El("text", T(clip(r.label, 30))).Attr("x", itoa(labelW-6)).Attr("y", itoa(y+15)).Attr("text-anchor", "end").Class("lbl"))
		x := labelW
		for _, s := range r.segs {
			if s.value == 0 {
				continue
			}
			bw := (w - labelW - 20) * s.value / max
			if bw < 2 {
				bw = 2
			}
			g.Add(El("rect").Attr("x", itoa(x)).Attr("y", itoa(y+2)).Attr("width", itoa(bw)).Attr("height", itoa(rowH-4)).Class("seg " + s.class))
			if bw >= 14 {
				g.Add(El("text", T(itoa(s.value))).Attr("x", itoa(x+bw/2)).Attr("y", itoa(y+15)).Attr("text-anchor", "middle").Class("segval " + s.class))
			}
			x += bw
		}
		svg.Add(g)
	}
	return El("figure", svg, ElT("figcaption", title))
}

var effectOrder = []string{model.EffectIrreversible, model.EffectExternal, model.EffectWrite, model.EffectRead, "unknown"}

// glance is the picture row of the executive summary: findings by
// severity and category, capability by effect per server, token cost
// per context and per server.
func glance(f *model.Findings) *Node {
	out := El("div").Class("glance")
	out.Add(ElT("h3", "At a glance"))
	if len(f.Findings) > 0 {
		var legend [][2]string
		for _, s := range sevOrder {
			legend = append(legend, [2]string{"s-" + s, s})
		}
		var rows []stack
		desc := "Findings per category, split by severity:"
		for _, c := range categoryOrder {
			by := map[string]int{}
			n := 0
			for _, fd := range f.Findings {
				if fd.Category == c && fd.Suppressed == "" {
					by[fd.Severity]++
					n++
				}
			}
			if n == 0 {
				continue
			}
			r := stack{label: c}
			desc += " " + c
			for _, s := range sevOrder {
				r.segs = append(r.segs, segment{"s-" + s, by[s]})
				if by[s] > 0 {
					desc += " " + itoa(by[s]) + " " + s
				}
			}
			desc += ";"
			rows = append(rows, r)
		}
		if len(rows) > 0 {
			out.Add(stackChart("chart-findings", "Findings by category and severity", desc, legend, rows))
		}
	}
	if len(f.Servers) > 0 {
		var legend [][2]string
		for _, e := range effectOrder {
			legend = append(legend, [2]string{"e-" + e, e})
		}
		var rows []stack
		desc := "Tools per server, split by effect:"
		for _, s := range topServers(f, 12) {
			by := map[string]int{}
			for _, t := range s.Tools {
				e := t.Effect
				if model.EffectRank(e) < 0 || e == "" {
					e = "unknown"
				}
				by[e]++
			}
			r := stack{label: s.Name}
			desc += " " + line(s.Name)
			for _, e := range effectOrder {
				r.segs = append(r.segs, segment{"e-" + e, by[e]})
				if by[e] > 0 {
					desc += " " + itoa(by[e]) + " " + e
				}
			}
			desc += ";"
			rows = append(rows, r)
		}
		title := "Capability by effect per server"
		if len(f.Servers) > len(rows) {
			title += " (the " + itoa(len(rows)) + " of " + itoa(len(f.Servers)) + " with the most tools)"
		}
		out.Add(stackChart("chart-effects", title, desc, legend, rows))
	}
	var per []stack
	total := 0
	desc := "Tokens of tool definitions:"
	add := func(label string, n int) {
		per = append(per, stack{label: label, segs: []segment{{"b-tok", n}}})
		total += n
		desc += " " + line(label) + " " + itoa(n) + ";"
	}
	for _, s := range topServers(f, 12) {
		n := 0
		for _, t := range s.Tools {
			n += t.Tokens
		}
		add(s.Name, n)
	}
	if ts := f.Summary.Tokens; ts != nil && len(ts.Contexts) > 1 {
		for _, k := range sortedKeys(ts.Contexts) {
			add("context "+k, ts.Contexts[k])
		}
	}
	if total > 0 {
		title := "Token cost per server and context"
		if len(f.Servers) > 12 {
			title = "Token cost per server (the 12 with the most tools) and context"
		}
		out.Add(stackChart("chart-cost", title, clip(desc, 600), [][2]string{{"b-tok", "tokens"}}, per))
	}
	return out
}

// topServers are the servers with the most tools, at most n, for charts
// that must stay one page high.
func topServers(f *model.Findings, n int) []model.ServerReport {
	ss := append([]model.ServerReport(nil), f.Servers...)
	sort.SliceStable(ss, func(i, j int) bool { return len(ss[i].Tools) > len(ss[j].Tools) })
	if len(ss) > n {
		ss = ss[:n]
	}
	return ss
}
