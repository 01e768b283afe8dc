package lock

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// knownToolFields are the members a Tool hashes by component; every other
// member of a definition goes to Tool.Other.
var knownToolFields = map[string]bool{
	"name": true, "title": true, "description": true, "inputSchema": true, "outputSchema": true, "annotations": true,
}

// SurfaceOf fingerprints the surface of one collected server. Tools are
// sorted by name (duplicates, which hostile servers send, keep their
// served order after the first).
func SurfaceOf(s *model.Server) *Surface {
	out := &Surface{
		ProtocolVersion: s.ProtocolVersion,
		Era:             EraOf(s.ProtocolVersion),
		Hashes:          serverComponents(s),
		Tools:           make([]Tool, 0, len(s.Tools)),
	}
	var info struct {
		Name    any `json:"name"`
		Version any `json:"version"`
	}
	_ = json.Unmarshal(s.ServerInfo, &info)
	out.ServerName, out.ServerVersion = clearString(info.Name), clearString(info.Version)
	for _, raw := range s.Tools {
		out.Tools = append(out.Tools, ToolOf(raw))
	}
	sort.SliceStable(out.Tools, func(i, j int) bool { return out.Tools[i].Name < out.Tools[j].Name })
	return out
}

// clearString keeps a serverInfo string as is and marks anything else.
func clearString(v any) string {
	switch s := v.(type) {
	case nil:
		return ""
	case string:
		return s
	}
	return "<non-string>"
}

// ToolOf fingerprints one raw tool definition.
func ToolOf(raw json.RawMessage) Tool {
	var all map[string]json.RawMessage
	_ = json.Unmarshal(raw, &all)
	var name string
	_ = json.Unmarshal(all["name"], &name)
	t := Tool{Name: name, Hashes: toolComponents(raw)}
	var d struct {
		Title       string `json:"title"`
		Description string `json:"description"`
	}
	_ = json.Unmarshal(raw, &d)
	norm, _, _ := normalized(d.Title + "\n" + d.Description)
	t.Hashes[DescriptionNormalized] = hashValue(norm)
	for k, v := range all {
		if !knownToolFields[k] {
			if t.Other == nil {
				t.Other = map[string]string{}
			}
			t.Other[memberKey(k)] = hashRaw(v)
		}
	}
	t.Hints = hintsOf(all["annotations"])
	for _, s := range toolTexts(raw) {
		_, _, n := normalized(s)
		t.Hidden += n
	}
	return t
}

// hintsOf reads the four behaviour hints in clear.
func hintsOf(raw json.RawMessage) map[string]string {
	var ann map[string]json.RawMessage
	if json.Unmarshal(raw, &ann) != nil || len(ann) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, k := range HintNames {
		v, ok := ann[k]
		if !ok {
			continue
		}
		switch string(v) {
		case "true":
			out[k] = HintTrue
		case "false":
			out[k] = HintFalse
		default:
			out[k] = HintNonBoolean
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// memberKey is how a lock names a member of a definition: as is when it
// looks like an identifier (_meta, icons, execution), else by its hash,
// so a server cannot smuggle text into a lock through a member name.
func memberKey(k string) string {
	if len(k) > 0 && len(k) <= 64 {
		plain := true
		for i := 0; i < len(k); i++ {
			c := k[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_$.:/@-", c) >= 0) {
				plain = false
				break
			}
		}
		if plain {
			return k
		}
	}
	return "#" + short(hashValue(k))
}
