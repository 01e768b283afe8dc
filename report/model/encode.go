package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/canon"
)

// A findings document of 10,000 tools is about 28 MB of JSON, most of it
// per-tool hash maps, and it is encoded twice per scan: once for its
// document hash and once for the output. encoding/json walks it by
// reflection and indents in a second pass over the bytes; this writer
// emits the same bytes directly. It reproduces encoding/json's Encoder
// with SetEscapeHTML(false) (and, indented, SetIndent("", "  ")) exactly:
// field order and omitempty as tagged in the types, map keys sorted, nil
// slices and maps as null, strings escaped the way encoding/json escapes
// them (U+2028 and U+2029 too, invalid UTF-8 as \ufffd). The rare parts
// (contexts, token summary, collection errors, config, advisories) are
// handed to encoding/json itself. TestFindingsWriterMatchesStdlib compares
// the two on analyses of the corpus and on generated documents.

type jsonWriter struct {
	b      []byte
	indent bool
	depth  int
	// first is, per open object or array, whether nothing is in it yet.
	first []bool
	err   error

	// canonical writes RFC 8785 JSON instead (canonicalJSON).
	canonical bool
	// omitHash is the member of the top-level hashes left out (canonical).
	omitHash string
	// members are the open objects' members so far; marks is, per open
	// object or array, where its own members start in members (-1 for an
	// array).
	members []canonMember
	marks   []int
	scratch []byte
	// keys is reused by every map written (maps do not nest here).
	keys []string
}

// canonMember is one member written into a canonical object: its name
// and where it starts in the output (on its name, after any comma).
type canonMember struct {
	key        string
	start, end int
}

// errNotCanonical sends a document the canonical writer does not take
// (a member name that is not valid UTF-8, a duplicate name, a huge
// number) to the reference path.
var errNotCanonical = errors.New("model: document needs the reference canonicaliser")

// AppendFindingsJSON appends f as encoding/json encodes it (HTML escaping
// off; indented by two spaces when indent is set), without the Encoder's
// trailing newline.
func AppendFindingsJSON(dst []byte, f *Findings, indent bool) ([]byte, error) {
	if f == nil {
		return append(dst, "null"...), nil
	}
	w := &jsonWriter{b: slices.Grow(dst, sizeHint(f)), indent: indent}
	w.findings(f)
	return w.b, w.err
}

// AppendFindingsCanonical appends the RFC 8785 canonical JSON of f's
// encoding (what canon.JSON makes of encoding/json's bytes), leaving out
// the member omitHash of the top-level hashes (and hashes itself when
// nothing else is in it), as the document hash requires. It never
// re-encodes: members are written in encoding/json's order and each object
// is put in canonical order as it closes. An error means the document
// needs the reference path (encode, then canonicalise).
func AppendFindingsCanonical(dst []byte, f *Findings, omitHash string) ([]byte, error) {
	if f == nil {
		return append(dst, "null"...), nil
	}
	w := &jsonWriter{b: slices.Grow(dst, sizeHint(f)), canonical: true, omitHash: omitHash}
	w.findings(f)
	return w.b, w.err
}

// sizeHint is about the size of f's indented encoding, so the 28 MB of a
// 10,000-tool document are not copied by doubling as they are written.
func sizeHint(f *Findings) int {
	n := 4096 + 512*len(f.Findings)
	for i := range f.Servers {
		s := &f.Servers[i]
		n += 1024 + 64*len(s.Hashes)
		if s.Tokens != nil {
			n += 48 * len(s.Tokens.Tools)
		}
		for j := range s.Tools {
			t := &s.Tools[j]
			// A hash entry: a text path, "sha256:" and 64 hex digits.
			n += 256 + len(t.Name) + len(t.Title) + 256*len(t.Evidence) + 140*len(t.Hashes)
		}
	}
	return n
}

func (w *jsonWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// appendStr writes a string value or member name in the document's form.
func (w *jsonWriter) appendStr(s string) {
	if w.canonical {
		w.b = canon.AppendString(w.b, s)
		return
	}
	w.b = AppendJSONString(w.b, s)
}

func (w *jsonWriter) appendInt(v int) {
	if w.canonical && (v >= 1e15 || v <= -1e15) {
		// RFC 8785 writes large numbers as doubles; leave them to the
		// reference path.
		w.fail(errNotCanonical)
	}
	w.b = strconv.AppendInt(w.b, int64(v), 10)
}

func (w *jsonWriter) newline() {
	w.b = append(w.b, '\n')
	for i := 0; i < w.depth; i++ {
		w.b = append(w.b, ' ', ' ')
	}
}

func (w *jsonWriter) open(c byte) {
	w.b = append(w.b, c)
	w.depth++
	w.first = append(w.first, true)
	if w.canonical {
		mark := -1
		if c == '{' {
			mark = len(w.members)
		}
		w.marks = append(w.marks, mark)
	}
}

func (w *jsonWriter) close(c byte) {
	w.depth--
	empty := w.first[len(w.first)-1]
	w.first = w.first[:len(w.first)-1]
	if !empty && w.indent {
		w.newline()
	}
	if w.canonical {
		mark := w.marks[len(w.marks)-1]
		w.marks = w.marks[:len(w.marks)-1]
		if mark >= 0 {
			w.sortMembers(w.members[mark:])
			w.members = w.members[:mark]
		}
	}
	w.b = append(w.b, c)
}

// sortMembers puts the members of the object just written (ms, in written
// order, ending at the end of the output) in RFC 8785 order, in place.
func (w *jsonWriter) sortMembers(ms []canonMember) {
	if len(ms) < 2 {
		return
	}
	for i := range ms {
		if i+1 < len(ms) {
			ms[i].end = ms[i+1].start - 1 // before the comma
		} else {
			ms[i].end = len(w.b)
		}
	}
	sorted := true
	for i := 1; i < len(ms) && sorted; i++ {
		sorted = canon.LessKey(ms[i-1].key, ms[i].key)
	}
	if sorted {
		return
	}
	slices.SortStableFunc(ms, func(a, b canonMember) int {
		if canon.LessKey(a.key, b.key) {
			return -1
		}
		if canon.LessKey(b.key, a.key) {
			return 1
		}
		return 0
	})
	from := ms[0].start
	for _, m := range ms {
		from = min(from, m.start)
	}
	sc := w.scratch[:0]
	for i, m := range ms {
		if i > 0 {
			if ms[i-1].key == m.key {
				w.fail(errNotCanonical)
			}
			sc = append(sc, ',')
		}
		sc = append(sc, w.b[m.start:m.end]...)
	}
	copy(w.b[from:], sc)
	w.scratch = sc[:0]
}

// elem starts the next element of the open array or member of the open
// object.
func (w *jsonWriter) elem() {
	top := &w.first[len(w.first)-1]
	if !*top {
		w.b = append(w.b, ',')
	}
	*top = false
	if w.indent {
		w.newline()
	}
}

func (w *jsonWriter) key(k string) {
	w.elem()
	if w.canonical {
		if !utf8.ValidString(k) {
			w.fail(errNotCanonical)
		}
		w.members = append(w.members, canonMember{key: k, start: len(w.b)})
	}
	w.appendStr(k)
	w.b = append(w.b, ':')
	if w.indent {
		w.b = append(w.b, ' ')
	}
}

func (w *jsonWriter) str(k, v string) {
	w.key(k)
	w.appendStr(v)
}

func (w *jsonWriter) strOmit(k, v string) {
	if v != "" {
		w.str(k, v)
	}
}

func (w *jsonWriter) int(k string, v int) {
	w.key(k)
	w.appendInt(v)
}

func (w *jsonWriter) intOmit(k string, v int) {
	if v != 0 {
		w.int(k, v)
	}
}

func (w *jsonWriter) boolOmit(k string, v bool) {
	if v {
		w.key(k)
		w.b = append(w.b, "true"...)
	}
}

func (w *jsonWriter) strings(k string, v []string) {
	w.key(k)
	if v == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.open('[')
	for _, s := range v {
		w.elem()
		w.appendStr(s)
	}
	w.close(']')
}

func (w *jsonWriter) stringsOmit(k string, v []string) {
	if len(v) > 0 {
		w.strings(k, v)
	}
}

func (w *jsonWriter) stringMap(k string, m map[string]string) { writeMap(w, k, m, w.str) }

func (w *jsonWriter) intMap(k string, m map[string]int) { writeMap(w, k, m, w.int) }

// writeMap writes the member k: m as an object with sorted keys, each
// entry by put (nil is null, as encoding/json writes a nil map).
func writeMap[V any](w *jsonWriter, k string, m map[string]V, put func(string, V)) {
	w.key(k)
	if m == nil {
		w.b = append(w.b, "null"...)
		return
	}
	keys := sortedKeys(w.keys[:0], m)
	w.open('{')
	for _, mk := range keys {
		put(mk, m[mk])
	}
	w.close('}')
	clear(keys)
	w.keys = keys[:0]
}

// sortedKeys appends m's keys to keys, sorted.
func sortedKeys[V any](keys []string, m map[string]V) []string {
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, strings.Compare)
	return keys
}

// stdlib writes v through encoding/json (the rare parts), indented to the
// current depth when the document is.
func (w *jsonWriter) stdlib(k string, v any) {
	w.key(k)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		w.fail(err)
		return
	}
	raw := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if w.canonical {
		var err error
		if w.b, err = canon.AppendFast(w.b, raw); err != nil {
			w.fail(errNotCanonical)
		}
		return
	}
	if !w.indent {
		w.b = append(w.b, raw...)
		return
	}
	var out bytes.Buffer
	out.Grow(len(raw) * 2)
	if err := json.Indent(&out, raw, strings.Repeat("  ", w.depth), "  "); err != nil {
		w.fail(err)
		return
	}
	w.b = append(w.b, out.Bytes()...)
}

// The members of the large objects, in encoding/json's order (the
// fields' order) and in RFC 8785's (sorted: every name is ASCII, so a
// byte sort is RFC 8785's UTF-16 order), so the canonical writer
// writes them in order and never has to move a whole server or tool.
// TestFieldOrders checks both against the types.
var (
	findingsOrder      = []string{"kind", "generator", "summary", "contexts", "servers", "findings", "hashes"}
	findingsCanonOrder = slices.Sorted(slices.Values(findingsOrder))
	serverOrder        = []string{"name", "identity", "transport", "endpoint", "source", "protocolVersion", "implementation", "version", "auth", "tools", "prompts", "resources", "templates", "tokens", "hashes", "errors", "config"}
	serverCanonOrder   = slices.Sorted(slices.Values(serverOrder))
	toolOrder          = []string{"name", "title", "effect", "tier", "kinds", "router", "tokens", "evidence", "override", "hashes"}
	toolCanonOrder     = slices.Sorted(slices.Values(toolOrder))
	findingOrder       = []string{"id", "category", "severity", "title", "server", "tool", "context", "element", "evidence", "fingerprint", "remediation", "item", "tools", "suppressed", "file", "line", "advisory"}
	findingCanonOrder  = slices.Sorted(slices.Values(findingOrder))
)

// writeList writes the member k: items as an array, each by each (nil
// is null, as encoding/json writes a nil slice).
func writeList[T any](w *jsonWriter, k string, items []T, each func(*T)) {
	w.key(k)
	if items == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.open('[')
	for i := range items {
		w.elem()
		each(&items[i])
	}
	w.close(']')
}

func (w *jsonWriter) order(stdlib, canonical []string) []string {
	if w.canonical {
		return canonical
	}
	return stdlib
}

func (w *jsonWriter) findings(f *Findings) {
	w.open('{')
	for _, k := range w.order(findingsOrder, findingsCanonOrder) {
		switch k {
		case "kind":
			w.str(k, f.Kind)
		case "generator":
			w.key(k)
			w.open('{')
			w.str("name", f.Generator.Name)
			w.str("version", f.Generator.Version)
			w.strOmit("ruleset", f.Generator.Ruleset)
			w.close('}')
		case "summary":
			w.summary(&f.Summary)
		case "contexts":
			if len(f.Contexts) > 0 {
				w.stdlib(k, f.Contexts)
			}
		case "servers":
			writeList(w, k, f.Servers, w.server)
		case "findings":
			writeList(w, k, f.Findings, w.finding)
		case "hashes":
			w.topHashes(f.Hashes)
		}
	}
	w.close('}')
}

// topHashes writes the document's hashes, without w.omitHash when
// canonical (and not at all when nothing else is left).
func (w *jsonWriter) topHashes(h map[string]string) {
	if w.canonical && w.omitHash != "" {
		if _, ok := h[w.omitHash]; ok {
			rest := make(map[string]string, len(h))
			for k, v := range h {
				if k != w.omitHash {
					rest[k] = v
				}
			}
			h = rest
		}
	}
	if len(h) > 0 {
		w.stringMap("hashes", h)
	}
}

func (w *jsonWriter) summary(s *Summary) {
	w.key("summary")
	w.open('{')
	w.int("servers", s.Servers)
	w.int("tools", s.Tools)
	w.int("findings", s.Findings)
	w.intMap("bySeverity", s.BySeverity)
	w.intMap("byCategory", s.ByCategory)
	w.intMap("byEffect", s.ByEffect)
	w.boolOmit("incomplete", s.Incomplete)
	if s.Tokens != nil {
		w.stdlib("tokens", s.Tokens)
	}
	w.close('}')
}

func (w *jsonWriter) server(s *ServerReport) {
	w.open('{')
	for _, k := range w.order(serverOrder, serverCanonOrder) {
		switch k {
		case "name":
			w.str(k, s.Name)
		case "identity":
			w.str(k, s.Identity)
		case "transport":
			w.str(k, s.Transport)
		case "endpoint":
			w.strOmit(k, s.Endpoint)
		case "source":
			w.str(k, s.Source)
		case "protocolVersion":
			w.strOmit(k, s.ProtocolVersion)
		case "implementation":
			w.strOmit(k, s.Implementation)
		case "version":
			w.strOmit(k, s.Version)
		case "auth":
			w.strOmit(k, s.Auth)
		case "tools":
			writeList(w, k, s.Tools, w.tool)
		case "prompts":
			w.intOmit(k, s.Prompts)
		case "resources":
			w.intOmit(k, s.Resources)
		case "templates":
			w.intOmit(k, s.Templates)
		case "tokens":
			if s.Tokens != nil {
				w.serverTokens(s.Tokens)
			}
		case "hashes":
			if len(s.Hashes) > 0 {
				w.stringMap(k, s.Hashes)
			}
		case "errors":
			if len(s.Errors) > 0 {
				w.stdlib(k, s.Errors)
			}
		case "config":
			if s.Config != nil {
				w.stdlib(k, s.Config)
			}
		}
	}
	w.close('}')
}

func (w *jsonWriter) serverTokens(t *ServerTokens) {
	w.key("tokens")
	w.open('{')
	w.str("encoding", t.Encoding)
	w.intMap("tools", t.Tools)
	w.int("toolsSum", t.ToolsSum)
	w.int("toolsList", t.ToolsList)
	w.intOmit("instructions", t.Instructions)
	w.intOmit("prompts", t.Prompts)
	w.intOmit("resources", t.Resources)
	w.intOmit("templates", t.Templates)
	w.boolOmit("estimated", t.Estimated)
	w.close('}')
}

func (w *jsonWriter) tool(t *ToolReport) {
	w.open('{')
	for _, k := range w.order(toolOrder, toolCanonOrder) {
		switch k {
		case "name":
			w.str(k, t.Name)
		case "title":
			w.strOmit(k, t.Title)
		case "effect":
			w.str(k, t.Effect)
		case "tier":
			w.str(k, t.Tier)
		case "kinds":
			w.strings(k, t.Kinds)
		case "router":
			w.boolOmit(k, t.Router)
		case "tokens":
			w.int(k, t.Tokens)
		case "evidence":
			if len(t.Evidence) > 0 {
				w.evidence(t.Evidence)
			}
		case "override":
			if o := t.Override; o != nil {
				w.key(k)
				w.open('{')
				w.str("from", o.From)
				w.str("to", o.To)
				w.str("reason", o.Reason)
				w.str("by", o.By)
				w.close('}')
			}
		case "hashes":
			if len(t.Hashes) > 0 {
				w.stringMap(k, t.Hashes)
			}
		}
	}
	w.close('}')
}

func (w *jsonWriter) evidence(ev []Evidence) {
	w.key("evidence")
	w.open('[')
	for i := range ev {
		e := &ev[i]
		w.elem()
		w.open('{')
		w.str("signal", e.Signal)
		w.strOmit("pointer", e.Pointer)
		w.strOmit("detail", e.Detail)
		w.stringsOmit("sets", e.Sets)
		w.close('}')
	}
	w.close(']')
}

func (w *jsonWriter) finding(f *Finding) {
	w.open('{')
	for _, k := range w.order(findingOrder, findingCanonOrder) {
		switch k {
		case "id":
			w.str(k, f.ID)
		case "category":
			w.str(k, f.Category)
		case "severity":
			w.str(k, f.Severity)
		case "title":
			w.str(k, f.Title)
		case "server":
			w.strOmit(k, f.Server)
		case "tool":
			w.strOmit(k, f.Tool)
		case "context":
			w.strOmit(k, f.Context)
		case "element":
			w.strOmit(k, f.Element)
		case "evidence":
			w.strOmit(k, f.Evidence)
		case "fingerprint":
			w.str(k, f.Fingerprint)
		case "remediation":
			w.strOmit(k, f.Remediation)
		case "item":
			w.strOmit(k, f.Item)
		case "tools":
			w.stringsOmit(k, f.Tools)
		case "suppressed":
			w.strOmit(k, f.Suppressed)
		case "file":
			w.strOmit(k, f.File)
		case "line":
			w.intOmit(k, f.Line)
		case "advisory":
			if f.Advisory != nil {
				w.stdlib(k, f.Advisory)
			}
		}
	}
	w.close('}')
}

// AppendJSONString appends s as encoding/json writes a string with HTML
// escaping off (the page's view encoder uses it too): '"', '\\' and control characters escaped (\b \f \n \r \t short,
// others \u00xx), U+2028 and U+2029 escaped, invalid UTF-8 as \ufffd.
func AppendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
