// Package testenv holds the two settings every slow or environment-bound
// test shares: how long to wait, and when a test may skip.
//
// Waiting: tests never use fixed short timeouts. They derive every deadline
// from a base they would need on an idle machine, scaled by one setting,
// ASSAY_TEST_SCALE (a positive number, default 1), which `make test` raises
// on slow or loaded machines.
//
// Skipping: under CI=true a skip is a failure unless its id is listed in
// [AllowedSkips], so a missing browser, server or corpus can never turn a
// broken feature green.
package testenv

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"
)

// Scale is the deadline multiplier from ASSAY_TEST_SCALE (default 1).
func Scale() float64 {
	if v, err := strconv.ParseFloat(os.Getenv("ASSAY_TEST_SCALE"), 64); err == nil && v > 0 {
		return v
	}
	return 1
}

// D scales base by [Scale]: the deadline for something that takes well
// under base on an idle machine.
func D(base time.Duration) time.Duration {
	return time.Duration(float64(base) * Scale())
}

// Context is a context that ends after D(base), cancelled with the test.
func Context(t testing.TB, base time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), D(base))
	t.Cleanup(cancel)
	return ctx
}

// CI reports whether the tests run under CI=true.
func CI() bool { return os.Getenv("CI") == "true" }

// AllowedSkips is the one table of skips that CI=true tolerates, each with
// the reason it cannot be a failure. Everything else that would skip fails
// under CI.
var AllowedSkips = map[string]string{
	"posix":      "the test exercises POSIX process groups, signals or paths; it runs on every Linux and macOS CI machine",
	"short":      "an expensive variant skipped only with -short; CI never passes -short",
	"bench-only": "a measurement run by `make bench` (ASSAY_BENCH=1), not a correctness check",
	"root":       "needs root (or not root) to exercise file permissions; the other variant runs",
	"dump":       "a developer tool (ASSAY_DUMP=FILE) that writes a file, not a check",
}

// Skip skips t with reason when id is an allowed skip, and fails it under
// CI=true otherwise (outside CI it skips, naming the id).
func Skip(t testing.TB, id, reason string) {
	t.Helper()
	if _, ok := AllowedSkips[id]; !ok && CI() {
		t.Fatalf("CI=true: %s (skip %q is not in testenv.AllowedSkips)", reason, id)
	}
	t.Skipf("%s [%s]", reason, id)
}
