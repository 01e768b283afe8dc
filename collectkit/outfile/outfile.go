// Package outfile is the one way both binaries write an output file, so
// an output is never lost, half-written or swapped for something else:
//
//   - "-" is the run's stdout (when the caller allows a stream);
//   - a regular file or a new path is written through a temporary file in
//     the same directory and a rename, so a reader never sees half a file
//     and a failure leaves the previous file byte-identical;
//   - a character device (/dev/null, /dev/tty) or a FIFO is written
//     through, never renamed over: the device node or pipe stays;
//   - a symbolic link is followed to an existing target, which is then
//     written by the rules above; the link itself stays. A dangling link,
//     or one an attacker could have planted (another user's link in a
//     sticky world-writable directory like /tmp), is refused;
//   - a directory, block device, socket or read-only file is refused;
//   - once the run's context is done (SIGINT, SIGTERM, SIGHUP), nothing is
//     written or replaced: the check runs before writing and again just
//     before the rename.
//
// Every refusal is an error naming the path; callers exit 74.
package outfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Options say how one output may be written. The zero value writes a
// 0644 file and refuses "-".
type Options struct {
	// Stdout receives the data when the path is "-"; nil refuses "-".
	Stdout io.Writer
	// Private outputs (keys) are always mode 0600 and must be regular
	// files: a secret is never streamed to a device or pipe.
	Private bool
}

// ErrStopped is wrapped by the error of a write refused because the run
// was interrupted or cancelled.
var ErrStopped = errors.New("run interrupted; output not written")

// Write writes data to path by the package rules.
func Write(ctx context.Context, path string, data []byte, o *Options) error {
	if o == nil {
		o = &Options{}
	}
	if err := stopped(ctx, path); err != nil {
		return err
	}
	switch path {
	case "":
		return errors.New("no output path given")
	case "-":
		if o.Stdout == nil || o.Private {
			return errors.New("'-' (stdout) is not accepted for this output; name a file")
		}
		if _, err := o.Stdout.Write(data); err != nil {
			return fmt.Errorf("writing stdout: %w", err)
		}
		return nil
	}
	target, fi, err := resolve(path)
	if err != nil {
		return err
	}
	m := fs.FileMode(0)
	if fi != nil {
		m = fi.Mode()
	}
	switch {
	case fi == nil || m.IsRegular():
		return replace(ctx, path, target, fi, data, o)
	case m.IsDir():
		return fmt.Errorf("%s: is a directory; name a file inside it", path)
	case o.Private:
		return fmt.Errorf("%s: is not a regular file; a private key is only written to a file", path)
	case m&fs.ModeCharDevice != 0:
		return writeThrough(ctx, path, target, data, false)
	case m&fs.ModeNamedPipe != 0:
		return writeThrough(ctx, path, target, data, true)
	}
	return fmt.Errorf("%s: is a %s, not a regular file; refusing to write it", path, kind(m))
}

func stopped(ctx context.Context, path string) error {
	if ctx == nil || ctx.Err() == nil {
		return nil
	}
	return fmt.Errorf("%s: %w (%v)", path, ErrStopped, context.Cause(ctx))
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeDevice != 0:
		return "block device"
	case m&fs.ModeSocket != 0:
		return "socket"
	}
	return "special file"
}

// resolve follows a symbolic link at path to its existing target and
// returns the target's path and info (nil info: nothing there yet).
func resolve(path string) (string, fs.FileInfo, error) {
	li, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, nil, nil
	}
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", path, unwrap(err))
	}
	if li.Mode()&fs.ModeSymlink == 0 {
		return path, li, nil
	}
	if err := plantedLink(path, li); err != nil {
		return "", nil, err
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", nil, fmt.Errorf("%s: is a symbolic link whose target cannot be resolved (%v); refusing to create it", path, unwrap(err))
	}
	fi, err := os.Stat(target)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", path, unwrap(err))
	}
	return target, fi, nil
}

// replace writes a regular file (or a new one) at target through a temp
// file and a rename; shown is the path the user named.
func replace(ctx context.Context, shown, target string, fi fs.FileInfo, data []byte, o *Options) (err error) {
	perm := fs.FileMode(0o644)
	if fi != nil {
		if err := writable(target, fi); err != nil {
			return fmt.Errorf("%s: %w", shown, err)
		}
		perm = fi.Mode().Perm()
	}
	if o.Private {
		perm = 0o600
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dir, unwrap(err))
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(perm); err != nil {
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	// The last moment an interruption can still keep the previous file.
	if err := stopped(ctx, shown); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	syncDir(dir)
	return nil
}

// writeThrough writes a character device or FIFO in place: the node is
// never replaced. A stream cannot be taken back, so an interruption
// during the write leaves its reader with what was sent so far.
func writeThrough(ctx context.Context, shown, target string, data []byte, fifo bool) error {
	f, err := openThrough(ctx, target, fifo)
	if err != nil {
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	if ctx != nil {
		stop := context.AfterFunc(ctx, func() { f.SetWriteDeadline(deadlinePast) })
		defer stop()
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		if e := stopped(ctx, shown); e != nil {
			return e
		}
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", shown, unwrap(err))
	}
	return nil
}

// unwrap drops the *PathError wrapper, whose path the caller's message
// already names.
func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
