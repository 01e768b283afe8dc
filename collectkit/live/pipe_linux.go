//go:build linux

package live

import (
	"os"

	"golang.org/x/sys/unix"
)

// pipePending is the number of bytes written to a pipe and not yet read
// by the other end. It goes through SyscallConn: Fd would switch the
// pipe to blocking mode.
func pipePending(f *os.File) (int, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var n int
	var ierr error
	if err := rc.Control(func(fd uintptr) { n, ierr = unix.IoctlGetInt(int(fd), unix.TIOCINQ) }); err != nil {
		return 0, err
	}
	return n, ierr
}
