package hostilefiles

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/testenv"
)

// dataLimitKiB is the data-segment limit every run gets (ulimit -d):
// 256 MiB. RLIMIT_AS cannot be used: the Go runtime reserves more address
// space than that at start. TestLimitIsReal proves the limit applies.
const dataLimitKiB = 256 << 10

type input struct {
	name, path string
	want       Expect
	stdin      string // file given on stdin for "-" runs
}

func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func buildAssay(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "assay")
	cmd := exec.Command("go", "build", "-o", out, "./cmd/assay")
	cmd.Dir = repoRoot(t)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, b)
	}
	return out
}

// generated makes the inputs too large or too special to commit.
func generated(t *testing.T, dir string) []input {
	t.Helper()
	write := func(name string, parts ...string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(parts, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "a-directory.json")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link-to-dev-zero.json")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	var servers strings.Builder
	for i := 0; i < 100000; i++ {
		if i > 0 {
			servers.WriteByte(',')
		}
		fmt.Fprintf(&servers, `{"name":"s%d","transport":"stdio","identity":"s%d@stdio:x","tools":[{"name":"t","description":"d","inputSchema":{"type":"object"}}]}`, i, i)
	}
	var tools strings.Builder
	for i := 0; i <= 10000; i++ {
		if i > 0 {
			tools.WriteByte(',')
		}
		fmt.Fprintf(&tools, `{"name":"t%d"}`, i)
	}
	big := filepath.Join(dir, "description-200MB.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("a"), 1<<20)
	fmt.Fprint(f, `{"tools":[{"name":"t","description":"`)
	for i := 0; i < 200; i++ {
		if _, err := f.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	fmt.Fprint(f, `"}]}`)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	const deep = 9990
	return []input{
		{name: "/dev/null", path: "/dev/null", want: Missing},
		{name: "/dev/zero", path: "/dev/zero", want: Missing},
		{name: "fifo", path: fifo, want: Missing},
		{name: "directory", path: sub, want: Missing},
		{name: "symlink to /dev/zero", path: link, want: Missing},
		{name: "missing file", path: filepath.Join(dir, "no-such-file.json"), want: Missing},
		{name: "stdin /dev/zero", path: "-", stdin: "/dev/zero", want: Bad},
		{name: "nesting 9990", path: write("nesting-9990.json", strings.Repeat(`{"result":`, deep), `{"tools":[]}`, strings.Repeat("}", deep)), want: Bad},
		{name: "100000 servers", path: write("servers-100000.json", `{"kind":"assay.bundle/v1","generator":{"name":"assay","version":"x"},"servers":[`, servers.String(), `]}`), want: Bad},
		{name: "10001 tools", path: write("tools-10001.json", `{"tools":[`, tools.String(), `]}`), want: Bad},
		{name: "5 MiB description", path: write("description-5MiB.json", `{"tools":[{"name":"t","description":"`, strings.Repeat("a", 5<<20), `"}]}`), want: Bad},
		{name: "200 MB description", path: big, want: Bad},
	}
}

// run is one invocation of the binary under the limits.
type run struct {
	code     int
	out      string
	took     time.Duration
	timedOut bool
}

func invoke(t *testing.T, bin, dir, stdin string, args ...string) run {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.D(5*time.Second))
	defer cancel()
	shArgs := append([]string{"-c", fmt.Sprintf(`ulimit -d %d && exec "$@"`, dataLimitKiB), "sh", bin}, args...)
	cmd := exec.CommandContext(ctx, "sh", shArgs...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "HOME="+dir)
	cmd.WaitDelay = time.Second
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	start := time.Now()
	_ = cmd.Run()
	r := run{code: cmd.ProcessState.ExitCode(), out: buf.String(), took: time.Since(start), timedOut: ctx.Err() != nil}
	return r
}

// paths are every read path: the document ones first (exact codes), then
// the files read beside a document (keys, rules, baselines, locks,
// advisories).
type path struct {
	name string
	doc  bool
	args func(f, good, tmp string) []string
}

var paths = []path{
	{"scan --surface", true, func(f, _, _ string) []string { return []string{"scan", "--surface", f, "--format", "json"} }},
	{"diff", true, func(f, good, _ string) []string { return []string{"diff", good, f} }},
	{"verify", true, func(f, _, _ string) []string { return []string{"verify", f} }},
	{"report", true, func(f, _, tmp string) []string { return []string{"report", f, "-o", filepath.Join(tmp, "out.html")} }},
	{"check --baseline", false, func(f, good, _ string) []string { return []string{"check", "--baseline", f, "--surface", good} }},
	{"verify --baseline", false, func(f, good, _ string) []string { return []string{"verify", "--baseline", f, good} }},
	{"report --baseline", false, func(f, good, tmp string) []string {
		return []string{"report", "--baseline", f, good, "-o", filepath.Join(tmp, "out.html")}
	}},
	{"check --lock", false, func(f, good, _ string) []string { return []string{"check", "--lock", f, "--surface", good} }},
	{"scan --rules", false, func(f, good, _ string) []string { return []string{"scan", "--surface", good, "--rules", f} }},
	{"scan --advisories", false, func(f, good, _ string) []string { return []string{"scan", "--surface", good, "--advisories", f} }},
	{"verify --pub", false, func(f, good, _ string) []string { return []string{"verify", "--pub", f, good} }},
	{"approve --baseline", false, func(f, good, _ string) []string {
		return []string{"approve", "--baseline", f, "--surface", good, "--tool", "x/y", "--by", "t", "--note", "n"}
	}},
	{"sign --key", false, func(f, good, tmp string) []string {
		return []string{"sign", "--key", f, good, "-o", filepath.Join(tmp, "signed.json")}
	}},
}

func TestLimitIsReal(t *testing.T) {
	if runtime.GOOS != "linux" {
		testenv.Skip(t, "posix", "the data limit is checked through /proc")
	}
	out, err := exec.Command("sh", "-c", fmt.Sprintf("ulimit -d %d && exec cat /proc/self/limits", dataLimitKiB)).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprint(dataLimitKiB << 10)
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "Max data size") {
			if f := strings.Fields(l); len(f) < 5 || f[3] != want || f[4] != want {
				t.Fatalf("limit not applied: %q", l)
			}
			return
		}
	}
	t.Fatal("no data size line in /proc/self/limits")
}

func TestEveryReadPath(t *testing.T) {
	if runtime.GOOS != "linux" {
		testenv.Skip(t, "posix", "devices and FIFOs are made the Linux way")
	}
	root := repoRoot(t)
	bin := buildAssay(t)
	dir := filepath.Join(root, "testdata", "hostile-inputs")
	tmp := t.TempDir()
	good := filepath.Join(dir, "ok-good-surface.json")
	var ins []input
	names := make([]string, 0, len(Files))
	for n := range Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		ins = append(ins, input{name: n, path: filepath.Join(dir, n), want: Files[n]})
	}
	onDisk, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(onDisk) != len(Files) {
		t.Errorf("%d files in testdata/hostile-inputs, %d in the table", len(onDisk), len(Files))
	}
	ins = append(ins, generated(t, tmp)...)
	if len(ins) < 25 {
		t.Fatalf("only %d hostile inputs", len(ins))
	}
	for _, in := range ins {
		for _, p := range paths {
			if in.stdin != "" && (!p.doc || p.name == "diff" || p.name == "report") {
				continue // "-" is a document on stdin: scan and verify
			}
			r := invoke(t, bin, tmp, in.stdin, p.args(in.path, good, tmp)...)
			label := fmt.Sprintf("%s on %s", p.name, in.name)
			if strings.HasPrefix(in.name, "nesting") || strings.HasPrefix(in.name, "100000") || strings.HasPrefix(in.name, "200 MB") {
				t.Logf("%s: exit %d in %v", label, r.code, r.took.Round(time.Millisecond))
			}
			check(t, label, r, p, in.want)
		}
	}
}

func check(t *testing.T, label string, r run, p path, want Expect) {
	t.Helper()
	short := r.out
	if code, ok := KnownBroken[label]; ok {
		if r.code != code {
			t.Errorf("%s: exit %d; it was known to exit %d: remove it from KnownBroken if fixed", label, r.code, code)
		}
		return
	}
	if len(short) > 400 {
		short = short[:400]
	}
	switch {
	case r.timedOut:
		t.Errorf("%s: still running after %v", label, testenv.D(5*time.Second))
		return
	case strings.Contains(r.out, "goroutine ") || strings.Contains(r.out, "panic:") || strings.Contains(r.out, "fatal error"):
		t.Errorf("%s: crashed (exit %d):\n%s", label, r.code, short)
		return
	case r.code < 0 || r.code == 70:
		t.Errorf("%s: exit %d:\n%s", label, r.code, short)
		return
	}
	if !p.doc {
		// Beside a document, a special or missing file is 66, a
		// generated over-limit one 65; a regular JSON file that is not
		// a key, rules file or baseline is 65 or accepted by a reader
		// that ignores what it does not know.
		if want == Missing && r.code != 66 {
			t.Errorf("%s: exit %d, want 66:\n%s", label, r.code, short)
		}
		return
	}
	if want != OK {
		if r.code != int(want) {
			t.Errorf("%s: exit %d, want %d:\n%s", label, r.code, want, short)
		} else if !strings.HasPrefix(r.out, "assay: ") || strings.Count(strings.TrimSpace(r.out), "\n") > 1 {
			t.Errorf("%s: want one clear error line, got:\n%s", label, short)
		}
		return
	}
	ok := r.code < 64
	switch p.name {
	case "verify":
		ok = r.code == 65 // a surface records no hashes
	case "report":
		ok = r.code == 0
	}
	if !ok {
		t.Errorf("%s: exit %d for accepted input:\n%s", label, r.code, short)
	}
}
