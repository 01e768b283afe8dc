package proxy

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"time"
)

// Options configure one proxied session. Nil or zero fields mean
// defaults.
type Options struct {
	// Command and Args start the server.
	Command string
	Args    []string
	// Env is the server's environment (nil: this process's); Dir its
	// working directory ("": this process's).
	Env []string
	Dir string
	// The client's side of the conversation and where reports go.
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Lock or Baseline is the approved state the first answers are
	// compared with (at most one); ServerName picks its server.
	Lock, Baseline, ServerName string
	// Record is a journal file; RecordBodies adds each message's body.
	Record       string
	RecordBodies bool
	Limits       Limits
	// Signals forwards this process's SIGINT, SIGTERM and SIGHUP to the
	// server (the command line sets it; in-process callers need not).
	Signals bool
	// Version stamps analyses.
	Version string
	// Grace is how long, after the server exits, its last output and the
	// reports may take to be written (default 2s).
	Grace time.Duration
}

// ExitStartFailed is returned when the server could not be started at
// all (sysexits EX_UNAVAILABLE); otherwise Run returns the server's own
// exit code (128 + signal when a signal ended it).
const ExitStartFailed = 69

// Run starts the server and forwards the session until the server exits,
// then returns its exit code. Nothing the proxy inspects can stop or
// delay a message.
func Run(ctx context.Context, o Options) int {
	lim := o.Limits.withDefaults()
	if o.Grace <= 0 {
		o.Grace = 2 * time.Second
	}
	if o.Stdin == nil {
		o.Stdin = strings.NewReader("")
	}
	if o.Stdout == nil {
		o.Stdout = io.Discard
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	if o.Signals {
		// Before anything is written: a closed stderr must be an error,
		// not a fatal SIGPIPE.
		signal.Notify(make(chan os.Signal, 1), ignoreSIGPIPE...)
	}
	out := newLines(o.Stderr, lim.StderrQueue)
	defer out.close(o.Grace)
	ps, err := start(&o)
	if err != nil {
		out.put("assay: cannot start the server: " + safe(err.Error(), 300))
		return ExitStartFailed
	}
	if o.Signals {
		stop := forwardSignals(ps.cmd.Process)
		defer stop()
	}
	t := newTap(lim)
	var jr *journal
	if o.Record != "" {
		jr, err = openJournal(o.Record, o.RecordBodies, lim.JournalQueue)
		if err != nil {
			out.put("assay: journal " + safe(err.Error(), 300) + "; continuing without it")
		}
	}
	ev := newEvaluator(&o, out)
	go ev.run()
	inspected := make(chan struct{})
	sess := newSession(lim, out, jr, ev)
	go inspect(t, sess, out, inspected)
	relayed := make(chan struct{})
	go func() { relay(ps.stderr, out); close(relayed) }()

	c2s := &pump{dir: ClientToServer, src: o.Stdin, dst: ps.stdin, tap: t}
	s2c := &pump{dir: ServerToClient, src: ps.stdout, dst: o.Stdout, tap: t}
	go func() {
		// The end of the client's input is the end of the server's.
		_ = c2s.run()
		ps.stdin.Close()
	}()
	forwarded := make(chan struct{})
	go func() { _ = s2c.run(); close(forwarded) }()

	exited := make(chan struct{})
	var code int
	go func() { code = ps.wait(); close(exited) }()
	select {
	case <-exited:
	case <-ctx.Done():
		_ = ps.cmd.Process.Kill()
		<-exited
	}
	ps.stdin.Close()
	// The server is gone: give its last output (held by any child that
	// still has the pipe) the grace period, then finish.
	waitAll(o.Grace, forwarded, relayed)
	ps.stdout.Close()
	ps.stderr.Close()
	t.close()
	waitAll(o.Grace, inspected)
	ev.close(o.Grace)
	if jr != nil {
		if err := jr.close(o.Grace); err != nil {
			out.put("assay: journal " + safe(err.Error(), 300))
		}
	}
	summary(out, t, jr, ev, sess, inspectedAll(inspected), s2c.bytes.Load()+c2s.bytes.Load())
	return code
}

// inspect feeds copies to the session until the tap closes. A panic ends
// inspection, never forwarding: the copies are drained and dropped.
func inspect(t *tap, s *session, out *lines, done chan struct{}) {
	defer close(done)
	defer func() {
		if r := recover(); r != nil {
			out.put(fmt.Sprintf("assay: internal error while inspecting (%v); inspection stopped, forwarding continues", r))
			for {
				if _, ok := t.next(nil); !ok {
					return
				}
			}
		}
	}()
	var batch []chunk
	for {
		var ok bool
		if batch, ok = t.next(batch); !ok {
			return
		}
		for _, c := range batch {
			s.feed(c)
			t.done(c)
		}
	}
}

// inspectedAll reports whether inspection finished (so the session's
// counters may be read).
func inspectedAll(done chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// summary says at the end what was not inspected or not written.
func summary(out *lines, t *tap, jr *journal, ev *evaluator, s *session, finished bool, bytes int64) {
	var parts []string
	if !finished {
		parts = append(parts, "inspection did not finish in time")
	} else if n := s.nonJSON[ClientToServer] + s.nonJSON[ServerToClient]; n > 0 {
		parts = append(parts, fmt.Sprintf("%d lines that are not JSON-RPC forwarded", n))
	}
	if n := t.dropped[ClientToServer].Load() + t.dropped[ServerToClient].Load(); n > 0 {
		parts = append(parts, fmt.Sprintf("%d bytes forwarded without inspection (queue full)", n))
	}
	if jr != nil && jr.dropped.Load() > 0 {
		parts = append(parts, fmt.Sprintf("%d journal records dropped (queue full)", jr.dropped.Load()))
	}
	if n := out.dropped.Load(); n > 0 {
		parts = append(parts, fmt.Sprintf("%d stderr lines dropped", n))
	}
	if len(parts) == 0 && ev.findings.Load() == 0 {
		return
	}
	line := fmt.Sprintf("assay: session ended: %d bytes forwarded, %d tool list(s) compared, %d report(s)", bytes, ev.lists.Load(), ev.findings.Load())
	for _, p := range parts {
		line += "; " + p
	}
	out.put(line)
}

func waitAll(d time.Duration, chans ...chan struct{}) {
	deadline := time.After(d)
	for _, c := range chans {
		select {
		case <-c:
		case <-deadline:
			return
		}
	}
}

// proc is the started server and the proxy's ends of its pipes.
type proc struct {
	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	stderr *os.File
}

// start starts the server with its own pipes (not exec's copying ones,
// so waiting for the process never races reading its last output).
func start(o *Options) (*proc, error) {
	path, err := resolve(o.Command)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, o.Args...)
	cmd.Env, cmd.Dir = o.Env, o.Dir
	setProcAttr(cmd)
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		r, w, err = blockingPipe()
		if err == nil {
			files = append(files, r, w)
		}
		return
	}
	inR, inW, err := pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	errR, errW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := cmd.Start(); err != nil {
		closeAll()
		return nil, err
	}
	// The server holds its ends now.
	inR.Close()
	outW.Close()
	errW.Close()
	return &proc{cmd: cmd, stdin: inW, stdout: outR, stderr: errR}, nil
}

// wait waits for the server and returns its exit code.
func (p *proc) wait() int {
	err := p.cmd.Wait()
	if p.cmd.ProcessState != nil {
		return exitCode(p.cmd.ProcessState)
	}
	if err != nil {
		return ExitStartFailed
	}
	return 0
}

// forwardSignals passes SIGINT, SIGTERM and SIGHUP to the server.
func forwardSignals(p *os.Process) (stop func()) {
	ch := make(chan os.Signal, 8)
	signal.Notify(ch, signals...)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for sig := range ch {
			_ = p.Signal(sig)
		}
	}()
	return func() {
		signal.Stop(ch)
		close(ch)
		wg.Wait()
	}
}
