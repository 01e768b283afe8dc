package cli

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/model"
)

// Exit codes. Findings codes (0, 1, and the drift bits 1|2|4|8|16) are
// below 64; errors are exclusive and at or above 64 (sysexits.h values).
const (
	ExitOK          = 0
	ExitFindings    = 1  // scan: findings at or above --fail-on
	ExitUsage       = 64 // bad flags or arguments
	ExitDataErr     = 65 // input file is malformed
	ExitNoInput     = 66 // input file missing or unreadable
	ExitUnavailable = 69 // a server could not be reached at all, or the user declined to start it
	ExitSoftware    = 70 // internal error
	ExitIOErr       = 74 // output could not be written (also stdout), or was refused (docs/outputs.md)
)

// Drift exit bits, ORed together by diff and check.
const (
	BitEscalation = 1
	BitPrompt     = 2
	BitRemoval    = 4
	BitInjection  = 8
	BitIncomplete = 16
	BitSignature  = 32
)

// ExitError carries an exit code with the error message printed for it.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

func usageErr(format string, a ...any) error {
	return &ExitError{Code: ExitUsage, Err: fmt.Errorf(format, a...)}
}

func ioErr(err error) error { return &ExitError{Code: ExitIOErr, Err: err} }

// exitCode classifies an error into its documented exit code.
func exitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	if errors.Is(err, collectkit.ErrDeclined) {
		// Nothing was collected because the user said no: the servers
		// are unavailable to this run, not an internal error.
		return ExitUnavailable
	}
	var ie *model.InputError
	if errors.As(err, &ie) {
		return ExitDataErr
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return ExitNoInput
	}
	return ExitSoftware
}

// silentExit is a non-error exit code (findings present): nothing printed.
type silentExit struct{ code int }

func (s silentExit) Error() string { return fmt.Sprintf("exit status %d", s.code) }
