//go:build linux

package proxy

import "syscall"

// setDeathSignal ends the server if the proxy is killed outright, so no
// server outlives the client's session.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGTERM }
