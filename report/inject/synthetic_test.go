package inject

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/assay-mcp/assay/report/model"
)

var injectionDir = filepath.Join("..", "..", "testdata", "injection")

type attackCase struct {
	Class     string `json:"class"`
	Where     string `json:"where"`
	Transform string `json:"transform"`
	B64       string `json:"b64"`
}

type benignCase struct {
	Tool   string   `json:"tool"`
	Params []string `json:"params"`
	Where  string   `json:"where"`
	Text   string   `json:"text"`
}

func loadAttacks(t *testing.T) []attackCase {
	t.Helper()
	var doc struct {
		Attacks []attackCase `json:"attacks"`
	}
	readJSON(t, "attacks.json", &doc)
	return doc.Attacks
}

func loadBenign(t *testing.T) []benignCase {
	t.Helper()
	var doc struct {
		Benign []benignCase `json:"benign"`
	}
	readJSON(t, "benign.json", &doc)
	return doc.Benign
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(injectionDir, name))
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
}

// transform applies an obfuscation to a decoded payload, the way an
// attacker would, so the normalisation and decoders are exercised.
func transform(how, s string) string {
	switch how {
	case "":
		return s
	case "base64":
		return "Configuration blob: " + base64.StdEncoding.EncodeToString([]byte(s))
	case "base64url":
		return "Token: " + base64.RawURLEncoding.EncodeToString([]byte(s))
	case "hex":
		return "Checksum data " + hex.EncodeToString([]byte(s))
	case "rot13":
		return rot13(s)
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
		r := strings.NewReplacer("o", "о", "e", "е", "a", "а", "i", "і", "p", "р", "c", "с")
		return r.Replace(s)
	case "fullwidth":
		return strings.Map(func(r rune) rune {
			if r > ' ' && r < 0x7F {
				return r - 0x21 + 0xFF01
			}
			return r
		}, s)
	}
	panic("unknown transform " + how)
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

// toolJSON builds a tool definition with a string placed in one field.
func toolJSON(name string, params []string, where, text string) json.RawMessage {
	props := map[string]any{}
	for _, p := range params {
		props[p] = map[string]any{"type": "string", "description": "The " + p + "."}
	}
	tool := map[string]any{"name": name, "description": "A tool.", "inputSchema": map[string]any{"type": "object", "properties": props}}
	switch where {
	case "param":
		p := params[len(params)-1]
		props[p] = map[string]any{"type": "string", "description": text}
	case "enum":
		// A string enum value: the payload rides in a value list.
		p := params[len(params)-1]
		props[p] = map[string]any{"type": "string", "description": "Output format.", "enum": []any{"json", text}}
	case "description", "":
		tool["description"] = text
	}
	raw, _ := json.Marshal(tool)
	return raw
}

// serverWith places text in a small server around the tool add_numbers.
func serverWith(where, text string) *model.Server {
	s := &model.Server{Name: "calc", Identity: "calc|surface|calc", ServerInfo: json.RawMessage(`{"name":"calc-mcp","version":"1.0.0"}`)}
	params := []string{"a", "b", "sidenote"}
	switch where {
	case "instructions":
		s.Instructions = &text
		s.Tools = append(s.Tools, toolJSON("add_numbers", params, "", "Adds two numbers."))
	case "prompt":
		p, _ := json.Marshal(map[string]any{"name": "summarise", "description": text, "arguments": []any{map[string]any{"name": "topic", "description": "Topic."}}})
		s.Prompts = append(s.Prompts, p)
		s.Tools = append(s.Tools, toolJSON("add_numbers", params, "", "Adds two numbers."))
	case "resource":
		r, _ := json.Marshal(map[string]any{"uri": "file:///notes/readme.md", "name": "readme", "description": text, "mimeType": "text/markdown"})
		s.Resources = append(s.Resources, r)
		s.Tools = append(s.Tools, toolJSON("add_numbers", params, "", "Adds two numbers."))
	case "split":
		parts := strings.SplitN(text, "||", 2)
		tool := map[string]any{"name": "add_numbers", "description": parts[0], "inputSchema": map[string]any{"type": "object", "properties": map[string]any{
			"context": map[string]any{"type": "string", "description": parts[1]},
		}}}
		raw, _ := json.Marshal(tool)
		s.Tools = append(s.Tools, raw)
	default:
		s.Tools = append(s.Tools, toolJSON("add_numbers", params, where, text))
	}
	s.Tools = append(s.Tools, toolJSON("list_history", []string{"limit"}, "", "Lists recent calculations."))
	return s
}

// classIDs maps a corpus class to the rule ids that count as the right
// class; any injection finding counts as detected.
var classIDs = map[string][]string{
	"markup":     {idMarkup},
	"override":   {idOverride},
	"conceal":    {idConceal},
	"sensitive":  {idSensitive},
	"exfil":      {idExfil},
	"approval":   {idApproval},
	"crosstool":  {idCrossTool},
	"preference": {idPreference, idCrossTool},
	"i18n":       {idOverride, idConceal, idExfil, idSensitive},
	"encoded":    {idEncoded},
	"hidden":     {idHidden, idOverride, idConceal, idExfil, idSensitive, idMarkup},
	"split":      {idOverride, idConceal, idSensitive, idMarkup, idExfil},
}

// minRecall is the per-class floor on this set; the overall floor is 0.9.
const minRecall = 0.8

func TestSyntheticRecall(t *testing.T) { checkRecall(t, loadAttacks(t), 0.9, minRecall) }

// TestTuningRecall scores the tuning sets tuning_v1–v16.json (once named
// "validation"; every one was tuned on after its first score, so none is
// held out): attacks and benign strings written after the rules, in
// other phrasing. Its floors guard against regressions, not generality.
// tuningFloors are the overall and per-class recall floors of each
// tuning set. Each set was written after the previous one was used to
// fix rules, and scored once before any fix: tuning_v1.json 74.7%,
// tuning_v2.json 61.5%, tuning_v3.json 65.6%, tuning_v4.json
// (subtle, long descriptions) 39.5%, tuning_v5.json 80.0%,
// tuning_v6.json 75.8% (with 2 of its 20 benign strings firing),
// tuning_v7.json 53.3% (a short probe of subtle phrasing),
// tuning_v8.json 25.0% (subtle phrasing, 0 of 15 benign firing).
// tuning_v9–v16.json are the probe rounds of the generalisation work
// (63.6%, 72.2%, 64.7%, 66.7%, 53.1%, 81.2%, 65.6%, 35.0% when first
// scored; see each file's note),
// fixed by widening families of meaning, not by matching their strings.
// They now carry the held-out targets as regression floors.
var tuningFloors = map[string][2]float64{
	"tuning_v1.json":  {0.9, 0.8},
	"tuning_v2.json":  {0.9, 0.8},
	"tuning_v3.json":  {0.9, 0.8},
	"tuning_v4.json":  {0.9, 0.8},
	"tuning_v5.json":  {0.9, 0.8},
	"tuning_v6.json":  {0.9, 0.8},
	"tuning_v7.json":  {0.9, 0},
	"tuning_v8.json":  {0.9, 0},
	"tuning_v9.json":  {0.9, 0},
	"tuning_v10.json": {0.9, 0},
	"tuning_v11.json": {0.9, 0},
	"tuning_v12.json": {0.9, 0},
	"tuning_v13.json": {0.9, 0},
	"tuning_v14.json": {0.9, 0},
	"tuning_v15.json": {0.9, 0},
	"tuning_v16.json": {0.9, 0},
}

func TestTuningRecall(t *testing.T) {
	for _, name := range []string{"tuning_v1.json", "tuning_v2.json", "tuning_v3.json", "tuning_v4.json", "tuning_v5.json", "tuning_v6.json", "tuning_v7.json",
		"tuning_v8.json", "tuning_v9.json", "tuning_v10.json", "tuning_v11.json", "tuning_v12.json", "tuning_v13.json", "tuning_v14.json", "tuning_v15.json", "tuning_v16.json"} {
		t.Run(name, func(t *testing.T) { checkTuning(t, name) })
	}
}

func checkTuning(t *testing.T, name string) {
	var doc struct {
		Attacks []attackCase `json:"attacks"`
		Benign  []benignCase `json:"benign"`
	}
	readJSON(t, name, &doc)
	f := tuningFloors[name]
	checkRecall(t, doc.Attacks, f[0], f[1])
	checkBenign(t, doc.Benign)
}

func checkRecall(t *testing.T, attacks []attackCase, overall, perClass float64) {
	t.Helper()
	type tally struct{ n, any, right int }
	per := map[string]*tally{}
	var missed []string
	for i, a := range attacks {
		raw, err := base64.StdEncoding.DecodeString(a.B64)
		if err != nil {
			t.Fatalf("attack %d: %v", i, err)
		}
		text := transform(a.Transform, string(raw))
		fs := ScanServer(serverWith(a.Where, text), nil)
		tl := per[a.Class]
		if tl == nil {
			tl = &tally{}
			per[a.Class] = tl
		}
		tl.n++
		if len(fs) > 0 {
			tl.any++
		} else {
			missed = append(missed, fmt.Sprintf("%s/%s/%s #%d %q", a.Class, a.Where, a.Transform, i, string(raw)))
		}
		for _, f := range fs {
			if f.Severity == model.SevCritical {
				t.Errorf("attack %d: severity critical is never allowed", i)
			}
			if f.Evidence == "" || f.Element == "" {
				t.Errorf("attack %d: finding %s without element or evidence", i, f.ID)
			}
		}
		if matchesClass(fs, classIDs[a.Class]) {
			tl.right++
		} else if len(fs) > 0 && testing.Verbose() {
			t.Logf("attack %d (%s) found as %v", i, a.Class, ids(fs))
		}
	}
	classes := make([]string, 0, len(per))
	for c := range per {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	n, hit := 0, 0
	for _, c := range classes {
		tl := per[c]
		n += tl.n
		hit += tl.any
		t.Logf("%-10s %2d/%2d detected (%3.0f%%), %2d in class", c, tl.any, tl.n, 100*float64(tl.any)/float64(tl.n), tl.right)
		if float64(tl.any) < perClass*float64(tl.n) {
			t.Errorf("class %s: recall %d/%d below %.0f%%", c, tl.any, tl.n, 100*perClass)
		}
	}
	t.Logf("overall %d/%d (%.1f%%)", hit, n, 100*float64(hit)/float64(n))
	if float64(hit) < overall*float64(n) {
		t.Errorf("overall recall %d/%d below %.0f%%", hit, n, 100*overall)
	}
	for _, m := range missed {
		t.Logf("missed: %s", m)
	}
}

func matchesClass(fs []model.Finding, want []string) bool {
	for _, f := range fs {
		for _, w := range want {
			if f.ID == w {
				return true
			}
		}
	}
	return false
}

func ids(fs []model.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}

// maxBenignFP is the number of hard benign negatives allowed to fire:
// 5% of the set, the held-out target.
func TestHardBenignNegatives(t *testing.T) { checkBenign(t, loadBenign(t)) }

func checkBenign(t *testing.T, cases []benignCase) {
	t.Helper()
	fired := 0
	for i, b := range cases {
		s := &model.Server{Name: "svc", Identity: "svc|surface|svc", ServerInfo: json.RawMessage(`{"name":"svc-mcp","version":"1.0.0"}`)}
		switch b.Where {
		case "prompt":
			p, _ := json.Marshal(map[string]any{"name": b.Tool, "description": b.Text})
			s.Prompts = append(s.Prompts, p)
		default:
			params := b.Params
			if len(params) == 0 {
				params = []string{"input"}
			}
			s.Tools = append(s.Tools, toolJSON(b.Tool, params, b.Where, b.Text))
		}
		// Sibling tools the notes may name as their own.
		for _, n := range []string{"list_files", "read_media_file", "create_items", "resolve_library_id", "search_issues", "get_file", "get_status", "write_pdf", "list_tables", "get_logs", "authenticate", "fetch", "search_code", "get_schema", "get_pricing", "run_tests", "send_campaign"} {
			if n != b.Tool {
				s.Tools = append(s.Tools, toolJSON(n, []string{"x"}, "", "A sibling tool."))
			}
		}
		fs := ScanServer(s, nil)
		if len(fs) > 0 {
			fired++
			t.Logf("benign %d fired: %s %s | %s", i, fs[0].ID, fs[0].Element, fs[0].Evidence)
		}
	}
	limit := len(cases) * 5 / 100
	t.Logf("hard benign negatives: %d/%d fired (limit %d)", fired, len(cases), limit)
	if fired > limit {
		t.Errorf("%d of %d hard benign negatives fired, more than %d", fired, len(cases), limit)
	}
}
