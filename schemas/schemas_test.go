package schemas

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
)

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := model.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Bundles lifted from real corpus captures validate strictly.
func TestCorpusBundlesValidate(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "internal", "render", "testdata", "surfaces", "*.json"))
	files = append(files, filepath.Join("..", "internal", "render", "testdata", "hostile.bundle.json"))
	if len(files) < 2 {
		t.Fatalf("found only %d inputs", len(files))
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(p, data)
		if err != nil {
			t.Fatal(err)
		}
		// A lifted capture has no writer yet; the CLI stamps it.
		if in.Bundle.Generator.Name == "" {
			in.Bundle.Generator = model.Generator{Name: "assay", Version: "test"}
		}
		if err := ValidateStrict(mustMarshal(t, in.Bundle)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// Findings goldens (produced by analyze over corpus captures) and the
// hand-made findings validate strictly.
func TestFindingsDocumentsValidate(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "internal", "render", "testdata", "golden", "*.json"))
	files = append(files, filepath.Join("..", "internal", "render", "testdata", "handmade.findings.json"))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := ValidateStrict(data); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// Each mutation breaks one documented constraint, so each must be
// rejected; the untouched document must pass.
func TestSchemaRejects(t *testing.T) {
	base := func() map[string]any {
		return map[string]any{
			"kind":      "assay.findings/v1",
			"generator": map[string]any{"name": "assay", "version": "1"},
			"summary": map[string]any{"servers": 1, "tools": 1, "findings": 1,
				"bySeverity": map[string]any{"high": 1}, "byCategory": map[string]any{"injection": 1}, "byEffect": map[string]any{"read": 1}},
			"servers": []any{map[string]any{"name": "s", "identity": "s|stdio|x", "transport": "stdio", "source": "live",
				"tools": []any{map[string]any{"name": "t", "effect": "read", "tier": "R1", "kinds": []any{"read_sensitive"}, "tokens": 10}}}},
			"findings": []any{map[string]any{"id": "INJ-001", "category": "injection", "severity": "high", "title": "x",
				"fingerprint": "0123456789abcdef0123456789abcdef"}},
		}
	}
	tool := func(m map[string]any) map[string]any {
		return m["servers"].([]any)[0].(map[string]any)["tools"].([]any)[0].(map[string]any)
	}
	finding := func(m map[string]any) map[string]any { return m["findings"].([]any)[0].(map[string]any) }
	ok, _ := json.Marshal(base())
	if err := Validate(ok); err != nil {
		t.Fatalf("valid document rejected: %v", err)
	}
	if err := ValidateStrict(ok); err != nil {
		t.Fatalf("valid document rejected (strict): %v", err)
	}
	cases := map[string]struct {
		mutate     func(map[string]any)
		strictOnly bool
	}{
		"wrong kind":           {mutate: func(m map[string]any) { m["kind"] = "assay.findings/v2" }},
		"missing findings":     {mutate: func(m map[string]any) { delete(m, "findings") }},
		"bad severity":         {mutate: func(m map[string]any) { finding(m)["severity"] = "severe" }},
		"bad category":         {mutate: func(m map[string]any) { finding(m)["category"] = "misc" }},
		"bad rule id":          {mutate: func(m map[string]any) { finding(m)["id"] = "XYZ-1" }},
		"short fingerprint":    {mutate: func(m map[string]any) { finding(m)["fingerprint"] = "abc" }},
		"no fingerprint":       {mutate: func(m map[string]any) { delete(finding(m), "fingerprint") }},
		"bad effect":           {mutate: func(m map[string]any) { tool(m)["effect"] = "delete" }},
		"bad tier":             {mutate: func(m map[string]any) { tool(m)["tier"] = "R9" }},
		"bad kind":             {mutate: func(m map[string]any) { tool(m)["kinds"] = []any{"shell"} }},
		"duplicate kind":       {mutate: func(m map[string]any) { tool(m)["kinds"] = []any{"write", "write"} }},
		"null kinds":           {mutate: func(m map[string]any) { tool(m)["kinds"] = nil }},
		"negative tokens":      {mutate: func(m map[string]any) { tool(m)["tokens"] = -1 }},
		"bad severity key":     {mutate: func(m map[string]any) { m["summary"].(map[string]any)["bySeverity"] = map[string]any{"urgent": 1} }},
		"bad hash":             {mutate: func(m map[string]any) { tool(m)["hashes"] = map[string]any{"description": "md5:00"} }},
		"unknown field strict": {mutate: func(m map[string]any) { finding(m)["confidence"] = 0.9 }, strictOnly: true},
	}
	for name, c := range cases {
		m := base()
		c.mutate(m)
		b, _ := json.Marshal(m)
		if err := ValidateStrict(b); err == nil {
			t.Errorf("%s: strict validation accepted it", name)
		}
		err := Validate(b)
		if c.strictOnly && err != nil {
			t.Errorf("%s: lenient validation rejected an unknown field (readers must ignore them): %v", name, err)
		}
		if !c.strictOnly && err == nil {
			t.Errorf("%s: validation accepted it", name)
		}
	}
}

// Locks of real corpus surfaces, with launch specs and pins, validate
// strictly against assay.lock/v1.
func TestLocksValidate(t *testing.T) {
	files := testcorpus.Files()
	if len(files) < 10 {
		t.Fatalf("found only %d corpus surfaces", len(files))
	}
	var entries []lock.Entry
	for _, p := range files[:10] {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in, err := model.Decode(p, data)
		if err != nil {
			t.Fatal(err)
		}
		s := &in.Bundle.Servers[0]
		s.Identity = filepath.Base(p)
		entries = append(entries, lock.Entry{Name: s.Name, Identity: s.Identity, Server: s,
			Launch: lock.Launch{Transport: "stdio", Command: "npx", Args: []string{"-y", "pkg"}, ArgsHMAC: "hmac-sha256:" + strings.Repeat("a", 64)},
			Pin:    &lock.Pin{Executable: "~/.nvm/bin/npx", SHA256: strings.Repeat("b", 64), Package: "pkg", Date: "2026-12-01"}})
	}
	l, err := lock.Build(entries, make([]byte, lock.SaltBytes), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := lock.Encode(l)
	if err != nil {
		t.Fatal(err)
	}
	if err := ValidateStrict(data); err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"era": "legacy"`, `"era": "ancient"`, 1)
	if err := ValidateStrict([]byte(bad)); err == nil {
		t.Fatal("an unknown era validated")
	}
}
