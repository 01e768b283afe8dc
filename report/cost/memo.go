package cost

import (
	"encoding/json"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/surface"
)

// PassTool is the memo pass of one tool's [toolCost] (see package cache):
// the page compares a dropped bundle with its report by reusing every
// unchanged tool's, so only changed tools are written out and counted.
const PassTool = "cost/tool"

// toolCost is what the cost pass reads from one tool definition: the
// counts of its counted text (canon.ToolCount) and its name as read there,
// and the description's sentences for boilerplate. It is a function of
// the raw definition alone (no option, no other tool, no encoding: the
// tokens are estimated from the counts per encoding), so it is memoised
// under the definition's hash with no facts. Values in the memo are
// shared: never written after [toolCostOf].
type toolCost struct {
	name string
	text chars
	// descName is the name as a struct decode of the definition reads
	// it, with the description; sentences are the description's
	// sentences, each once, in order.
	descName  string
	sentences []string
}

// count fills the counted text's name and counts.
func (c *toolCost) count(raw json.RawMessage) {
	text, name := canon.ToolCount(raw)
	c.name, c.text = name, charsOf(string(text))
}

func toolCostOf(t *surface.Tool) *toolCost {
	c := &toolCost{}
	c.count(t.Raw)
	name, desc := toolDescription(t)
	c.descName = name
	seen := map[string]bool{}
	for _, sen := range sentences(desc) {
		if !seen[sen] {
			seen[sen] = true
			c.sentences = append(c.sentences, sen)
		}
	}
	return c
}

// toolCosts are the costs of a server's tools, through memo when given.
func toolCosts(v *surface.Server, memo *cache.Memo) []*toolCost {
	out := make([]*toolCost, len(v.Tools))
	for j := range v.Tools {
		t := &v.Tools[j]
		if memo == nil {
			out[j] = toolCostOf(t)
			continue
		}
		key := cache.Key(catalog.Ruleset, PassTool, "", t.Component())
		if got, ok := memo.Get(key); ok {
			out[j] = got.(*toolCost)
			continue
		}
		out[j] = toolCostOf(t)
		memo.Put(key, out[j])
	}
	return out
}
