// Package surface is the decoded view of one server's surface: every pass
// of the analysis (classification, injection, hashing, cost, drift) reads
// this view instead of parsing the raw definitions again.
//
// A bundle keeps every definition raw, exactly as served, so that unknown
// fields and absent-versus-false hints survive. Decoding that JSON is the
// costliest common step of the analysis; the view does it once per server
// ([New]) and shares the result: names, titles, descriptions, hints,
// decoded schemas, and the list of model-facing strings with the element
// each finding names.
//
// The view is read-only once built and safe to share between goroutines.
// It never changes the raw definitions: hashes are still computed from the
// raw bytes ([Tool.Raw], [Tool.Members]).
package surface

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/model"
)

// MaxDepth bounds every walk of a decoded value: servers are hostile input.
const MaxDepth = 32

// Hints are a tool's behaviour annotations as declared. A nil pointer means
// the hint is absent; a hint whose value is not a boolean is absent too and
// is listed in NonBool (so a lock or a finding can say "<non-boolean>").
//
// MCP 2025-11-25, ToolAnnotations: "readOnlyHint: If true, the tool does
// not modify its environment"; "destructiveHint: If true, the tool may
// perform destructive updates"; "idempotentHint"; "openWorldHint: If true,
// this tool may interact with an 'open world' of external entities". All
// are hints from an untrusted server.
type Hints struct {
	ReadOnly    *bool
	Destructive *bool
	Idempotent  *bool
	OpenWorld   *bool
	// NonBool names hints present with a value that is not a boolean.
	NonBool []string
}

// Count is how many of readOnly, destructive and openWorld are declared
// (the three that speak about effect).
func (h Hints) Count() int {
	n := 0
	for _, p := range []*bool{h.ReadOnly, h.Destructive, h.OpenWorld} {
		if p != nil {
			n++
		}
	}
	return n
}

// Tool is one decoded tool definition.
type Tool struct {
	// Index is the tool's position in the served list.
	Index int
	// Raw is the definition exactly as served.
	Raw json.RawMessage
	// Members are Raw's top-level members, raw; nil when Raw is not an
	// object (Malformed says why).
	Members map[string]json.RawMessage
	// Malformed is non-empty when the definition is not a JSON object.
	Malformed string
	// component is cache.Raw of Raw once [Tool.Component] has computed it.
	component string

	Name string
	// Title and Description are the served strings; HasTitle and
	// HasDescription tell an empty string from an absent or non-string one.
	Title, Description          string
	HasTitle, HasDescription    bool
	AnnotationTitle             string
	HasAnnotationTitle          bool
	Hints                       Hints
	InputSchema, OutputSchema   any // decoded with json.Number; nil when absent or malformed
	Annotations                 map[string]any
	InputRaw, OutputRaw, AnnRaw json.RawMessage

	// KeyCaseVariant is set when a member (or an annotations member) is
	// spelled like a standard one but in another case ("Title"): Go's
	// struct decoding would still read it, the view does not. Passes that
	// must agree with a struct decode of Raw take the raw path then.
	KeyCaseVariant bool

	// First and End delimit this tool's strings in Server.Texts.
	First, End int
}

// Item is a prompt, resource or resource template.
type Item struct {
	Index int
	Raw   json.RawMessage
	// Kind is "prompt", "resource" or "resourceTemplate".
	Kind string
	// Key is the prompt name, resource URI or URI template.
	Key         string
	Name        string
	Title       string
	Description string
	MimeType    string
	Decoded     map[string]any
	First, End  int
}

// Server is one server's surface decoded once.
type Server struct {
	Src *model.Server
	// InfoName, InfoVersion and InfoTitle come from serverInfo.
	InfoName, InfoVersion, InfoTitle string
	Info                             map[string]any
	Instructions                     *string
	Tools                            []Tool
	Prompts, Resources, Templates    []Item
	// Texts lists every model-facing string in a fixed order: server
	// instructions and serverInfo, then each tool, prompt, resource and
	// template in served order.
	Texts  []Text
	byName map[string]int
}

// New decodes s. It never fails: a malformed part decodes to nothing and
// the raw bytes still reach the hashes.
func New(s *model.Server) *Server {
	v := &Server{Src: s, Instructions: s.Instructions, byName: make(map[string]int, len(s.Tools))}
	if s.Instructions != nil {
		v.add(Text{Element: "server:instructions", Owner: OwnerServer, Tool: -1, Path: "instructions", Kind: Prose, Value: *s.Instructions})
	}
	if m, ok := Decode(s.ServerInfo).(map[string]any); ok {
		v.Info = m
		v.InfoName, _ = m["name"].(string)
		v.InfoVersion, _ = m["version"].(string)
		v.InfoTitle, _ = m["title"].(string)
		walkStrings(m, "serverInfo", 0, func(p, t string) {
			k := Prose
			if strings.HasSuffix(p, "/name") || strings.HasSuffix(p, "/version") || strings.Contains(p, "/icons") {
				k = Ident
			}
			v.add(Text{Element: "server:" + p, Owner: OwnerServer, Tool: -1, Path: p, Kind: k, Value: t})
		})
	}
	v.Tools = make([]Tool, len(s.Tools))
	for i, raw := range s.Tools {
		v.decodeTool(i, raw)
	}
	v.Prompts = v.items(s.Prompts, "prompt", "name")
	v.Resources = v.items(s.Resources, "resource", "uri")
	v.Templates = v.items(s.ResourceTemplates, "resourceTemplate", "uriTemplate")
	return v
}

// ToolByName finds a tool of this server by name, ignoring case.
func (s *Server) ToolByName(name string) (*Tool, bool) {
	i, ok := s.byName[strings.ToLower(name)]
	if !ok {
		return nil, false
	}
	return &s.Tools[i], true
}

// ToolTexts are the model-facing strings of tool i.
func (s *Server) ToolTexts(i int) []Text { t := &s.Tools[i]; return s.Texts[t.First:t.End] }

// ItemTexts are the model-facing strings of a prompt, resource or template.
func (s *Server) ItemTexts(it *Item) []Text { return s.Texts[it.First:it.End] }

func (s *Server) add(t Text) {
	if strings.TrimSpace(t.Value) == "" {
		return
	}
	s.Texts = append(s.Texts, t)
}

func (s *Server) decodeTool(i int, raw json.RawMessage) {
	t := &s.Tools[i]
	t.Index, t.Raw = i, raw
	t.First = len(s.Texts)
	defer func() { t.End = len(s.Texts) }()
	members, vals, ok := fastMembers(raw)
	if !ok {
		if err := json.Unmarshal(raw, &members); err != nil || members == nil {
			t.Malformed = "tool definition is not a JSON object"
			return
		}
		vals = map[string]any{}
		for _, k := range []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations"} {
			if m, ok := members[k]; ok {
				vals[k] = Decode(m)
			}
		}
	}
	t.Members = members
	t.Name, _ = vals["name"].(string)
	if _, dup := s.byName[strings.ToLower(t.Name)]; !dup {
		s.byName[strings.ToLower(t.Name)] = i
	}
	t.Title, t.HasTitle = vals["title"].(string)
	t.Description, t.HasDescription = vals["description"].(string)
	t.InputRaw, t.OutputRaw, t.AnnRaw = members["inputSchema"], members["outputSchema"], members["annotations"]
	t.InputSchema, t.OutputSchema = vals["inputSchema"], vals["outputSchema"]
	if a, ok := vals["annotations"].(map[string]any); ok {
		t.Annotations = a
		t.Hints = hintsOf(a)
		if at, ok := a["title"].(string); ok {
			t.AnnotationTitle, t.HasAnnotationTitle = at, true
		}
	}

	t.KeyCaseVariant = caseVariant(members, toolKeys) || caseVariant(t.Annotations, annotationKeys)

	base := "tool:" + t.Name
	add := func(path string, k TextKind, text string) {
		s.add(Text{Element: base + "/" + path, Owner: base, Tool: i, Path: path, Kind: k, Value: text})
	}
	add("name", Ident, t.Name)
	if t.HasTitle {
		add("title", Prose, t.Title)
	}
	if t.HasDescription {
		add("description", Prose, t.Description)
	}
	if t.HasAnnotationTitle {
		add("annotations/title", Prose, t.AnnotationTitle)
	}
	if t.InputSchema != nil {
		WalkSchemaTexts(t.InputSchema, "inputSchema", func(p string, k TextKind, v string) { add(p, k, v) })
	}
	if t.OutputSchema != nil {
		WalkSchemaTexts(t.OutputSchema, "outputSchema", func(p string, k TextKind, v string) { add(p, k, v) })
	}
}

func (s *Server) items(list []json.RawMessage, kind, keyField string) []Item {
	out := make([]Item, len(list))
	for i, raw := range list {
		it := &out[i]
		it.Index, it.Raw, it.Kind = i, raw, kind
		it.First = len(s.Texts)
		m, _ := Decode(raw).(map[string]any)
		if m == nil {
			it.End = it.First
			continue
		}
		it.Decoded = m
		it.Key, _ = m[keyField].(string)
		it.Name, _ = m["name"].(string)
		it.Title, _ = m["title"].(string)
		it.Description, _ = m["description"].(string)
		it.MimeType, _ = m["mimeType"].(string)
		base := kind + ":" + it.Key
		add := func(path string, k TextKind, text string) {
			s.add(Text{Element: base + "/" + path, Owner: base, Tool: -1, Path: path, Kind: k, Value: text})
		}
		if kind == "prompt" {
			add("name", Ident, it.Name)
			str(m, "title", func(t string) { add("title", Prose, t) })
			str(m, "description", func(t string) { add("description", Prose, t) })
			if args, ok := m["arguments"].([]any); ok {
				for j, a := range args {
					am, _ := a.(map[string]any)
					if am == nil {
						continue
					}
					an, _ := am["name"].(string)
					ab := "arguments/" + an
					if an == "" {
						ab = "arguments/" + itoa(j)
					}
					add(ab+"/name", Ident, an)
					str(am, "title", func(t string) { add(ab+"/title", Prose, t) })
					str(am, "description", func(t string) { add(ab+"/description", Prose, t) })
				}
			}
		} else {
			add(keyField, Ident, it.Key)
			str(m, "name", func(t string) { add("name", Ident, t) })
			str(m, "title", func(t string) { add("title", Prose, t) })
			str(m, "description", func(t string) { add("description", Prose, t) })
			str(m, "mimeType", func(t string) { add("mimeType", Ident, t) })
		}
		it.End = len(s.Texts)
	}
	return out
}

// hintsOf reads the four behaviour hints. Only JSON true and false count.
func hintsOf(a map[string]any) Hints {
	var h Hints
	get := func(k string) *bool {
		v, ok := a[k]
		if !ok {
			return nil
		}
		if b, ok := v.(bool); ok {
			return &b
		}
		h.NonBool = append(h.NonBool, k)
		return nil
	}
	h.ReadOnly = get("readOnlyHint")
	h.Destructive = get("destructiveHint")
	h.Idempotent = get("idempotentHint")
	h.OpenWorld = get("openWorldHint")
	return h
}

// Decode parses raw JSON keeping numbers as json.Number; nil on any error
// or when raw is empty.
func Decode(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	if v, ok := fastDecode(raw); ok {
		return v
	}
	return stdDecode(raw)
}

// stdDecode is encoding/json's reading of the first value of raw, numbers
// as json.Number: the fallback of [Decode] and the oracle its tests
// compare the fast decoder with.
func stdDecode(raw []byte) any {
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

var (
	toolKeys       = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations"}
	annotationKeys = []string{"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}
)

// caseVariant reports a key of m equal to one of keys but for case.
func caseVariant[V any](m map[string]V, keys []string) bool {
	for k := range m {
		for _, want := range keys {
			if k != want && strings.EqualFold(k, want) {
				return true
			}
		}
	}
	return false
}

// Component is the tool's component hash (cache.Raw of its raw
// definition), the start of every per-tool memo key. It is computed on
// first use and kept on the view, so a definition is hashed once however
// many passes memoise it. A view's tools are read by one goroutine at a
// time (a server's passes run in turn), so the kept value needs no lock.
func (t *Tool) Component() string {
	if t.component == "" {
		t.component = cache.Raw(t.Raw)
	}
	return t.component
}
