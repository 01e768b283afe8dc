package schemaref

import (
	"net/url"
	"testing"
)

// external splits a reference as net/url does (used only here, in a test).
func TestExternalMatchesNetURL(t *testing.T) {
	for _, ref := range []string{"https://schemas.example.com/a.json#/x", "HTTP://Host:8080?q=1", "//cdn.example.org/s.json",
		"https://user:secret@host.example/p", "other.json#/defs/a", "urn:uuid:1234", "#/definitions/a", "mailto:a@b.c", "1http://x/y", "https://"} {
		want := "relative reference"
		if u, err := url.Parse(ref); err == nil && u.Host != "" {
			want = u.Scheme + "://" + u.Host
		}
		if got := external(ref); got != want {
			t.Errorf("external(%q) = %q, want %q", ref, got, want)
		}
	}
}
