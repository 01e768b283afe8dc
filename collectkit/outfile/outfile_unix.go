//go:build unix

package outfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

var deadlinePast = time.Unix(1, 0)

// plantedLink applies the kernel's protected_symlinks rule: in a sticky
// world-writable directory (/tmp), a link is followed only when it
// belongs to us or to the directory's owner. Following another user's
// link there is how a planted /tmp/out -> /etc/passwd overwrites a file
// as root; the rule is checked here because the write goes to the
// resolved target, not through the link.
func plantedLink(path string, li fs.FileInfo) error {
	di, err := os.Stat(filepath.Dir(path))
	if err != nil {
		return nil
	}
	if di.Mode()&fs.ModeSticky == 0 || di.Mode().Perm()&0o002 == 0 {
		return nil
	}
	ls, ok1 := li.Sys().(*syscall.Stat_t)
	ds, ok2 := di.Sys().(*syscall.Stat_t)
	if !ok1 || !ok2 {
		return nil
	}
	if ls.Uid == uint32(os.Geteuid()) || ls.Uid == ds.Uid {
		return nil
	}
	return fmt.Errorf("%s: is a symbolic link owned by another user in a shared sticky directory; refusing to follow it", path)
}

// writable refuses a file we may not write, and a file with no write bit
// at all even for root: the shell's '>' would truncate it, but a file
// marked read-only is an output the user wanted kept.
func writable(path string, fi fs.FileInfo) error {
	if fi.Mode().Perm()&0o222 == 0 {
		return errors.New("is read-only; not replacing it")
	}
	if err := syscall.Access(path, 2 /* W_OK */); err != nil {
		return fmt.Errorf("is not writable (%w); not replacing it", err)
	}
	return nil
}

// openThrough opens a device or FIFO for writing without creating or
// truncating it. A FIFO is opened non-blocking and retried until a reader
// opens it or the run is interrupted, so a FIFO without reader never
// hangs an interrupted run.
func openThrough(ctx context.Context, path string, fifo bool) (*os.File, error) {
	if !fifo {
		return os.OpenFile(path, os.O_WRONLY, 0)
	}
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.ENXIO) {
			return f, err
		}
		if ctx == nil {
			ctx = context.Background()
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w (%v)", ErrStopped, context.Cause(ctx))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// syncDir makes the rename durable; a failure here is not worth failing a
// write that already happened.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
