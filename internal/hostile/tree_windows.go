package hostile

import (
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

func ignorePolite() { signal.Ignore(syscall.SIGTERM, syscall.SIGINT) }

// setsid: Windows has no sessions; the grandchild is a plain child.
func setsid(*exec.Cmd) {}

func sleepLong() { time.Sleep(time.Hour) }
