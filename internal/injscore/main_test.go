package main

import (
	"path/filepath"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
)

// firstScore is the frozen set's first and only score (docs/injection.md,
// 2026-12-02, commit 88c8b17): hits per class, overall hits and benign
// false alarms. This test is a ratchet, not tuning: it fails if a later
// change makes the detector worse on the set; it never shows the items.
var firstScore = map[string]int{
	"approval_bypass": 11, "authority": 16, "concealment": 11, "cross_tool": 18, "encoded": 17, "exfiltration": 19,
	"hidden_text": 26, "markup": 22, "override": 12, "preference": 8, "redirect": 15, "sensitive_target": 15, "shell": 20,
}

const (
	firstHits        = 210 // of 365 attacks
	firstFalseAlarms = 27  // of 337 hard benign
)

func TestFrozenScoreRatchet(t *testing.T) {
	items, err := Load(filepath.Join(testcorpus.Root(), "testdata", "injection", "frozen-v2", "injection_frozen_v2.json"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Score(items)
	if err != nil {
		t.Fatal(err)
	}
	if r.Attacks.N != 365 || r.Benign.N != 337 {
		t.Fatalf("set has %d attacks and %d benign, want 365 and 337", r.Attacks.N, r.Benign.N)
	}
	for class, want := range firstScore {
		if got := r.Recall[class]; got == nil || got.Hit < want {
			t.Errorf("class %s fell below its first score (%d hits)", class, want)
		}
	}
	if r.Attacks.Hit < firstHits {
		t.Errorf("overall hits %d, first score %d", r.Attacks.Hit, firstHits)
	}
	if r.Benign.Hit > firstFalseAlarms {
		t.Errorf("benign false alarms %d, first score %d", r.Benign.Hit, firstFalseAlarms)
	}
}
