package hashes

import (
	"fmt"
	"sort"
)

// Mismatch is one stored hash that does not match its recomputation.
type Mismatch struct {
	// Where names the holder: "bundle", "server:IDENTITY",
	// "server:IDENTITY/tool:NAME", "findings", ...
	Where string `json:"where"`
	Key   string `json:"key"`
	// Stored is empty when the hash is missing from the file; Computed is
	// empty when the file holds a hash nothing recomputes.
	Stored   string `json:"stored"`
	Computed string `json:"computed"`
}

func (m Mismatch) String() string {
	switch {
	case m.Stored == "":
		return fmt.Sprintf("%s: %s missing (expected %s)", m.Where, m.Key, m.Computed)
	case m.Computed == "":
		return fmt.Sprintf("%s: %s is not a hash Assay computes", m.Where, m.Key)
	}
	return fmt.Sprintf("%s: %s stored %s, recomputed %s", m.Where, m.Key, m.Stored, m.Computed)
}

// Compare reports every key whose stored and computed values differ,
// including keys present on one side only, in key order.
func Compare(where string, stored, computed map[string]string) []Mismatch {
	var out []Mismatch
	keys := map[string]bool{}
	for k := range stored {
		keys[k] = true
	}
	for k := range computed {
		keys[k] = true
	}
	for _, k := range sortedKeys(keys) {
		if stored[k] != computed[k] {
			out = append(out, Mismatch{Where: where, Key: k, Stored: stored[k], Computed: computed[k]})
		}
	}
	return out
}

// CompareSubset is [Compare] limited to the keys named.
func CompareSubset(where string, stored, computed map[string]string, keys ...string) []Mismatch {
	s, c := map[string]string{}, map[string]string{}
	for _, k := range keys {
		if v, ok := stored[k]; ok {
			s[k] = v
		}
		if v, ok := computed[k]; ok {
			c[k] = v
		}
	}
	return Compare(where, s, c)
}

func sortMismatches(ms []Mismatch) {
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Where != ms[j].Where {
			return ms[i].Where < ms[j].Where
		}
		return ms[i].Key < ms[j].Key
	})
}
