//go:build unix && !linux

package proxy

import "syscall"

// setDeathSignal: only Linux can ask the kernel; elsewhere the server
// sees its stdin close when the proxy dies.
func setDeathSignal(*syscall.SysProcAttr) {}
