package proxy_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/testenv"
)

// TestJournal: one ASCII JSON line per message with time, direction,
// kind, method, id, size and SHA-256 of the exact line, in a file only its
// owner can read; bodies only with --record-bodies.
func TestJournal(t *testing.T) {
	posixOnly(t)
	msgs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"note":"héllo ☃ 😀"}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`not json ☃`,
		`{"jsonrpc":"2.0","id":"b","method":"tools/list"}`,
	}
	for _, bodies := range []bool{false, true} {
		name := "hashes"
		if bodies {
			name = "bodies"
		}
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "session.jsonl")
			os.WriteFile(path, nil, 0o644) // an existing file is narrowed to 0600
			flags := []string{"--record", path}
			if bodies {
				flags = append(flags, "--record-bodies")
			}
			c := startRaw(t, proxyArgs(t, flags, self(t), "echo-server"), nil, nil)
			var answers []string
			for _, m := range msgs {
				c.send(m)
				if strings.Contains(m, `"id"`) {
					// The first answer also waits for two programs to start.
					answers = append(answers, c.readLine(testenv.D(30*time.Second)))
				}
			}
			if code := c.exit(); code != 0 {
				t.Fatalf("exit %d", code)
			}
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if st.Mode().Perm() != 0o600 {
				t.Errorf("journal mode %v, want 0600", st.Mode().Perm())
			}
			data, _ := os.ReadFile(path)
			for i, b := range data {
				if b >= 0x80 {
					t.Fatalf("non-ASCII byte at %d", i)
				}
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if len(lines) != len(msgs)+len(answers) {
				t.Fatalf("%d journal lines for %d messages:\n%s", len(lines), len(msgs)+len(answers), data)
			}
			bySum := map[string]map[string]any{}
			for _, l := range lines {
				var r map[string]any
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatalf("journal line %q: %v", l, err)
				}
				bySum[r["sha256"].(string)] = r
				if _, ok := r["body"]; ok != bodies {
					t.Errorf("body present %v with --record-bodies %v", ok, bodies)
				}
			}
			check := func(dir, m, kind, method string) {
				sum := sha256.Sum256([]byte(m))
				r := bySum[hex.EncodeToString(sum[:])]
				if r == nil {
					t.Errorf("no journal line for %.60q", m)
					return
				}
				if r["dir"] != dir || r["kind"] != kind || r["size"] != float64(len(m)) || (method != "" && r["method"] != method) {
					t.Errorf("record %v for %.60q", r, m)
				}
				if bodies && r["body"] != m {
					t.Errorf("body %q, want %q", r["body"], m)
				}
			}
			check("c2s", msgs[0], "request", "initialize")
			check("c2s", msgs[1], "notification", "notifications/initialized")
			check("c2s", msgs[2], "invalid", "")
			check("c2s", msgs[3], "request", "tools/list")
			for _, a := range answers {
				check("s2c", a, "response", "")
			}
			if !bytes.Contains(data, []byte(`"id":"b"`)) || !bytes.Contains(data, []byte(`"id":"1"`)) {
				t.Errorf("ids not journalled:\n%s", data)
			}
		})
	}
}
