package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/collectkit"
)

// libraryWords are name words of packages that build, host, test or
// connect to MCP servers rather than being one: SDKs, clients, proxies,
// adapters, UI kits, templates. Such packages have no surface of their
// own to capture.
var libraryWords = wordSet("sdk", "client", "clients", "adapter", "adapters", "types", "inspector",
	"transport", "framework", "proxy", "remote", "ui", "react", "vue", "svelte", "angular", "langchain",
	"eslint", "plugin", "hono", "express", "session", "utils", "util", "shared", "common", "schema",
	"schemas", "conformance", "tunnel", "handler", "middleware", "runtime", "codegen", "generator",
	"create", "template", "boilerplate", "starter", "lib", "test", "testing", "mock", "tmcp", "fastmcp",
	"mcp-use", "mcporter", "host", "bridge", "gateway", "router", "auth", "oauth", "nestjs", "next",
	"cloudflare-workers", "worker", "workers", "vite", "webpack", "babel", "compiler", "loader", "core")

// selectOptions of the select command.
type selectOptions struct {
	tsv, out, corpus string
	perScope, minDL  int
}

func runSelect(args []string, stdout, stderr io.Writer) int {
	var o selectOptions
	fs := newFlags("select", stderr)
	fs.StringVar(&o.tsv, "tsv", "", "package list: name, version, monthly downloads, summary, tab-separated, with a header line (required)")
	fs.StringVar(&o.out, "o", "-", "candidate list to write (- for stdout)")
	fs.StringVar(&o.corpus, "corpus", "testdata/corpus/surfaces", "existing corpus: its packages are left out")
	fs.IntVar(&o.perScope, "per-scope", 4, "at most this many packages of one npm scope, for variety of authors")
	fs.IntVar(&o.minDL, "min-downloads", 0, "leave out packages with fewer monthly downloads")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 64
	}
	if o.tsv == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "capture select: -tsv is required")
		return 64
	}
	known, err := corpusPackages(o.corpus)
	if err != nil {
		fmt.Fprintf(stderr, "capture select: %v\n", err)
		return 66
	}
	rows, err := readTSV(o.tsv)
	if err != nil {
		fmt.Fprintf(stderr, "capture select: %v\n", err)
		return 66
	}
	picked, dropped := choose(rows, known, o)
	var b strings.Builder
	fmt.Fprintf(&b, "# MCP server candidates picked by `capture select` from %d package rows.\n", len(rows))
	fmt.Fprintf(&b, "# Left out: %s.\n", summarizeDrops(dropped))
	b.WriteString("# package\tdownloads_a_month\treason\n")
	for _, p := range picked {
		fmt.Fprintf(&b, "%s\t%d\t%s\n", p.name, p.downloads, p.reason)
	}
	if o.out == "-" {
		_, err = io.WriteString(stdout, b.String())
	} else {
		err = collectkit.WriteFileAtomic(o.out, []byte(b.String()))
	}
	if err != nil {
		fmt.Fprintf(stderr, "capture select: %v\n", err)
		return 74
	}
	fmt.Fprintf(stderr, "capture select: %d candidates\n", len(picked))
	return 0
}

type pkgRow struct {
	name, summary, reason string
	downloads             int
}

func readTSV(path string) ([]pkgRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []pkgRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 0; sc.Scan(); n++ {
		if n == 0 {
			continue // header
		}
		cols := strings.SplitN(sc.Text(), "\t", 4)
		if len(cols) < 3 {
			continue
		}
		dl, _ := strconv.Atoi(cols[2])
		r := pkgRow{name: cols[0], downloads: dl}
		if len(cols) == 4 {
			r.summary = cols[3]
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// mcpMention says why a row looks like an MCP package, or "".
func mcpMention(r pkgRow) string {
	n, s := strings.ToLower(r.name), strings.ToLower(r.summary)
	switch {
	case strings.Contains(n, "mcp") && strings.Contains(s, "server"):
		return "name says mcp, summary says server"
	case strings.Contains(n, "mcp"):
		return "name says mcp"
	case strings.Contains(s, "model context protocol") || strings.Contains(s, "mcp server"):
		return "summary says MCP server"
	case strings.Contains(n, "modelcontextprotocol"):
		return "name says modelcontextprotocol"
	}
	return ""
}

// serverLikeness ranks how surely a row is an MCP server: 2 when its
// name and summary both say so, 1 when one does, 0 otherwise.
func serverLikeness(r pkgRow) int {
	n, s := strings.ToLower(r.name), strings.ToLower(r.summary)
	score := 0
	if strings.Contains(n, "mcp-server") || strings.Contains(n, "server-mcp") || strings.HasSuffix(n, "-mcp") || strings.HasSuffix(n, "/mcp") {
		score++
	}
	if strings.Contains(s, "mcp server") || strings.Contains(s, "model context protocol server") ||
		(strings.Contains(s, "server") && (strings.Contains(s, "mcp") || strings.Contains(s, "model context protocol"))) {
		score++
	}
	return score
}

// libraryWord returns the word of a package name that marks it as an MCP
// library or tool rather than a server, or "".
func libraryWord(name string) string {
	n := strings.ToLower(name)
	for _, w := range strings.FieldsFunc(n, func(r rune) bool { return r == '-' || r == '/' || r == '@' || r == '_' || r == '.' }) {
		if libraryWords[w] {
			return w
		}
	}
	for _, w := range []string{"mcp-use", "mcp-proxy", "mcp-remote", "mcp-client", "mcp-framework"} {
		if strings.Contains(n, w) {
			return w
		}
	}
	return ""
}

// choose picks the candidates in order of monthly downloads, leaving out
// reserved packages, the existing corpus, libraries, and a scope's
// packages past perScope.
func choose(rows []pkgRow, known map[string]bool, o selectOptions) ([]pkgRow, map[string]int) {
	// Likely servers first (a run may not get through the whole list),
	// then by downloads.
	sort.SliceStable(rows, func(i, j int) bool {
		si, sj := serverLikeness(rows[i]), serverLikeness(rows[j])
		if si != sj {
			return si > sj
		}
		return rows[i].downloads > rows[j].downloads
	})
	dropped := map[string]int{}
	scopes := map[string]int{}
	var out []pkgRow
	for _, r := range rows {
		why := mcpMention(r)
		scope := ""
		if strings.HasPrefix(r.name, "@") {
			scope, _, _ = strings.Cut(r.name, "/")
		}
		switch {
		case why == "":
			continue
		case reserved(r.name):
			dropped["reserved (shared/RESERVED.md)"]++
		case known[r.name]:
			dropped["already in testdata/corpus"]++
		case libraryWord(r.name) != "":
			dropped["a library or tool, not a server (name word)"]++
		case r.downloads < o.minDL:
			dropped["below -min-downloads"]++
		case scope != "" && scopes[scope] >= o.perScope:
			dropped["scope already has -per-scope packages"]++
		default:
			if scope != "" {
				scopes[scope]++
			}
			r.reason = why
			out = append(out, r)
		}
	}
	return out, dropped
}

func summarizeDrops(d map[string]int) string {
	var parts []string
	for _, k := range sortedKeys(d) {
		parts = append(parts, fmt.Sprintf("%s: %d", k, d[k]))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}
