// Package procgroup starts a child program in a process group of its own
// and kills that whole group, so that a program Assay starts (an MCP
// server it collects, an agent it tests) cannot leave children running
// after it is stopped. Collection and the injection harness share it.
//
// On Linux the starting process also becomes a child subreaper
// (PR_SET_CHILD_SUBREAPER): a grandchild that double-forks out of its
// group and session is re-parented to Assay instead of init, and is
// killed and reaped once no started child is running any more. Children
// get SIGKILL as their parent-death signal, so even a collector killed
// with SIGKILL takes its servers with it. What stays best-effort is
// written in docs/collection.md.
package procgroup

import (
	"os/exec"
	"sync"
)

// running holds the pids started by [Start] whose [Wait] has not returned:
// they are never mistaken for adopted orphans, and the orphan sweep waits
// until none is left, so that no running server loses a helper it still
// needs.
var running = struct {
	sync.Mutex
	pids map[int]bool
}{pids: map[int]bool{}}

// Start starts cmd in a process group of its own (see [Set]) and tracks it
// until [Wait].
func Start(cmd *exec.Cmd) error {
	Set(cmd)
	becomeReaper()
	running.Lock()
	defer running.Unlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	running.pids[cmd.Process.Pid] = true
	return nil
}

// Wait waits for cmd, started by [Start], and stops tracking it. Record
// the exit, then call [ReapIfIdle].
func Wait(cmd *exec.Cmd) error {
	err := cmd.Wait()
	running.Lock()
	delete(running.pids, cmd.Process.Pid)
	running.Unlock()
	return err
}

// ReapIfIdle kills and reaps the orphans adopted by this process
// ([ReapOrphans]) when no process started by [Start] is running any more;
// while one runs, an orphan may be a helper it still needs.
func ReapIfIdle() {
	running.Lock()
	idle := len(running.pids) == 0
	running.Unlock()
	if idle {
		ReapOrphans()
	}
}

// tracked reports whether pid is a child started by [Start] and not yet
// waited for.
func tracked(pid int) bool {
	running.Lock()
	defer running.Unlock()
	return running.pids[pid]
}
