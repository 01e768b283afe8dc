//go:build js

package core

import (
	"syscall/js"
	"time"
)

// cpuNow is the Node process's CPU time (process.cpuUsage, user and
// system): the WebAssembly core and its garbage collector run on Node's
// main thread, so this is what the core costs whatever else loads the
// machine.
func cpuNow() time.Duration {
	u := js.Global().Get("process").Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond
}
