package redact

import (
	"strings"
	"testing"
)

func TestScrub(t *testing.T) {
	cases := []struct {
		in    string
		known []string
		keep  string
	}{
		{"auth failed for token ghp_CANARYa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6 (401)", nil, "auth failed for token"},
		{"connecting to postgres://admin:CANARYdbpass@db.internal/prod", nil, "db.internal/prod"},
		{"API_KEY=CANARYx9 rejected", nil, "rejected"},
		{`{"Authorization": "Bearer CANARYabc"}`, nil, "Authorization"},
		{"using key CANARYopaque-value-77 from env", []string{"CANARYopaque-value-77"}, "using key"},
		{"jwt eyJhbGciOiJIUzI1NiJ9.eyJDQU5BUlkiOjF9.CANARYsigCANARYsig expired", nil, "expired"},
	}
	for _, c := range cases {
		got := Scrub(c.in, c.known...)
		if strings.Contains(got, "CANARY") {
			t.Errorf("Scrub(%q) = %q", c.in, got)
		}
		if !strings.Contains(got, c.keep) {
			t.Errorf("Scrub(%q) = %q lost %q", c.in, got, c.keep)
		}
	}
	if got := Scrub("listening on stdio; 3 tools"); got != "listening on stdio; 3 tools" {
		t.Errorf("plain text changed: %q", got)
	}
}
