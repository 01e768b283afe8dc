package drift

import (
	"bytes"
	"encoding/json"

	"github.com/assay-mcp/assay/report/canon"
)

// currentFields compares the fields of the current revision the tool
// hash does not cover: execution.taskSupport (DRIFT-036) and icons
// (DRIFT-037).
func (d *differ) currentFields(id, name string, oraw, nraw json.RawMessage) {
	if bytes.Equal(oraw, nraw) {
		return // the same definition: nothing can differ (most tools of a diff)
	}
	var o, n struct {
		Execution *struct {
			TaskSupport *string `json:"taskSupport"`
		} `json:"execution"`
		Icons json.RawMessage `json:"icons"`
	}
	_ = json.Unmarshal(oraw, &o)
	_ = json.Unmarshal(nraw, &n)
	ot, nt := taskSupport(o.Execution), taskSupport(n.Execution)
	if ot != nt {
		d.add("DRIFT-036", id, name, "tool:"+name+"/execution/taskSupport", "execution.taskSupport "+ot+" → "+nt)
	}
	if canon.Hash(o.Icons) != canon.Hash(n.Icons) {
		d.add("DRIFT-037", id, name, "tool:"+name+"/icons", "icons "+iconCount(o.Icons)+" → "+iconCount(n.Icons))
	}
}

func taskSupport(e *struct {
	TaskSupport *string `json:"taskSupport"`
}) string {
	if e == nil || e.TaskSupport == nil {
		return "absent"
	}
	return quote(*e.TaskSupport)
}

// iconCount describes an icons value without quoting its sources.
func iconCount(raw json.RawMessage) string {
	var icons []json.RawMessage
	if len(raw) == 0 {
		return "absent"
	}
	if json.Unmarshal(raw, &icons) != nil {
		return "invalid"
	}
	if len(icons) == 1 {
		return "1 icon"
	}
	b, _ := json.Marshal(len(icons))
	return string(b) + " icons"
}
