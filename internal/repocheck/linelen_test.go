package repocheck

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxCoreLine bounds a source line of the core: a rule that does not fit
// on a screen cannot be read or reviewed.
const maxCoreLine = 300

// TestCoreLineLength fails on any line of a Go file under report/ longer
// than maxCoreLine bytes.
func TestCoreLineLength(t *testing.T) {
	root := repoRoot(t)
	files := 0
	err := filepath.Walk(filepath.Join(root, "report"), func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		files++
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, line := range bytes.Split(data, []byte("\n")) {
			if len(line) > maxCoreLine {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s:%d is %d bytes long (limit %d)", rel, i+1, len(line), maxCoreLine)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("only %d Go files under report/", files)
	}
}
