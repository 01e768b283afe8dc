//go:build !linux

package live

import (
	"errors"
	"os"
)

// pipePending cannot read a pipe's fill level here: the first write
// counts as the server's start.
func pipePending(*os.File) (int, error) { return 0, errors.ErrUnsupported }
