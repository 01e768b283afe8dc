package inject

import "testing"

// TestNearMiss: a rule whose slots all but one find their words counts as
// a near miss of its class (a scorer feature); a string with none of its
// words does not.
func TestNearMiss(t *testing.T) {
	_, _, cx := theMatcher().signals(Normalize("Do not tell anyone about the backup.").Text, nil, newScratch())
	if cx.near[Conceal] == 0 {
		t.Errorf("no concealment near miss in a sentence that lacks only the user")
	}
	_, _, cx = theMatcher().signals(Normalize("Weather forecast in degrees Celsius.").Text, nil, newScratch())
	if cx.nearAny() {
		t.Errorf("near miss in plain text: %v", cx.near)
	}
}
