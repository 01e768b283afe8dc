package hostile

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
)

// Helper modes of the process-tree modes, never a server.
const (
	modeStubborn = "stubborn" // ignores the polite signals, sleeps an hour
	modeMiddle   = "middle"   // starts a stubborn grandchild in a new session, exits
)

func isTreeMode(mode string) bool {
	return mode == ModeNoTerm || mode == ModeFork || mode == ModeDoubleFork
}

// treeMode sets up a process-tree mode before the server reads anything,
// and runs the helper modes; done means Serve returns code at once.
func treeMode(mode string) (code int, done bool) {
	switch mode {
	case modeStubborn:
		ignorePolite()
		sleepLong()
		return 0, true
	case modeMiddle:
		// The grandchild's pid reaches the server on stdout.
		pid, err := startSelf(modeStubborn, true)
		if err != nil {
			fmt.Fprintln(os.Stderr, "hostile:", err)
			return 2, true
		}
		fmt.Println(pid)
		return 0, true
	}
	if !isTreeMode(mode) {
		return 0, false
	}
	ignorePolite()
	lines := []string{"server " + strconv.Itoa(os.Getpid())}
	switch mode {
	case ModeFork:
		pid, err := startSelf(modeStubborn, false)
		if err != nil {
			fmt.Fprintln(os.Stderr, "hostile:", err)
			return 2, true
		}
		lines = append(lines, "child "+strconv.Itoa(pid))
	case ModeDoubleFork:
		pid, err := doubleFork()
		if err != nil {
			fmt.Fprintln(os.Stderr, "hostile:", err)
			return 2, true
		}
		lines = append(lines, "grandchild "+strconv.Itoa(pid))
	}
	if f := os.Getenv(EnvPIDLog); f != "" {
		var b []byte
		for _, l := range lines {
			b = append(b, l+"\n"...)
		}
		if err := os.WriteFile(f, b, 0o600); err != nil {
			fmt.Fprintln(os.Stderr, "hostile:", err)
			return 2, true
		}
	}
	return 0, false
}

// startSelf starts this binary in mode; newSession puts it in a session
// (and so a process group) of its own, out of reach of a group kill.
func startSelf(mode string, newSession bool) (int, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), EnvMode+"="+mode)
	if newSession {
		setsid(cmd)
	}
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	pid := cmd.Process.Pid
	return pid, cmd.Process.Release()
}

// doubleFork starts a middle process that starts the grandchild and exits
// at once, the classic daemon escape: the grandchild's parent is gone.
func doubleFork() (int, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), EnvMode+"="+modeMiddle)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(string(trimNL(out)))
}

func trimNL(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
