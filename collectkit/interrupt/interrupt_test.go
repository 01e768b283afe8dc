//go:build !windows

package interrupt

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"
)

func TestSignalCancelsWithCause(t *testing.T) {
	ctx, stop := Context(context.Background())
	defer stop()
	if Code(ctx) != 0 {
		t.Fatal("code before any signal")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(time.Minute):
		t.Fatal("SIGHUP did not cancel the context")
	}
	if got := Code(ctx); got != 129 {
		t.Fatalf("Code = %d, want 129", got)
	}
	if s, _ := Cause(ctx); s.Error() != "interrupted by SIGHUP" {
		t.Fatalf("cause %q", s.Error())
	}
}

func TestExitCodes(t *testing.T) {
	for sig, want := range map[os.Signal]int{os.Interrupt: 130, syscall.SIGTERM: 143, syscall.SIGHUP: 129} {
		if got := ExitCode(sig); got != want {
			t.Errorf("%s: %d, want %d", Name(sig), got, want)
		}
	}
}
