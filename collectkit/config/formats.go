package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/parser"
	"github.com/tailscale/hujson"
)

// Format names a config file syntax.
type Format string

const (
	FormatJSON Format = "json" // JSON and JSONC (comments, trailing commas)
	FormatTOML Format = "toml"
	FormatYAML Format = "yaml"
)

// document is a parsed config file: plain Go values (map[string]any,
// []any, string, float64, bool, nil) and a way to find the line of a
// value by its key path, for SARIF locations.
type document struct {
	Root any
	// Line returns the 1-based line where the value at path starts, or 0.
	Line func(path ...string) int
}

// maxConfigBytes bounds what is parsed: client configs are small, and a
// multi-megabyte file is not one.
const maxConfigBytes = 16 << 20

// maxNesting bounds bracket nesting before any recursive parser runs:
// a file of a million "[" would otherwise exhaust the stack.
const maxNesting = 256

// bracketDepth is the deepest nesting of [ and { outside quoted strings.
// It over-counts brackets in comments, which only makes it stricter.
func bracketDepth(data []byte) int {
	depth, maxd := 0, 0
	var quote byte
	for i := 0; i < len(data); i++ {
		c := data[i]
		if quote != 0 {
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			quote = c
		case '[', '{':
			depth++
			if depth > maxd {
				maxd = depth
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		case '\n':
			// YAML and TOML quotes never span lines unquoted; resync.
			if quote == '\'' {
				quote = 0
			}
		}
	}
	return maxd
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// parse reads data in the given format. A UTF-8 BOM is dropped first.
func parse(data []byte, f Format) (*document, error) {
	if len(data) > maxConfigBytes {
		return nil, fmt.Errorf("file larger than %d bytes", maxConfigBytes)
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if d := bracketDepth(data); d > maxNesting {
		return nil, fmt.Errorf("nesting deeper than %d levels", maxNesting)
	}
	switch f {
	case FormatTOML:
		return parseTOML(data)
	case FormatYAML:
		return parseYAML(data)
	default:
		return parseJSON(data)
	}
}

func lineAt(data []byte, off int) int {
	if off < 0 || off > len(data) {
		return 0
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}

func parseJSON(data []byte) (*document, error) {
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, err
	}
	std := v.Clone()
	std.Standardize()
	var root any
	dec := json.NewDecoder(bytes.NewReader(std.Pack()))
	if err := dec.Decode(&root); err != nil {
		return nil, err
	}
	line := func(path ...string) int {
		cur, pos := &v, -1
		for _, k := range path {
			switch c := cur.Value.(type) {
			case *hujson.Object:
				var name, val *hujson.Value
				// The last duplicate wins, as in encoding/json.
				for i := range c.Members {
					if lit, ok := c.Members[i].Name.Value.(hujson.Literal); ok && lit.String() == k {
						name, val = &c.Members[i].Name, &c.Members[i].Value
					}
				}
				if name == nil {
					return 0
				}
				pos, cur = name.StartOffset, val
			case *hujson.Array:
				i, err := strconv.Atoi(k)
				if err != nil || i < 0 || i >= len(c.Elements) {
					return 0
				}
				cur = &c.Elements[i]
				pos = cur.StartOffset
			default:
				return 0
			}
		}
		if pos < 0 {
			pos = cur.StartOffset
		}
		return lineAt(data, pos)
	}
	return &document{Root: root, Line: line}, nil
}

// tomlKeyLine finds "key = ..." (bare or quoted key) in the table that
// starts after line from (1-based; 0 is the top of the file), stopping at
// the next table header.
func tomlKeyLine(lines []string, from int, key string) int {
	for i := from; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, "[") {
			return 0
		}
		name, _, ok := strings.Cut(t, "=")
		if ok && strings.Trim(strings.TrimSpace(name), `"'`) == key {
			return i + 1
		}
	}
	return 0
}

var tomlHeader = regexp.MustCompile(`(?m)^[ \t]*\[[ \t]*([^\[\]\n]+?)[ \t]*\][ \t]*(?:#.*)?$`)

func parseTOML(data []byte) (*document, error) {
	var root map[string]any
	if _, err := toml.Decode(string(data), &root); err != nil {
		return nil, err
	}
	headers := map[string]int{}
	for _, m := range tomlHeader.FindAllSubmatchIndex(data, -1) {
		key := normalizeTOMLKey(string(data[m[2]:m[3]]))
		if _, seen := headers[key]; !seen {
			headers[key] = lineAt(data, m[0])
		}
	}
	lines := strings.Split(string(data), "\n")
	line := func(path ...string) int {
		// A server is declared by its table header [a.b] (or, failing that,
		// the first header below it, as in [a.b.env]).
		key := strings.Join(path, "\x00")
		if l, ok := headers[key]; ok {
			return l
		}
		// A key is "name = value" below its table's header (or at the top).
		if len(path) > 0 {
			start := 0
			if len(path) > 1 {
				start = headers[strings.Join(path[:len(path)-1], "\x00")]
			}
			if start > 0 || len(path) == 1 {
				if l := tomlKeyLine(lines, start, path[len(path)-1]); l > 0 {
					return l
				}
			}
		}
		best := 0
		for k, l := range headers {
			if strings.HasPrefix(k, key+"\x00") && (best == 0 || l < best) {
				best = l
			}
		}
		return best
	}
	return &document{Root: toAny(root), Line: line}, nil
}

// normalizeTOMLKey splits a dotted header into parts joined by NUL,
// unquoting quoted parts.
func normalizeTOMLKey(s string) string {
	var parts []string
	for s != "" {
		s = strings.TrimSpace(s)
		var part string
		switch {
		case strings.HasPrefix(s, `"`):
			end := 1
			for end < len(s) && (s[end] != '"' || s[end-1] == '\\') {
				end++
			}
			if u, err := strconv.Unquote(s[:min(end+1, len(s))]); err == nil {
				part = u
			} else {
				part = strings.Trim(s[:min(end+1, len(s))], `"`)
			}
			s = s[min(end+1, len(s)):]
		case strings.HasPrefix(s, "'"):
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				part, s = s[1:], ""
			} else {
				part, s = s[1:end+1], s[end+2:]
			}
		default:
			i := strings.IndexByte(s, '.')
			if i < 0 {
				part, s = s, ""
			} else {
				part, s = s[:i], s[i:]
			}
			part = strings.TrimSpace(part)
		}
		parts = append(parts, part)
		s = strings.TrimSpace(s)
		s = strings.TrimPrefix(s, ".")
	}
	return strings.Join(parts, "\x00")
}

// toAny converts decoder-specific maps and numbers to the plain shapes
// the JSON decoder produces.
func toAny(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[k] = toAny(x)
		}
		return m
	case []map[string]any:
		a := make([]any, len(t))
		for i, x := range t {
			a[i] = toAny(x)
		}
		return a
	case []any:
		a := make([]any, len(t))
		for i, x := range t {
			a[i] = toAny(x)
		}
		return a
	case int64:
		return float64(t)
	case uint64:
		return float64(t)
	case int:
		return float64(t)
	}
	return v
}

var yamlPlainKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_\-]*$`)

func parseYAML(data []byte) (*document, error) {
	file, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, err
	}
	if _, err := yamlExpandedSize(file); err != nil {
		return nil, err
	}
	var root any
	if err := yaml.UnmarshalWithOptions(data, &root, yaml.UseOrderedMap()); err != nil {
		return nil, err
	}
	line := func(path ...string) int {
		var b strings.Builder
		b.WriteString("$")
		for _, k := range path {
			if _, err := strconv.Atoi(k); err == nil {
				b.WriteString("[" + k + "]")
			} else {
				if yamlPlainKey.MatchString(k) {
					b.WriteString("." + k)
				} else {
					b.WriteString(".'" + strings.ReplaceAll(k, "'", "\\'") + "'")
				}
			}
		}
		p, err := yaml.PathString(b.String())
		if err != nil {
			return 0
		}
		n, err := p.FilterFile(file)
		if err != nil || n == nil || n.GetToken() == nil {
			return 0
		}
		return n.GetToken().Position.Line
	}
	return &document{Root: yamlToAny(root), Line: line}, nil
}

func yamlToAny(v any) any {
	switch t := v.(type) {
	case yaml.MapSlice:
		m := make(map[string]any, len(t))
		for _, it := range t {
			m[fmt.Sprint(it.Key)] = yamlToAny(it.Value)
		}
		return m
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[k] = yamlToAny(x)
		}
		return m
	case map[any]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[fmt.Sprint(k)] = yamlToAny(x)
		}
		return m
	case []any:
		a := make([]any, len(t))
		for i, x := range t {
			a[i] = yamlToAny(x)
		}
		return a
	case int64, uint64, int, float32:
		return toFloat(t)
	}
	return v
}

func toFloat(v any) float64 {
	switch t := v.(type) {
	case int64:
		return float64(t)
	case uint64:
		return float64(t)
	case int:
		return float64(t)
	case float32:
		return float64(t)
	}
	return 0
}
