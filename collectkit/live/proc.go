package live

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"time"

	"github.com/assay-mcp/assay/collectkit/interrupt"
	"github.com/assay-mcp/assay/internal/procgroup"
)

// proc is a local server started for one collection: its own process
// group, a fresh temporary HOME, and only the environment the target
// names plus PATH.
type proc struct {
	cmd     *exec.Cmd
	home    string
	stdin   *os.File
	stdout  *os.File
	stderrR *os.File
	tail    *procgroup.Tail
	done    chan struct{}
	waitErr error
	// reaped is closed once the orphans were swept after the exit.
	reaped chan struct{}
	// unhook removes the forced-exit clean-up of this process.
	unhook func()
}

// childEnv is the whole environment a local server gets.
func childEnv(env map[string]string, home string) []string {
	out := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}
	if runtime.GOOS == "windows" {
		out = append(out, "USERPROFILE="+home)
		// Windows programs cannot start without these; they hold no secrets.
		for _, k := range []string{"SystemRoot", "ComSpec", "PATHEXT", "TEMP", "TMP"} {
			if v, ok := os.LookupEnv(k); ok {
				out = append(out, k+"="+v)
			}
		}
	}
	names := make([]string, 0, len(env))
	for k := range env {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		out = append(out, k+"="+env[k])
	}
	return out
}

// startProc starts path with args. The pipes are plain OS pipes owned
// here, so that reading stdout never races with process exit and a
// grandchild holding a pipe open cannot stall Wait.
func startProc(path string, args []string, env map[string]string, dir string) (*proc, error) {
	home, err := os.MkdirTemp("", "assay-home-")
	if err != nil {
		return nil, fmt.Errorf("creating a temporary home: %w", err)
	}
	p := &proc{home: home, tail: &procgroup.Tail{Max: 4096}, done: make(chan struct{}), reaped: make(chan struct{})}
	inR, inW, err := os.Pipe()
	if err != nil {
		os.RemoveAll(home)
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		os.RemoveAll(home)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		os.RemoveAll(home)
		return nil, err
	}
	cmd := exec.Command(path, args...)
	cmd.Env = childEnv(env, home)
	cmd.Dir = home
	if dir != "" {
		cmd.Dir = dir
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := procgroup.Start(cmd); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		os.RemoveAll(home)
		return nil, startError(err)
	}
	// A second signal exits at once: the tree and the HOME go first.
	p.unhook = interrupt.OnForcedExit(func() {
		procgroup.Kill(cmd)
		procgroup.ReapOrphans()
		_ = os.RemoveAll(home)
	})
	closeAll(inR, outW, errW) // the child holds its ends now
	p.cmd, p.stdin, p.stdout, p.stderrR = cmd, inW, outR, errR
	go func() { _, _ = io.Copy(p.tail, errR) }()
	go func() {
		p.waitErr = procgroup.Wait(cmd)
		close(p.done)
		procgroup.ReapIfIdle()
		close(p.reaped)
	}()
	return p, nil
}

// startError describes a failed start without the program's path.
func startError(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// exited reports whether the server process has ended, and how.
func (p *proc) exited() (bool, string) {
	select {
	case <-p.done:
		if p.waitErr == nil {
			return true, "with status 0"
		}
		if ee, ok := p.waitErr.(*exec.ExitError); ok {
			if st := ee.ProcessState; st.ExitCode() >= 0 {
				return true, fmt.Sprintf("with status %d", st.ExitCode())
			}
			return true, "on " + ee.ProcessState.String()
		}
		return true, ""
	default:
		return false, ""
	}
}

// stop closes stdin (the spec's polite shutdown), gives the server grace
// to exit, then kills its whole process group, including children it
// left behind (and, once no server runs, the orphans it double-forked),
// and removes the temporary home.
func (p *proc) stop(grace time.Duration) {
	defer p.unhook()
	_ = p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(grace):
	}
	procgroup.Kill(p.cmd)
	select {
	case <-p.reaped:
	case <-time.After(5 * time.Second):
	}
	closeAll(p.stdout, p.stderrR)
	_ = os.RemoveAll(p.home)
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		if f != nil {
			_ = f.Close()
		}
	}
}
