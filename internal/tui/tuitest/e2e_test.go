package tuitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"github.com/assay-mcp/assay/internal/testenv"
)

var assayBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "assay-tui-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	assayBin = filepath.Join(dir, "assay")
	cmd := exec.Command("go", "build", "-o", assayBin, "github.com/assay-mcp/assay/cmd/assay")
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building assay: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// term is one 'assay ui' run in a pseudo-terminal.
type term struct {
	t        *testing.T
	cmd      *exec.Cmd
	ptmx     *os.File
	tty      *os.File
	before   *unix.Termios
	mu       sync.Mutex
	out      bytes.Buffer
	mark     int
	readDone chan struct{}
}

// start runs assay with args in a w×h pseudo-terminal.
func start(t *testing.T, w, h int, env []string, args ...string) *term {
	t.Helper()
	if _, err := os.Stat("/dev/ptmx"); err != nil {
		testenv.Skip(t, "posix", "no pseudo-terminals here")
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	if err := pty.Setsize(ptmx, &pty.Winsize{Cols: uint16(w), Rows: uint16(h)}); err != nil {
		t.Fatal(err)
	}
	before, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(assayBin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.Dir = t.TempDir()
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + cmd.Dir, "TERM=xterm-256color"}, env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, cmd: cmd, ptmx: ptmx, tty: tty, before: before, readDone: make(chan struct{})}
	go func() {
		defer close(tm.readDone)
		buf := make([]byte, 32<<10)
		for {
			n, err := ptmx.Read(buf)
			tm.mu.Lock()
			tm.out.Write(buf[:n])
			tm.mu.Unlock()
			if err != nil {
				return
			}
			answerQueries(ptmx, buf[:n])
		}
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
		ptmx.Close()
		tty.Close()
	})
	return tm
}

// answerQueries answers, as a terminal does, the status queries a
// program writes: the background colour (OSC 11) and the cursor position
// (DSR 6) that Lip Gloss asks at start. Unanswered, the program waits
// out the library's timeout (5 s) before it draws.
func answerQueries(ptmx *os.File, out []byte) {
	if bytes.Contains(out, []byte("\x1b]11;?")) {
		_, _ = ptmx.Write([]byte("\x1b]11;rgb:0000/0000/0000\x1b\\"))
	}
	if bytes.Contains(out, []byte("\x1b[6n")) {
		_, _ = ptmx.Write([]byte("\x1b[1;1R"))
	}
}

// screen is what was drawn since the last mark, escapes stripped.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return ansi.Strip(string(tm.out.Bytes()[tm.mark:]))
}

func (tm *term) raw() []byte {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return slices.Clone(tm.out.Bytes())
}

// send types keys after setting the mark: waits look only at what is
// drawn after them.
func (tm *term) send(keys string) {
	tm.t.Helper()
	tm.mu.Lock()
	tm.mark = tm.out.Len()
	tm.mu.Unlock()
	if _, err := tm.ptmx.Write([]byte(keys)); err != nil {
		tm.t.Fatal(err)
	}
}

// waitFor waits until every text shows on the screen since the mark.
func (tm *term) waitFor(texts ...string) {
	tm.t.Helper()
	tm.waitWithin(15*time.Second, texts...)
}

// waitWithin is waitFor with a deadline of testenv.D(base).
func (tm *term) waitWithin(base time.Duration, texts ...string) {
	tm.t.Helper()
	deadline := time.Now().Add(testenv.D(base))
	for {
		s := tm.screen()
		missing := ""
		for _, x := range texts {
			if !strings.Contains(s, x) {
				missing = x
				break
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("screen never showed %q; since the last key it showed:\n%s", missing, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// cursorMoves are the bytes after which drawing continues elsewhere:
// line ends and CSI cursor movements or clears. Between two of them the
// text is on one row, so its width is the cells it filled.
var cursorMoves = regexp.MustCompile(`\r|\n|\x1b\[[0-9;?]*[ABCDEFGHJKf]`)

// drawn is the raw output since the mark.
func (tm *term) drawn() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return string(tm.out.Bytes()[tm.mark:])
}

// waitWidth waits until a line drawn since the mark is exactly w cells
// wide (the header is padded to the window's width), and fails if one is
// wider: the program laid the screen out for the terminal's real size.
func (tm *term) waitWidth(w int) {
	tm.t.Helper()
	deadline := time.Now().Add(testenv.D(15 * time.Second))
	for {
		widest := 0
		for _, l := range cursorMoves.Split(tm.drawn(), -1) {
			widest = max(widest, ansi.StringWidth(ansi.Strip(l)))
		}
		if widest > w {
			tm.t.Fatalf("a line %d cells wide on a %d-column terminal:\n%s", widest, w, tm.screen())
		}
		if widest == w {
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("no line filled the %d-column terminal (widest %d): the window size was not read\n%s", w, widest, tm.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// analysed is on the screen once the background analysis has arrived:
// the footer's full key hint replaces "analysing N tools…".
const analysed = "S C E filter"

// quit sends keys that end the program and checks a clean exit with the
// terminal restored: alternate screen left, cursor shown, modes as before.
func (tm *term) quit(keys string) {
	tm.t.Helper()
	tm.send(keys)
	done := make(chan error, 1)
	go func() { done <- tm.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			tm.t.Fatalf("assay ui exited with %v; output:\n%s", err, tm.screen())
		}
	case <-time.After(testenv.D(15 * time.Second)):
		tm.t.Fatalf("assay ui did not exit after %q", keys)
	}
	after, err := unix.IoctlGetTermios(int(tm.tty.Fd()), unix.TCGETS)
	if err != nil {
		tm.t.Fatal(err)
	}
	if after.Lflag != tm.before.Lflag || after.Iflag != tm.before.Iflag || after.Oflag != tm.before.Oflag {
		tm.t.Errorf("terminal modes not restored: lflag %#x→%#x iflag %#x→%#x oflag %#x→%#x",
			tm.before.Lflag, after.Lflag, tm.before.Iflag, after.Iflag, tm.before.Oflag, after.Oflag)
	}
	raw := string(tm.raw())
	enter, leave := strings.LastIndex(raw, "\x1b[?1049h"), strings.LastIndex(raw, "\x1b[?1049l")
	if enter < 0 || leave < enter {
		tm.t.Errorf("alternate screen not left (enter at %d, leave at %d)", enter, leave)
	}
	if show := strings.LastIndex(raw, "\x1b[?25h"); show < strings.LastIndex(raw, "\x1b[?25l") {
		tm.t.Errorf("cursor left hidden")
	}
}

// findingsOf runs 'assay scan --format json' on the same input.
type toolJSON struct {
	Name string `json:"name"`
	Tier string `json:"tier"`
}

type findingsJSON struct {
	Servers []struct {
		Identity string     `json:"identity"`
		Tools    []toolJSON `json:"tools"`
	} `json:"servers"`
	Findings []struct {
		Severity, Server, Tool, Suppressed string
		Tools                              []string
	} `json:"findings"`
}

var sevRank = map[string]int{"info": 0, "low": 1, "medium": 2, "high": 3, "critical": 4}

// riskiest is the first tool of the first server by the documented order:
// worst unsuppressed finding severity, then tier, then name — computed
// from scan's own JSON.
func riskiest(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command(assayBin, append([]string{"scan", "--format", "json"}, args...)...).Output()
	if err != nil {
		t.Fatalf("assay scan: %v", err)
	}
	var f findingsJSON
	if err := json.Unmarshal(out, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Servers) != 1 {
		t.Fatalf("want one server, got %d", len(f.Servers))
	}
	s := f.Servers[0]
	sev := map[string]int{}
	for _, fd := range f.Findings {
		if fd.Server != s.Identity || fd.Suppressed != "" {
			continue
		}
		for _, n := range append(fd.Tools, fd.Tool) {
			if n == "" {
				continue
			}
			if r, ok := sev[n]; !ok || sevRank[fd.Severity] > r {
				sev[n] = sevRank[fd.Severity]
			}
		}
	}
	rank := func(tl toolJSON) int {
		if r, ok := sev[tl.Name]; ok {
			return r
		}
		return -1
	}
	tools := slices.Clone(s.Tools)
	slices.SortStableFunc(tools, func(a, b toolJSON) int {
		if d := rank(b) - rank(a); d != 0 {
			return d
		}
		if a.Tier != b.Tier {
			return strings.Compare(b.Tier, a.Tier)
		}
		return strings.Compare(a.Name, b.Name)
	})
	return tools[0].Name
}

// demoBundle collects the in-repo demo server live into a stored bundle.
func demoBundle(t *testing.T) string {
	dir := t.TempDir()
	cmd := exec.Command(assayBin, "demo", "--dir", dir)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("assay demo: %v\n%s", err, out)
	}
	return filepath.Join(dir, "bundle.json")
}

// TestUIStoredDemoBundle: navigate to the riskiest tool, open its schema,
// search, refresh, quit with q — at 80×24 and 160×48.
func TestUIStoredDemoBundle(t *testing.T) {
	bundle := demoBundle(t)
	want := riskiest(t, "--surface", bundle)
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			tm := start(t, size[0], size[1], nil, "ui", bundle)
			tm.waitFor("assay ui", "assay-demo", analysed)
			tm.waitWidth(size[0]) // drawn for this terminal, not a default size
			tm.send("j")
			tm.waitFor("TOOL " + want)
			tm.send("s")
			tm.waitFor("open; s folds")
			tm.send("/weather")
			tm.waitFor("[/weather]", "get_weather")
			tm.send("\r\x1b")
			tm.waitFor("run_command") // the search cleared: every tool again
			tm.send("r")
			tm.waitFor("reloaded the inputs")
			tm.send("?")
			tm.waitFor("Keys", "q, Ctrl-C")
			tm.quit("q")
		})
	}
}

// TestUIResize: the screen follows the terminal when it is resized
// (SIGWINCH), growing and shrinking, and stays usable afterwards.
func TestUIResize(t *testing.T) {
	bundle := demoBundle(t)
	tm := start(t, 80, 24, []string{"NO_COLOR=1"}, "ui", bundle)
	tm.waitFor("assay ui", analysed)
	tm.waitWidth(80)
	for _, size := range [][2]int{{132, 40}, {90, 20}} {
		tm.send("")
		if err := pty.Setsize(tm.ptmx, &pty.Winsize{Cols: uint16(size[0]), Rows: uint16(size[1])}); err != nil {
			t.Fatal(err)
		}
		tm.waitWidth(size[0])
	}
	tm.send("j")
	tm.waitFor("TOOL ")
	tm.quit("q")
}

// TestUITenThousandTools opens a generated 10,000-tool bundle: the tree
// shows within 1 s of starting (scaled by ASSAY_TEST_SCALE) while the
// analysis runs in the background, a tool's details say its findings are
// being analysed, and the findings arrive without moving the selection.
func TestUITenThousandTools(t *testing.T) {
	if testing.Short() {
		testenv.Skip(t, "short", "generates and analyses a 10,000-tool bundle")
	}
	bundle := filepath.Join(t.TempDir(), "big.json")
	gen := exec.Command(assayBin, "__synth", "--servers", "1", "--tools", "10000", "--shapes", filepath.Join(repoRoot(t), "testdata", "surfaces"), "-o", bundle)
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("assay __synth: %v\n%s", err, out)
	}
	t0 := time.Now()
	tm := start(t, 120, 40, nil, "ui", bundle)
	tm.waitWithin(time.Second, "10000 tools", "synth-000", "10000t")
	t.Logf("first frame after %v", time.Since(t0))
	tm.waitFor("findings pending", "analysing 10000 tools")
	tm.send("jjj")
	tm.waitFor("TOOL ", "Findings: being analysed")
	selected := toolShown(tm.screen())
	tm.send("")
	tm.waitWithin(5*time.Minute, analysed)
	t.Logf("analysis shown after %v", time.Since(t0))
	tm.send("?") // help and back: the details are drawn anew
	tm.waitFor("Keys")
	tm.send("?")
	tm.waitFor("TOOL ", "Findings")
	if got := toolShown(tm.screen()); got != selected {
		t.Errorf("the analysis moved the selection from %q to %q", selected, got)
	}
	tm.quit("q")
}

// toolShown is the name after the last "TOOL " on the screen.
func toolShown(screen string) string {
	i := strings.LastIndex(screen, "TOOL ")
	if i < 0 {
		return ""
	}
	return strings.Fields(screen[i+len("TOOL "):])[0]
}

// TestUICtrlC: Ctrl-C quits from the tree and from the search prompt,
// restoring the terminal.
func TestUICtrlC(t *testing.T) {
	bundle := demoBundle(t)
	for _, keys := range []string{"\x03", "/sh\x03"} {
		tm := start(t, 80, 24, []string{"NO_COLOR=1"}, "ui", bundle)
		tm.waitFor("assay-demo")
		tm.quit(keys)
	}
}

// TestUICorpus opens corpus captures and checks the riskiest tool against
// 'assay scan --format json' of the same capture.
func TestUICorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repoRoot(t), "testdata", "corpus", "surfaces", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus captures: %v", err)
	}
	slices.Sort(files)
	for _, f := range []string{files[0], files[len(files)/2], files[len(files)-1]} {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want := riskiest(t, "--surface", f)
			tm := start(t, 160, 48, nil, "ui", "--surface", f)
			tm.waitFor("assay ui", analysed)
			tm.send("j")
			tm.waitFor("TOOL " + ansi.Truncate(want, 90, ""))
			tm.send("s")
			tm.waitFor("Input schema")
			tm.send("/" + want[:min(len(want), 4)])
			tm.waitFor("[/" + strings.ToLower(want[:min(len(want), 4)]) + "]")
			tm.quit("\rq")
		})
	}
}

// TestUILiveDemoRefresh runs the demo server live through --server and
// refreshes it in the background: the same spec is re-collected.
func TestUILiveDemoRefresh(t *testing.T) {
	tm := start(t, 120, 40, nil, "ui", "--server", assayBin+" __demo-server", "--yes")
	tm.waitFor("assay ui", "run_command", analysed)
	tm.send("r")
	tm.waitFor("refreshed 1 server(s)")
	tm.send("j")
	tm.waitFor("TOOL run_command")
	tm.quit("q")
}

// TestUIHostileText: a server whose name, instructions and description
// carry terminal escapes, RLO and zero-width characters is shown escaped;
// none of those bytes reaches the terminal.
func TestUIHostileText(t *testing.T) {
	dir := t.TempDir()
	surface := filepath.Join(dir, "hostile.json")
	data := `{"serverInfo":{"name":"evil\u001b]0;pwned\u0007srv","version":"1"},` +
		`"instructions":"Be nice.\u001b[2J\u001b[H\u202eenil siht daer\u202c \u200bhidden",` +
		`"tools":[{"name":"read\u202etxt.exe","description":"Reads files.\u001b[5m blink \u001b]8;;http://x\u0007link\u001b]8;;\u0007 \u202egnp.exe\u200b","inputSchema":{"type":"object","properties":{"p":{"type":"string","description":"\u001b[31mred"}}}}]}`
	if err := os.WriteFile(surface, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	tm := start(t, 80, 24, nil, "ui", "--surface", surface)
	tm.waitFor("assay ui", `evil\u001b]0;pwned`)
	tm.send("j")
	tm.waitFor(`read\u202etxt.exe`)
	tm.send("\tG")
	tm.waitFor(`\u001b[5m blink`)
	tm.quit("q")
	raw := string(tm.raw())
	for _, bad := range []string{"\x1b]0;pwned", "\u202e", "\u200b", "\x1b]8;;http://x", "\x1b[5m", "\u202c"} {
		if strings.Contains(raw, bad) {
			t.Errorf("the terminal received the raw sequence %q", bad)
		}
	}
}

func repoRoot(t *testing.T) string {
	dir, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("repository root not found from the test directory: %v", err)
	}
	return dir
}
