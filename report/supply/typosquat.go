package supply

import (
	"strconv"
	"strings"
	"sync"
)

// wellKnown are MCP packages people type by hand into configs, per
// ecosystem: the reference servers and SDK of the modelcontextprotocol
// organisation and a few widely installed servers. A name within a
// typo of one of these, or one of these under another scope, is the
// shape a typosquat takes.
var wellKnown = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"npm": {
			"@modelcontextprotocol/sdk", "@modelcontextprotocol/inspector",
			"@modelcontextprotocol/server-everything", "@modelcontextprotocol/server-filesystem",
			"@modelcontextprotocol/server-memory", "@modelcontextprotocol/server-sequential-thinking",
			"@modelcontextprotocol/server-github", "@modelcontextprotocol/server-gitlab",
			"@modelcontextprotocol/server-puppeteer", "@modelcontextprotocol/server-brave-search",
			"@modelcontextprotocol/server-slack", "@modelcontextprotocol/server-postgres",
			"@modelcontextprotocol/server-gdrive", "@modelcontextprotocol/server-google-maps",
			"@modelcontextprotocol/server-redis", "@modelcontextprotocol/server-everart",
			"mcp-remote", "@playwright/mcp", "@upstash/context7-mcp", "@notionhq/notion-mcp-server",
			"@sentry/mcp-server", "@cloudflare/mcp-server-cloudflare", "@stripe/mcp",
		},
		"pypi": {
			"mcp", "fastmcp", "mcp-server-fetch", "mcp-server-git", "mcp-server-time",
			"mcp-server-sqlite", "mcp-server-sentry", "mcp-server-qdrant",
		},
	}
})

// squatRule is one way a name imitates a well-known one, with samples
// (name, well-known name it imitates or "") that a test runs.
type squatRule struct {
	ID    string
	Check func(name, known string) (string, bool)
	True  [][2]string
	False [][2]string
}

// squatRules is the table, built on first use.
var squatRules = sync.OnceValue(func() []squatRule {
	return []squatRule{
		{ID: "typo", Check: typo,
			True:  [][2]string{{"@modelcontextprotocol/server-filesytem", "@modelcontextprotocol/server-filesystem"}, {"mcp-remot", "mcp-remote"}, {"mcp-server-fecth", "mcp-server-fetch"}},
			False: [][2]string{{"mcp-server-git", "mcp-server-time"}, {"@modelcontextprotocol/server-redis", "@modelcontextprotocol/server-gdrive"}}},
		{ID: "scope", Check: scope,
			True:  [][2]string{{"@modelcontext-protocol/server-memory", "@modelcontextprotocol/server-memory"}, {"@mcp-official/server-filesystem", "@modelcontextprotocol/server-filesystem"}, {"server-filesystem", "@modelcontextprotocol/server-filesystem"}},
			False: [][2]string{{"@modelcontextprotocol/server-memory", "@modelcontextprotocol/server-memory"}, {"@acme/notes-mcp", "@modelcontextprotocol/server-memory"}, {"@modelcontextprotocol/server-memory", "@modelcontextprotocol/sdk"}}},
	}
})

// typo: the whole name is one or two edits (insert, delete, substitute,
// swap two neighbours) from a well-known name of five characters or
// more; two only for names of ten characters or more, where a second
// slip is still easy to miss.
func typo(name, known string) (string, bool) {
	if name == known || len(known) < 5 {
		return "", false // "mcp" is one letter from too many real names
	}
	d := osa(name, known)
	limit := 1
	if len(known) >= 10 {
		limit = 2
	}
	if d == 0 || d > limit {
		return "", false
	}
	return strconv.Itoa(d) + " typed-character difference from " + known, true
}

// scope: a well-known scoped package's name under another scope (or no
// scope), or under a scope one or two edits from the real one.
func scope(name, known string) (string, bool) {
	ks, kn, ok := splitScope(known)
	if !ok {
		return "", false
	}
	ns, nn, scoped := splitScope(name)
	if nn != kn || ns == ks {
		return "", false
	}
	if !scoped {
		return "the name of " + known + " without its scope", true
	}
	if d := osa(ns, ks); d <= 2 {
		return "the scope @" + ns + " imitates @" + ks + " of " + known, true
	}
	return "the name of " + known + " under another scope (@" + ns + ")", true
}

func splitScope(name string) (scope, bare string, scoped bool) {
	if !strings.HasPrefix(name, "@") {
		return "", name, false
	}
	s, b, ok := strings.Cut(name[1:], "/")
	if !ok {
		return "", name, false
	}
	return s, b, true
}

// Typosquat returns why name (in a bundle ecosystem: npm or pypi) looks
// like a well-known MCP package, or false. A well-known name itself, or
// one PEP 503 treats as the same PyPI name, is never a typosquat.
func Typosquat(ecosystem, name string) (string, bool) {
	eco := strings.ToLower(ecosystem)
	known := wellKnown()[eco]
	for _, k := range known {
		if sameName(ecosystemOf(eco), name, k) {
			return "", false
		}
	}
	cmp := name
	if eco == "pypi" {
		cmp = normPy(name)
	}
	for _, r := range squatRules() {
		for _, k := range known {
			kk := k
			if eco == "pypi" {
				kk = normPy(k)
			}
			if why, ok := r.Check(cmp, kk); ok {
				return why, true
			}
		}
	}
	return "", false
}

// osa is the optimal string alignment distance (Levenshtein with
// adjacent transpositions), over bytes: package names are ASCII.
func osa(a, b string) int {
	if a == b {
		return 0
	}
	if abs(len(a)-len(b)) > 2 {
		return 3 // farther than any rule looks
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
