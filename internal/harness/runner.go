package harness

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/internal/procgroup"
)

// Options configure a test run. Path and Scenarios are required; nil or
// zero fields take the defaults named.
type Options struct {
	Path string   // the agent program, resolved
	Args []string // its arguments
	// Env is the agent's environment; nil gives it the harness's own
	// (an agent needs its model's API key).
	Env       []string
	Dir       string // working directory; "" is the harness's
	Scenarios []*Scenario
	Repeat    int           // runs per scenario; 0 means 1
	Timeout   time.Duration // per run; 0 means DefaultTimeout
	Seed      uint64        // canaries derive from it
	MaxLine   int           // longest protocol line; 0 means protocol.MaxLine
	// Grace is how long an agent may take to exit after its final message
	// (or after its stdin is closed) before its process group is killed;
	// 0 means 2 s.
	Grace time.Duration
	// Progress, when set, is called before each run.
	Progress func(done, total int, id string)
	// Known are secret values to scrub from what the agent writes to
	// stderr before it is shown, beyond the shapes redact recognises.
	Known []string
}

// DefaultTimeout is the per-run timeout when Options.Timeout is zero:
// ample for a model answering up to ten tool calls.
const DefaultTimeout = 2 * time.Minute

// Outcome is one run: the instance played, what the agent did, the verdict.
type Outcome struct {
	Run        int
	Instance   *Instance
	Transcript *Transcript
	Verdict    Verdict
	Evidence   []Evidence
}

// Run starts the agent once per scenario and repetition, one at a time,
// and judges each run. It returns early only when ctx ends (the operator
// interrupted), with ctx's error.
func Run(ctx context.Context, o *Options) ([]Outcome, error) {
	repeat := max(o.Repeat, 1)
	canaries := NewCanaries(o.Seed)
	total := len(o.Scenarios) * repeat
	var out []Outcome
	for _, s := range o.Scenarios {
		for run := 1; run <= repeat; run++ {
			if o.Progress != nil {
				o.Progress(len(out), total, s.ID)
			}
			in := s.Instance(canaries.Next())
			tr := runOnce(ctx, o, in, run)
			if err := ctx.Err(); err != nil {
				return out, err
			}
			v, ev := Judge(in, tr)
			out = append(out, Outcome{Run: run, Instance: in, Transcript: tr, Verdict: v, Evidence: ev})
		}
	}
	return out, nil
}

// runOnce starts the agent in a process group of its own, converses with
// it, and makes sure that the group is gone before returning: killed when
// the timeout passes, and after the grace period in any case.
func runOnce(ctx context.Context, o *Options, in *Instance, run int) *Transcript {
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	grace := o.Grace
	if grace <= 0 {
		grace = 2 * time.Second
	}
	p, err := startAgent(o)
	if err != nil {
		return &Transcript{StartErr: err.Error(), Timeout: timeout}
	}
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var timedOut atomic.Bool
	stopWatch := context.AfterFunc(rctx, func() {
		timedOut.Store(errors.Is(rctx.Err(), context.DeadlineExceeded))
		p.kill()
	})
	finished := make(chan struct{})
	go p.reapOrphans(grace, finished)
	tr := Converse(in, run, p.stdout, p.stdin, o.MaxLine)
	close(finished)
	stopWatch()
	_ = p.stdin.Close() // EOF: the agent's cue to exit
	p.wait(grace)
	tr.Timeout = timeout
	tr.TimedOut = timedOut.Load()
	tr.Exit = p.exit()
	tr.Stderr = lastLine(redact.Scrub(p.stderr.String(), o.Known...))
	return tr
}

// agentProc is one running agent. The pipes are plain OS pipes owned here,
// so that closing them unblocks a read or write stuck on an agent that
// stopped reading, and a grandchild holding a pipe cannot stall the run.
type agentProc struct {
	cmd     *exec.Cmd
	stdin   *os.File // write end
	stdout  *os.File // read end
	stderr  *procgroup.Tail
	done    chan struct{}
	waitErr error
	once    sync.Once
}

func startAgent(o *Options) (*agentProc, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeFiles(inR, inW)
		return nil, err
	}
	p := &agentProc{stdin: inW, stdout: outR, stderr: &procgroup.Tail{Max: 4096}, done: make(chan struct{})}
	cmd := exec.Command(o.Path, o.Args...)
	cmd.Env, cmd.Dir = o.Env, o.Dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, p.stderr
	cmd.WaitDelay = time.Second // stderr copying stops even if a stray child holds the pipe
	if err := procgroup.Start(cmd); err != nil {
		closeFiles(inR, inW, outR, outW)
		return nil, err
	}
	closeFiles(inR, outW) // the agent holds its ends now
	p.cmd = cmd
	go func() {
		p.waitErr = procgroup.Wait(cmd)
		close(p.done)
		procgroup.ReapIfIdle()
	}()
	return p, nil
}

// kill ends the agent's whole process group and closes the harness's ends
// of the pipes, so that Converse returns at once.
func (p *agentProc) kill() {
	p.once.Do(func() {
		procgroup.Kill(p.cmd)
		closeFiles(p.stdout, p.stdin)
	})
}

// reapOrphans ends the run soon after the agent itself exits, even when a
// child it left behind still holds its stdout open: such a run is a crash,
// not a hang.
func (p *agentProc) reapOrphans(grace time.Duration, finished <-chan struct{}) {
	select {
	case <-p.done:
	case <-finished:
		return
	}
	select {
	case <-time.After(grace):
		p.kill()
	case <-finished:
	}
}

// wait gives the agent grace to exit by itself, then kills its group
// (also reaching children it left behind) and waits for the end.
func (p *agentProc) wait(grace time.Duration) {
	select {
	case <-p.done:
	case <-time.After(grace):
	}
	p.kill()
	<-p.done
}

// exit describes how the process ended.
func (p *agentProc) exit() string {
	if p.waitErr == nil {
		return "exit status 0"
	}
	var ee *exec.ExitError
	if errors.As(p.waitErr, &ee) {
		return ee.ProcessState.String()
	}
	return p.waitErr.Error()
}

func closeFiles(fs ...*os.File) {
	for _, f := range fs {
		_ = f.Close()
	}
}

// lastLine is the last non-blank line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
