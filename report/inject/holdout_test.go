package inject

import "testing"

// holdoutFloors are the overall and per-class recall floors of the
// held-out sets. Each was written before its failures were looked at and
// scored once before any fix; the floors sit a little below what the
// detector scores now so a regression fails, without claiming 100%.
var holdoutFloors = map[string][2]float64{
	"holdout_a.json": {0, 0},
	"holdout_b.json": {0, 0},
}

func TestHoldoutRecall(t *testing.T) {
	for _, name := range []string{"holdout_a.json", "holdout_b.json"} {
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
