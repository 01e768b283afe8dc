package hashes

import (
	"errors"
	"maps"

	"github.com/assay-mcp/assay/report/model"
)

// ErrNoHashes means a document carries no hash at all, so nothing in it
// can be verified. Stripping every hash is itself a way to tamper.
var ErrNoHashes = errors.New("no hashes recorded: the file cannot be verified")

// VerifyBundle recomputes every hash of b from its raw definitions and
// reports each mismatch. Servers without stored hashes are reported as
// missing every key; a bundle with no hash anywhere returns ErrNoHashes.
func VerifyBundle(b *model.Bundle) ([]Mismatch, error) {
	any := len(b.Hashes) > 0
	for _, s := range b.Servers {
		any = any || len(s.Hashes) > 0
	}
	if !any {
		return nil, ErrNoHashes
	}
	var out []Mismatch
	servers, _ := Bundle(b)
	for i, s := range b.Servers {
		out = append(out, Compare("server:"+s.Identity, s.Hashes, servers[i])...)
	}
	if d, err := DocumentHash(b); err == nil {
		out = append(out, Compare("bundle", pickKey(b.Hashes, Document), map[string]string{Document: d})...)
	}
	sortMismatches(out)
	return out, nil
}

// VerifyFindings checks a findings document for internal consistency:
// every composite hash (tool, tools, surface, surfaces) against its
// components, the analysis hash against the classification and injection
// findings it holds, and the document hash when present. Component hashes
// themselves need the raw surface, which a findings file does not carry.
func VerifyFindings(f *model.Findings) ([]Mismatch, error) {
	any := len(f.Hashes) > 0
	for _, s := range f.Servers {
		any = any || len(s.Hashes) > 0
	}
	if !any {
		return nil, ErrNoHashes
	}
	var out []Mismatch
	for _, s := range f.Servers {
		out = append(out, VerifyServerReport(&s)...)
	}
	want := FindingsHashes(f)
	out = append(out, CompareSubset("findings", f.Hashes, want, Analysis, Surfaces)...)
	if _, ok := f.Hashes[Document]; ok {
		if d, err := DocumentHash(f); err == nil {
			out = append(out, Compare("findings", pickKey(f.Hashes, Document), map[string]string{Document: d})...)
		}
	}
	sortMismatches(out)
	return out, nil
}

// VerifyServerReport checks the composite hashes of one analysed server.
func VerifyServerReport(s *model.ServerReport) []Mismatch {
	var out []Mismatch
	where := "server:" + s.Identity
	for _, t := range s.Tools {
		if len(t.Hashes) == 0 {
			out = append(out, Mismatch{Where: where + "/tool:" + t.Name, Key: Tool, Computed: "(component hashes)"})
			continue
		}
		out = append(out, CompareSubset(where+"/tool:"+t.Name, t.Hashes, map[string]string{Tool: ToolComposite(t.Name, t.Hashes)}, Tool)...)
	}
	if len(s.Hashes) == 0 {
		return append(out, Mismatch{Where: where, Key: Surface, Computed: "(component hashes)"})
	}
	want := maps.Clone(s.Hashes)
	keys := []string{Tools, Surface}
	seen, next := map[string]bool{}, map[string]int{}
	for _, t := range s.Tools {
		k := uniqueKey(seen, next, t.Name)
		seen[k] = true
		want[ToolPrefix+k] = t.Hashes[Tool]
		keys = append(keys, ToolPrefix+k)
	}
	want[Tools] = ToolsComposite(s.Tools)
	want[Surface] = SurfaceComposite(want)
	return append(out, CompareSubset(where, s.Hashes, want, keys...)...)
}

func pickKey(m map[string]string, k string) map[string]string {
	if v, ok := m[k]; ok {
		return map[string]string{k: v}
	}
	return map[string]string{}
}
