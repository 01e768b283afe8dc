package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/oauthfixture"
	"github.com/assay-mcp/assay/internal/testenv"
)

// TestOAuthDevice: the collector logs in with the device flow (the user
// approves the code it prints), collects the protected server, and no
// token reaches the bundle or stderr.
func TestOAuthDevice(t *testing.T) {
	fx := oauthfixture.Start(t, nil)
	out := filepath.Join(t.TempDir(), "b.json")
	user := fx.NewUser()
	var stdout bytes.Buffer
	code := Run(testenv.Context(t, 60*time.Second), []string{"--server", fx.URL, "--oauth-device", "--yes", "--out", out},
		strings.NewReader(""), &stdout, user)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, user)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"protocolVersion"`) || !strings.Contains(user.String(), "device flow") {
		t.Fatalf("the protected server was not collected through the device flow\n%s", user)
	}
	if len(fx.Issued()) == 0 {
		t.Fatal("no token issued: the canary proves nothing")
	}
	for name, s := range map[string]string{"bundle": string(data), "stdout": stdout.String(), "stderr": user.String()} {
		if strings.Contains(s, fx.Canary) {
			t.Errorf("%s carries an OAuth token", name)
		}
	}
}
