package lock

// The one place this package reaches report/hashes: the component hashes
// a lock shares with bundles, findings and baselines.

import (
	"encoding/json"

	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// toolComponentKeys are the component hashes of report/hashes a lock keeps
// per tool (never the per-string "text:" hashes).
var toolComponentKeys = []string{hashes.Description, hashes.DescriptionText, hashes.InputSchema, hashes.OutputSchema, hashes.Annotations}

// toolComponents returns the component hashes of one raw definition.
func toolComponents(raw json.RawMessage) map[string]string {
	all := hashes.ToolHashes(raw)
	out := make(map[string]string, len(toolComponentKeys)+1)
	for _, k := range toolComponentKeys {
		out[k] = all[k]
	}
	return out
}

// serverComponentKeys are the server-level hashes a lock keeps.
var serverComponentKeys = []string{hashes.ServerInfo, hashes.Capabilities, hashes.Instructions, hashes.Prompts, hashes.Resources, hashes.Templates}

// serverComponents returns the server-level hashes of s, without tools.
func serverComponents(s *model.Server) map[string]string {
	all := hashes.ServerHashes(s, nil, nil)
	out := make(map[string]string, len(serverComponentKeys))
	for _, k := range serverComponentKeys {
		out[k] = all[k]
	}
	return out
}

// Keys of the component hashes, re-exported for readers of a lock.
const (
	keyDescription     = hashes.Description
	keyDescriptionText = hashes.DescriptionText
	keyInputSchema     = hashes.InputSchema
	keyOutputSchema    = hashes.OutputSchema
	keyAnnotations     = hashes.Annotations
	keyServerInfo      = hashes.ServerInfo
	keyCapabilities    = hashes.Capabilities
	keyInstructions    = hashes.Instructions
	keyPrompts         = hashes.Prompts
	keyResources       = hashes.Resources
	keyTemplates       = hashes.Templates
)

// toolTexts are the model-facing strings of a raw definition.
func toolTexts(raw json.RawMessage) []string {
	var out []string
	for _, t := range hashes.ToolTexts(raw) {
		out = append(out, t.Value)
	}
	return out
}

// toolTextPaths are the model-facing strings of a raw definition with
// their paths ("description", "inputSchema/properties/q/description").
func toolTextPaths(raw json.RawMessage) [][2]string {
	var out [][2]string
	for _, t := range hashes.ToolTexts(raw) {
		out = append(out, [2]string{t.Path, t.Value})
	}
	return out
}
