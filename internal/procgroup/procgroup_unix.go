//go:build !windows

package procgroup

import (
	"os/exec"
	"syscall"
)

// Set puts cmd, before it starts, in a process group of its own, so that
// it and everything it spawns can be killed together; on Linux it also
// gets SIGKILL when Assay dies.
func Set(cmd *exec.Cmd) {
	cmd.SysProcAttr = sysProcAttr()
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
