package inject

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// fieldKind says what a string is for, so identifier-only checks and
// prose checks go where they make sense.
type fieldKind int

const (
	kindProse fieldKind = iota // descriptions, instructions, titles
	kindIdent                  // names, URIs, MIME types, property names
	kindValue                  // enum/const/default/examples values
)

// elem is one model-facing string with the name of where it sits.
type elem struct {
	// Element is the finding's element: tool:NAME/description, ...
	Element string
	// Owner groups strings for the per-item concatenation: "tool:NAME",
	// "prompt:NAME", "resource:URI", "server".
	Owner string
	// Tool is the tool name for tool strings.
	Tool string
	Kind fieldKind
	Text string
}

// scope is what one server owns: its tools, prompts and parameters. A
// reference to something owned is in scope; anything else reaches out.
type scope struct {
	tools  map[string]bool // own tool names, lower-cased
	params map[string]map[string]bool
	names  map[string]bool // own prompt/resource/server name tokens
	// anyParam is every tool's parameter names together, so "is this a
	// parameter of some tool of the server" is one lookup, not a loop
	// over the server's tools (which made one server of N tools cost N²).
	anyParam map[string]bool
	// toolTokens is every word of every own tool name (identTokens).
	toolTokens map[string]bool
}

// maxDepth bounds schema recursion: servers are hostile input.
const maxDepth = 32

// surfaceOf lists every model-facing string of s in a fixed order.
func surfaceOf(s *model.Server) ([]elem, *scope) {
	sc := &scope{tools: map[string]bool{}, params: map[string]map[string]bool{}, names: map[string]bool{}}
	var out []elem
	add := func(element, owner, tool string, k fieldKind, text string) {
		if strings.TrimSpace(text) == "" {
			return
		}
		out = append(out, elem{Element: element, Owner: owner, Tool: tool, Kind: k, Text: text})
	}
	if s.Instructions != nil {
		add("server:instructions", "server", "", kindProse, *s.Instructions)
	}
	if v := decode(s.ServerInfo); v != nil {
		walkStrings(v, "server:serverInfo", 0, func(p, t string) {
			k := kindProse
			if strings.HasSuffix(p, "/name") || strings.HasSuffix(p, "/version") || strings.Contains(p, "/icons") {
				k = kindIdent
			}
			add(p, "server", "", k, t)
		})
		if m, ok := v.(map[string]any); ok {
			if n, ok := m["name"].(string); ok {
				for _, tok := range identTokens(n) {
					if !genericNameTokens[tok] {
						sc.names[tok] = true
					}
				}
			}
		}
	}
	for _, raw := range s.Tools {
		m, _ := decode(raw).(map[string]any)
		if m == nil {
			continue
		}
		name, _ := m["name"].(string)
		sc.tools[strings.ToLower(name)] = true
		params := map[string]bool{}
		sc.params[strings.ToLower(name)] = params
		base := "tool:" + name
		add(base+"/name", base, name, kindIdent, name)
		str(m, "title", func(t string) { add(base+"/title", base, name, kindProse, t) })
		str(m, "description", func(t string) { add(base+"/description", base, name, kindProse, t) })
		if a, ok := m["annotations"].(map[string]any); ok {
			str(a, "title", func(t string) { add(base+"/annotations/title", base, name, kindProse, t) })
		}
		for _, key := range []string{"inputSchema", "outputSchema"} {
			if sch, ok := m[key]; ok {
				walkSchema(sch, base+"/"+key, 0, params, func(p string, k fieldKind, t string) { add(p, base, name, k, t) })
			}
		}
	}
	for _, raw := range s.Prompts {
		m, _ := decode(raw).(map[string]any)
		if m == nil {
			continue
		}
		name, _ := m["name"].(string)
		sc.names[strings.ToLower(name)] = true
		base := "prompt:" + name
		add(base+"/name", base, "", kindIdent, name)
		str(m, "title", func(t string) { add(base+"/title", base, "", kindProse, t) })
		str(m, "description", func(t string) { add(base+"/description", base, "", kindProse, t) })
		if args, ok := m["arguments"].([]any); ok {
			for i, a := range args {
				am, _ := a.(map[string]any)
				if am == nil {
					continue
				}
				an, _ := am["name"].(string)
				ab := base + "/arguments/" + an
				if an == "" {
					ab = base + "/arguments/" + strconv.Itoa(i)
				}
				add(ab+"/name", base, "", kindIdent, an)
				str(am, "title", func(t string) { add(ab+"/title", base, "", kindProse, t) })
				str(am, "description", func(t string) { add(ab+"/description", base, "", kindProse, t) })
			}
		}
	}
	resources := func(list []json.RawMessage, prefix, uriKey string) {
		for _, raw := range list {
			m, _ := decode(raw).(map[string]any)
			if m == nil {
				continue
			}
			uri, _ := m[uriKey].(string)
			base := prefix + ":" + uri
			add(base+"/"+uriKey, base, "", kindIdent, uri)
			str(m, "name", func(t string) { add(base+"/name", base, "", kindIdent, t) })
			str(m, "title", func(t string) { add(base+"/title", base, "", kindProse, t) })
			str(m, "description", func(t string) { add(base+"/description", base, "", kindProse, t) })
			str(m, "mimeType", func(t string) { add(base+"/mimeType", base, "", kindIdent, t) })
		}
	}
	resources(s.Resources, "resource", "uri")
	resources(s.ResourceTemplates, "resourceTemplate", "uriTemplate")
	sc.toolTokens = map[string]bool{}
	for t := range sc.tools {
		for _, tok := range identTokens(t) {
			sc.toolTokens[tok] = true
		}
	}
	sc.anyParam = map[string]bool{}
	for _, p := range sc.params {
		for k, ok := range p {
			if ok {
				sc.anyParam[k] = true
			}
		}
	}
	return out, sc
}

// decode parses raw JSON keeping numbers as text; nil on any error.
func decode(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	return v
}

func str(m map[string]any, key string, f func(string)) {
	if t, ok := m[key].(string); ok {
		f(t)
	}
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// walkStrings visits every string leaf under v with its path.
func walkStrings(v any, path string, depth int, f func(path, text string)) {
	if depth > maxDepth {
		return
	}
	switch t := v.(type) {
	case string:
		f(path, t)
	case map[string]any:
		for _, k := range sortedKeys(t) {
			walkStrings(t[k], path+"/"+k, depth+1, f)
		}
	case []any:
		for i, x := range t {
			walkStrings(x, path+"/"+strconv.Itoa(i), depth+1, f)
		}
	}
}

// schemaMaps are keywords whose value maps names to subschemas.
var schemaMaps = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true}

// schemaOne are keywords holding one subschema; schemaList hold arrays.
var schemaOne = map[string]bool{"items": true, "additionalProperties": true, "not": true, "if": true, "then": true, "else": true, "contains": true, "propertyNames": true, "unevaluatedProperties": true, "unevaluatedItems": true, "additionalItems": true}
var schemaList = map[string]bool{"anyOf": true, "oneOf": true, "allOf": true, "prefixItems": true}

// walkSchema visits the model-facing strings of a JSON Schema at any
// depth: property names, descriptions, titles and string values of enum,
// const, default and examples. Property names are recorded in params.
func walkSchema(v any, path string, depth int, params map[string]bool, f func(string, fieldKind, string)) {
	if depth > maxDepth {
		return
	}
	switch t := v.(type) {
	case []any: // items as a list (draft 4 tuples)
		for i, x := range t {
			walkSchema(x, path+"/"+strconv.Itoa(i), depth+1, params, f)
		}
		return
	case map[string]any:
		for _, k := range sortedKeys(t) {
			val := t[k]
			p := path + "/" + k
			switch {
			case k == "description" || k == "title" || k == "$comment":
				if s, ok := val.(string); ok {
					f(p, kindProse, s)
				}
			case k == "enum" || k == "const" || k == "default" || k == "examples" || k == "example":
				walkStrings(val, p, depth+1, func(q, s string) { f(q, kindValue, s) })
			case schemaMaps[k]:
				if m, ok := val.(map[string]any); ok {
					for _, name := range sortedKeys(m) {
						if k == "properties" {
							params[strings.ToLower(name)] = true
							f(p+"/"+name, kindIdent, name)
						}
						walkSchema(m[name], p+"/"+name, depth+1, params, f)
					}
				}
			case schemaOne[k]:
				walkSchema(val, p, depth+1, params, f)
			case schemaList[k]:
				if l, ok := val.([]any); ok {
					for i, x := range l {
						walkSchema(x, p+"/"+strconv.Itoa(i), depth+1, params, f)
					}
				}
			}
		}
	}
}

// identTokens splits an identifier into lower-case word tokens.
func identTokens(s string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	prevLower := false
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			if prevLower {
				flush()
			}
			cur.WriteRune(r + 32)
			prevLower = false
		case (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9'):
			cur.WriteRune(r)
			prevLower = true
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	return out
}

// genericNameTokens never make an identifier "owned" by matching a server
// name: every server is an mcp server.
var genericNameTokens = wordSet(`mcp server servers tool tools the api ai app sdk client official io js ts py node npm plugin`)
