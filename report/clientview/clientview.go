// Package clientview compares a server's surface across the client
// identities it was listed under (--as-client) and reports any
// difference as INJ-016: a server that shows a scanner one set of tools
// or descriptions and an agent another defeats every review of it.
// Pure: it compares recorded definitions in canonical JSON.
package clientview

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// maxShown caps the tools named in one finding's evidence.
const maxShown = 8

// Apply appends one INJ-016 per server and client identity whose
// listing differs from the primary one.
func Apply(b *model.Bundle, f *model.Findings) {
	if b == nil || f == nil {
		return
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		if len(s.Clients) == 0 {
			continue
		}
		base := byName(s.Tools)
		for _, v := range s.Clients {
			if len(v.Errors) > 0 && len(v.Tools) == 0 {
				continue // not listed: a collection problem, not a difference
			}
			changes := compare(base, byName(v.Tools))
			if instr(s.Instructions) != instr(v.Instructions) {
				changes = append(changes, "instructions differ")
			}
			if len(changes) == 0 {
				continue
			}
			fd := catalog.New("INJ-016")
			fd.Server = s.Identity
			fd.Element = "server:clients/" + v.Client
			fd.Item = "client|" + v.Client
			fd.Tools = changedTools(base, byName(v.Tools))
			fd.Evidence = "listed as " + v.Client + ": " + shown(changes)
			f.Findings = append(f.Findings, fd)
		}
	}
}

// byName maps tool name to its canonical definition.
func byName(tools []json.RawMessage) map[string]string {
	out := map[string]string{}
	for _, raw := range tools {
		var t struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &t) != nil {
			continue
		}
		c, err := canon.JSON(raw)
		if err != nil {
			c = raw
		}
		out[t.Name] = string(c)
	}
	return out
}

// compare lists added, removed and changed tools, sorted by name.
func compare(base, other map[string]string) []string {
	var out []string
	for _, n := range union(base, other) {
		a, inA := base[n]
		b, inB := other[n]
		switch {
		case !inA:
			out = append(out, "+"+n+" (only this client sees it)")
		case !inB:
			out = append(out, "-"+n+" (hidden from this client)")
		case a != b:
			out = append(out, "~"+n+" ("+fieldsDiffer(a, b)+" differ)")
		}
	}
	return out
}

func changedTools(base, other map[string]string) []string {
	var out []string
	for _, n := range union(base, other) {
		if base[n] != other[n] {
			out = append(out, n)
		}
	}
	return out
}

// fieldsDiffer names the top-level fields whose values differ.
func fieldsDiffer(a, b string) string {
	var ma, mb map[string]json.RawMessage
	_ = json.Unmarshal([]byte(a), &ma)
	_ = json.Unmarshal([]byte(b), &mb)
	var keys []string
	for _, k := range union(raws(ma), raws(mb)) {
		if string(ma[k]) != string(mb[k]) {
			keys = append(keys, k)
		}
	}
	return strings.Join(keys, ", ")
}

func raws(m map[string]json.RawMessage) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = string(v)
	}
	return out
}

func union(a, b map[string]string) []string {
	set := map[string]bool{}
	for k := range a {
		set[k] = true
	}
	for k := range b {
		set[k] = true
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func instr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func shown(changes []string) string {
	if len(changes) > maxShown {
		changes = append(changes[:maxShown:maxShown], "+"+strconv.Itoa(len(changes)-maxShown)+" more")
	}
	return strings.Join(changes, "; ")
}
