package tui

import (
	"encoding/json"
	"runtime"
	"sync"

	"github.com/assay-mcp/assay/report/model"
)

// Skeleton is what the tree can show of b before its analysis arrives:
// servers with their configured names, identities, launch specs and
// counts, tools with their names, titles and the token counts the bundle
// recorded. Effect, tier, kinds and findings are left empty: the model
// shows them as being analysed (Data.Pending), never as "none".
func Skeleton(b *model.Bundle) *model.Findings {
	f := &model.Findings{Kind: model.FindingsKind, Contexts: b.Contexts, Servers: make([]model.ServerReport, len(b.Servers)), Findings: []model.Finding{}}
	for i := range b.Servers {
		s := &b.Servers[i]
		r := model.ServerReport{Name: s.Name, Identity: s.Identity, Transport: s.Transport, Endpoint: s.Endpoint, Source: s.Source,
			ProtocolVersion: s.ProtocolVersion, Tools: make([]model.ToolReport, len(s.Tools)), Prompts: len(s.Prompts),
			Resources: len(s.Resources), Templates: len(s.ResourceTemplates), Tokens: s.Tokens, Errors: s.Errors, Config: s.Config}
		var info struct{ Name, Version string }
		_ = json.Unmarshal(s.ServerInfo, &info)
		r.Implementation, r.Version = info.Name, info.Version
		if s.Config != nil {
			r.Auth = s.Config.Auth
		}
		f.Servers[i] = r
		f.Summary.Tools += len(s.Tools)
	}
	f.Summary.Servers = len(f.Servers)
	// Reading the names is the one cost that grows with the tools: split
	// it over the cores (each worker writes only its own tools).
	type job struct{ s, t int }
	jobs := make(chan job, 256)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				s := &b.Servers[j.s]
				h := readHead(s.Tools[j.t])
				t := model.ToolReport{Name: h.Name, Title: h.Title}
				if s.Tokens != nil {
					t.Tokens = s.Tokens.Tools[h.Name]
				}
				f.Servers[j.s].Tools[j.t] = t
			}
		}()
	}
	for si := range b.Servers {
		for ti := range b.Servers[si].Tools {
			jobs <- job{si, ti}
		}
	}
	close(jobs)
	wg.Wait()
	return f
}
