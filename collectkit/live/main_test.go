package live

import (
	"os"
	"testing"

	"github.com/assay-mcp/assay/internal/hostile"
)

// TestMain lets this test binary double as the hostile server.
func TestMain(m *testing.M) {
	hostile.MainIfRequested()
	os.Exit(m.Run())
}
