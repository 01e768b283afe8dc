package collectkit

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/canary"
)

// TestCanaryArgsNeverShown: no canary reaches the consent prompt, the
// dry-run plan or the bundle's recorded arguments; the home directory
// is shown as ~.
func TestCanaryArgsNeverShown(t *testing.T) {
	home, _ := os.UserHomeDir()
	for i, args := range canary.ArgShapes() {
		tg := Target{Name: "srv", Transport: "stdio", Command: "sh", Args: append([]string{"server.js"}, args...)}
		p := plan{path: home + "/bin/sh"}
		cfg, _ := json.Marshal(declaredConfig(tg))
		outputs := map[string]string{
			"consent": strings.Join(describe(tg, p), "\n"),
			"dry-run": strings.Join(PlanLines([]Target{tg}), "\n"),
			"bundle":  string(cfg),
		}
		canary := fmt.Sprintf("%02d", i+1)
		for name, text := range outputs {
			if strings.Contains(strings.ToUpper(text), "CANARY"+canary) {
				t.Errorf("shape %v leaks into %s: %s", args, name, text)
			}
		}
		if len(home) > 1 && strings.Contains(outputs["consent"], home) {
			t.Errorf("consent shows the home directory: %s", outputs["consent"])
		}
	}
	if n := len(canary.ArgShapes()); n < 30 {
		t.Fatalf("%d shapes; the matrix needs at least 30", n)
	}
}
