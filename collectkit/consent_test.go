package collectkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/hostile"
)

// TestConsent: without --yes the plan is shown and nothing starts unless
// the operator answers yes; the plan names env vars but never values.
func TestConsent(t *testing.T) {
	for _, c := range []struct {
		answer  string
		in      bool
		started bool
	}{
		{"n\n", true, false},
		{"\n", true, false},
		{"", false, false}, // no input at all
		{"yes\n", true, true},
	} {
		pidFile := filepath.Join(t.TempDir(), "pid")
		tg := hostileTarget(t, hostile.ModeOrphan, map[string]string{hostile.EnvPIDFile: pidFile, "API_KEY": "s3cret-value"})
		tg.Args = []string{"--token", "s3cret-arg"}
		var stderr bytes.Buffer
		opts := &Options{Stderr: &stderr, Timeout: 5 * time.Second}
		if c.in {
			opts.In = strings.NewReader(c.answer)
		}
		servers, err := Collect(context.Background(), []Target{tg}, opts)
		plan := stderr.String()
		if !strings.Contains(plan, tg.Command) || !strings.Contains(plan, "API_KEY") || !strings.Contains(plan, "Start them? [y/N]") {
			t.Errorf("%q: plan lacks program, env names or question:\n%s", c.answer, plan)
		}
		if strings.Contains(plan, "s3cret") {
			t.Errorf("%q: plan shows a secret:\n%s", c.answer, plan)
		}
		_, statErr := os.Stat(pidFile)
		if c.started {
			if err != nil || len(servers) != 1 || len(servers[0].Tools) != 2 {
				t.Errorf("%q: err %v servers %+v", c.answer, err, servers)
			}
			if statErr != nil {
				t.Errorf("%q: server did not start", c.answer)
			}
			if data, _ := json.Marshal(servers); bytes.Contains(data, []byte("s3cret")) {
				t.Errorf("server entry holds a secret: %s", data)
			}
		} else {
			if !errors.Is(err, ErrDeclined) || servers != nil {
				t.Errorf("%q: err %v servers %v, want ErrDeclined", c.answer, err, servers)
			}
			if statErr == nil {
				t.Errorf("%q: server started without consent", c.answer)
			}
		}
	}
}
