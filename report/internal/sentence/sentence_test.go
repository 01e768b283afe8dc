package sentence

import (
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	cases := map[string]string{
		"One. Two! Three? Four":  "One.| Two!| Three?| Four",
		"v1.2 is out. See docs.": "v1.2 is out.| See docs.|",
		"no end":                 "no end",
		"":                       "",
		"e.g. this":              "e.g.| this",
	}
	for in, want := range cases {
		if got := strings.Join(Split(in), "|"); got != want {
			t.Errorf("Split(%q) = %q, want %q", in, got, want)
		}
	}
}
