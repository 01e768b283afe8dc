package live

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/hostile"
)

func TestSmoke(t *testing.T) {
	exe, _ := os.Executable()
	for _, mode := range []string{"ok", "endless", "repeat", "many", "huge", "silent", "crash", "garbage", "broken", "sampling", "orphan", "utf8"} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		start := time.Now()
		res := Run(ctx, Spec{Transport: "stdio", Path: exe, Env: map[string]string{hostile.EnvMode: mode}})
		cancel()
		t.Logf("%s: %v conn=%v proto=%s tools=%d errs=%+v", mode, time.Since(start), res.Connected, res.ProtocolVersion, len(res.Tools), res.Errors)
	}
}
