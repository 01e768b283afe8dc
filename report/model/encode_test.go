package model

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/canon"
)

// stdlibJSON is what AppendFindingsJSON must reproduce.
func stdlibJSON(t *testing.T, v any, indent bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func checkFindingsWriter(t *testing.T, name string, f *Findings) {
	t.Helper()
	for _, indent := range []bool{false, true} {
		got, err := AppendFindingsJSON(nil, f, indent)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := stdlibJSON(t, f, indent); !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			lo := max(0, i-80)
			t.Fatalf("%s (indent %v): differs at byte %d:\n got …%s…\nwant …%s…", name, indent, i,
				got[lo:min(len(got), i+80)], want[lo:min(len(want), i+80)])
		}
	}
}

// awkward strings: every escape encoding/json makes, HTML characters it
// leaves alone with escaping off, invalid UTF-8, line separators.
var awkward = []string{"", "plain", `q"uote\back`, "<a href='x'>&amp;</a>", "tab\tnl\ncr\rbs\bff\f", "\x00\x01\x1f\x7f",
	"line\u2028para\u2029", "bad\xffutf8\xc3", "é中𝄞", "~/x", "\ufeffbom"}

func randString(r *rand.Rand) string {
	if r.IntN(3) == 0 {
		return ""
	}
	var b []byte
	for n := r.IntN(4); n >= 0; n-- {
		b = append(b, awkward[r.IntN(len(awkward))]...)
	}
	return string(b)
}

func randStrings(r *rand.Rand) []string {
	switch r.IntN(4) {
	case 0:
		return nil
	case 1:
		return []string{}
	}
	out := make([]string, 1+r.IntN(3))
	for i := range out {
		out[i] = randString(r)
	}
	return out
}

func randMap[V any](r *rand.Rand, val func() V) map[string]V {
	switch r.IntN(4) {
	case 0:
		return nil
	case 1:
		return map[string]V{}
	}
	m := map[string]V{}
	for n := r.IntN(5); n >= 0; n-- {
		m[randString(r)] = val()
	}
	return m
}

func randStringMap(r *rand.Rand) map[string]string {
	return randMap(r, func() string { return randString(r) })
}

func randIntMap(r *rand.Rand) map[string]int {
	return randMap(r, func() int { return r.IntN(2000) - 1000 })
}

// randFindings fills every field of a findings document, each optional
// one present or absent, nil or empty, at random.
func randFindings(r *rand.Rand) *Findings {
	f := &Findings{Kind: FindingsKind, Generator: Generator{Name: randString(r), Version: randString(r), Ruleset: randString(r)},
		Summary: Summary{Servers: r.IntN(9), Tools: r.IntN(99), Findings: -r.IntN(3), BySeverity: randIntMap(r),
			ByCategory: randIntMap(r), ByEffect: randIntMap(r), Incomplete: r.IntN(2) == 0},
		Hashes: randStringMap(r)}
	if r.IntN(2) == 0 {
		f.Summary.Tokens = &TokenSummary{Encoding: randString(r), Window: 128000, Total: r.IntN(1e6), Contexts: randIntMap(r),
			PricePerMTok: 2.5, PerContext: []ContextTokens{{ID: randString(r), Tokens: 7, Share: 0.1234, CostPerRequest: 1e-7}}}
	}
	if r.IntN(2) == 0 {
		f.Contexts = []Context{{ID: randString(r), Client: randString(r), Servers: []ContextServer{{Name: randString(r)}}}}
	}
	if r.IntN(5) > 0 {
		f.Servers = []ServerReport{}
		for n := r.IntN(3); n > 0; n-- {
			s := ServerReport{Name: randString(r), Identity: randString(r), Transport: randString(r), Endpoint: randString(r),
				Source: randString(r), ProtocolVersion: randString(r), Implementation: randString(r), Version: randString(r),
				Auth: randString(r), Prompts: r.IntN(3), Resources: r.IntN(3), Templates: r.IntN(3), Hashes: randStringMap(r)}
			if r.IntN(5) > 0 {
				s.Tools = []ToolReport{}
				for m := r.IntN(4); m > 0; m-- {
					t := ToolReport{Name: randString(r), Title: randString(r), Effect: randString(r), Tier: randString(r),
						Kinds: randStrings(r), Router: r.IntN(2) == 0, Tokens: r.IntN(500), Hashes: randStringMap(r)}
					if r.IntN(2) == 0 {
						t.Evidence = []Evidence{{Signal: randString(r), Pointer: randString(r), Detail: randString(r), Sets: randStrings(r)}, {}}
					}
					if r.IntN(3) == 0 {
						t.Override = &Override{From: randString(r), To: randString(r), Reason: randString(r), By: randString(r)}
					}
					s.Tools = append(s.Tools, t)
				}
			}
			if r.IntN(2) == 0 {
				s.Tokens = &ServerTokens{Encoding: randString(r), Tools: randIntMap(r), ToolsSum: r.IntN(9), ToolsList: r.IntN(9),
					Instructions: r.IntN(2), Prompts: r.IntN(2), Resources: r.IntN(2), Templates: r.IntN(2), Estimated: r.IntN(2) == 0}
			}
			if r.IntN(3) == 0 {
				s.Errors = []CollectionError{{Code: randString(r), Message: randString(r), Phase: randString(r)}}
			}
			if r.IntN(3) == 0 {
				s.Config = &ServerConfig{Client: randString(r), Scope: randString(r), Line: r.IntN(3), Args: randStrings(r)}
			}
			f.Servers = append(f.Servers, s)
		}
	}
	if r.IntN(5) > 0 {
		f.Findings = []Finding{}
		for n := r.IntN(4); n > 0; n-- {
			fd := Finding{ID: randString(r), Category: randString(r), Severity: randString(r), Title: randString(r),
				Server: randString(r), Tool: randString(r), Context: randString(r), Element: randString(r), Evidence: randString(r),
				Fingerprint: randString(r), Remediation: randString(r), Item: randString(r), Tools: randStrings(r),
				Suppressed: randString(r), File: randString(r), Line: r.IntN(3) - 1}
			if r.IntN(3) == 0 {
				fd.Advisory = &Advisory{ID: randString(r), Aliases: randStrings(r), Package: randString(r)}
			}
			f.Findings = append(f.Findings, fd)
		}
	}
	return f
}

// TestFindingsWriterMatchesStdlib: the reflection-free writer gives
// encoding/json's bytes, compact and indented, on documents with every
// field present or absent and every kind of awkward string. (Analyses of
// the whole corpus are compared byte for byte by internal/cli's
// TestGoldenOutputs, whose JSON output is this writer's.)
func TestFindingsWriterMatchesStdlib(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 1))
	checkFindingsWriter(t, "empty", &Findings{})
	for range 3000 {
		checkFindingsWriter(t, "random", randFindings(r))
	}
	var nilF *Findings
	got, err := Marshal(nilF)
	if err != nil || string(got) != "null\n" {
		t.Errorf("nil findings: %q, %v", got, err)
	}
}

// TestCanonicalWriterMatchesCanon: the canonical writer gives canon.JSON
// of encoding/json's bytes wherever it takes a document, and leaves out
// the named top-level hash as the document hash requires.
func TestCanonicalWriterMatchesCanon(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 2))
	taken := 0
	for i := range 3000 {
		f := randFindings(r)
		omit := ""
		if i%2 == 0 {
			omit = "document"
			if f.Hashes != nil && r.IntN(2) == 0 {
				f.Hashes["document"] = "sha256:x"
			}
		}
		got, err := AppendFindingsCanonical(nil, f, omit)
		if err != nil {
			continue
		}
		taken++
		ref := *f
		if _, ok := f.Hashes[omit]; ok && omit != "" {
			ref.Hashes = map[string]string{}
			for k, v := range f.Hashes {
				if k != omit {
					ref.Hashes[k] = v
				}
			}
		}
		want, err := canon.JSON(stdlibJSON(t, &ref, false))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			j := 0
			for j < len(got) && j < len(want) && got[j] == want[j] {
				j++
			}
			lo := max(0, j-80)
			t.Fatalf("differs at byte %d:\n got …%s…\nwant …%s…", j, got[lo:min(len(got), j+80)], want[lo:min(len(want), j+80)])
		}
	}
	if taken < 1000 {
		t.Fatalf("only %d of 3000 documents took the canonical writer", taken)
	}
}

// TestFieldOrders: the writer's member lists are the types' JSON fields
// in declaration order (what encoding/json writes) and, sorted, the
// canonical order.
func TestFieldOrders(t *testing.T) {
	for _, c := range []struct {
		typ               any
		stdlib, canonical []string
	}{
		{Findings{}, findingsOrder, findingsCanonOrder},
		{ServerReport{}, serverOrder, serverCanonOrder},
		{ToolReport{}, toolOrder, toolCanonOrder},
		{Finding{}, findingOrder, findingCanonOrder},
	} {
		rt := reflect.TypeOf(c.typ)
		var names []string
		for i := range rt.NumField() {
			name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
			names = append(names, name)
		}
		if !slices.Equal(names, c.stdlib) {
			t.Errorf("%s: fields %v, writer writes %v", rt.Name(), names, c.stdlib)
		}
		sorted := slices.Clone(names)
		slices.SortFunc(sorted, func(a, b string) int {
			if canon.LessKey(a, b) {
				return -1
			}
			return 1
		})
		if !slices.Equal(sorted, c.canonical) {
			t.Errorf("%s: canonical order %v, writer writes %v", rt.Name(), sorted, c.canonical)
		}
	}
}
