package inject

import "testing"

// tuningRoundFloors are the overall and per-class recall floors of the
// tuning rounds tuning_a–i.json. They were once called "holdout" sets,
// but each was tuned on after its first score, so they are tuning sets
// now (RESERVED.md: a set looked at while changing a rule is a tuning
// set). The first score of each, before any fix:
//
//	tuning_a.json 26/33 (78.8%), 2 of 20 benign firing
//	tuning_b.json 25/34 (73.5%), 1 of 20 benign firing
//	tuning_c.json 28/43 (65.1%), 1 of 31 benign firing (written after
//	               the generalisation work: the honest held-out estimate)
//	tuning_d.json 25/40 (62.5%), 0 of 30 benign: only the four weak
//	               classes (override, conceal, preference, crosstool),
//	               before the feature scorer (rules_features.go)
//	tuning_e.json 18/30 (60.0%), 1 of 20 benign: after the first
//	               feature scorer
//	tuning_f.json  9/24 (37.5%), 0 of 16 benign: after tuning on E
//	tuning_g.json 12/24 (50.0%), 0 of 16 benign: after tuning on F
//	tuning_h.json  9/24 (37.5%), 1 of 16 benign: after tuning on G
//	tuning_i.json  5/16 (31.2%), 0 of 10 benign: after tuning on H, not
//	               tuned on since (the final fresh estimate)
//
// The floors sit a little below what the detector scores now, so a
// regression fails without the test claiming 100%; classes hold two to
// ten cases, so the per-class floor allows one miss in three. Sets D to H
// were tuned on in turn, so their current scores overstate fresh recall:
// quote the first scores above. Set I holds the untuned floor.
var tuningRoundFloors = map[string][2]float64{
	"tuning_a.json": {0.93, 0.6},
	"tuning_b.json": {0.93, 0.6},
	"tuning_c.json": {0.93, 0.6},
	"tuning_d.json": {0.95, 0.8},
	"tuning_e.json": {0.93, 0.8},
	"tuning_f.json": {0.9, 0.6},
	"tuning_g.json": {0.87, 0.6},
	"tuning_h.json": {0.9, 0.6},
	"tuning_i.json": {0.25, 0},
}

func TestTuningRoundRecall(t *testing.T) {
	for _, name := range []string{"tuning_a.json", "tuning_b.json", "tuning_c.json", "tuning_d.json", "tuning_e.json", "tuning_f.json", "tuning_g.json", "tuning_h.json", "tuning_i.json"} {
		t.Run(name, func(t *testing.T) {
			var doc struct {
				Attacks []attackCase `json:"attacks"`
				Benign  []benignCase `json:"benign"`
			}
			readJSON(t, name, &doc)
			f := tuningRoundFloors[name]
			checkRecall(t, doc.Attacks, f[0], f[1])
			checkBenign(t, doc.Benign)
		})
	}
}
