package drift

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// group merges identical edits: findings of one rule on one server whose
// edit keys are equal (the same sentences removed and added, or the same
// schema strings changed the same way) become one finding listing every
// tool. One edit is one finding; the group keeps the worst severity of
// its members, so grouping never lowers a grade.
func (d *differ) group() {
	type gkey struct{ server, id, key string }
	members := map[gkey][]int{}
	for i, m := range d.meta {
		if m.key == "" {
			continue
		}
		k := gkey{d.out[i].Server, d.out[i].ID, m.key}
		members[k] = append(members[k], i)
	}
	drop := map[int]bool{}
	var merged []model.Finding
	var keys []gkey
	for k, idx := range members {
		if len(idx) >= 2 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(a, b int) bool {
		return fmt.Sprint(keys[a]) < fmt.Sprint(keys[b])
	})
	for _, k := range keys {
		idx := members[k]
		first := d.out[idx[0]]
		g := first
		g.Tool = ""
		g.Tools = nil
		for _, i := range idx {
			f := d.out[i]
			drop[i] = true
			g.Tools = append(g.Tools, f.Tool)
			if model.SeverityRank(f.Severity) > model.SeverityRank(g.Severity) {
				g.Severity = f.Severity
			}
		}
		sort.Strings(g.Tools)
		rel := d.meta[idx[0]].element
		g.Element = "tool:*/" + rel
		sum := sha256.Sum256([]byte(k.key))
		g.Item = "edit:" + hex.EncodeToString(sum[:6])
		g.Evidence = fmt.Sprintf("same edit in %d tools (%s): %s", len(g.Tools), strings.Join(firstN(g.Tools, 5), ", "), d.meta[idx[0]].evidence)
		merged = append(merged, g)
	}
	if len(drop) == 0 {
		return
	}
	var out []model.Finding
	var meta []editMeta
	for i, f := range d.out {
		if !drop[i] {
			out = append(out, f)
			meta = append(meta, d.meta[i])
		}
	}
	for _, g := range merged {
		out = append(out, g)
		meta = append(meta, editMeta{})
	}
	d.out, d.meta = out, meta
}

func firstN(l []string, n int) []string {
	if len(l) <= n {
		return l
	}
	return append(append([]string(nil), l[:n]...), fmt.Sprintf("%d more", len(l)-n))
}
