package main

import (
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// firstScore is frozen-v2's first score (docs/classification.md,
// 2026-12-02, commit a11e728), measured once. From round 3 frozen-v2 is a
// tuning set (its labels are read while rules change), so figures on it
// are tuning figures; this test only keeps later changes from scoring
// lower on it than that first, honest, measurement: a floor.
var firstScore = struct {
	agree, readAgree, unknownMax int
	codeExecTP, destructiveTP    int
	egressTP                     int
}{agree: 306, readAgree: 349, unknownMax: 4, codeExecTP: 4, destructiveTP: 11, egressTP: 65}

func TestFrozenRatchet(t *testing.T) {
	root = "../.."
	a, b, got, err := scoreFrozen()
	if err != nil {
		t.Fatal(err)
	}
	sc := compute(a, b, got)
	if sc.n != 388 || sc.missing != 0 {
		t.Fatalf("scored %d tools, %d missing: the frozen half changed", sc.n, sc.missing)
	}
	check := func(what string, got, first int, higherIsBetter bool) {
		if higherIsBetter && got < first || !higherIsBetter && got > first {
			t.Errorf("%s: %d, first score %d", what, got, first)
		}
	}
	check("effect agreement", sc.agree, firstScore.agree, true)
	check("read-vs-not agreement", sc.readAgree, firstScore.readAgree, true)
	check("unknown", sc.unknown, firstScore.unknownMax, false)
	check("code_exec found", sc.kinds[model.KindCodeExec].tp, firstScore.codeExecTP, true)
	check("destructive found", sc.kinds[model.KindDestructive].tp, firstScore.destructiveTP, true)
	check("egress found", sc.kinds[model.KindEgress].tp, firstScore.egressTP, true)
	if sc.shared != 160 || sc.same != 160 {
		t.Errorf("reviewer agreement %d/%d, recorded 160/160", sc.same, sc.shared)
	}
}
