package main

import (
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// first is a held-out set's first score, measured once: a floor that later
// changes may not fall below. Once scored a set may be read while rules
// change (it is then a tuning set), so figures on it afterwards are tuning
// figures; the floor only keeps the detector from getting worse on it.
type first struct {
	tools, shared, same          int
	agree, readAgree, unknownMax int
	codeExecTP, destructiveTP    int
	egressTP                     int
}

// frozenV2First: docs/classification.md, 2026-12-02, commit a11e728. From
// round 3 frozen-v2 is a tuning set.
var frozenV2First = first{tools: 388, shared: 160, same: 160, agree: 306, readAgree: 349, unknownMax: 4, codeExecTP: 4, destructiveTP: 11, egressTP: 65}

// frozenV3First: docs/classification.md, 2026-12-02, commit f32b985 (fresh
// npm captures labelled blind by two reviewers; scored once). The figures
// are that score without one server dropped after it as a probable copy of
// a reserved package (264 → 262 tools); both are in the docs.
var frozenV3First = first{tools: 262, shared: 146, same: 143, agree: 216, readAgree: 240, unknownMax: 7, codeExecTP: 10, destructiveTP: 10, egressTP: 38}

func TestFrozenRatchet(t *testing.T) {
	root = "../.."
	a, b, got, err := scoreFrozen()
	if err != nil {
		t.Fatal(err)
	}
	checkFloor(t, compute(a, b, got), frozenV2First)
}

// frozenV3SupplementFirst: the supplement's first score, same day, same
// classifier (labelled blind by two other reviewers).
var frozenV3SupplementFirst = first{tools: 122, shared: 14, same: 13, agree: 99, readAgree: 113, unknownMax: 3, codeExecTP: 4, destructiveTP: 4, egressTP: 11}

// frozenV4First: docs/classification.md, 2026-12-02, commit 647aae5
// (round 4 merged; 49 fresh servers labelled blind; scored once).
var frozenV4First = first{tools: 225, shared: 136, same: 131, agree: 187, readAgree: 202, unknownMax: 3, codeExecTP: 4, destructiveTP: 11, egressTP: 26}

func TestFrozenV3Ratchet(t *testing.T) {
	root = "../.."
	for dir, f := range map[string]first{"frozen-v3": frozenV3First, "frozen-v3-supplement": frozenV3SupplementFirst, "frozen-v4": frozenV4First} {
		a, b, got, err := scoreSet(at(benchDir, dir))
		if err != nil {
			t.Fatal(err)
		}
		checkFloor(t, compute(a, b, got), f)
	}
}

func checkFloor(t *testing.T, sc *score, f first) {
	t.Helper()
	if sc.n != f.tools || sc.missing != 0 {
		t.Fatalf("scored %d tools, %d missing: the set changed", sc.n, sc.missing)
	}
	check := func(what string, got, first int, higherIsBetter bool) {
		if higherIsBetter && got < first || !higherIsBetter && got > first {
			t.Errorf("%s: %d, first score %d", what, got, first)
		}
	}
	check("effect agreement", sc.agree, f.agree, true)
	check("read-vs-not agreement", sc.readAgree, f.readAgree, true)
	check("unknown", sc.unknown, f.unknownMax, false)
	check("code_exec found", sc.kinds[model.KindCodeExec].tp, f.codeExecTP, true)
	check("destructive found", sc.kinds[model.KindDestructive].tp, f.destructiveTP, true)
	check("egress found", sc.kinds[model.KindEgress].tp, f.egressTP, true)
	if sc.shared != f.shared || sc.same != f.same {
		t.Errorf("reviewer agreement %d/%d, recorded %d/%d", sc.same, sc.shared, f.same, f.shared)
	}
}
