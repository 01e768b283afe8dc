package config

import (
	"sort"

	"github.com/assay-mcp/assay/report/model"
)

type ctxKey struct{ client, variant, root string }

// build resolves contexts (whole-entry precedence, shadowing) and groups
// declarations into one Entry per identity.
func (d *discovery) build(sources []source, per [][]*decl) {
	// Which sources each context reads.
	var keys []ctxKey
	members := map[ctxKey][]int{}
	addTo := func(k ctxKey, i int) {
		if _, ok := members[k]; !ok {
			keys = append(keys, k)
		}
		members[k] = append(members[k], i)
	}
	variants := map[string][]string{}
	for _, s := range sources {
		if s.Variant != "" && !containsStr(variants[s.Client], s.Variant) {
			variants[s.Client] = append(variants[s.Client], s.Variant)
		}
	}
	explicit := len(d.opts.Files) > 0
	for i, s := range sources {
		switch {
		case s.Root != "" || explicit:
			addTo(ctxKey{s.Client, s.Variant, s.Root}, i)
		case hasProjectScope[s.Client] && len(d.roots) > 0:
			for _, r := range d.roots {
				addTo(ctxKey{s.Client, s.Variant, r.Path}, i)
			}
		default:
			addTo(ctxKey{s.Client, s.Variant, ""}, i)
		}
	}
	// Project sources join every variant of their client's context too.
	for i, s := range sources {
		if s.Root == "" || explicit {
			continue
		}
		for _, v := range variants[s.Client] {
			addTo(ctxKey{s.Client, v, s.Root}, i)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.client != b.client {
			return a.client < b.client
		}
		if a.variant != b.variant {
			return a.variant < b.variant
		}
		return d.rootLabel(a.root) < d.rootLabel(b.root)
	})

	enabledSomewhere := map[*decl]bool{}
	winners := map[*decl]bool{}
	for _, k := range keys {
		idx := members[k]
		var all []*decl
		for _, i := range idx {
			all = append(all, per[i]...)
		}
		if len(all) == 0 {
			continue
		}
		sort.SliceStable(all, func(i, j int) bool {
			a, b := all[i], all[j]
			if a.name != b.name {
				return a.name < b.name
			}
			if a.src.Rank != b.src.Rank {
				return a.src.Rank > b.src.Rank
			}
			return a.src.Order < b.src.Order
		})
		ctx := model.Context{ID: contextID(k.client, k.variant, d.rootLabel(k.root)), Client: k.client, Root: d.rootLabel(k.root)}
		var winner *decl
		for _, dc := range all {
			cs := model.ContextServer{Name: dc.name, Identity: dc.identity, Scope: dc.src.Scope}
			if winner == nil || winner.name != dc.name {
				winner = dc
				cs.Enabled = !dc.disabled
				winners[dc] = true
				if cs.Enabled {
					enabledSomewhere[dc] = true
				}
			} else {
				cs.ShadowedBy = winner.src.Scope
				if cs.ShadowedBy == cs.Scope {
					// Two files of one scope (mcp.json and settings.json):
					// name the winning file's scope and file kind.
					cs.ShadowedBy = winner.src.Scope + ":" + d.labels[winner]
				}
			}
			ctx.Servers = append(ctx.Servers, cs)
		}
		d.inv.Contexts = append(d.inv.Contexts, ctx)
	}

	// One entry per identity.
	byID := map[string][]*decl{}
	var ids []string
	for _, dc := range d.decls {
		if _, ok := byID[dc.identity]; !ok {
			ids = append(ids, dc.identity)
		}
		byID[dc.identity] = append(byID[dc.identity], dc)
	}
	sort.Strings(ids)
	for _, id := range ids {
		group := byID[id]
		sort.SliceStable(group, func(i, j int) bool {
			a, b := group[i], group[j]
			if enabledSomewhere[a] != enabledSomewhere[b] {
				return enabledSomewhere[a]
			}
			if winners[a] != winners[b] {
				return winners[a]
			}
			if a.src.Client != b.src.Client {
				return a.src.Client < b.src.Client
			}
			if a.src.Rank != b.src.Rank {
				return a.src.Rank > b.src.Rank
			}
			if d.labels[a] != d.labels[b] {
				return d.labels[a] < d.labels[b]
			}
			return a.line < b.line
		})
		primary := group[0]
		cfg := d.configOf(primary)
		for _, o := range group[1:] {
			cfg.Also = append(cfg.Also, *d.configOf(o))
		}
		launch := primary.launch
		e := Entry{Name: primary.name, Identity: id, Transport: primary.launch.Transport, Endpoint: primary.endpoint, Config: cfg, Launch: &launch}
		for _, dc := range group {
			if enabledSomewhere[dc] {
				e.Enabled = true
			}
		}
		d.inv.Servers = append(d.inv.Servers, e)
	}
}

func (d *discovery) configOf(dc *decl) *model.ServerConfig {
	c := redactedConfig(dc, d.labels[dc], d.rootLabel(dc.src.Root))
	c.Facts = append(c.Facts, d.versionFacts(dc)...)
	c.Package = d.packageOf(dc)
	return c
}

func contextID(client, variant, root string) string {
	id := client
	if variant != "" {
		id += "#" + variant
	}
	if root != "" {
		id += "@" + root
	}
	return id
}

func containsStr(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
