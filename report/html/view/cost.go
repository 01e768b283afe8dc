package view

import (
	"fmt"
	"sort"

	"github.com/assay-mcp/assay/report/model"
)

type bar struct {
	label string
	value int
}

// barChart draws a horizontal bar chart as inline SVG (no style
// attributes: colours come from classes in the page's stylesheet).
func barChart(id, title string, bars []bar) *Node {
	const w, labelW, rowH = 720, 260, 20
	max := 1
	for _, b := range bars {
		if b.value > max {
			max = b.value
		}
	}
	h := rowH*len(bars) + 4
	svg := El("svg").Attr("xmlns", "http://www.w3.org/2000/svg").Attr("viewBox", fmt.Sprintf("0 0 %d %d", w, h)).
		Attr("width", itoa(w)).Attr("height", itoa(h)).Attr("role", "img").Attr("aria-label", title).Class("chart").ID(id)
	desc := title + ":"
	for _, b := range bars {
		desc += " " + line(b.label) + " " + itoa(b.value) + ";"
	}
	svg.Add(ElT("title", title), ElT("desc", clip(desc, 600)))
	for i, b := range bars {
		y := i*rowH + 2
		bw := (w - labelW - 70) * b.value / max
		if bw < 1 && b.value > 0 {
			bw = 1
		}
		g := El("g")
		g.Add(El("text", T(clip(b.label, 38))).Attr("x", itoa(labelW-6)).Attr("y", itoa(y+14)).Attr("text-anchor", "end").Class("lbl"))
		g.Add(El("rect").Attr("x", itoa(labelW)).Attr("y", itoa(y+3)).Attr("width", itoa(bw)).Attr("height", itoa(rowH-6)).Attr("rx", "2").Class("bar"))
		g.Add(El("text", T(itoa(b.value))).Attr("x", itoa(labelW+bw+6)).Attr("y", itoa(y+14)).Class("val"))
		svg.Add(g)
	}
	return El("figure", svg, ElT("figcaption", title))
}

func costSection(f *model.Findings) *Node {
	var per []bar
	var tools []bar
	for _, s := range f.Servers {
		sum := 0
		for _, t := range s.Tools {
			sum += t.Tokens
			tools = append(tools, bar{label: s.Name + " / " + t.Name, value: t.Tokens})
		}
		if sum == 0 && s.Tokens != nil {
			sum = s.Tokens.ToolsSum
		}
		per = append(per, bar{label: s.Name, value: sum})
	}
	total := 0
	for _, b := range per {
		total += b.value
	}
	if total == 0 {
		return empty("No token counts in this input. Counts are recorded when a bundle is collected; stored surfaces carry none.")
	}
	sort.SliceStable(per, func(i, j int) bool { return per[i].value > per[j].value })
	sort.SliceStable(tools, func(i, j int) bool {
		if tools[i].value != tools[j].value {
			return tools[i].value > tools[j].value
		}
		return tools[i].label < tools[j].label
	})
	if len(tools) > 15 {
		tools = tools[:15]
	}
	out := El("div")
	enc := ""
	if ts := f.Summary.Tokens; ts != nil {
		enc = ts.Encoding
		if len(ts.Contexts) > 0 {
			ul := El("ul")
			for _, k := range sortedKeys(ts.Contexts) {
				ul.Add(ElT("li", line(k)+": "+itoa(ts.Contexts[k])+" tokens ("+pct(ts.Contexts[k], ts.Window)+" of the window)"))
			}
			out.Add(El("div", ElT("h3", "Per context"), ul).Class("screenonly"))
		}
	}
	note := itoa(total) + " tokens of tool definitions in all"
	if enc != "" {
		note += " (" + line(enc) + ")"
	}
	out.Add(El("p", T(note)))
	out.Add(barChart("chart-servers", "Tokens per server", per))
	out.Add(barChart("chart-tools", "Top tools by tokens", tools).Class("screenonly"))
	return out
}
