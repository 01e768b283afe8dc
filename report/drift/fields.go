package drift

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/numfmt"
)

// currentFields compares the fields of the current revision the tool
// hash does not cover: execution.taskSupport (DRIFT-036) and icons
// (DRIFT-037).
func (d *differ) currentFields(id, name string, ov, nv *toolView) {
	if bytes.Equal(ov.raw, nv.raw) {
		return // the same definition: nothing can differ (most tools of a diff)
	}
	o, n := ov.members(), nv.members()
	ot, nt := taskSupport(o.Execution), taskSupport(n.Execution)
	if ot != nt {
		d.add("DRIFT-036", id, name, "tool:"+name+"/execution/taskSupport", "execution.taskSupport "+ot+" → "+nt)
	}
	if canon.Hash(o.Icons) != canon.Hash(n.Icons) {
		d.add("DRIFT-037", id, name, "tool:"+name+"/icons", "icons "+iconCount(o.Icons)+" → "+iconCount(n.Icons))
	}
}

// toolMembers are the members of a raw definition the comparison reads
// beyond its hashes, decoded once per tool (a struct decode: member names
// match case-insensitively, a member of the wrong type reads as absent).
type toolMembers struct {
	Title, Description string
	Execution          *execution      `json:"execution"`
	Icons              json.RawMessage `json:"icons"`
}

type execution struct {
	TaskSupport *string `json:"taskSupport"`
}

// members decodes t's raw definition on first use.
func (t *toolView) members() *toolMembers {
	if t.decoded == nil {
		t.decoded = &toolMembers{}
		_ = json.Unmarshal(t.raw, t.decoded)
	}
	return t.decoded
}

func taskSupport(e *execution) string {
	if e == nil || e.TaskSupport == nil {
		return "absent"
	}
	return quote(*e.TaskSupport)
}

// iconCount describes an icons value by count and where each icon comes
// from: the host of a URL or the media type of a data: URI, never the
// path, query or data itself (those can be long or carry identifiers).
func iconCount(raw json.RawMessage) string {
	var icons []struct {
		Src string `json:"src"`
	}
	if len(raw) == 0 {
		return "absent"
	}
	if json.Unmarshal(raw, &icons) != nil {
		return "invalid"
	}
	var from []string
	for _, ic := range icons {
		if o := iconOrigin(ic.Src); o != "" && !slices.Contains(from, o) {
			from = append(from, o)
		}
	}
	n := numfmt.Count(len(icons), "icon")
	if len(from) > 0 {
		n += " from " + escape(strings.Join(from, ", "), 80)
	}
	return n
}

// iconOrigin is a source's host ("cdn.example.com") or a data: URI's
// media type ("data:image/png"); "" when neither can be read.
func iconOrigin(src string) string {
	if rest, ok := strings.CutPrefix(strings.ToLower(src), "data:"); ok {
		if i := strings.IndexAny(rest, ";,"); i >= 0 {
			rest = rest[:i]
		}
		return "data:" + rest
	}
	_, rest, ok := strings.Cut(src, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:] // never the user information
	}
	return rest
}

// listCache compares the cache scope of each list result both sides
// recorded (DRIFT-040). An absent scope is "public", the protocol's
// default. ttlMs is not compared: servers may send the time left rather
// than a constant, and a changed lifetime changes nothing the model sees
// or who may see the list.
func (d *differ) listCache(id string, o, n *model.Server) {
	if o == nil || n == nil {
		return
	}
	old := map[string]string{}
	for _, c := range o.ListCache {
		old[c.List] = scope(c.CacheScope)
	}
	for _, c := range n.ListCache {
		was, ok := old[c.List]
		if now := scope(c.CacheScope); ok && was != now {
			f := d.add("DRIFT-040", id, "", "server:"+c.List+"/cacheScope", c.List+" list cacheScope "+quote(was)+" → "+quote(now))
			if was == "private" {
				f.Severity = model.SevMedium
			}
		}
	}
}

func scope(s string) string {
	if s == "" {
		return "public"
	}
	return s
}
