package classify

import (
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// What a tool is about, beyond one word: the helpers the rules use to read
// a word in its context (a browser, a git server, a store of code).

// browserContext reports a tool that acts in a web browser: its name or
// server says so.
func (t *tc) browserContext() bool {
	return t.browser || t.sc != nil && t.sc.browser
}

// gitContext reports a git tool: its server or its name says git.
func (t *tc) gitContext() bool {
	if t.sc != nil && t.sc.git {
		return true
	}
	for _, w := range t.toks {
		if w == "git" {
			return true
		}
	}
	return false
}

// mentions reports any of words in the name or description.
func (t *tc) mentions(words ...string) bool {
	for _, w := range words {
		for _, x := range t.toks {
			if x == w {
				return true
			}
		}
		for _, x := range t.descWords {
			if x == w {
				return true
			}
		}
	}
	return false
}

// runs reports a tool whose own verb runs something (run, execute, eval,
// a verbless name whose description begins so).
func (t *tc) runs() bool {
	switch t.verbCat {
	case CatAction, CatCodeVerb:
		return true
	case "":
		return t.descRuns()
	}
	for _, w := range t.toks {
		if tbl().runWords[w] {
			return true
		}
	}
	return false
}

// descRuns reports a description whose main verb runs something.
func (t *tc) descRuns() bool {
	if i := leadVerb(t.descWords); i >= 0 {
		return tbl().runWords[t.descWords[i]]
	}
	return false
}

// stores reports a tool whose verb creates, changes or ships something:
// code it takes is content it stores or deploys, not code it runs.
func (t *tc) stores() bool {
	switch t.verbWord {
	case "create", "update", "add", "save", "set", "put", "edit", "write", "insert", "upsert", "patch", "deploy", "publish", "upload", "store", "register", "generate", "get", "list":
		return true
	}
	return false
}

// sends reports a tool whose verb sends, uploads, deploys or publishes:
// content beside a path goes out, it does not overwrite the path.
func (t *tc) sends() bool {
	return t.verbCat == CatEgress
}

// resourceURL reports a URL parameter that names a record of the service
// (siteUrl, videoUrl, repositoryUrl): the service is asked about it, no
// request goes to a caller-chosen host — unless the tool's verb fetches
// (fetch, scrape, crawl, download): then the URL is requested.
func (t *tc) resourceURL(p *param) bool {
	if tbl().fetchVerbs[t.verbWord] {
		return false // "fetch a YouTube video page": the page is requested
	}
	for i, w := range p.Toks {
		if i < len(p.Toks)-1 && tbl().resourceURLs[w] {
			return true
		}
	}
	// "YouTube video URL": the description names the service it belongs to.
	// "Filter by URL substring", "Expected URL": the URL selects or checks
	// what is read; nothing is requested from it.
	// "Booking.com URL of the hotel": the site is named, the URL is a record.
	return underFilter(p) || hasWord(p.Toks, tbl().urlSelectors) || namesSite(p.Desc) || hasWord(p.words(), tbl().urlSelectors) || hasWord(p.words(), tbl().services) || hasWord(p.words(), tbl().resourceURLs)
}

// reversibleRemove reports a removing verb whose object only unlinks
// ("remove_label", "remove_member", "git remote remove", "reset staged").
func (t *tc) reversibleRemove(word string, rest []string) bool {
	switch word {
	case "remove", "detach", "clear", "reset", "delete", "unlink":
	default:
		return false
	}
	if t.reversibleWhat(rest) != "" {
		// Deleting a label or tag deletes it everywhere; removing one
		// from an item only unlinks it.
		return word != "delete" || hasWord(rest, tbl().reversibleDelete)
	}
	// "Removes the file from the staging area", "unstages".
	return t.mentions("unstage", "unstages", "staging") && word != "delete"
}

// reversibleWhat names the reversible object among rest, or "".
func (t *tc) reversibleWhat(rest []string) string {
	for _, x := range rest {
		if tbl().reversibleObjects[x] {
			return x
		}
	}
	return ""
}

// gitVerb classifies the git operations whose meaning differs from the
// plain word: push and a sync that pushes send to a remote; pull, fetch,
// stash and clone change the local repository; reset destroys only with
// --hard; clean deletes untracked files. It reports whether it decided.
func (t *tc) gitVerb(word, p string) bool {
	remote := func(what string) {
		t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress, model.KindWrite}, channel: "git_remote", signal: sigName, ptr: p, detail: what})
	}
	local := func(what string) {
		t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: what})
	}
	switch word {
	case "push", "publish":
		remote("git \"" + word + "\" sends commits to a remote")
	case "sync", "flow", "finish", "release":
		if t.mentions("push", "pushes", "pushing", "remote", "origin", "upstream") {
			remote("git \"" + word + "\" pushes to a remote")
		} else {
			local("git \"" + word + "\" changes the local repository")
		}
	case "pull", "fetch", "stash", "clone", "checkout", "switch", "branch", "merge", "rebase", "commit", "add", "init", "tag", "cherry", "revert", "restore":
		local("git \"" + word + "\" changes the local repository")
	case "reset":
		if t.mentions("hard") || t.enumHas("hard") {
			t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive, model.KindWrite}, signal: sigName, ptr: p, detail: "git reset --hard discards changes"})
		} else {
			local("git reset without --hard only moves refs or unstages")
		}
	case "clean":
		t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive, model.KindWrite}, signal: sigName, ptr: p, detail: "git clean deletes untracked files"})
	default:
		return false
	}
	t.verbCat = CatWrite
	return true
}

// enumHas reports an enum value v among the tool's parameters.
func (t *tc) enumHas(v string) bool {
	for i := range t.w.Params {
		for _, e := range t.w.Params[i].Enum {
			if e == v {
				return true
			}
		}
	}
	return false
}

// egressChannel names how a sending verb's data leaves.
func egressChannel(word string, rest []string) string {
	switch word {
	case "email", "mail":
		return "email"
	case "publish", "deploy", "release", "announce", "broadcast", "tweet", "share":
		return "publish"
	case "upload", "export_to", "mirror":
		return "upload"
	case "navigate", "goto":
		return "browser"
	}
	for _, x := range rest {
		if x == "email" || x == "mail" || x == "emails" {
			return "email"
		}
	}
	return "message"
}

// descReads reports a description whose main verb reads ("Returns",
// "Lists", "Gets").
func (t *tc) descReads() bool {
	if t.descLead < 0 {
		return false
	}
	c, _ := t.lx.verbOf(t.descWords[t.descLead])
	return c == CatRead
}

// underFilter reports a parameter nested in a filter object: a URL or
// channel there selects what is read, nothing is sent to it.
func underFilter(p *param) bool {
	for _, seg := range []string{"/properties/filter/", "/properties/filters/", "/properties/where/", "/properties/criteria/", "/properties/query/"} {
		if strings.Contains(p.Ptr, seg) {
			return true
		}
	}
	return false
}
