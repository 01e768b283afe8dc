package classify

import (
	"strings"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// serverContext is what a tool's classification reads of its server
// beyond the tool itself. Everything here is part of the tool's cache key
// ([serverContext.facts]): a result that reads a fact must be keyed by it.
type serverContext struct {
	name, identity string
	// git: the server is a git tool (package, server or tool names say
	// so), so "push", "pull", "sync" and "reset" are git operations.
	git bool
	// browser: the server drives a web browser, so "click", "select" and
	// "drop" act on a page.
	browser bool
}

func newServerContext(s *model.Server, v *surface.Server) *serverContext {
	sc := &serverContext{name: s.Name, identity: s.Identity}
	words := append(append(Tokens(s.Name), Tokens(v.InfoName)...), Tokens(s.Endpoint)...)
	gitTools := 0
	for i := range v.Tools {
		if strings.HasPrefix(strings.ToLower(v.Tools[i].Name), "git") {
			gitTools++
		}
	}
	for _, w := range words {
		switch w {
		case "git", "github", "gitlab", "gitea", "bitbucket":
			sc.git = sc.git || w == "git"
		case "browser", "playwright", "puppeteer", "selenium", "webdriver", "chrome":
			sc.browser = true
		}
	}
	if len(v.Tools) > 0 && gitTools*2 >= len(v.Tools) {
		sc.git = true
	}
	return sc
}

// facts are the cache-key facts of every tool result of this server.
func (sc *serverContext) facts() []string {
	f := []string{sc.name, sc.identity, "git=false", "browser=false"}
	if sc.git {
		f[2] = "git=true"
	}
	if sc.browser {
		f[3] = "browser=true"
	}
	return f
}
