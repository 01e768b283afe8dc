package classify

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

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
	// remote: the server is a client of an online service (its name
	// names one, or its tools speak of accounts, workspaces and APIs more
	// than of local files): what it creates lives with a third party.
	remote bool
	// why says what decided remote, for evidence.
	why string
	// prefix is the first name word every tool of the server shares
	// (three tools or more) when the server is named after it: the
	// server's name ("acme_list_users" of acme-mcp), never the tools' verb
	// when a verb follows it.
	prefix string
	// words[j] is tool j's description as words, split once for both the
	// server's decision and the tool's own classification.
	words [][]string
	// toks[j] is tool j's name split into words ([Tokens]), once for the
	// server's decision and the tool's classification.
	toks [][]string
	// names splits property and enum names once per server: they recur.
	names nameCache
	// work is the working state of the tool being classified, reused
	// (with its buffers) for the next tool of the server.
	work tc
	// walker walks the tool's schema, its buffers reused likewise.
	walker walker
	// lower is scratch for lower-casing descriptions.
	lower []byte
}

func newServerContext(s *model.Server, v *surface.Server) *serverContext {
	sc := &serverContext{name: s.Name, identity: s.Identity}
	words := append(append(Tokens(s.Name), Tokens(v.InfoName)...), Tokens(s.Endpoint)...)
	gitTools := 0
	for i := range v.Tools {
		if gitPrefix(v.Tools[i].Name) {
			gitTools++
		}
	}
	for _, w := range words {
		switch w {
		case "git", "github", "gitlab", "gitea", "bitbucket":
			sc.git = sc.git || w == "git"
		case "browser", "playwright", "puppeteer", "selenium", "webdriver", "chrome", "firefox":
			sc.browser = true
		}
	}
	if len(v.Tools) > 0 && gitTools*2 >= len(v.Tools) {
		sc.git = true
	}
	sc.words = make([][]string, len(v.Tools))
	sc.toks = make([][]string, len(v.Tools))
	var scratch []string
	for i := range v.Tools {
		w := appendProseWords(scratch[:0], untagged(v.Tools[i].Description), &sc.lower)
		sc.words[i] = append(make([]string, 0, len(w)), w...) // exactly the words
		scratch = w
		sc.toks[i] = slices.Clip(Tokens(v.Tools[i].Name))
	}
	if p := sharedPrefix(sc.toks); p != "" && slices.Contains(words, p) {
		sc.prefix = p
	}
	if !sc.git && !sc.browser {
		// A git or browser server is never an online service's client.
		sc.remote, sc.why = remoteService(words, v, sc.toks, sc.words)
	}
	return sc
}

// sharedPrefix is the first word of every name in toks when there are at
// least three names of two words or more, else "".
func sharedPrefix(toks [][]string) string {
	if len(toks) < 3 {
		return ""
	}
	p := ""
	for _, ts := range toks {
		if len(ts) < 2 || p != "" && ts[0] != p {
			return ""
		}
		p = ts[0]
	}
	return p
}

// gitPrefix reports a name that begins "git" in any case, as
// strings.HasPrefix(strings.ToLower(name), "git") does, without
// lower-casing the whole name.
func gitPrefix(name string) bool {
	if len(name) >= 3 && name[0] < utf8.RuneSelf && name[1] < utf8.RuneSelf && name[2] < utf8.RuneSelf {
		return strings.EqualFold(name[:3], "git")
	}
	return strings.HasPrefix(strings.ToLower(name), "git") // non-ASCII folds
}

// remoteService decides whether a server works on an online service. A
// service named by the server wins; otherwise the server's tools must
// speak of accounts, workspaces, APIs or the cloud in more tools than
// they speak of local files, paths, memory or a browser.
func remoteService(words []string, v *surface.Server, nameToks, descWords [][]string) (bool, string) {
	tb := tbl()
	for _, w := range words {
		if tb.services[w] {
			return true, "the server names the online service \"" + w + "\""
		}
	}
	for _, w := range words {
		if tb.remoteNames[w] {
			// "hostinger-api-mcp", "Acme Cloud": a server named after an
			// API or a cloud is that API's client.
			return true, "the server's name says it is the client of an online API (\"" + w + "\")"
		}
	}
	remote, local := 0, 0
	for i := range v.Tools {
		r, l := false, false
		for _, ws := range [...][]string{nameToks[i], descWords[i]} {
			for _, w := range ws {
				if len(w) < tb.placeMin {
					continue // shorter than any place word: "a", "to", "of"
				}
				// One lookup a word: remoteWords, services and localWords
				// folded into one table.
				f := tb.placeWords[w]
				r = r || f&placeRemote != 0
				l = l || f&placeLocal != 0
			}
			if r && l {
				break
			}
		}
		if r {
			remote++
		}
		if l {
			local++
		}
	}
	if remote >= 3 && 2*remote > 3*local || remote >= 2 && local == 0 {
		return true, fmt.Sprintf("%d of the server's tools speak of an online account, workspace or API, %d of local state", remote, local)
	}
	return false, ""
}

// toolFacts are the cache-key facts of a tool result of this server:
// exactly what [classifyTool] reads of the server, and nothing more, so a
// sibling added, removed or changed reuses every other tool's result
// unless it flips one of these.
//
// What a tool's classification reads beyond its own raw definition and the
// options (both keyed apart):
//   - sc.git, sc.browser, sc.remote (gitContext, browserContext,
//     thirdParty): three booleans;
//   - sc.prefix (nameSignals): the name word all the server's tools share,
//     keyed only when there is one;
//   - sc.words[v.Index]: the tool's own description as words, a function
//     of its raw definition;
//   - the server's name and identity, only through an exception of the
//     options that names a server (excepted): keyed only then;
//   - sc.why, the text of the third-party decision, is NOT read: the
//     result marks the evidence that quotes it ([result.whyEv]) and
//     [ApplyViews] writes the text in per server, after the cache.
func (sc *serverContext) toolFacts(o *Options) []string {
	flags := "git=" + strconv.FormatBool(sc.git) + " browser=" + strconv.FormatBool(sc.browser) + " remote=" + strconv.FormatBool(sc.remote)
	if sc.prefix != "" {
		flags += " prefix=" + sc.prefix
	}
	if serverScoped(o) {
		return []string{flags, sc.name, sc.identity}
	}
	return []string{flags}
}

// serverScoped reports an exception in o that names a server: only then
// does a tool's result depend on its server's name and identity.
func serverScoped(o *Options) bool {
	if o == nil {
		return false
	}
	for _, e := range o.Exceptions {
		if e.Server != "" {
			return true
		}
	}
	return false
}

// writesLocally reports a description that says where its write goes, and
// that it is the user's own machine ("save to local cache", "stores it
// locally", "writes to disk"): on an online service's client that change
// stays home.
func (t *tc) writesLocally() bool {
	ws := t.descWords
	for i, w := range ws {
		if w == "locally" {
			return !negated(ws, i)
		}
		if (w == "local" || w == "disk") && i > 0 {
			j := i - 1
			if ws[j] == "the" || ws[j] == "a" || ws[j] == "your" {
				j--
			}
			if j >= 0 && (ws[j] == "to" || ws[j] == "into" || ws[j] == "in" || ws[j] == "on") {
				return true
			}
		}
	}
	return false
}

// generatesOnly reports a tool that makes something and hands it back: its
// verb makes (make, generate, build, draft, compose…) and its description
// says nothing is written ("does not write to disk", "nothing is saved").
// "Make a vesting contract … returns the source code; does not write to
// disk" creates no record anywhere: it reads (computes), and a URL it
// takes is a field of what it makes, not a place it reaches.
func (t *tc) generatesOnly() bool {
	w := t.verbWord
	if w == "" && t.descLead >= 0 {
		_, w = t.lx.verbOf(t.descWords[t.descLead])
	}
	return tbl().makeVerbs[w] && declaresNoWrite(t.descWords)
}

// declaresNoWrite reports prose that says it stores nothing: a writing
// verb negated within three words ("does not write", "nothing is saved"),
// and none stated plainly ("Stored in the site's options"). "without"
// does not count: "preview the changes without writing them" describes a
// dry run, not the tool.
func declaresNoWrite(ws []string) bool {
	tb := tbl()
	no := false
	for i, w := range ws {
		if !tb.noWrite[w] {
			continue
		}
		if !negated(ws, i) || i > 0 && ws[i-1] == "without" {
			return false
		}
		no = true
	}
	return no
}

// analyses reports a tool whose verb parses, lints, formats, explains or
// otherwise reads what it is given (its name's verb, or for a name without
// one its description's), so code it takes is material, not a program.
func (t *tc) analyses() bool {
	switch t.verbCat {
	case CatRead:
		return !tbl().trialVerbs[t.verbWord]
	case "":
		return t.descReads()
	}
	return false
}

// searches reports a search tool: its query is search terms, whatever
// store the description says it searches ("search the docs in the SQLite
// database").
func (t *tc) searches() bool {
	switch t.verbWord {
	case "search", "find", "lookup":
		return true
	}
	return false
}

// editsParts reports a removing operation of an editing tool whose object
// is a part of the edited document ("erase_cell" of a tile-map editor,
// "clear_points" of a curve editor): undone by the next edit, not data
// destroyed.
func (t *tc) editsParts(word string, rest []string) bool {
	switch word {
	case "erase", "clear", "remove":
	default:
		return false
	}
	// A bare "clear" or "erase" empties the document being edited.
	return tbl().editVerbs[t.verbWord] && (len(rest) == 0 && word != "remove" || hasWord(rest, tbl().docParts))
}

// clearsSession reports clearing what a browser session holds for the
// moment (cookies, console logs, cache): the session's state, not the
// user's data.
func (t *tc) clearsSession(word string, rest []string) bool {
	switch word {
	case "clear", "wipe", "flush", "reset":
	default:
		return false
	}
	return t.browserContext() && hasWord(rest, tbl().sessionState)
}

// remoteShell reports a tool that runs commands on another host over SSH
// (its name or its description's first words say so):
// the code runs there, and the reviewers' ladder counts destruction only
// where a tool deletes or overwrites, not for every shell.
func (t *tc) remoteShell() bool {
	if hasWord(t.toks, tbl().sshWords) {
		return true
	}
	lead := t.descWords[:min(len(t.descWords), 12)]
	return hasWord(lead, tbl().sshWords)
}
