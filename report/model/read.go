package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/canon"
)

// InputKind says what a file given to Assay turned out to be.
type InputKind string

const (
	InputBundle    InputKind = "bundle"
	InputFindings  InputKind = "findings"
	InputCapture   InputKind = "capture"
	InputToolsList InputKind = "tools-list"
)

// Input is a decoded file: a bundle (captures and tools lists are lifted
// into a one-server bundle) or a findings document.
type Input struct {
	Name     string
	Kind     InputKind
	Bundle   *Bundle
	Findings *Findings
}

// InputError is bad input data: it names the file, the byte offset when
// known and what was expected.
type InputError struct {
	File   string
	Offset int64
	Msg    string
}

func (e *InputError) Error() string {
	if e.Offset > 0 {
		return fmt.Sprintf("%s: at byte %d: %s", e.File, e.Offset, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Decode recognises and decodes an Assay bundle, an Assay findings file,
// one server's capture ({"serverInfo", "tools", ...}) or a bare MCP
// tools/list result ({"tools": [...]}). name is used in errors and, for
// surfaces without serverInfo, as the server name.
//
// The document is first checked in one linear pass against the limits
// (limits.go): nesting, duplicate names, number range, string size and
// the counts of servers and definitions.
func Decode(name string, data []byte) (*Input, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &InputError{File: name, Msg: "file is empty; expected an Assay bundle, findings file or MCP surface JSON"}
	}
	if !utf8.Valid(data) {
		return nil, &InputError{File: name, Offset: int64(invalidUTF8Offset(data)), Msg: "not valid UTF-8"}
	}
	if err := checkDocument(name, data); err != nil {
		return nil, err
	}
	return decodeChecked(name, data, true)
}

// decodeChecked decodes a document checkDocument accepted. unwrap allows
// one JSON-RPC "result" wrapper around a surface, and only one: a chain
// of nested results is not a surface (and unwrapping each level would
// re-read the rest of the document once per level).
func decodeChecked(name string, data []byte, unwrap bool) (*Input, error) {
	// An Assay document is decoded once, into its type; only a surface
	// needs its top-level members as a map.
	kind, assayDoc := peekKind(data)
	var head map[string]json.RawMessage
	if !assayDoc {
		if err := json.Unmarshal(data, &head); err != nil {
			return nil, jsonError(name, data, err)
		}
		if raw, ok := head["kind"]; ok {
			_ = json.Unmarshal(raw, &kind)
		}
	}
	switch {
	case strings.HasPrefix(kind, "assay.bundle/"):
		if kind != BundleKind {
			return nil, &InputError{File: name, Msg: fmt.Sprintf("bundle version %q is not supported (this Assay reads %q)", kind, BundleKind)}
		}
		b, ok := fastBundle(data)
		if !ok {
			b = new(Bundle)
			if err := strictDecode(data, b); err != nil {
				return nil, jsonError(name, data, err)
			}
		}
		if b.Servers == nil {
			return nil, &InputError{File: name, Msg: `a bundle needs a "servers" array`}
		}
		if err := b.validate(); err != nil {
			return nil, &InputError{File: name, Msg: err.Error()}
		}
		return &Input{Name: name, Kind: InputBundle, Bundle: b}, nil
	case strings.HasPrefix(kind, "assay.findings/"):
		if kind != FindingsKind {
			return nil, &InputError{File: name, Msg: fmt.Sprintf("findings version %q is not supported (this Assay reads %q)", kind, FindingsKind)}
		}
		var f Findings
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, jsonError(name, data, err)
		}
		return &Input{Name: name, Kind: InputFindings, Findings: &f}, nil
	case kind != "":
		return nil, &InputError{File: name, Msg: fmt.Sprintf("unknown kind %q; expected %q or %q", kind, BundleKind, FindingsKind)}
	}
	if _, ok := head["tools"]; !ok {
		if _, ok := head["result"]; ok && unwrap && isObject(head["result"]) {
			// A JSON-RPC response wrapping a tools/list result.
			return decodeChecked(name, head["result"], false)
		}
		return nil, &InputError{File: name, Msg: `not an MCP surface: no "tools" array and no Assay "kind"`}
	}
	s, err := surfaceServer(name, head)
	if err != nil {
		return nil, &InputError{File: name, Msg: err.Error()}
	}
	k := InputToolsList
	if _, ok := head["serverInfo"]; ok {
		k = InputCapture
	}
	b := &Bundle{Kind: BundleKind, Servers: []Server{*s}}
	return &Input{Name: name, Kind: k, Bundle: b}, nil
}

func surfaceServer(name string, head map[string]json.RawMessage) (*Server, error) {
	s := &Server{Transport: "surface", Source: "surface"}
	var err error
	if s.Tools, err = rawList(head, "tools"); err != nil {
		return nil, err
	}
	if s.Prompts, err = rawList(head, "prompts"); err != nil {
		return nil, err
	}
	if s.Resources, err = rawList(head, "resources"); err != nil {
		return nil, err
	}
	if s.ResourceTemplates, err = rawList(head, "resourceTemplates"); err != nil {
		return nil, err
	}
	for i, t := range s.Tools {
		var tn struct {
			Name *string `json:"name"`
		}
		if json.Unmarshal(t, &tn) != nil || tn.Name == nil {
			return nil, fmt.Errorf("tools[%d] is not a tool object with a string \"name\"", i)
		}
	}
	s.ListCache = surfaceListCache(head)
	if raw := head["serverInfo"]; isObject(raw) {
		s.ServerInfo = raw
	}
	if raw := head["capabilities"]; isObject(raw) {
		s.Capabilities = raw
	}
	if raw, ok := head["instructions"]; ok {
		var ins *string
		if json.Unmarshal(raw, &ins) == nil && ins != nil {
			s.Instructions = ins
		}
	}
	if raw, ok := head["protocolVersion"]; ok {
		_ = json.Unmarshal(raw, &s.ProtocolVersion)
	}
	var info struct{ Name string }
	_ = json.Unmarshal(s.ServerInfo, &info)
	var pkg string
	if raw, ok := head["package"]; ok {
		_ = json.Unmarshal(raw, &pkg)
	}
	switch {
	case pkg != "":
		s.Name = pkg
	case info.Name != "":
		s.Name = info.Name
	default:
		base := path.Base(strings.ReplaceAll(name, "\\", "/"))
		s.Name = strings.TrimSuffix(base, path.Ext(base))
	}
	s.Endpoint = info.Name
	s.Identity = Identity(s.Name, s.Transport, s.Endpoint)
	if raw, ok := head["errors"]; ok {
		var errs []any
		if json.Unmarshal(raw, &errs) == nil {
			for _, e := range errs {
				msg, _ := json.Marshal(e)
				s.Errors = append(s.Errors, CollectionError{Code: "capture_error", Message: string(msg), Phase: "capture"})
			}
		}
	}
	return s, nil
}

// surfaceListCache reads the cache hints of a stored surface: a
// tools/list result carries ttlMs and cacheScope at its top level; a
// capture (one server's surface) carries listCache as a bundle does.
func surfaceListCache(head map[string]json.RawMessage) []ListCache {
	if c := ReadListCache("tools", head); c != nil {
		return []ListCache{*c}
	}
	var entries []map[string]json.RawMessage
	if json.Unmarshal(head["listCache"], &entries) != nil {
		return nil
	}
	var out []ListCache
	for _, e := range entries {
		var list string
		if json.Unmarshal(e["list"], &list) != nil || !isListName(list) {
			continue
		}
		if c := ReadListCache(list, e); c != nil {
			out = append(out, *c)
		}
	}
	return out
}

// isListName reports whether list names a result that carries cache hints.
func isListName(list string) bool {
	switch list {
	case "tools", "prompts", "resources", "resourceTemplates":
		return true
	}
	return false
}

// Identity is how a server is paired across scans: configured name plus
// transport plus endpoint (command basename or URL host).
// It reads "name@transport:endpoint"; hosts are lower-cased, names kept
// as written (collectkit/config uses the same form).
func Identity(name, transport, endpoint string) string {
	return name + "@" + transport + ":" + strings.ToLower(endpoint)
}

func rawList(head map[string]json.RawMessage, key string) ([]json.RawMessage, error) {
	raw, ok := head[key]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("%q is not an array", key)
	}
	for i, item := range list {
		if !isObject(item) {
			return nil, fmt.Errorf("%s[%d] is not an object", key, i)
		}
	}
	return list, nil
}

func isObject(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{'
}

func strictDecode(data []byte, v any) error {
	return json.Unmarshal(data, v)
}

func (b *Bundle) validate() error {
	for i, s := range b.Servers {
		if s.Name == "" {
			return fmt.Errorf("servers[%d] has no name", i)
		}
		for j, t := range s.Tools {
			if !isObject(t) {
				return fmt.Errorf("servers[%d].tools[%d] is not an object", i, j)
			}
		}
	}
	return nil
}

func jsonError(name string, data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &InputError{File: name, Offset: se.Offset, Msg: "malformed JSON: " + se.Error()}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "the document"
		} else {
			field = fmt.Sprintf("member %q", field)
		}
		return &InputError{File: name, Offset: te.Offset, Msg: fmt.Sprintf("%s: expected %s, found JSON %s", field, jsonKind(te.Type), te.Value)}
	}
	if errors.Is(err, errUnexpectedEOF) || strings.Contains(err.Error(), "unexpected end of JSON input") {
		return &InputError{File: name, Offset: int64(len(data)), Msg: "malformed JSON: unexpected end of input (truncated file?)"}
	}
	return &InputError{File: name, Msg: "malformed JSON: " + err.Error()}
}

var errUnexpectedEOF = errors.New("unexpected EOF")

func invalidUTF8Offset(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}

// peekKind reads the top-level "kind" of an object without decoding the
// rest (the last one wins, as in a map), and reports whether it names an
// Assay bundle or findings document. Anything it cannot read is left to
// the full decode, which reports the error.
func peekKind(data []byte) (string, bool) {
	ms, err := canon.RawMembers(data)
	if err != nil {
		return "", false
	}
	var kind string
	for _, m := range ms {
		if m.Key == "kind" {
			kind = ""
			_ = json.Unmarshal(m.Raw, &kind)
		}
	}
	return kind, strings.HasPrefix(kind, "assay.bundle/") || strings.HasPrefix(kind, "assay.findings/")
}

// jsonKind names a Go type the way a JSON user knows it: never
// map[string]json.RawMessage in an error message.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "a JSON value"
	}
	if t == reflect.TypeOf(json.RawMessage{}) {
		return "a JSON value"
	}
	switch t.Kind() {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "a JSON value"
}
