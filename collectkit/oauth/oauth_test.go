package oauth

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/oauth2"
)

// TestPrintableURL: only https (or http to loopback) URLs without user
// information or characters a terminal or shell could act on reach the
// browser or the terminal (the mcp-remote CVE-2025-6514 pattern).
func TestPrintableURL(t *testing.T) {
	for raw, ok := range map[string]bool{
		"https://auth.example.com/authorize?state=x&scope=a+b": true,
		"http://127.0.0.1:8080/authorize":                      true,
		"http://auth.example.com/authorize":                    false,
		"file:///etc/passwd":                                   false,
		"javascript:alert(1)":                                  false,
		"https://user:pw@auth.example.com/a":                   false,
		"https://auth.example.com/$(id)":                       false,
		"https://auth.example.com/a?x=`id`":                    false,
		"https://auth.example.com/a\x1b[2Jb":                   false,
		"cmd.exe /c calc":                                      false,
	} {
		got, err := printableURL(raw)
		if (err == nil) != ok {
			t.Errorf("printableURL(%q) = %q, %v; want ok=%v", raw, got, err, ok)
		}
		if err == nil && strings.ContainsAny(got, " \x1b$()`;|") {
			t.Errorf("printableURL(%q) = %q keeps characters a shell reads", raw, got)
		}
	}
}

// TestSafeErrors: token endpoint answers are reduced to their error code
// and description; a body that echoes a secret never shows.
func TestSafeErrors(t *testing.T) {
	const secret = "SECRET-TOKEN-VALUE"
	re := &oauth2.RetrieveError{Response: &http.Response{StatusCode: 400}, Body: []byte(`{"error":"invalid_grant","echo":"` + secret + `"}`),
		ErrorCode: "invalid_grant", ErrorDescription: "bad\x1b[31m code"}
	err := safe("token exchange", errors.Join(errors.New("wrapped"), re))
	if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "\x1b") {
		t.Fatalf("unsafe message: %q", err)
	}
	if !strings.Contains(err.Error(), "invalid_grant") || !strings.Contains(err.Error(), "HTTP 400") {
		t.Fatalf("message lacks the error code and status: %q", err)
	}
	plain := safe("registration", errors.New("registration failed with status 500 ("+secret+")"))
	if strings.Contains(plain.Error(), secret) {
		t.Fatalf("quoted body kept: %q", plain)
	}
}

// TestCachePermissions: a cache others can read is refused; a missing
// one is empty; a private one is read.
func TestCachePermissions(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "c.json")
	if c, err := readCache(p); err != nil || len(c.Servers) != 0 {
		t.Fatalf("missing cache: %v", err)
	}
	if err := os.WriteFile(p, []byte(`{"kind":"assay.oauth-cache/v1","servers":{}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readCache(p); err != nil {
		t.Fatalf("private cache refused: %v", err)
	}
	for _, mode := range []os.FileMode{0o640, 0o604, 0o620} {
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		if _, err := readCache(p); err == nil {
			t.Errorf("mode %04o accepted", mode)
		}
	}
	if _, err := readCache(dir); err == nil {
		t.Error("a directory accepted as cache")
	}
}

func TestIsCIMD(t *testing.T) {
	for id, want := range map[string]bool{
		"https://assay.example/client.json": true, "https://assay.example/": false,
		"http://assay.example/client.json": false, "my-client-id": false,
	} {
		if isCIMD(id) != want {
			t.Errorf("isCIMD(%q) = %v", id, !want)
		}
	}
}

func TestChallengeError(t *testing.T) {
	for h, want := range map[string]string{
		`Bearer error="invalid_token", error_description="expired"`: ", invalid_token",
		`Bearer resource_metadata="https://a.example/x"`:            "",
		`Basic realm="x"`: "",
	} {
		resp := &http.Response{Header: http.Header{"Www-Authenticate": {h}}}
		if got := challengeError(resp); got != want {
			t.Errorf("%s: got %q, want %q", h, got, want)
		}
	}
}
