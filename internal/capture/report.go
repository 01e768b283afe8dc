package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/collectkit"
)

// Markers around the part of README.md that `capture report` writes.
const (
	genStart = "<!-- capture report: generated from index.json, do not edit by hand -->"
	genEnd   = "<!-- end of generated part -->"
)

// runReport summarises index.json and rewrites the generated part of the
// corpus README: counts, failures by reason, and the per-package table.
func runReport(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("report", stderr)
	out := fs.String("out", "testdata/npmcorpus", "corpus folder: index.json, surfaces/ and README.md")
	write := fs.Bool("w", false, "rewrite the generated part of README.md (else print the summary only)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 64
	}
	ix, err := loadIndex(filepath.Join(*out, "index.json"))
	if err != nil {
		fmt.Fprintf(stderr, "capture report: %v\n", err)
		return 65
	}
	ix.mu.Lock()
	f := ix.fileLocked()
	ix.mu.Unlock()
	gen := summarize(f.Packages, surfaceBytes(filepath.Join(*out, "surfaces"))) +
		behaviour(filepath.Join(*out, "surfaces"))
	if !*write {
		_, _ = io.WriteString(stdout, gen)
		return 0
	}
	path := filepath.Join(*out, "README.md")
	readme, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "capture report: %v\n", err)
		return 66
	}
	i, j := bytes.Index(readme, []byte(genStart)), bytes.Index(readme, []byte(genEnd))
	if i < 0 || j < i {
		fmt.Fprintf(stderr, "capture report: %s has no generated part (the markers %q and %q)\n", path, genStart, genEnd)
		return 65
	}
	var b bytes.Buffer
	b.Write(readme[:i+len(genStart)])
	b.WriteString("\n" + gen)
	b.Write(readme[j:])
	if err := collectkit.WriteFileAtomic(path, b.Bytes()); err != nil {
		fmt.Fprintf(stderr, "capture report: %v\n", err)
		return 74
	}
	return 0
}

// surfaceBytes is the total size of the committed captures.
func surfaceBytes(dir string) int64 {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var n int64
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			n += st.Size()
		}
	}
	return n
}

// summarize renders the counts and the per-package table as markdown.
func summarize(pkgs []indexEntry, size int64) string {
	var b strings.Builder
	status := map[string]int{}
	reasons := map[string]int{}
	var withTools, committed, tools, prompts, resources, templates, comTools int
	for _, e := range pkgs {
		status[e.Status]++
		if e.Status != statusCaptured {
			reasons[e.Status+": "+reasonClass(e.Reason)]++
			continue
		}
		tools += e.Tools
		prompts += e.Prompts
		resources += e.Resources
		templates += e.Templates
		if e.Tools > 0 {
			withTools++
		}
		if e.Committed {
			committed++
			comTools += e.Tools
		}
	}
	fmt.Fprintf(&b, "\n## Counts\n\n")
	fmt.Fprintf(&b, "| what | count |\n|---|---|\n")
	fmt.Fprintf(&b, "| packages attempted (index.json) | %d |\n", len(pkgs))
	fmt.Fprintf(&b, "| captured (handshake succeeded) | %d |\n", status[statusCaptured])
	fmt.Fprintf(&b, "| captured with at least one tool | %d |\n", withTools)
	fmt.Fprintf(&b, "| captured and committed (licence permits) | %d |\n", committed)
	fmt.Fprintf(&b, "| failed | %d |\n", status[statusFailed])
	fmt.Fprintf(&b, "| excluded (never started) | %d |\n", status[statusExcluded])
	fmt.Fprintf(&b, "| tools / prompts / resources / templates (all captured) | %d / %d / %d / %d |\n", tools, prompts, resources, templates)
	fmt.Fprintf(&b, "| tools in committed files | %d |\n", comTools)
	fmt.Fprintf(&b, "| bytes of committed files | %d |\n", size)
	fmt.Fprintf(&b, "\n## Not captured, by reason\n\n| status: reason | packages |\n|---|---|\n")
	for _, k := range sortedByCount(reasons) {
		fmt.Fprintf(&b, "| %s | %d |\n", k, reasons[k])
	}
	fmt.Fprintf(&b, "\n## Captured packages\n\n")
	fmt.Fprintf(&b, "`committed` no: the licence does not permit redistribution, so the file is kept out of git (listed here and in index.json only).\n\n")
	fmt.Fprintf(&b, "| package | version | licence | tools | prompts | resources | committed |\n|---|---|---|---|---|---|---|\n")
	for _, e := range pkgs {
		if e.Status != statusCaptured {
			continue
		}
		lic := e.Licence
		if lic == "" {
			lic = "(none declared)"
		}
		c := "yes"
		if !e.Committed {
			c = "no"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %d | %d | %d | %s |\n", e.Package, e.Version, mdCell(lic), e.Tools, e.Prompts, e.Resources+e.Templates, c)
	}
	b.WriteString("\n")
	return b.String()
}

// reasonClass is the kind of a failure or exclusion: the reason up to its
// first colon or parenthesis (install, crashed, timeout, ...).
func reasonClass(r string) string {
	if i := strings.IndexAny(r, ":("); i > 0 {
		r = r[:i]
	}
	return strings.TrimSpace(r)
}

func sortedByCount(m map[string]int) []string {
	ks := sortedKeys(m)
	sort.SliceStable(ks, func(i, j int) bool { return m[ks[i]] > m[ks[j]] })
	return ks
}

func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// behaviour lists the committed captures whose collection was unusual:
// several starts, a server→client request, stray stdout, SDK warnings, a
// slow start, the initialize fallback. Collection code is tested on
// these.
func behaviour(dir string) string {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var b strings.Builder
	b.WriteString("## Servers that behaved unusually during collection\n\n")
	b.WriteString("| capture | tools | what happened |\n|---|---|---|\n")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var s surface
		if json.Unmarshal(data, &s) != nil {
			continue
		}
		if notes := oddities(&s); len(notes) > 0 {
			fmt.Fprintf(&b, "| `%s` | %d | %s |\n", filepath.Base(f), len(s.Tools), mdCell(strings.Join(notes, "; ")))
		}
	}
	b.WriteString("\n")
	return b.String()
}

// oddities describes what was unusual about one capture.
func oddities(s *surface) []string {
	var notes []string
	codes := map[string]int{}
	for _, e := range s.Errors {
		codes[e.Code]++
	}
	for _, c := range sortedKeys(codes) {
		switch c {
		case "rpc_error":
		case "bad_json":
			notes = append(notes, "wrote non-JSON-RPC text on stdout")
		default:
			notes = append(notes, fmt.Sprintf("%s ×%d", c, codes[c]))
		}
	}
	if len(s.ServerRequests) > 0 {
		notes = append(notes, "sent server→client requests: "+strings.Join(s.ServerRequests, ", "))
	}
	if n := len(s.Attempts); n > 1 {
		notes = append(notes, fmt.Sprintf("%d starts (last added %s)", n, s.Attempts[n-1].Why))
	}
	if n := len(s.Attempts); n > 0 && s.Attempts[n-1].Protocol != "" {
		notes = append(notes, "failed on the server/discover probe; captured with initialize "+s.Attempts[n-1].Protocol)
	}
	if s.DurationMs > 15000 {
		notes = append(notes, fmt.Sprintf("slow: %.1f s", float64(s.DurationMs)/1000))
	}
	return notes
}
