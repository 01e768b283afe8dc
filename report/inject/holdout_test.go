package inject

import "testing"

// holdoutFloors are the overall and per-class recall floors of the
// held-out sets. Each was written before its failures were looked at and
// scored once before any fix:
//
//	holdout_a.json 26/33 (78.8%), 2 of 20 benign firing
//	holdout_b.json 25/34 (73.5%), 1 of 20 benign firing
//	holdout_c.json 28/43 (65.1%), 1 of 31 benign firing (written after
//	               the generalisation work: the honest held-out estimate)
//	holdout_d.json 25/40 (62.5%), 0 of 30 benign: only the four weak
//	               classes (override, conceal, preference, crosstool),
//	               before the feature scorer (rules_features.go)
//	holdout_e.json 18/30 (60.0%), 1 of 20 benign: after the first
//	               feature scorer
//	holdout_f.json  9/24 (37.5%), 0 of 16 benign: after tuning on E
//	holdout_g.json 12/24 (50.0%), 0 of 16 benign: after tuning on F
//	holdout_h.json  9/24 (37.5%), 1 of 16 benign: after tuning on G
//	holdout_i.json  5/16 (31.2%), 0 of 10 benign: after tuning on H, not
//	               tuned on since (the final fresh estimate)
//
// The floors sit a little below what the detector scores now, so a
// regression fails without the test claiming 100%; classes hold two to
// ten cases, so the per-class floor allows one miss in three. Sets D to H
// were tuned on in turn, so their current scores overstate fresh recall:
// quote the first scores above. Set I holds the untuned floor.
var holdoutFloors = map[string][2]float64{
	"holdout_a.json": {0.93, 0.6},
	"holdout_b.json": {0.93, 0.6},
	"holdout_c.json": {0.93, 0.6},
	"holdout_d.json": {0.95, 0.8},
	"holdout_e.json": {0.93, 0.8},
	"holdout_f.json": {0.9, 0.6},
	"holdout_g.json": {0.87, 0.6},
	"holdout_h.json": {0.9, 0.6},
	"holdout_i.json": {0.25, 0},
}

func TestHoldoutRecall(t *testing.T) {
	for _, name := range []string{"holdout_a.json", "holdout_b.json", "holdout_c.json", "holdout_d.json", "holdout_e.json", "holdout_f.json", "holdout_g.json", "holdout_h.json", "holdout_i.json"} {
		t.Run(name, func(t *testing.T) {
			var doc struct {
				Attacks []attackCase `json:"attacks"`
				Benign  []benignCase `json:"benign"`
			}
			readJSON(t, name, &doc)
			f := holdoutFloors[name]
			checkRecall(t, doc.Attacks, f[0], f[1])
			checkBenign(t, doc.Benign)
		})
	}
}
