package inputfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.json")
	if err := os.WriteFile(small, []byte(`{"tools":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, bytes.Repeat([]byte("x"), 1025), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := Read(small, 1024); err != nil || string(data) != `{"tools":[]}` {
		t.Fatalf("small: %q, %v", data, err)
	}
	for _, c := range []struct {
		path string
		want Problem
		msg  string
	}{
		{big, TooLarge, "larger than the 1 KiB limit"},
		{fifo, NotRegular, "is a named pipe (FIFO), not a regular file"},
		{"/dev/zero", NotRegular, "is a character device"},
		{dir, NotRegular, "is a directory"},
		{filepath.Join(dir, "none"), Missing, "no such file"},
	} {
		_, err := Read(c.path, 1024)
		var fe *Error
		if !errors.As(err, &fe) || fe.Problem != c.want || !strings.Contains(err.Error(), c.msg) || !strings.HasPrefix(err.Error(), c.path+": ") {
			t.Errorf("%s: %v, want problem %d with %q", c.path, err, c.want, c.msg)
		}
	}
}

// TestStdinCappedWhileReading: an endless stream stops at the cap.
func TestStdinCappedWhileReading(t *testing.T) {
	f, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = ReadOrStdin(Stdin, f, 1<<20)
	var fe *Error
	if !errors.As(err, &fe) || fe.Problem != TooLarge {
		t.Fatalf("%v, want too large", err)
	}
	data, err := ReadOrStdin(Stdin, strings.NewReader("abc"), 3)
	if err != nil || string(data) != "abc" {
		t.Fatalf("exactly at the cap: %q, %v", data, err)
	}
}
