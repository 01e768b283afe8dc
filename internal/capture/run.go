package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/report/model"
)

// options of a capture run.
type options struct {
	list, out, private, work, corpus string
	node                             string
	jobs, attempts, limit            int
	timeout, installTimeout          time.Duration
	retryFailed, keep                bool
}

func runCapture(ctx context.Context, args []string, stderr io.Writer) int {
	var o options
	fs := newFlags("run", stderr)
	fs.StringVar(&o.list, "list", "", "candidate list: one package a line, optionally followed by a tab and why it was picked (required)")
	fs.StringVar(&o.out, "out", "testdata/npmcorpus", "output folder: surfaces/ and index.json")
	fs.StringVar(&o.private, "private", ".cache/npmcorpus-private", "folder for captures whose licence does not permit committing them")
	fs.StringVar(&o.work, "work", filepath.Join(os.TempDir(), "assay-npmcap"), "scratch folder for per-package installs (removed after each)")
	fs.StringVar(&o.node, "node", "", "the node program servers run under (default: node on PATH); its folder goes first on the servers' PATH")
	fs.StringVar(&o.corpus, "corpus", "testdata/corpus/surfaces", "existing corpus: its packages are skipped")
	fs.IntVar(&o.jobs, "jobs", 3, "packages captured at once")
	fs.IntVar(&o.attempts, "attempts", 3, "starts per server at most (each adds what the last one's stderr asked for)")
	fs.IntVar(&o.limit, "limit", 0, "attempt at most this many new packages (0: all)")
	fs.DurationVar(&o.timeout, "timeout", 40*time.Second, "time for one start: handshake and every list")
	fs.DurationVar(&o.installTimeout, "install-timeout", 5*time.Minute, "time for one npm install")
	fs.BoolVar(&o.retryFailed, "retry-failed", false, "attempt again packages index.json lists as failed")
	fs.BoolVar(&o.keep, "keep", false, "keep each package's scratch folder (for debugging)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 64
	}
	if o.list == "" || fs.NArg() > 0 || o.jobs < 1 || o.attempts < 1 {
		fmt.Fprintln(stderr, "capture run: -list is required; -jobs and -attempts must be at least 1")
		return 64
	}
	cands, err := readCandidates(o.list)
	if err != nil {
		fmt.Fprintf(stderr, "capture run: %v\n", err)
		return 66
	}
	r, err := newRunner(o)
	if err != nil {
		fmt.Fprintf(stderr, "capture run: %v\n", err)
		return 69
	}
	ix, err := loadIndex(filepath.Join(o.out, "index.json"))
	if err != nil {
		fmt.Fprintf(stderr, "capture run: %v\n", err)
		return 65
	}
	// Lower this process's priority; servers and npm inherit it. The
	// machine is shared.
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, 0, 10)
	todo := pending(cands, ix, o)
	fmt.Fprintf(stderr, "capture: %d candidates, %d to attempt, %d at a time\n", len(cands), len(todo), o.jobs)
	return r.runAll(ctx, todo, ix, stderr)
}

// pending is the candidates a run attempts: new ones, and failed ones
// with -retry-failed, at most -limit.
func pending(cands []candidate, ix *index, o options) []candidate {
	var todo []candidate
	for _, c := range cands {
		// A package the deny list now covers is attempted again, which
		// records it as excluded.
		if e, ok := ix.get(c.Name); ok && !(o.retryFailed && e.Status == statusFailed) &&
			!(reserved(c.Name) && e.Status != statusExcluded) {
			continue
		}
		todo = append(todo, c)
		if o.limit > 0 && len(todo) == o.limit {
			break
		}
	}
	return todo
}

func newRunner(o options) (*runner, error) {
	node := o.node
	if node == "" {
		var err error
		if node, err = exec.LookPath("node"); err != nil {
			return nil, errors.New("node is not on PATH")
		}
	}
	node, err := filepath.Abs(node)
	if err != nil {
		return nil, err
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return nil, errors.New("npm is not on PATH")
	}
	ver, err := exec.Command(node, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("node --version: %v", err)
	}
	known, err := corpusPackages(o.corpus)
	if err != nil {
		return nil, err
	}
	return &runner{opts: o, node: node, nodeVer: strings.TrimSpace(string(ver)), known: known}, nil
}

// runAll captures todo with o.jobs workers, writing each result as soon
// as it is done.
func (r *runner) runAll(ctx context.Context, todo []candidate, ix *index, stderr io.Writer) int {
	work := make(chan candidate)
	var mu sync.Mutex
	done, code := 0, 0
	var wg sync.WaitGroup
	for range r.opts.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				out := r.capturePackage(ctx, c)
				if ctx.Err() != nil {
					return // interrupted: leave the package for the next run
				}
				err := r.save(out, ix)
				mu.Lock()
				done++
				fmt.Fprintf(stderr, "[%d/%d] %s\n", done, len(todo), progressLine(out.entry))
				if err != nil {
					fmt.Fprintf(stderr, "capture: %v\n", err)
					code = 74
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, c := range todo {
		select {
		case work <- c:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "capture: interrupted; run again to resume")
		return 130
	}
	return code
}

// save writes a captured surface (to the committed folder when its
// licence permits, else to the private one) and the index entry.
func (r *runner) save(out outcome, ix *index) error {
	e := out.entry
	if prev, ok := ix.get(e.Package); ok && e.Why == "" {
		e.Why = prev.Why // a list without reasons keeps the reason a package was first selected
	}
	if prev, ok := ix.get(e.Package); ok && prev.File != "" && (out.surface == nil || prev.File != fileSlug(e.Package, e.Version)+".json") {
		// An earlier capture this run replaces or now refuses (a
		// package the deny list came to cover) must not stay behind.
		for _, dir := range []string{r.opts.out, r.opts.private} {
			if err := os.Remove(filepath.Join(dir, "surfaces", prev.File)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	if out.surface != nil {
		name := fileSlug(e.Package, e.Version) + ".json"
		dir := filepath.Join(r.opts.private, "surfaces")
		e.Committed = redistributable(e.Licence)
		if e.Committed {
			dir = filepath.Join(r.opts.out, "surfaces")
		}
		data, err := model.Marshal(out.surface)
		if err != nil {
			return err
		}
		if err := collectkit.WriteFileAtomic(filepath.Join(dir, name), data); err != nil {
			return err
		}
		e.File = name
	}
	return ix.put(e)
}

func progressLine(e indexEntry) string {
	s := fmt.Sprintf("%s@%s %s", e.Package, e.Version, e.Status)
	if e.Status == statusCaptured {
		s += fmt.Sprintf(" %d tools %d prompts %d resources", e.Tools, e.Prompts, e.Resources)
	}
	if e.Reason != "" {
		s += " (" + clip(e.Reason, 160) + ")"
	}
	if e.Attempts > 0 {
		s += fmt.Sprintf(" [%d starts, %.1fs]", e.Attempts, float64(e.DurationMs)/1000)
	}
	return s
}

// candidate is one line of the candidate list.
type candidate struct {
	Name   string
	Reason string
}

// readCandidates reads a list: one package a line, optionally followed by
// tab-separated columns; the last column is the reason it was picked.
// Blank lines and lines starting with # are ignored.
func readCandidates(path string) ([]candidate, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []candidate
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		name := strings.TrimSpace(cols[0])
		if name == "" || strings.ContainsAny(name, " \"'`$;|&") {
			return nil, fmt.Errorf("%s:%d: %q is not an npm package name", path, n, name)
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		c := candidate{Name: name}
		if len(cols) > 1 {
			c.Reason = strings.TrimSpace(cols[len(cols)-1])
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no packages listed", path)
	}
	return out, nil
}

// corpusPackages reads the package names of the existing corpus, which a
// run skips (the point is new servers).
func corpusPackages(dir string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no captures found; run from the repository root or set -corpus", dir)
	}
	out := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var head struct{ Package string }
		if err := json.Unmarshal(data, &head); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		if head.Package != "" {
			out[head.Package] = true
		}
	}
	return out, nil
}
