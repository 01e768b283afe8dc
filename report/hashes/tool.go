package hashes

import (
	"encoding/json"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
)

// Keys of a tool's hash map.
const (
	// Description covers {title, description} as served.
	Description = "description"
	// DescriptionText covers title and description with ASCII whitespace
	// runs folded, so a reflow-only edit keeps it.
	DescriptionText = "descriptionText"
	InputSchema     = "inputSchema"
	OutputSchema    = "outputSchema"
	Annotations     = "annotations"
	// Tool is the composite over name and the four component hashes.
	Tool = "tool"
	// TextPrefix starts the key of one model-facing string's hash:
	// "text:" + its path in the tool, e.g. text:inputSchema/properties/q/description.
	TextPrefix = "text:"
)

// ToolComponents are the component keys the Tool composite covers.
var ToolComponents = []string{Description, InputSchema, OutputSchema, Annotations}

// ToolHashes returns the hash map of one raw tool definition.
func ToolHashes(raw json.RawMessage) map[string]string {
	var all map[string]json.RawMessage
	_ = json.Unmarshal(raw, &all)
	var name string
	_ = json.Unmarshal(all["name"], &name)
	h := map[string]string{
		Description:  canon.Hash(canon.Pick(all, "description", "title")),
		InputSchema:  canon.Hash(all["inputSchema"]),
		OutputSchema: canon.Hash(all["outputSchema"]),
		Annotations:  canon.Hash(all["annotations"]),
	}
	var d struct {
		Title       *string `json:"title"`
		Description *string `json:"description"`
	}
	_ = json.Unmarshal(raw, &d)
	folded := map[string]string{}
	if d.Title != nil {
		folded["title"] = CollapseSpace(*d.Title)
	}
	if d.Description != nil {
		folded["description"] = CollapseSpace(*d.Description)
	}
	h[DescriptionText] = canon.HashValue(folded)
	for _, t := range ToolTexts(raw) {
		h[TextPrefix+t.Path] = TextHash(t.Value)
	}
	h[Tool] = ToolComposite(name, h)
	return h
}

// ToolComposite recomputes the composite tool hash from component hashes.
func ToolComposite(name string, h map[string]string) string {
	c := map[string]string{"name": name}
	for _, k := range ToolComponents {
		c[k] = h[k]
	}
	return canon.HashValue(c)
}

// TextHash hashes one string as a canonical JSON string, unnormalised.
func TextHash(s string) string {
	return canon.HashValue(s)
}

// TextKeys returns the text hashes of h, keyed by path without the prefix.
func TextKeys(h map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range h {
		if p, ok := strings.CutPrefix(k, TextPrefix); ok {
			out[p] = v
		}
	}
	return out
}
