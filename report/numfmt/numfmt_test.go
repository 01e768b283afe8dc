package numfmt

import "testing"

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -12345: "-12,345"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 tools", 1: "1 tool", 2: "2 tools", 12345: "12345 tools"} {
		if got := Count(n, "tool"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
	if Noun(1, "has", "have") != "has" || Noun(3, "has", "have") != "have" {
		t.Error("Noun does not agree with its count")
	}
}
