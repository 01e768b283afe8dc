//go:build !windows

package live

import (
	"os/exec"
	"syscall"
)

// setGroup puts the server in a process group of its own, so that it and
// everything it spawns can be killed together.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the server's whole process group. It is called even
// after the server exited, to reach children it left running.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
