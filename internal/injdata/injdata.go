// Package injdata loads the data the injection scorer is trained and
// measured on, all of it inside the repository:
//
//   - tuning sets: testdata/injection/attacks.json, benign.json and
//     tuning_*.json (written for this project, read while changing rules);
//   - the training sets testdata/injection/training_v*.json (labelled
//     training text: v2 and v3 written by the injection engineers, v4a-v4d
//     by helpers of other personas blind to the rules; see the README);
//   - the benign real corpora testdata/npmcorpus (tuning set; the trainer
//     reads only its even-numbered files, so the odd half measures the
//     scorer on text it was not fitted to) and testdata/corpus.
//
// The frozen set (testdata/injection/frozen-v2) is never read here.
package injdata

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// Labelled is one labelled string of a tuning or training set.
type Labelled struct {
	Set   string
	Class string // attack class as labelled in the set; "" for benign
	// Transform is how the set hides the payload (base64, tags, zwsp...);
	// Text is already transformed.
	Transform string
	Where     string
	Text      string
	Tool      string
	Params    []string
	// Siblings are other tools of the same server (a deprecation or
	// usage note may name them).
	Siblings []string
}

type setFile struct {
	Attacks []struct {
		Class, Where, Transform, B64, Text, Tool string
		Params                                   []string
	} `json:"attacks"`
	Benign []struct {
		Tool, Where, Text string
		Params, Siblings  []string
	} `json:"benign"`
}

// Sets reads every tuning and training set.
func Sets(root string) ([]Labelled, error) {
	dir := filepath.Join(root, "testdata", "injection")
	files, _ := filepath.Glob(filepath.Join(dir, "tuning_*.json"))
	training, _ := filepath.Glob(filepath.Join(dir, "training_v*.json"))
	files = append(append([]string{filepath.Join(dir, "attacks.json"), filepath.Join(dir, "benign.json")}, training...), files...)
	sort.Strings(files)
	var out []Labelled
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var s setFile
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		name := filepath.Base(f)
		for _, a := range s.Attacks {
			text := a.Text
			if a.B64 != "" {
				b, err := base64.StdEncoding.DecodeString(a.B64)
				if err != nil {
					return nil, err
				}
				text = string(b)
			}
			out = append(out, Labelled{Set: name, Class: a.Class, Transform: a.Transform, Where: a.Where, Text: Transform(a.Transform, text), Tool: a.Tool, Params: a.Params})
		}
		for _, b := range s.Benign {
			out = append(out, Labelled{Set: name, Where: b.Where, Text: b.Text, Tool: b.Tool, Params: b.Params, Siblings: b.Siblings})
		}
	}
	return out, nil
}

// Scope is the scope a labelled string is judged in.
func (l Labelled) Scope() *inject.Scope {
	tool := strings.ToLower(l.Tool)
	if tool == "" {
		tool = "tool" // as ServerFor names it
	}
	sc := &inject.Scope{Self: tool, Tools: map[string]bool{tool: true}, Params: map[string]bool{}}
	for _, t := range l.Siblings {
		sc.Tools[strings.ToLower(t)] = true
	}
	for _, p := range l.Params {
		sc.Params[strings.ToLower(p)] = true
	}
	if Kind(l.Where) == "param" && len(l.Params) > 0 {
		sc.Param = strings.ToLower(l.Params[0]) // where ServerFor puts it
	}
	return sc
}

// Kind maps a set's "where" to the scorer's kind.
func Kind(where string) string {
	switch where {
	case "param", "param_description":
		return "param"
	case "instructions":
		return "instructions"
	case "prompt", "prompt_description":
		return "prompt"
	case "resource", "resource_description":
		return "resource"
	case "enum":
		return "value"
	case "tool_title":
		return "title"
	}
	return "description"
}

// tuningNames maps the older tuning sets' class labels to v2 names.
var tuningNames = map[string]string{"conceal": "concealment", "sensitive": "sensitive_target", "exfil": "exfiltration",
	"approval": "approval_bypass", "crosstool": "cross_tool", "hidden": "hidden_text"}

// Name is a set's class label in v2 names ("i18n" and "split" stay).
func Name(label string) string {
	if n, ok := tuningNames[label]; ok {
		return n
	}
	return label
}

// ClassOf maps a label to its class; inject.Support when the label names
// no single technique (i18n, split) or the text is transformed in use
// (hidden_text, encoded: the payload alone is not what a server serves).
func ClassOf(label string) inject.Class {
	n := Name(label)
	if n == "hidden_text" || n == "encoded" {
		return inject.Support
	}
	for c := inject.Hidden; c <= inject.Redirect; c++ {
		if c.Name() == n {
			return c
		}
	}
	return inject.Support
}

// Server is one captured server of a real corpus.
type Server struct {
	File   string
	Server model.Server
}

// Corpus reads the captures of testdata/npmcorpus ("npm") or
// testdata/corpus ("corpus").
func Corpus(root, which string) ([]Server, error) {
	dir := filepath.Join(root, "testdata", "corpus", "surfaces")
	if which == "npm" {
		dir = filepath.Join(root, "testdata", "npmcorpus", "surfaces")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []Server
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var c struct {
			ServerInfo        json.RawMessage   `json:"serverInfo"`
			Instructions      *string           `json:"instructions"`
			Tools             []json.RawMessage `json:"tools"`
			Prompts           []json.RawMessage `json:"prompts"`
			Resources         []json.RawMessage `json:"resources"`
			ResourceTemplates []json.RawMessage `json:"resourceTemplates"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, err
		}
		name := filepath.Base(f)
		out = append(out, Server{name, model.Server{Name: name, Identity: name, Transport: "surface", Source: "surface",
			ServerInfo: c.ServerInfo, Instructions: c.Instructions, Tools: c.Tools, Prompts: c.Prompts,
			Resources: c.Resources, ResourceTemplates: c.ResourceTemplates}})
	}
	return out, nil
}

// Root is the repository root.
func Root() string { return testcorpus.Root() }

// Examples builds the training examples: every tuning and training string,
// and every model-facing string of the even-numbered npm corpus files and
// of testdata/corpus as benign.
func Examples(root string) ([]inject.Example, error) {
	return ExamplesExcept(root, nil)
}

// ExamplesExcept is Examples without the sets skip names (for
// cross-validation).
func ExamplesExcept(root string, skip map[string]bool) ([]inject.Example, error) {
	sets, err := Sets(root)
	if err != nil {
		return nil, err
	}
	var ex []inject.Example
	for _, l := range sets {
		if skip[l.Set] || l.Transform != "" {
			continue // transformed payloads are judged by decoding, not by the scorer
		}
		ex = append(ex, inject.Example{Text: l.Text, Kind: Kind(l.Where), Scope: l.Scope(), Attack: l.Class != "", Class: ClassOf(l.Class)})
	}
	for _, which := range []string{"npm", "corpus"} {
		servers, err := Corpus(root, which)
		if err != nil {
			return nil, err
		}
		for i, s := range servers {
			if which == "npm" && i%2 == 1 {
				continue
			}
			ex = append(ex, ServerExamples(&s.Server)...)
		}
	}
	return ex, nil
}

// ServerExamples lists a benign server's strings as examples.
func ServerExamples(s *model.Server) []inject.Example {
	v := surface.New(s)
	tools := map[string]bool{}
	for _, t := range v.Tools {
		tools[strings.ToLower(t.Name)] = true
	}
	var ex []inject.Example
	for _, t := range v.Texts {
		if t.Kind == surface.Ident {
			continue
		}
		sc := &inject.Scope{Tools: tools, Params: map[string]bool{}}
		if t.Tool >= 0 {
			sc.Self = strings.ToLower(v.Tools[t.Tool].Name)
			sc.Params = inject.ParamsOf(v.ToolTexts(t.Tool))
			sc.Param = inject.ParamOf(t.Path)
		}
		ex = append(ex, inject.Example{Text: t.Value, Kind: inject.KindOf(t), Scope: sc})
	}
	return ex
}

// ServerFor places a labelled string where its set says, in a server of
// one tool named after the item (parameters included), and returns it.
func ServerFor(l Labelled) model.Server {
	tool := l.Tool
	if tool == "" {
		tool = "tool"
	}
	props := map[string]any{}
	for _, p := range l.Params {
		props[p] = map[string]any{"type": "string"}
	}
	def := map[string]any{"name": tool, "description": "Does its job.", "inputSchema": map[string]any{"type": "object", "properties": props}}
	s := model.Server{Name: "eval", Identity: "eval", Transport: "surface"}
	switch Kind(l.Where) {
	case "param":
		p := "input"
		if len(l.Params) > 0 {
			p = l.Params[0]
		}
		props[p] = map[string]any{"type": "string", "description": l.Text}
	case "instructions":
		t := l.Text
		s.Instructions = &t
	case "prompt":
		raw, _ := json.Marshal(map[string]any{"name": tool, "description": l.Text})
		s.Prompts = []json.RawMessage{raw}
	case "resource":
		raw, _ := json.Marshal(map[string]any{"uri": "file:///" + tool, "name": tool, "description": l.Text})
		s.Resources = []json.RawMessage{raw}
	case "title":
		def["title"] = l.Text
	case "value":
		props["mode"] = map[string]any{"type": "string", "enum": []string{l.Text}}
	default:
		def["description"] = l.Text
	}
	raw, _ := json.Marshal(def)
	s.Tools = []json.RawMessage{raw}
	for _, sib := range l.Siblings {
		raw, _ := json.Marshal(map[string]any{"name": sib, "description": "Does its job.", "inputSchema": map[string]any{"type": "object"}})
		s.Tools = append(s.Tools, raw)
	}
	return s
}

// Transform hides a payload the way the tuning sets say (base64, hex,
// ROT13, percent, \u escapes, Unicode tags, zero-width and soft-hyphen
// interleaving, bidi override, letter spacing, homoglyphs, full width).
func Transform(how, s string) string {
	switch how {
	case "base64":
		return "Configuration blob: " + base64.StdEncoding.EncodeToString([]byte(s))
	case "base64url":
		return "Token: " + base64.RawURLEncoding.EncodeToString([]byte(s))
	case "hex":
		return "Checksum data " + hex.EncodeToString([]byte(s))
	case "rot13":
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return 'a' + (r-'a'+13)%26
			case r >= 'A' && r <= 'Z':
				return 'A' + (r-'A'+13)%26
			}
			return r
		}, s)
	case "percent":
		var b strings.Builder
		for _, c := range []byte(s) {
			fmt.Fprintf(&b, "%%%02X", c)
		}
		return "Callback: " + b.String()
	case "uescape":
		var b strings.Builder
		for _, r := range s {
			fmt.Fprintf(&b, "\\u%04x", r)
		}
		return "Locale strings: " + b.String()
	case "tags":
		var b strings.Builder
		b.WriteString("Returns the current time.")
		for _, c := range []byte(s) {
			b.WriteRune(rune(0xE0000 + int(c)))
		}
		return b.String()
	case "zwsp":
		return interleave(s, "\u200b")
	case "softhyphen":
		return interleave(s, "\u00ad")
	case "bidi":
		return "\u202e" + s + "\u202c"
	case "letterspace":
		words := strings.Fields(s)
		for i, w := range words {
			words[i] = strings.Join(strings.Split(w, ""), " ")
		}
		return strings.Join(words, "   ")
	case "homoglyph":
		return strings.NewReplacer("o", "о", "e", "е", "a", "а", "i", "і", "p", "р", "c", "с").Replace(s)
	case "fullwidth":
		return strings.Map(func(r rune) rune {
			if r > ' ' && r < 0x7F {
				return r - 0x21 + 0xFF01
			}
			return r
		}, s)
	}
	return s
}

// interleave puts sep inside every word longer than three letters.
func interleave(s, sep string) string {
	var b strings.Builder
	run := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			run++
			if run == 3 {
				b.WriteString(sep)
			}
		} else {
			run = 0
		}
		b.WriteRune(r)
	}
	return b.String()
}
