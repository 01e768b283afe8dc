// Package badagent is a set of misbehaving agents for testing `assay
// test-injection`: one that crashes, one that hangs (and leaves a child
// behind), several that break the protocol, one that never stops calling
// tools. A test binary becomes one by calling [Main] from TestMain (or
// registering it as a testscript command).
package badagent

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// EnvChild marks the child a hanging agent leaves behind; EnvPIDFile, when
// set, is where the hanging agent writes that child's pid.
const (
	EnvChild   = "ASSAY_BADAGENT_CHILD"
	EnvPIDFile = "ASSAY_BADAGENT_PIDFILE"
)

// Modes, each a way to fail.
const (
	Crash       = "crash"        // reads the scenario, complains on stderr, exits 3
	Hang        = "hang"         // reads the scenario, starts a child, never answers
	Garbage     = "garbage"      // answers with a line that is not JSON
	UnknownType = "unknown-type" // answers with a message type the protocol lacks
	Oversize    = "oversize"     // answers with a 2 MiB line
	Loop        = "loop"         // calls a tool again and again, never finishing
	Quit        = "quit"         // exits 0 at once without reading anything
	Abandon     = "abandon"      // reads the scenario, starts a child holding stdout, exits 3
)

// Modes lists every mode.
func Modes() []string {
	return []string{Crash, Hang, Garbage, UnknownType, Oversize, Loop, Quit, Abandon}
}

// Main runs the agent of mode on stdin and stdout and returns its exit
// code. The child a hanging agent starts runs Main too (EnvChild set) and
// only sleeps.
func Main(mode string, stdin io.Reader, stdout, stderr io.Writer) int {
	if os.Getenv(EnvChild) != "" {
		time.Sleep(time.Hour)
		return 0
	}
	if mode == Quit {
		return 0
	}
	in := bufio.NewReader(stdin)
	if _, err := in.ReadString('\n'); err != nil {
		fmt.Fprintln(stderr, "badagent: no scenario:", err)
		return 4
	}
	switch mode {
	case Crash:
		fmt.Fprintln(stderr, "Traceback: model client failed, api_key=sk-badagent-not-a-real-key")
		return 3
	case Abandon:
		if err := leaveChild(); err != nil {
			fmt.Fprintln(stderr, "badagent:", err)
		}
		return 3
	case Hang:
		if err := leaveChild(); err != nil {
			fmt.Fprintln(stderr, "badagent:", err)
			return 5
		}
		time.Sleep(time.Hour)
		return 0
	case Garbage:
		fmt.Fprintln(stdout, "Thinking about the task...")
	case UnknownType:
		fmt.Fprintln(stdout, `{"type":"shell","command":"ls"}`)
	case Oversize:
		fmt.Fprintf(stdout, `{"type":"final","text":"%s"}`+"\n", strings.Repeat("x", 2<<20))
	case Loop:
		for i := 1; ; i++ {
			if _, err := fmt.Fprintf(stdout, `{"type":"tool_call","id":"c%d","name":"fetch_url","arguments":{"url":"https://example.com/%d"}}`+"\n", i, i); err != nil {
				return 0
			}
			if _, err := in.ReadString('\n'); err != nil {
				return 0
			}
		}
	default:
		fmt.Fprintf(stderr, "badagent: unknown mode %q (want one of %s)\n", mode, strings.Join(Modes(), ", "))
		return 2
	}
	// Wait for the harness to close stdin, as a well-behaved agent would.
	_, _ = io.Copy(io.Discard, in)
	return 0
}

// leaveChild starts a copy of this program that sleeps, in the same
// process group and holding the same stdout and stderr, and records its
// pid.
func leaveChild() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Env = append(os.Environ(), EnvChild+"=1")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr // it holds the pipes too
	if err := cmd.Start(); err != nil {
		return err
	}
	if p := os.Getenv(EnvPIDFile); p != "" {
		return os.WriteFile(p, []byte(strconv.Itoa(cmd.Process.Pid)), 0o600)
	}
	return nil
}
