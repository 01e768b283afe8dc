package inject

import (
	"fmt"
	"os"
	"testing"
)

func TestDumpCorpus(t *testing.T) {
	if os.Getenv("INJ_DUMP") == "" {
		t.Skip()
	}
	for _, s := range loadCorpus(t) {
		for _, f := range ScanServer(&s, nil) {
			fmt.Printf("%s %s %s %s | %s\n", f.ID, f.Severity, f.Server, f.Element, f.Evidence)
		}
	}
}
