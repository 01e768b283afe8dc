//go:build unix

package proxy

import (
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// signals are forwarded to the server, which runs in its own process
// group so a terminal's Ctrl-C reaches it once, through the proxy.
var signals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(cmd.SysProcAttr)
}

// exitCode is the code a shell would report: the server's own, or 128 +
// the signal that ended it.
func exitCode(ps *os.ProcessState) int {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}

func inode(st fs.FileInfo) string {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return strconv.FormatUint(uint64(s.Dev), 10) + ":" + strconv.FormatUint(uint64(s.Ino), 10)
	}
	return ""
}

// ignoreSIGPIPE keeps a write to a closed stdout or stderr an error
// instead of a fatal signal (Go only turns SIGPIPE into an error for
// descriptors other than 1 and 2 unless it is caught).
var ignoreSIGPIPE = []os.Signal{syscall.SIGPIPE}

// blockingPipe is a pipe whose ends stay in blocking mode, so the runtime
// reads and writes them with plain system calls on the forwarding
// goroutine's thread instead of through the network poller: one wake-up
// less per message, which is what a message's latency is made of.
func blockingPipe() (r, w *os.File, err error) {
	var fds [2]int
	if err := syscall.Pipe(fds[:]); err != nil {
		return nil, nil, os.NewSyscallError("pipe", err)
	}
	syscall.CloseOnExec(fds[0])
	syscall.CloseOnExec(fds[1])
	return os.NewFile(uintptr(fds[0]), "|0"), os.NewFile(uintptr(fds[1]), "|1"), nil
}
