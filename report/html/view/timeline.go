package view

import (
	"github.com/assay-mcp/assay/report/model"
)

// TimePoint is one observation on the change timeline: a side of a
// comparison, with its collection date and tool count when known.
type TimePoint struct {
	Label string `json:"label"`
	// Date is YYYY-MM-DD, empty when the input did not record one.
	Date string `json:"date,omitempty"`
	// Tools is the number of tools observed, -1 when unknown.
	Tools int `json:"tools"`
}

// timeline draws the change timeline of a comparison as inline SVG: the
// observations on a time axis, and between each two the changes by kind
// (one lane per kind), each a pill sized by its count, filled by the
// highest severity among its findings and labelled with the count, so it
// reads in greyscale and print. steps[i] are the drift findings between
// points[i] and points[i+1]. <title> and <desc> carry the text
// equivalent; no script draws it.
func timeline(points []TimePoint, steps [][]model.Finding) *Node {
	if len(points) < 2 || len(steps) != len(points)-1 {
		return nil
	}
	const w, labelW, right, laneH, top = 520, 110, 40, 22, 58
	type lane struct{ key, label string }
	lanes := make([]lane, 0, len(changeKinds)+1)
	for _, k := range changeKinds {
		lanes = append(lanes, lane{k.key, k.label})
	}
	lanes = append(lanes, lane{"other", "other"})
	kinds := changeKindOf()
	// cells[lane][step]: count and highest severity.
	type cell struct {
		n   int
		sev string
	}
	cells := make([][]cell, len(lanes))
	for li := range lanes {
		cells[li] = make([]cell, len(steps))
	}
	laneIdx := map[string]int{}
	for i, l := range lanes {
		laneIdx[l.key] = i
	}
	max := 1
	for si, fs := range steps {
		for _, fd := range fs {
			if fd.Suppressed != "" {
				continue
			}
			k := kinds[fd.ID]
			if k == "" {
				k = "other"
			}
			c := &cells[laneIdx[k]][si]
			c.n++
			if c.sev == "" || model.SeverityRank(fd.Severity) > model.SeverityRank(c.sev) {
				c.sev = fd.Severity
			}
			if c.n > max {
				max = c.n
			}
		}
	}
	span := w - labelW - right
	px := func(i int) int { return labelW + span*i/(len(points)-1) }
	h := top + laneH*len(lanes) + 8
	title := "Change timeline: " + clip(points[0].Label, 40) + " → " + clip(points[len(points)-1].Label, 40)
	svg := El("svg").Attr("xmlns", "http://www.w3.org/2000/svg").Attr("viewBox", "0 0 "+itoa(w)+" "+itoa(h)).
		Attr("width", itoa(w)).Attr("height", itoa(h)).Attr("role", "img").Attr("aria-label", title).Class("chart timeline").ID("chart-timeline")
	desc := "Observations:"
	for i, p := range points {
		desc += " " + pointText(p)
		if i < len(points)-1 {
			desc += " →"
		}
	}
	desc += ". Changes:"
	for si := range steps {
		if len(steps) > 1 {
			desc += " " + itoa(si+1) + ")"
		}
		for li, l := range lanes {
			c := cells[li][si]
			if c.n == 0 && l.key == "other" {
				continue
			}
			desc += " " + itoa(c.n) + " " + l.label
			if c.n > 0 {
				desc += " (highest " + c.sev + ")"
			}
			desc += ";"
		}
	}
	svg.Add(ElT("title", title), ElT("desc", clip(desc, 900)))
	// The axis and the observations.
	axis := El("g").Class("axis")
	axis.Add(El("line").Attr("x1", itoa(px(0))).Attr("y1", "22").Attr("x2", itoa(px(len(points)-1))).Attr("y2", "22").Class("tl-axis"))
	for i, p := range points {
		x := px(i)
		anchor := "middle"
		switch i {
		case 0:
			anchor = "start"
		case len(points) - 1:
			anchor = "end"
		}
		tx := x
		if anchor == "start" {
			tx = x - 6
		} else if anchor == "end" {
			tx = x + 6
		}
		axis.Add(El("rect").Attr("x", itoa(x-6)).Attr("y", "16").Attr("width", "12").Attr("height", "12").Attr("rx", "6").Class("seg b-tok"))
		axis.Add(El("text", T(clip(p.Label, 32))).Attr("x", itoa(tx)).Attr("y", "11").Attr("text-anchor", anchor).Class("lbl"))
		axis.Add(El("text", T(pointMeta(p))).Attr("x", itoa(tx)).Attr("y", "42").Attr("text-anchor", anchor).Class("lbl tl-meta"))
	}
	svg.Add(axis)
	// One lane per change kind; a pill per step, centred between points.
	for li, l := range lanes {
		y := top + li*laneH
		g := El("g").Attr("data-change", l.key)
		g.Add(El("text", T(l.label)).Attr("x", itoa(labelW-8)).Attr("y", itoa(y+15)).Attr("text-anchor", "end").Class("lbl"))
		g.Add(El("line").Attr("x1", itoa(labelW)).Attr("y1", itoa(y+11)).Attr("x2", itoa(w-right)).Attr("y2", itoa(y+11)).Class("tl-lane"))
		for si := range steps {
			c := cells[li][si]
			mid := (px(si) + px(si+1)) / 2
			if c.n == 0 {
				g.Add(El("text", T("0")).Attr("x", itoa(mid)).Attr("y", itoa(y+15)).Attr("text-anchor", "middle").Class("lbl tl-zero"))
				continue
			}
			maxW := (px(si+1) - px(si)) * 8 / 10
			pw := 22 + (maxW-22)*c.n/max
			g.Add(El("rect").Attr("x", itoa(mid-pw/2)).Attr("y", itoa(y+2)).Attr("width", itoa(pw)).Attr("height", itoa(laneH-4)).Attr("rx", "9").Class("seg s-" + c.sev))
			g.Add(El("text", T(itoa(c.n))).Attr("x", itoa(mid)).Attr("y", itoa(y+15)).Attr("text-anchor", "middle").Class("segval s-" + c.sev))
		}
		svg.Add(g)
	}
	return El("figure", svg, ElT("figcaption", "Change timeline: what changed between the observations, by kind; each count is filled by its highest severity"))
}

// changeKindOf maps drift rule ids to the change kind they count under.
func changeKindOf() map[string]string {
	kind := map[string]string{}
	for _, k := range changeKinds {
		for _, id := range k.ids {
			kind[id] = k.key
		}
	}
	return kind
}

func pointMeta(p TimePoint) string {
	s := p.Date
	if p.Tools >= 0 {
		if s != "" {
			s += ", "
		}
		s += plural(p.Tools, "tool")
	}
	return s
}

func pointText(p TimePoint) string {
	if m := pointMeta(p); m != "" {
		return line(p.Label) + " (" + m + ")"
	}
	return line(p.Label)
}
