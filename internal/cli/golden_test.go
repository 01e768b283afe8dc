package cli

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/render"
	"github.com/assay-mcp/assay/internal/synth"
	"github.com/assay-mcp/assay/internal/testcorpus"
	"github.com/assay-mcp/assay/report/model"
)

// goldenOutputs pins, by SHA-256, what every format prints for every
// surface of the real-server corpus, for the whole corpus scanned at once,
// and for generated fleets (one server of many tools, many servers) and
// their diffs. It is the safety net under every speed-up: a faster core
// must print the same bytes. A deliberate verdict change (a new rule, a
// rewritten detector) regenerates it with -update, in a commit that says so.
const goldenOutputs = "../../testdata/golden/outputs.sha256"

// goldenFleets are the generated inputs: shape and size, kept small enough
// for every test run, large enough that per-server steps (cross-tool
// lookups, grouping of identical edits) see many tools.
var goldenFleets = []struct {
	name string
	opts synth.Options
}{
	{"one-server-400", synth.Options{Servers: 1, Tools: 400, Seed: 7}},
	{"fleet-6x50", synth.Options{Servers: 6, Tools: 50, Seed: 11}},
}

func TestGoldenOutputs(t *testing.T) {
	files := testcorpus.Files()
	if len(files) == 0 {
		t.Fatalf("no corpus surfaces under %s", testcorpus.Surfaces())
	}
	got := map[string]string{}
	record := func(key string, out []byte, code int) {
		sum := sha256.Sum256(out)
		got[key] = fmt.Sprintf("%s exit=%d", hex.EncodeToString(sum[:]), code)
	}
	run := func(key string, args ...string) []byte {
		t.Helper()
		var out, errb bytes.Buffer
		code := Run(context.Background(), args, strings.NewReader(""), &out, &errb)
		if code != 0 && code != 1 && code > 63 {
			t.Fatalf("%s: exit %d: %s", key, code, errb.String())
		}
		record(key, out.Bytes(), code)
		return out.Bytes()
	}
	// A scan runs once, for its JSON; the other formats render that
	// findings document, as every renderer reads findings only (and a
	// saved findings file re-renders identically: docs/findings.md).
	scan := func(key string, args ...string) {
		t.Helper()
		js := run(key+" json", append(args, "--format", "json")...)
		in, err := model.Decode(key, js)
		if err != nil || in.Findings == nil {
			t.Fatalf("%s: findings do not decode: %v", key, err)
		}
		code := 0
		if strings.Contains(got[key+" json"], "exit=1") {
			code = 1
		}
		for _, format := range []string{"table", "sarif", "markdown"} {
			var out bytes.Buffer
			if err := render.Write(&out, format, in.Findings, &render.Options{}); err != nil {
				t.Fatalf("%s %s: %v", key, format, err)
			}
			record(key+" "+format, out.Bytes(), code)
		}
	}
	formats := []string{"json", "table", "sarif", "markdown"}
	for _, f := range files {
		scan("corpus/"+filepath.Base(f), "scan", "--surface", f)
	}
	all := []string{"scan"}
	for _, f := range files {
		all = append(all, "--surface", f)
	}
	scan("corpus/ALL", all...)
	shapes, err := synth.LoadShapes(testcorpus.Surfaces())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, g := range goldenFleets {
		oldPath, newPath := filepath.Join(dir, g.name+".json"), filepath.Join(dir, g.name+"-v2.json")
		if err := (&env{}).writeBundle(oldPath, synth.Generate(shapes, g.opts)); err != nil {
			t.Fatal(err)
		}
		next := g.opts
		next.Mutate = true
		if err := (&env{}).writeBundle(newPath, synth.Generate(shapes, next)); err != nil {
			t.Fatal(err)
		}
		scan("synth/"+g.name, "scan", "--surface", oldPath)
		for _, format := range formats {
			run("synth/"+g.name+" diff "+format, "diff", oldPath, newPath, "--format", format)
		}
	}
	if *update {
		writeGolden(t, got)
		return
	}
	want := readGolden(t)
	for _, k := range sortedKeys(got) {
		if want[k] == "" {
			t.Errorf("%s: not in %s (run with -update to add it)", k, goldenOutputs)
		} else if want[k] != got[k] {
			t.Errorf("%s: output changed: %s, golden %s", k, got[k], want[k])
		}
	}
	for k := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("%s: in %s but no longer produced", k, goldenOutputs)
		}
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func readGolden(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(goldenOutputs)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		// "<sha256> exit=N  <input> <format>"
		sum, key, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("%s: bad line %q", goldenOutputs, line)
		}
		out[key] = sum
	}
	return out
}

func writeGolden(t *testing.T, got map[string]string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# SHA-256 of every format's output per input (internal/cli TestGoldenOutputs).\n")
	b.WriteString("# Regenerate only for a deliberate verdict change: go test ./internal/cli -run TestGoldenOutputs -update\n")
	for _, k := range sortedKeys(got) {
		fmt.Fprintf(&b, "%s  %s\n", got[k], k)
	}
	if err := os.MkdirAll(filepath.Dir(goldenOutputs), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goldenOutputs, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
