package procgroup

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func sysProcAttr() *syscall.SysProcAttr {
	// Pdeathsig fires when the thread that started the child ends; the Go
	// runtime only ends threads of goroutines locked to them, which Assay
	// never starts children from.
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// reaper records whether this process became a child subreaper.
var reaper struct {
	once sync.Once
	on   bool
}

// becomeReaper makes this process the subreaper of everything it starts
// from now on, once.
func becomeReaper() {
	reaper.once.Do(func() {
		reaper.on = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == nil
	})
}

// reapRounds bounds the sweep: each round kills the orphans adopted so far,
// whose own children are adopted in turn.
const reapRounds = 16

// ReapOrphans kills and reaps every process this subreaper adopted: a
// child of this process that [Start] did not start and that is not in
// this process's own group (children started without procgroup stay in
// it). It returns when none is left or after a bounded time.
func ReapOrphans() {
	if !reaper.on {
		return
	}
	deadline := time.Now().Add(5 * time.Second)
	for range reapRounds {
		orphans := adopted()
		if len(orphans) == 0 || time.Now().After(deadline) {
			return
		}
		for _, pid := range orphans {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		for _, pid := range orphans {
			reap(pid, deadline)
		}
	}
}

// reap waits for pid, which was sent SIGKILL, until deadline.
func reap(pid int, deadline time.Time) {
	for {
		got, err := syscall.Wait4(pid, nil, syscall.WNOHANG, nil)
		if got == pid || err != nil || time.Now().After(deadline) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// adopted lists the children of this process that are orphans it adopted.
func adopted() []int {
	self, group := os.Getpid(), syscall.Getpgrp()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		ppid, pgrp, ok := parentAndGroup(pid)
		if ok && ppid == self && pgrp != group && !tracked(pid) {
			out = append(out, pid)
		}
	}
	return out
}

// parentAndGroup reads the parent pid and process group of pid from
// /proc/PID/stat ("pid (comm) state ppid pgrp ...", comm may hold spaces
// and parentheses).
func parentAndGroup(pid int) (ppid, pgrp int, ok bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := bytes.Fields(stat[i+1:])
	if len(f) < 3 {
		return 0, 0, false
	}
	ppid, err1 := strconv.Atoi(string(f[1]))
	pgrp, err2 := strconv.Atoi(string(f[2]))
	return ppid, pgrp, err1 == nil && err2 == nil
}
