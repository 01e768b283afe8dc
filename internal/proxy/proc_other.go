//go:build !unix

package proxy

import (
	"io/fs"
	"os"
	"os/exec"
)

var signals = []os.Signal{os.Interrupt}

var ignoreSIGPIPE []os.Signal

func setProcAttr(*exec.Cmd) {}

func exitCode(ps *os.ProcessState) int { return ps.ExitCode() }

func inode(fs.FileInfo) string { return "" }

func blockingPipe() (r, w *os.File, err error) { return os.Pipe() }
