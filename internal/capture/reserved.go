package main

import (
	"strings"
	"sync"
)

// reservedNames are the npm packages of shared/RESERVED.md: held out for
// independent measurement, so they are never installed, captured or read.
// RESERVED.md writes a scoped package without its "@"; the table keeps that
// spelling so it can be compared line by line with the document, and
// [reserved] adds the "@" back.
var reservedNames = []string{
	"agent-infra/mcp-server-commands", "airtable-mcp-server", "antv/mcp-server-chart", "azure/mcp",
	"benborla29/mcp-server-mysql", "brave/brave-search-mcp-server", "browserbasehq/mcp-server-browserbase",
	"chrome-devtools-mcp", "circleci/mcp-server-circleci", "cyanheads/git-mcp-server", "drawio/mcp",
	"dynatrace-oss/dynatrace-mcp-server", "elastic/mcp-server-elasticsearch", "exa-mcp-server",
	"figma-developer-mcp", "firecrawl-mcp", "gongrzhe/server-gmail-autoauth-mcp",
	"jpisnice/shadcn-ui-mcp-server", "kazuph/mcp-fetch", "knip/mcp", "launchdarkly/mcp-server",
	"mapbox/mcp-server", "mcp-hello-world", "mcp-mermaid", "mcp-searxng", "mcp-server-code-runner",
	"mobilenext/mobile-mcp", "mongodb-mcp-server", "mui/mcp", "octocode-mcp", "perplexity-ai/mcp-server",
	"pinecone-database/mcp", "roychri/mcp-server-asana", "shopify/dev-mcp", "shortcut/mcp",
	"softeria/ms-365-mcp-server", "supabase/mcp-server-supabase", "tavily-mcp",
	"tiberriver256/mcp-server-azure-devops", "z_ai/mcp-server", "zereight/mcp-gitlab",
	"0nmcp", "github-mcp-server", "mcp-git", "mcp-shrimp-task-manager", "itseasy21/mcp-knowledge-graph",
	"obsidian-mcp", "modelcontextprotocol/server-pdf", "mcp-sqlite", "time-mcp", "negokaz/excel-mcp-server",
	"fetcher-mcp", "mcp-server-commands", "mcp-server-docker", "mcp-deepwiki", "zeeg/dex",
}

// republished are packages that, by name and size, look like a listed
// server republished under an unrelated name; they are refused like the
// listed ones. Each names the listed package it appears to copy. Found
// after capture (their definitions were deleted unread).
var republished = map[string]string{
	"figma-context-mcp":         "figma-developer-mcp",
	"@yhy2001/figma-mcp-server": "figma-developer-mcp",
	// fetch-mcp serves the two tool names fetcher-mcp served (fetch_url,
	// fetch_urls) and names no source; found in the 2026-12-02 held-out run.
	"fetch-mcp": "fetcher-mcp",
}

// reservedSet is the deny list as npm spells package names, built on
// first use.
var reservedSet = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, len(reservedNames))
	for _, n := range reservedNames {
		if strings.Contains(n, "/") {
			n = "@" + n
		}
		m[n] = true
	}
	return m
})

// reservedBases are the listed names without their scope, except the
// generic ones. The same server is often published under another scope or
// none (@mongodb-js/mongodb-mcp-server before mongodb-mcp-server), so a
// package whose own name without scope matches is refused too; a few
// unrelated packages are refused with them, which costs nothing.
var reservedBases = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for n := range reservedSet() {
		if b := baseName(n); b != "mcp" && b != "mcp-server" {
			m[b] = true
		}
	}
	return m
})

// platformSuffixes are the name endings of the per-platform binary
// packages some servers ship (@azure/mcp-linux-x64 is @azure/mcp's
// server): such a package serves the reserved definitions too.
var platformSuffixes = []string{"linux", "darwin", "win32", "windows", "macos", "freebsd", "alpine", "musl"}

// reserved reports whether pkg is on the deny list, or a per-platform
// build of a package on it. npm names are lower-case; the comparison
// folds case so that no spelling slips past.
func reserved(pkg string) bool {
	p := strings.ToLower(strings.TrimSpace(pkg))
	if reservedSet()[p] || reservedBases()[baseName(p)] || republished[p] != "" {
		return true
	}
	for i := strings.LastIndex(p, "-"); i > 0; i = strings.LastIndex(p[:i], "-") {
		if !reservedSet()[p[:i]] {
			continue
		}
		rest := p[i+1:]
		for _, s := range platformSuffixes {
			if rest == s || strings.HasPrefix(rest, s+"-") {
				return true
			}
		}
	}
	return false
}

// fileSlug is the file name stem of a package at a version, as
// testdata/corpus names captures: "@scope/name" becomes "scope__name".
func fileSlug(pkg, version string) string {
	return strings.ReplaceAll(strings.TrimPrefix(pkg, "@"), "/", "__") + "@" + version
}

// slugPackage reverses [fileSlug] for the package part of a file stem.
func slugPackage(stem string) string {
	name := stem
	if i := strings.LastIndex(stem, "@"); i > 0 {
		name = stem[:i]
	}
	if scope, rest, ok := strings.Cut(name, "__"); ok {
		return "@" + scope + "/" + rest
	}
	return name
}
