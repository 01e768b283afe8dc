package model

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/report/canon"
)

// served is ServedFields and ServedMetaKeys parsed, on first use.
var served = sync.OnceValue(func() struct {
	fields map[string]map[string]bool
	meta   []string
} {
	var t struct {
		fields map[string]map[string]bool
		meta   []string
	}
	t.fields = map[string]map[string]bool{}
	for _, line := range strings.Split(ServedFields, "\n") {
		kind, names, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		set := map[string]bool{}
		for _, n := range strings.Fields(names) {
			set[n] = true
		}
		t.fields[strings.TrimSpace(kind)] = set
	}
	t.meta = strings.Fields(ServedMetaKeys)
	return t
})

// HashExtras returns the definition raw of kind (tools, prompts,
// resources, resourceTemplates) with every member not in [ServedFields],
// and every _meta key not in [ServedMetaKeys], replaced by the
// "sha256:..." hash of its canonical JSON. A definition with nothing to
// hash, or that is not a JSON object, is returned unchanged, byte for
// byte; a changed one is re-encoded compactly with sorted keys. A value
// that already is such a hash is kept, so applying it twice changes
// nothing.
func HashExtras(kind string, raw json.RawMessage) json.RawMessage {
	fields, ok := served().fields[kind]
	if !ok {
		return raw
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil {
		return raw
	}
	changed := false
	for k, v := range m {
		switch {
		case k == "_meta":
			if nv, ok := hashMeta(v); ok {
				m[k], changed = nv, true
			}
		case !fields[k] && !isHash(v):
			m[k], changed = hashString(v), true
		}
	}
	if !changed {
		return raw
	}
	return compact(m, raw)
}

// hashMeta hashes the _meta keys that are not kept; ok is false when
// nothing changed.
func hashMeta(v json.RawMessage) (json.RawMessage, bool) {
	var meta map[string]json.RawMessage
	if json.Unmarshal(v, &meta) != nil || meta == nil {
		return nil, false
	}
	changed := false
	for k, mv := range meta {
		if !keptMeta(k) && !isHash(mv) {
			meta[k], changed = hashString(mv), true
		}
	}
	if !changed {
		return nil, false
	}
	return compact(meta, v), true
}

func keptMeta(k string) bool {
	for _, p := range served().meta {
		if k == p || strings.HasSuffix(p, "/") && strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// hashString is the JSON string "sha256:<hex>" of v's canonical form.
func hashString(v json.RawMessage) json.RawMessage {
	s, _ := json.Marshal(canon.Hash(v))
	return s
}

// isHash reports whether v is already a string of the form hashString
// writes.
func isHash(v json.RawMessage) bool {
	var s string
	if json.Unmarshal(v, &s) != nil || len(s) != len("sha256:")+64 || !strings.HasPrefix(s, "sha256:") {
		return false
	}
	return strings.Trim(s[len("sha256:"):], "0123456789abcdef") == ""
}

// compact encodes m without HTML escaping; on failure it keeps fallback.
func compact(m map[string]json.RawMessage, fallback json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(m) != nil {
		return fallback
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}
