// Package interrupt turns the signals that end a command-line run (SIGINT,
// SIGTERM, SIGHUP) into a cancelled context whose cause names the signal,
// so every layer stops the same way: servers' process trees are killed by
// the collection code watching the context, writers refuse to replace an
// output once the run was interrupted, and the binary exits with the
// conventional 128+N code (130, 143, 129) instead of 0.
package interrupt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Signal is the cancellation cause of a context ended by a signal.
type Signal struct{ Sig os.Signal }

func (s Signal) Error() string { return fmt.Sprintf("interrupted by %s", Name(s.Sig)) }

// Name is the conventional name of sig (SIGINT, SIGTERM, SIGHUP).
func Name(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// Context returns a context cancelled, with cause [Signal], by the first
// SIGINT, SIGTERM or SIGHUP. A second signal of any of them exits at once
// with its code, for a user who does not want to wait for clean-up, after
// the quick clean-ups registered with [OnForcedExit]. stop releases the
// handler.
func Context(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			cancel(Signal{Sig: sig})
		case <-done:
			return
		}
		select {
		case sig := <-ch:
			runForced()
			os.Exit(ExitCode(sig))
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// ExitCode is 128 plus the signal number: 130 SIGINT, 143 SIGTERM, 129 SIGHUP.
func ExitCode(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}

// Cause reports the signal that ended ctx, if a signal did.
func Cause(ctx context.Context) (Signal, bool) {
	var s Signal
	if errors.As(context.Cause(ctx), &s) {
		return s, true
	}
	return Signal{}, false
}

// Code is the exit code for a run whose context is ctx: 128+N when a signal
// ended it, 0 otherwise.
func Code(ctx context.Context) int {
	if s, ok := Cause(ctx); ok {
		return ExitCode(s.Sig)
	}
	return 0
}

// forced holds the clean-ups a forced exit runs: killing the process
// groups of running servers and removing their temporary HOMEs.
var forced = struct {
	sync.Mutex
	next  int
	hooks map[int]func()
}{hooks: map[int]func(){}}

// OnForcedExit registers f to run when a second signal exits the program
// at once; f must be quick and must not block. remove unregisters it.
func OnForcedExit(f func()) (remove func()) {
	forced.Lock()
	defer forced.Unlock()
	id := forced.next
	forced.next++
	forced.hooks[id] = f
	return func() {
		forced.Lock()
		defer forced.Unlock()
		delete(forced.hooks, id)
	}
}

// runForced runs every registered clean-up once.
func runForced() {
	forced.Lock()
	hooks := forced.hooks
	forced.hooks = map[int]func(){}
	forced.Unlock()
	for _, f := range hooks {
		f()
	}
}
