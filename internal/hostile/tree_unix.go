//go:build !windows

package hostile

import (
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

func ignorePolite() { signal.Ignore(syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP) }

func setsid(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }

func sleepLong() { time.Sleep(time.Hour) }
