package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/collectkit"
)

// TestReadmeApproveExample runs the README's baseline, check and approve
// lines exactly as written: a baseline of tools.json, a changed
// description in tools.json that check reports (exit bit 2), approve
// accepting it, and check passing again.
func TestReadmeApproveExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	line := func(prefix string) []string {
		for _, l := range strings.Split(string(readme), "\n") {
			if strings.HasPrefix(l, prefix) {
				l, _, _ = strings.Cut(l, "  #")
				words, err := collectkit.SplitCommand(strings.TrimSpace(l))
				if err != nil {
					t.Fatal(err)
				}
				return words[1:] // without "assay"
			}
		}
		t.Fatalf("README has no line starting %q", prefix)
		return nil
	}
	baseline, check, approve := line("assay baseline --surface tools.json"), line("assay check --baseline assay-baseline.json --surface"), line("assay approve --baseline")
	surface, err := os.ReadFile(filepath.Join("..", "..", "testdata", "surfaces", "modelcontextprotocol__server-memory@2026.8.31.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	write := func(data []byte) {
		if err := os.WriteFile("tools.json", data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runLine := func(args []string) (int, string) {
		var out, errb bytes.Buffer
		code := RunWith(context.Background(), args, strings.NewReader(""), &out, &errb, nil)
		return code, out.String() + errb.String()
	}
	write(surface)
	if code, out := runLine(baseline); code != 0 {
		t.Fatalf("README baseline line: exit %d: %s", code, out)
	}
	changed := bytes.Replace(surface, []byte(`"Create multiple new entities`), []byte(`"Create several new entities`), 1)
	if bytes.Equal(changed, surface) {
		t.Fatal("fixture: the create_entities description was not found")
	}
	write(changed)
	if code, out := runLine(check); code&2 == 0 {
		t.Fatalf("README check line after a change: exit %d, want the prompt bit 2: %s", code, out)
	}
	if code, out := runLine(approve); code != 0 {
		t.Fatalf("README approve line: exit %d: %s", code, out)
	}
	if code, out := runLine(check); code != 0 {
		t.Errorf("check after approve: exit %d: %s", code, out)
	}
}
