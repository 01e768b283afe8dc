package hashes

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/surface"
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

// ToolHashesOf is [ToolHashes] over a tool already decoded into the
// server's view: the same map, without parsing the definition again. A
// definition whose member names differ from the spelled ones only by case
// (which encoding/json would still match) takes the raw path, so the two
// never disagree.
func ToolHashesOf(t *surface.Tool) map[string]string {
	if t.Members == nil || t.KeyCaseVariant {
		return ToolHashes(t.Raw)
	}
	all := t.Members
	h := make(map[string]string, 8+t.End-t.First)
	h[Description] = canon.Hash(canon.Pick(all, "description", "title"))
	h[InputSchema] = canon.Hash(all["inputSchema"])
	h[OutputSchema] = canon.Hash(all["outputSchema"])
	h[Annotations] = canon.Hash(all["annotations"])
	// encoding/json's *string fields, which ToolHashes decodes into, hold
	// "" for a member that is present but neither a string nor null.
	title, hasTitle := stringish(all["title"], t.Title, t.HasTitle)
	desc, hasDesc := stringish(all["description"], t.Description, t.HasDescription)
	folded := map[string]string{}
	if hasTitle {
		folded["title"] = CollapseSpace(title)
	}
	if hasDesc {
		folded["description"] = CollapseSpace(desc)
	}
	h[DescriptionText] = canon.HashValue(folded)
	if hasDesc {
		h[TextPrefix+"description"] = TextHash(desc)
	}
	if hasTitle {
		h[TextPrefix+"title"] = TextHash(title)
	}
	if at, ok := t.Annotations["title"]; ok && at != nil {
		s, _ := at.(string)
		h[TextPrefix+"annotations/title"] = TextHash(s)
	}
	// Paths are built with the key prefix already on, saving a
	// concatenation per string.
	var texts []Text
	if t.InputSchema != nil {
		walkSchema(t.InputSchema, TextPrefix+"inputSchema", &texts)
	}
	if t.OutputSchema != nil {
		walkSchema(t.OutputSchema, TextPrefix+"outputSchema", &texts)
	}
	for _, x := range texts {
		h[x.Path] = TextHash(x.Value)
	}
	h[Tool] = ToolComposite(t.Name, h)
	return h
}

// stringish is how a *string field decodes raw: absent or null is nil, a
// string is itself, anything else is "".
func stringish(raw json.RawMessage, s string, isString bool) (string, bool) {
	if isString {
		return s, true
	}
	if len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return "", false
	}
	return "", true
}
