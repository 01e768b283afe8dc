package redact

import (
	"strings"
	"testing"
)

func TestDetectSecretShapes(t *testing.T) {
	// Each issuer shape with a value that must be caught and a look-alike
	// that must not.
	cases := []struct {
		name, value string
		want        bool
		detail      string
	}{
		{"", "ghp_CANARYa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6", true, "ghp_ prefix"},
		{"", "ghp_short", false, ""},
		{"", "github_pat_CANARY11ABCDEFG0123456789_abcdef", true, "github_pat_ prefix"},
		{"", "glpat-CANARYabcdefghij12345", true, "glpat- prefix"},
		{"", "glpat-", false, ""},
		{"", "sk-CANARYabcdefghijklmnopqrstu", true, "sk- prefix"},
		{"", "sk-learn", false, ""},
		{"", "sk-ant-api03-CANARYq1w2e3r4t5y6u7i8o9p0", true, "sk-ant- prefix"},
		{"", "sk_live_CANARY51Hx2kLm3Nq4Rs5", true, "sk_live_ prefix"},
		{"", "xoxb-CANARY-1234567890-abcdefghijkl", true, "xoxb- prefix"},
		{"", "xoxb-1", false, ""},
		{"", "AKIACANARY0000000001", true, "AKIA prefix"},
		{"", "AKIAcanary0000000001", false, ""}, // AWS key ids are upper-case
		{"", "AIzaCANARYabcdefghijklmnopqrstuvwxy12", true, "AIza prefix"},
		{"", "AIzaShort", false, ""},
		{"", "eyJhbGciOiJIUzI1NiJ9.eyJDQU5BUlkiOjF9.CANARYsigCANARYsig", true, "eyJ JWT"},
		{"", "eyJhbGciOiJIUzI1NiJ9", false, ""},
		{"", "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY\n-----END OPENSSH PRIVATE KEY-----", true, "private key block"},
		{"", "Bearer ghp_CANARYa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6", true, "ghp_ prefix"},
		// High entropy under credential-like names.
		{"API_KEY", "X9fK2pQ7CANARYzL4mW8", true, "high-entropy value under credential-like name"},
		{"Authorization", "Bearer CANARY-opaque-tok-9f8e7d", true, "high-entropy value under credential-like name"},
		{"DB_PASSWORD", "CANARYpw1", true, "literal value under credential-like name"},
		{"API_KEY", "${env:API_KEY}", false, ""},
		{"Authorization", "Bearer ${input:gh-token}", false, ""},
		{"API_KEY", "<your-api-key>", false, ""},
		{"API_KEY", "YOUR_API_KEY_HERE", false, ""},
		{"API_KEY", "xxxxxxxxxxxxxxxx", false, ""},
		{"API_KEY", "aaaaaaaaaaaaaaaaaa", false, ""},     // low entropy
		{"LOG_LEVEL", "X9fK2pQ7CANARYzL4mW8", false, ""}, // not a credential name
		{"SLACK_TEAM_ID", "T01234567", false, ""},
	}
	for _, c := range cases {
		s, ok := DetectSecret(c.name, c.value)
		if ok != c.want || s.Detail != c.detail {
			t.Errorf("DetectSecret(%q, %.12q…) = %v %q, want %v %q", c.name, c.value, ok, s.Detail, c.want, c.detail)
		}
		if strings.Contains(s.Detail, "CANARY") {
			t.Errorf("detail leaks the value: %q", s.Detail)
		}
	}
}

func TestIsCredentialName(t *testing.T) {
	yes := []string{"GITHUB_TOKEN", "x-api-key", "--password", "Authorization", "API_KEY", "GITLAB_PAT", "AWS_SECRET_ACCESS_KEY", "apiKey", "X-Figma-Token"}
	no := []string{"LOG_LEVEL", "PATH", "KEYBOARD", "PATTERN", "HOME", "DEBUG", "MONKEY"}
	for _, n := range yes {
		if !IsCredentialName(n) {
			t.Errorf("IsCredentialName(%q) = false", n)
		}
	}
	for _, n := range no {
		if IsCredentialName(n) {
			t.Errorf("IsCredentialName(%q) = true", n)
		}
	}
}

func TestDetectBareToken(t *testing.T) {
	if _, ok := DetectBareToken("CANARYq8Zr3L0pXw5Tn2Yb7Kd4Mf6Hs9Jv1Gc"); !ok {
		t.Error("mixed-alphabet 38-char token not caught")
	}
	for _, v := range []string{
		"@modelcontextprotocol/server-filesystem",
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", // a hex digest
		"--access-mode=unrestricted",
		"short",
	} {
		if _, ok := DetectBareToken(v); ok {
			t.Errorf("DetectBareToken(%q) = true", v)
		}
	}
}

func TestURLSecret(t *testing.T) {
	cases := []struct {
		url  string
		want bool
	}{
		{"postgresql://admin:CANARYdbpass@db.internal:5432/prod", true},
		{"https://api.example.com/mcp?api_key=CANARYq1w2e3r4t5y6u7", true},
		{"https://x.example.com/mcp?token=ghp_CANARYa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6", true},
		{"https://user:${env:PASS}@host/", false},
		{"https://api.example.com/mcp?page=2", false},
		{"https://api.example.com/mcp", false},
	}
	for _, c := range cases {
		s, ok := URLSecret(c.url)
		if ok != c.want {
			t.Errorf("URLSecret(%q) = %v, want %v", c.url, ok, c.want)
		}
		if strings.Contains(s.Detail, "CANARY") {
			t.Errorf("detail leaks the value: %q", s.Detail)
		}
	}
}

func TestEntropy(t *testing.T) {
	if e := Entropy("aaaa"); e != 0 {
		t.Errorf("Entropy(aaaa) = %v", e)
	}
	if e := Entropy("abcd"); e != 2 {
		t.Errorf("Entropy(abcd) = %v", e)
	}
}
