package drift

import (
	"os"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func TestSmoke(t *testing.T) {
	o := loadSide(t, captureFile(os.Getenv("PKG"), os.Getenv("A")))
	n := loadSide(t, captureFile(os.Getenv("PKG"), os.Getenv("B")))
	r, err := Diff(o, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := model.Marshal(r.Findings.Findings)
	os.WriteFile("/tmp/dw/smoke.json", b, 0o644)
	t.Logf("exit %d notrun %v", r.Exit, r.NotRun)
	for _, f := range r.Findings.Findings {
		t.Logf("%s %s %s %s %v :: %.200s", f.ID, f.Severity, f.Tool, f.Element, f.Tools, f.Evidence)
	}
}
