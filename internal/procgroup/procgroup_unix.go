//go:build !windows

package procgroup

import (
	"os/exec"
	"syscall"
)

// Set puts cmd, before it starts, in a process group of its own, so that
// it and everything it spawns can be killed together.
func Set(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// Kill kills cmd's whole process group. Call it even after cmd exited, to
// reach children it left running.
func Kill(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
