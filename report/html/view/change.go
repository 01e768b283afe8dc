package view

import "github.com/assay-mcp/assay/report/model"

// changeKinds sorts drift rules into the five questions a reviewer asks
// first; rules not named here are counted under "other".
var changeKinds = []struct {
	key, label string
	ids        []string
}{
	{"added", "added", []string{"DRIFT-009", "DRIFT-024"}},
	{"removed", "removed", []string{"DRIFT-007", "DRIFT-020", "DRIFT-025"}},
	{"escalated", "escalated", []string{"DRIFT-001", "DRIFT-002", "DRIFT-013", "DRIFT-032", "DRIFT-034"}},
	{"text", "text changed", []string{"DRIFT-003", "DRIFT-004", "DRIFT-005", "DRIFT-010", "DRIFT-011", "DRIFT-012", "DRIFT-014", "DRIFT-017", "DRIFT-018"}},
	{"injection", "new injections", []string{"DRIFT-006"}},
}

// changeSummary counts the drift findings per kind: cards, and a bar
// chart with a text equivalent.
func changeSummary(fs []model.Finding) *Node {
	kind := changeKindOf()
	n := map[string]int{}
	for _, fd := range fs {
		k := kind[fd.ID]
		if k == "" {
			k = "other"
		}
		n[k]++
	}
	cards := El("div").Class("cards changes-summary")
	var rows []stack
	desc := "Changes by kind:"
	for _, k := range changeKinds {
		cards.Add(El("div", El("div", T(itoa(n[k.key]))).Class("num"), El("div", T(k.label)).Class("lbl")).Class("card").Attr("data-change", k.key))
		rows = append(rows, stack{label: k.label, segs: []segment{{"b-tok", n[k.key]}}})
		desc += " " + itoa(n[k.key]) + " " + k.label + ";"
	}
	if n["other"] > 0 {
		cards.Add(El("div", El("div", T(itoa(n["other"]))).Class("num"), El("div", T("other changes")).Class("lbl")).Class("card").Attr("data-change", "other"))
		rows = append(rows, stack{label: "other", segs: []segment{{"b-tok", n["other"]}}})
		desc += " " + itoa(n["other"]) + " other;"
	}
	return El("div", cards, stackChart("chart-changes", "Changes by kind", desc, nil, rows)).Class("change-summary")
}
