package collectkit

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// canaryArgs are argument shapes that carry a value that must never be
// shown: each holds the word CANARY and a number.
var canaryArgs = [][]string{
	{"-p", "CANARY01"}, {"-k", "CANARY02"}, {"-P", "CANARY03"}, {"--pass", "CANARY04"},
	{"--password=CANARY05"}, {"--env=API_KEY=CANARY06"}, {"--env", "API_KEY=CANARY07"},
	{"API_KEY=CANARY08"}, {"-e", "TOKEN=CANARY09"}, {"ops@canary10.example.com"},
	{"--user=canary11@example.org"}, {"--token", "CANARY12"}, {"--api-key=CANARY13"},
	{"-u", "admin:CANARY14"}, {"https://user:CANARY15@host.example/x"},
	{"https://host.example/x?key=CANARY16"}, {"--header", "X-Api-Key: CANARY17"},
	{"-H", "Authorization: Bearer CANARY18"}, {"--db", "postgres://u:CANARY19@db/x"},
	{"--secret", "CANARY20"}, {"--client-secret=CANARY21"}, {"--auth", "CANARY22"},
	{"--key", "CANARY23"}, {"--cred", "CANARY24"}, {"--account", "CANARY25"},
	{"--license", "CANARY26"}, {"--connection-string", "CANARY27"}, {"--dsn=CANARY28"},
	{"--sign-key", "CANARY29"}, {"--session", "CANARY30"}, {"/srv/CANARY31/server.js"},
	{"bash -c 'export TOKEN=CANARY32; run'"}, {"--workspace-id", "CANARY33"},
	{"DATABASE_URL=postgres://CANARY34@db"}, {"--tenant=CANARY35"},
}

// TestCanaryArgsNeverShown: no canary reaches the consent prompt, the
// dry-run plan or the bundle's recorded arguments; the home directory
// is shown as ~.
func TestCanaryArgsNeverShown(t *testing.T) {
	home, _ := os.UserHomeDir()
	for i, args := range canaryArgs {
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
	if len(canaryArgs) < 30 {
		t.Fatalf("%d shapes; the matrix needs at least 30", len(canaryArgs))
	}
}
