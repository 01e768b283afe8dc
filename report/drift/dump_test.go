package drift

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestDumpCorpus writes every corpus pair's findings for review (dev only).
func TestDumpCorpus(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip("set DUMP=file")
	}
	list := loadDriftList(t)
	var b strings.Builder
	for _, pkg := range sortedMapKeys(list) {
		for _, p := range list[pkg].Consecutive {
			r, _ := Diff(loadSide(t, captureFile(pkg, p.From)), loadSide(t, captureFile(pkg, p.To)), nil)
			fmt.Fprintf(&b, "=== %s %s -> %s exit %d\n", pkg, p.From, p.To, r.Exit)
			for _, f := range r.Findings.Findings {
				fmt.Fprintf(&b, "%s %s %s %s %v :: %.300s\n", f.ID, f.Severity, f.Tool, f.Element, f.Tools, f.Evidence)
			}
		}
	}
	os.WriteFile(os.Getenv("DUMP"), []byte(b.String()), 0o644)
}
