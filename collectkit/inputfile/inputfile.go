// Package inputfile is the one bounded reader behind every file Assay
// reads: bundles, findings, surfaces, baselines, locks, rules, advisories,
// keys and client configs. A file given to Assay is hostile input: a
// device (/dev/zero), a FIFO with no writer or a directory must not hang
// the run or exhaust memory, and a huge regular file must be refused before
// it is read, not after.
//
// Read stats first, refuses anything but a regular file with one error
// naming the file, opens without blocking (a FIFO swapped in after the
// stat cannot hang the open), and caps while reading, so a file that grows
// after the stat is still cut off at the limit.
package inputfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// The caps, one per kind of input. Each is far above what real inputs
// need and low enough that reading and decoding a file at the cap stays
// within a few hundred megabytes.
const (
	// MaxDocument caps a bundle, findings file, surface or capture: the
	// largest real bundles (dozens of servers, hundreds of tools) are a few
	// megabytes, and the decoder keeps roughly twice the file in memory.
	MaxDocument = 64 << 20
	// MaxBaseline caps a baseline or lock (with --with-text they carry
	// full definitions, like a bundle).
	MaxBaseline = 64 << 20
	// MaxRules caps a --rules policy file: a page of YAML or JSON.
	MaxRules = 4 << 20
	// MaxAdvisories caps one OSV advisories file.
	MaxAdvisories = 64 << 20
	// MaxKey caps a key file: one line of base64.
	MaxKey = 64 << 10
	// MaxConfig caps a client config file during discovery.
	MaxConfig = 16 << 20
)

// Stdin is the path that means standard input where a command accepts it.
const Stdin = "-"

// Problem says why a file was refused.
type Problem int

const (
	// Missing: the file does not exist or cannot be opened.
	Missing Problem = iota + 1
	// NotRegular: a directory, device, FIFO or socket.
	NotRegular
	// TooLarge: larger than the cap for its kind.
	TooLarge
	// Unreadable: an I/O error while reading.
	Unreadable
)

// Error is a refused or unreadable input file. Its message names the file
// and the problem in the user's terms.
type Error struct {
	Path    string
	Problem Problem
	// Limit is the cap in bytes (TooLarge).
	Limit int64
	// What is the kind of file that was found (NotRegular).
	What string
	Err  error
}

func (e *Error) Error() string {
	switch e.Problem {
	case NotRegular:
		return fmt.Sprintf("%s: is %s, not a regular file; Assay reads inputs from regular files only", e.Path, e.What)
	case TooLarge:
		return fmt.Sprintf("%s: larger than the %s limit for this kind of input", e.Path, Size(e.Limit))
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Read reads the regular file at path, at most limit bytes.
func Read(path string, limit int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, &Error{Path: path, Problem: Missing, Err: unwrap(err)}
	}
	if err := check(path, st, limit); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, &Error{Path: path, Problem: Missing, Err: unwrap(err)}
	}
	defer f.Close()
	// The file may have been replaced between the stat and the open.
	if st, err = f.Stat(); err != nil {
		return nil, &Error{Path: path, Problem: Unreadable, Err: unwrap(err)}
	}
	if err := check(path, st, limit); err != nil {
		return nil, err
	}
	return readCapped(path, f, limit, st.Size())
}

// ReadOrStdin is Read, except that the path "-" reads stdin (still capped).
func ReadOrStdin(path string, stdin io.Reader, limit int64) ([]byte, error) {
	if path == Stdin && stdin != nil {
		return readCapped("standard input", stdin, limit, 0)
	}
	return Read(path, limit)
}

func check(path string, st fs.FileInfo, limit int64) error {
	if !st.Mode().IsRegular() {
		return &Error{Path: path, Problem: NotRegular, What: kindOf(st.Mode())}
	}
	if st.Size() > limit {
		return &Error{Path: path, Problem: TooLarge, Limit: limit}
	}
	return nil
}

// readCapped reads r up to limit bytes and fails past it: the cap holds
// while reading, whatever the stat said.
func readCapped(path string, r io.Reader, limit, hint int64) ([]byte, error) {
	if hint <= 0 || hint > limit {
		// A stream (or a file the stat said was empty) gets the whole cap
		// at once: untouched pages cost nothing, and growing by copies
		// would hold several buffers at the cap.
		hint = limit
	}
	buf := make([]byte, 0, hint+1)
	for {
		if int64(len(buf)) > limit {
			return nil, &Error{Path: path, Problem: TooLarge, Limit: limit}
		}
		if len(buf) == cap(buf) {
			// The file grew after the stat: one step to the cap.
			grown := make([]byte, len(buf), limit+1)
			copy(grown, buf)
			buf = grown
		}
		room := int64(cap(buf) - len(buf))
		if left := limit + 1 - int64(len(buf)); room > left {
			room = left
		}
		n, err := r.Read(buf[len(buf) : int64(len(buf))+room])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			if int64(len(buf)) > limit {
				return nil, &Error{Path: path, Problem: TooLarge, Limit: limit}
			}
			return buf, nil
		}
		if err != nil {
			return nil, &Error{Path: path, Problem: Unreadable, Err: unwrap(err)}
		}
	}
}

func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// Size formats a byte count as the limits are written: 64 MiB, 4 KiB.
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d-byte", n)
}

func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
