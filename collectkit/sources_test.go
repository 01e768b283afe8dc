package collectkit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSecretsForScrubbing: every launch value that could echo back in a
// server's error message is known to the scrubber.
func TestSecretsForScrubbing(t *testing.T) {
	for _, c := range []struct {
		url  string
		want []string
	}{
		{"https://bob:pw123@h.example/mcp?key=q1&x=2#frag", []string{"bob", "pw123", "q1", "2"}},
		{"https://h.example/mcp", nil},
		{"https://h.example/a@b", nil}, // an @ in the path is not userinfo
		{"", nil},
	} {
		if d := cmp.Diff(c.want, urlSecrets(c.url)); d != "" {
			t.Errorf("urlSecrets(%q) (-want +got):\n%s", c.url, d)
		}
	}
	args := []string{"--token", "plainpw", "--api-key=k2", "--port", "8080", "serve"}
	if d := cmp.Diff([]string{"plainpw", "k2"}, credArgValues(args)); d != "" {
		t.Errorf("credArgValues (-want +got):\n%s", d)
	}
	s := &Sources{Home: "/home/zed", secrets: []string{"plainpw-secret"}}
	got := s.scrubText("failed: Post https://h.example/x?key=abc: token plainpw-secret in /home/zed/.cfg")
	for _, leak := range []string{"plainpw-secret", "key=abc", "/home/zed"} {
		if strings.Contains(got, leak) {
			t.Errorf("scrubText left %q: %s", leak, got)
		}
	}
	if !strings.Contains(got, "https://h.example/…") || !strings.Contains(got, "~/.cfg") {
		t.Errorf("scrubText lost the labels: %s", got)
	}
}
