package config

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"
)

// maxYAMLNodes bounds a YAML document's size with aliases expanded. A
// few nested anchors can otherwise expand to billions of nodes ("billion
// laughs"); no client config comes near this.
const maxYAMLNodes = 200_000

// yamlExpandedSize counts the nodes of f with every alias replaced by its
// anchor's size, stopping early once the bound is passed.
func yamlExpandedSize(f *ast.File) (int, error) {
	anchors := map[string]int{}
	total := 0
	var size func(n ast.Node, depth int) int
	size = func(n ast.Node, depth int) int {
		if n == nil || total > maxYAMLNodes {
			return 0
		}
		if depth > 200 {
			total = maxYAMLNodes + 1
			return 0
		}
		s := 1
		switch t := n.(type) {
		case *ast.DocumentNode:
			s += size(t.Body, depth+1)
		case *ast.MappingNode:
			for _, v := range t.Values {
				s += size(v, depth+1)
			}
		case *ast.MappingValueNode:
			s += size(t.Key, depth+1) + size(t.Value, depth+1)
		case *ast.MappingKeyNode:
			s += size(t.Value, depth+1)
		case *ast.SequenceNode:
			for _, v := range t.Values {
				s += size(v, depth+1)
			}
		case *ast.SequenceEntryNode:
			s += size(t.Value, depth+1)
		case *ast.TagNode:
			s += size(t.Value, depth+1)
		case *ast.AnchorNode:
			v := size(t.Value, depth+1)
			if t.Name != nil {
				anchors[t.Name.String()] = v
			}
			s += v
		case *ast.AliasNode:
			if t.Value != nil {
				s += anchors[t.Value.String()]
			}
		}
		total += s
		return s
	}
	for _, d := range f.Docs {
		size(d, 0)
		if total > maxYAMLNodes {
			return total, fmt.Errorf("document expands to more than %d nodes (alias expansion)", maxYAMLNodes)
		}
	}
	return total, nil
}
