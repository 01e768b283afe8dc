// Package fleet merges the bundles of many machines into one view: which
// servers run where, in which versions, which machines carry literal
// secrets or unpinned servers, and the riskiest tools across the fleet.
// The same machine sent twice is detected and counted once.
package fleet

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// Kind is the fleet document's schema name.
const Kind = "assay.fleet/v1"

// Machine is one input bundle with its analysis.
type Machine struct {
	// Source names the file the bundle came from (used when the bundle
	// carries no host label).
	Source   string
	Bundle   *model.Bundle
	Findings *model.Findings
}

// Fleet is the merged view.
type Fleet struct {
	Kind       string         `json:"kind"`
	Machines   []MachineRow   `json:"machines"`
	Servers    []ServerRow    `json:"servers"`
	RiskyTools []RiskyTool    `json:"riskyTools"`
	Duplicates []Duplicate    `json:"duplicates,omitempty"`
	Totals     map[string]int `json:"totals"`
	Severity   map[string]int `json:"bySeverity"`
}

// MachineRow summarises one machine.
type MachineRow struct {
	Label          string         `json:"label"`
	OS             string         `json:"os,omitempty"`
	Servers        int            `json:"servers"`
	Tools          int            `json:"tools"`
	LiteralSecrets int            `json:"literalSecrets"`
	Unpinned       int            `json:"unpinned"`
	BySeverity     map[string]int `json:"bySeverity"`
	Signed         bool           `json:"signed"`
}

// ServerRow is one server identity across machines.
type ServerRow struct {
	Identity string   `json:"identity"`
	Name     string   `json:"name"`
	Machines []string `json:"machines"`
	Versions []string `json:"versions"`
}

// RiskyTool is a tool at the top of the tier ladder somewhere in the fleet.
type RiskyTool struct {
	Server   string   `json:"server"`
	Tool     string   `json:"tool"`
	Tier     string   `json:"tier"`
	Effect   string   `json:"effect"`
	Kinds    []string `json:"kinds"`
	Machines []string `json:"machines"`
}

// Duplicate records a machine sent more than once.
type Duplicate struct {
	Label   string   `json:"label"`
	Sources []string `json:"sources"`
	// Identical is true when the surfaces were byte-identical.
	Identical bool `json:"identical"`
}

// Build merges machines. Inputs with the same machine label are one
// machine: the later one in input order wins and the repeat is reported.
func Build(ms []Machine) *Fleet {
	f := &Fleet{Kind: Kind, Machines: []MachineRow{}, Servers: []ServerRow{}, RiskyTools: []RiskyTool{},
		Totals: map[string]int{}, Severity: map[string]int{}}
	type seen struct {
		idx     int
		sources []string
		hashes  map[string]bool
	}
	byLabel := map[string]*seen{}
	var order []string
	kept := map[string]Machine{}
	labels := map[string]string{} // dedupe key -> display label
	for _, m := range ms {
		h := surfaceHash(m.Bundle)
		label := machineLabel(m)
		key := "label:" + label
		if m.Bundle.Host == nil || m.Bundle.Host.Label == "" {
			// No label: the same content sent twice is the same machine.
			key = "content:" + h
		}
		if prev, ok := labels[key]; ok {
			label = prev
		} else {
			labels[key] = label
		}
		if s, ok := byLabel[label]; ok {
			s.sources = append(s.sources, m.Source)
			s.hashes[h] = true
			kept[label] = m
			continue
		}
		byLabel[label] = &seen{sources: []string{m.Source}, hashes: map[string]bool{h: true}}
		order = append(order, label)
		kept[label] = m
	}
	for _, label := range order {
		if s := byLabel[label]; len(s.sources) > 1 {
			f.Duplicates = append(f.Duplicates, Duplicate{Label: label, Sources: s.sources, Identical: len(s.hashes) == 1})
		}
	}
	servers := map[string]*ServerRow{}
	versions := map[string]map[string]bool{}
	risky := map[string]*RiskyTool{}
	sort.Strings(order)
	for _, label := range order {
		m := kept[label]
		row := MachineRow{Label: label, BySeverity: map[string]int{}, Signed: m.Bundle.Signature != nil}
		if m.Bundle.Host != nil {
			row.OS = m.Bundle.Host.OS
		}
		onMachine := map[string]bool{}
		keyOf := map[string]string{} // identity -> server key, for the findings
		for _, s := range m.Bundle.Servers {
			key := serverKey(s)
			keyOf[s.Identity] = key
			if !onMachine[key] {
				onMachine[key] = true
				row.Servers++
				row.Tools += len(s.Tools)
			}
			sr := servers[key]
			if sr == nil {
				sr = &ServerRow{Identity: s.Identity, Name: s.Name}
				servers[key] = sr
				versions[key] = map[string]bool{}
			}
			if len(sr.Machines) == 0 || sr.Machines[len(sr.Machines)-1] != label {
				sr.Machines = append(sr.Machines, label)
			}
			var info struct{ Version string }
			_ = json.Unmarshal(s.ServerInfo, &info)
			if info.Version != "" {
				versions[key][info.Version] = true
			}
			if s.Config != nil {
				for _, fact := range s.Config.Facts {
					switch fact.Kind {
					case model.FactLiteralSecret:
						row.LiteralSecrets++
					case model.FactUnpinned:
						row.Unpinned++
					}
				}
			}
		}
		if m.Findings != nil {
			for _, fd := range m.Findings.Findings {
				if fd.Suppressed != "" {
					continue
				}
				row.BySeverity[fd.Severity]++
				f.Severity[fd.Severity]++
			}
			for _, s := range m.Findings.Servers {
				for _, t := range s.Tools {
					if t.Tier < "R4" {
						continue
					}
					sk, ok := keyOf[s.Identity]
					if !ok {
						sk = "identity:" + s.Identity
					}
					k := sk + "\x00" + t.Name
					rt := risky[k]
					if rt == nil {
						rt = &RiskyTool{Server: s.Identity, Tool: t.Name, Tier: t.Tier, Effect: t.Effect, Kinds: t.Kinds}
						risky[k] = rt
					}
					if t.Tier > rt.Tier {
						rt.Tier, rt.Effect, rt.Kinds = t.Tier, t.Effect, t.Kinds
					}
					if n := len(rt.Machines); n == 0 || rt.Machines[n-1] != label {
						rt.Machines = append(rt.Machines, label)
					}
				}
			}
		}
		f.Machines = append(f.Machines, row)
		f.Totals["tools"] += row.Tools
		f.Totals["literalSecrets"] += row.LiteralSecrets
		f.Totals["unpinned"] += row.Unpinned
	}
	f.Totals["machines"] = len(f.Machines)
	f.Totals["servers"] = len(servers)
	for id, sr := range servers {
		for v := range versions[id] {
			sr.Versions = append(sr.Versions, v)
		}
		sort.Strings(sr.Versions)
		f.Servers = append(f.Servers, *sr)
	}
	sort.Slice(f.Servers, func(i, j int) bool {
		if len(f.Servers[i].Machines) != len(f.Servers[j].Machines) {
			return len(f.Servers[i].Machines) > len(f.Servers[j].Machines)
		}
		return f.Servers[i].Identity < f.Servers[j].Identity
	})
	for _, rt := range risky {
		f.RiskyTools = append(f.RiskyTools, *rt)
	}
	sort.Slice(f.RiskyTools, func(i, j int) bool {
		a, b := f.RiskyTools[i], f.RiskyTools[j]
		if a.Tier != b.Tier {
			return a.Tier > b.Tier
		}
		if len(a.Machines) != len(b.Machines) {
			return len(a.Machines) > len(b.Machines)
		}
		if a.Server != b.Server {
			return a.Server < b.Server
		}
		return a.Tool < b.Tool
	})
	return f
}

func machineLabel(m Machine) string {
	if m.Bundle.Host != nil && m.Bundle.Host.Label != "" {
		return m.Bundle.Host.Label
	}
	return m.Source
}

// surfaceHash identifies a bundle's content regardless of when it was
// collected or whether it was signed.
func surfaceHash(b *model.Bundle) string {
	c := *b
	c.CreatedAt, c.Signature = "", nil
	return canon.HashValue(&c)
}

// String is a one-line summary for logs.
func (f *Fleet) String() string {
	return fmt.Sprintf("%d machines, %d servers, %d tools", f.Totals["machines"], f.Totals["servers"], f.Totals["tools"])
}

// serverKey is what makes two entries one server, whatever they are
// called in each config: the package a config launches (ecosystem and
// name), else the identity. A server configured as "memory" in one client
// and "mem" in another is counted once.
func serverKey(s model.Server) string {
	if c := s.Config; c != nil && c.Package != nil && c.Package.Name != "" {
		return "package:" + c.Package.Ecosystem + ":" + c.Package.Name
	}
	return "identity:" + s.Identity
}
