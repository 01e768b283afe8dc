package procgroup

import "testing"

// TestTail keeps only the end, across writes of any size.
func TestTail(t *testing.T) {
	tl := &Tail{Max: 5}
	for _, s := range []string{"ab", "cdefg", "h", "ijklmnop"} {
		if n, err := tl.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if got := tl.String(); got != "lmnop" {
		t.Errorf("kept %q, want the last 5 bytes", got)
	}
}
