package catalog

import "testing"

// TestEveryRuleMapsToOWASP: the mapping table names every catalogue rule
// and only known categories, and names no rule the catalogue lacks.
func TestEveryRuleMapsToOWASP(t *testing.T) {
	known := map[string]bool{}
	for _, c := range OWASPCategories() {
		known[c.ID] = true
	}
	if len(known) != 10 {
		t.Fatalf("%d OWASP categories, want 10", len(known))
	}
	for _, r := range All() {
		c := OWASP(r.ID)
		if c == "" {
			t.Errorf("%s has no OWASP MCP Top 10 category", r.ID)
		} else if !known[c] {
			t.Errorf("%s maps to unknown category %q", r.ID, c)
		}
	}
	for id := range owaspByRule {
		if _, ok := Lookup(id); !ok {
			t.Errorf("mapping names %s, which the catalogue lacks", id)
		}
	}
}

func TestOWASPForInstructionInjection(t *testing.T) {
	if got := OWASPFor("INJ-003", "tool:x/description"); got != "MCP03:2025" {
		t.Errorf("tool injection = %s", got)
	}
	if got := OWASPFor("INJ-003", "instruction:~/p/AGENTS.md#L4"); got != "MCP06:2025" {
		t.Errorf("instruction injection = %s", got)
	}
	if got := OWASPFor("HYG-010", "instruction:x"); got != "MCP04:2025" {
		t.Errorf("non-injection rule = %s", got)
	}
}
