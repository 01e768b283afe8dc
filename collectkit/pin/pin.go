// Package pin computes what a lock records about how a local server
// starts: the command pin (which program runs, and which script or
// package entry it runs, by SHA-256 of their content) and the launch spec
// in its strict form with salted HMACs of the exact values. It reads the
// file system and the launch data; the lock model itself is report/lock.
package pin

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/lock"
)

// Options say where a command runs. Nil means this process's own home,
// working directory and today.
type Options struct {
	// Home is written as ~ in recorded paths.
	Home string
	// Dir is the directory relative script paths resolve against.
	Dir string
	// Date is the day recorded in a new pin (YYYY-MM-DD).
	Date string
}

func (o *Options) withDefaults() Options {
	var d Options
	if o != nil {
		d = *o
	}
	if d.Home == "" {
		d.Home, _ = os.UserHomeDir()
	}
	if d.Dir == "" {
		d.Dir, _ = os.Getwd()
	}
	if d.Date == "" {
		d.Date = time.Now().UTC().Format(time.DateOnly)
	}
	return d
}

// MaxFileBytes caps what one pin hashes: no program or script is larger.
const MaxFileBytes = 2 << 30

// Of pins the program command starts with args: resolved on PATH as the
// collector resolves it, hashed, and the script or package entry it runs
// found and hashed when the program is an interpreter or a package
// runner. An error means the program could not be found or read.
func Of(command string, args []string, opts *Options) (*lock.Pin, error) {
	o := opts.withDefaults()
	path, err := collectkit.ResolveProgram(command)
	if err != nil {
		return nil, err
	}
	sum, err := FileSHA256(path)
	if err != nil {
		return nil, fmt.Errorf("reading the program: %w", err)
	}
	p := &lock.Pin{Executable: homeRel(path, o.Home), SHA256: sum, Date: o.Date}
	e := entryOf(path, args, &o)
	p.Package = e.pkg
	if e.path != "" {
		if sum, err := FileSHA256(e.path); err == nil {
			p.Entry, p.EntrySHA256 = homeRel(e.path, o.Home), sum
		}
	}
	return p, nil
}

// FileSHA256 is the hex SHA-256 of a file's content, symbolic links
// followed; it refuses anything but a regular file.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", errors.New("not a regular file")
	}
	if st.Size() > MaxFileBytes {
		return "", fmt.Errorf("larger than %d bytes", int64(MaxFileBytes))
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, MaxFileBytes)); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// homeRel writes a path under home as ~/..., with forward slashes.
func homeRel(p, home string) string {
	p = filepath.Clean(p)
	if home != "" && len(home) > 1 {
		h := filepath.Clean(home)
		if p == h {
			return "~"
		}
		if rest, ok := strings.CutPrefix(p, h+string(filepath.Separator)); ok {
			return "~/" + filepath.ToSlash(rest)
		}
	}
	return filepath.ToSlash(p)
}
