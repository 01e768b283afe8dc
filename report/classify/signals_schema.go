package classify

import (
	"fmt"
	"github.com/assay-mcp/assay/report/internal/lazyre"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

var (

	// Raw query languages that can change data (a query parameter naming
	// one is code). Pure read languages (PromQL, JQL, XPath) are not here.
	// A pinned host: ^ + literal http(s):// + escaped-dot DNS labels + / or $.
	rePinned = lazyre.New(`^\^https?(\\?:)?(\\/|/){2}[a-z0-9-]+(\\\.[a-z0-9-]+)+(\\?/|\$)`)
)

// snake is the property name as lower snake_case words.
func snake(p *param) string { return p.Snake }

// schemaSignals reads the input schema's shape: the strongest signals.
func (t *tc) schemaSignals() {
	if t.w.Fail != "" {
		t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress}, signal: sigSchema, ptr: t.w.FailPtr, detail: "schema walk failed closed: " + t.w.Fail})
	}
	ps := t.w.Params
	// sibling is the first parameter beside p (same parent, in walk order)
	// with one of the names. Asked only of a few rare names, so a scan.
	sibling := func(p *param, names map[string]bool) *param {
		for i := range ps {
			if q := &ps[i]; q != p && q.Parent == p.Parent && (names[snake(q)] || names[q.lastTok()]) {
				return q
			}
		}
		return nil
	}
	guarded := ""
	for i := range ps {
		p := &ps[i]
		if tbl().concurrency[snake(p)] {
			if snake(p) != "sha" || sibling(p, tbl().contentNames) != nil {
				guarded = p.Ptr
			}
		}
	}
	closed := true
	for i := range ps {
		p := &ps[i]
		sn, last := snake(p), p.lastTok()
		if !p.Closed && !p.is("object") && !p.is("array") {
			closed = false
		}
		switch {
		case (p.stringy() || p.stringArray()) && !p.Closed && (tbl().urlWords[last] || tbl().urlFormats[p.Format]) && !t.resourceURL(p) && !t.generatesOnly():
			if p.Pattern != "" && rePinned.MatchString(p.Pattern) {
				t.add(cand{tier: 1, effect: true, signal: sigSchema, ptr: p.Ptr, detail: "URL host pinned by pattern " + excerpt(p.Pattern, 60)})
			} else {
				detail := "caller-controlled URL"
				if p.is("array") {
					detail = "caller-controlled URLs (an array)"
				}
				for _, w := range p.Toks {
					if w == "base" || w == "region" || w == "host" || w == "server" || w == "api" || w == "instance" {
						detail = "caller-controlled base URL: the server's requests, and the credentials it sends, go to any host"
					}
				}
				ch := "http"
				if t.browserContext() {
					ch = "browser"
				}
				t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress, model.KindIngestsUntrusted}, channel: ch, signal: sigSchema, ptr: p.Ptr, detail: detail})
			}
		case p.stringy() && !p.Closed && (strings.HasSuffix(sn, "connection_string") || sn == "database_url" || strings.HasSuffix(sn, "connection_uri")):
			t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress}, channel: "other", signal: sigSchema, ptr: p.Ptr, detail: "caller-controlled connection string"})
		case tbl().commTargets[sn] && (p.stringy() || p.is("array")) && !p.Closed && !underFilter(p):
			if sn == "to" && sibling(p, tbl().edgeFrom) != nil && sibling(p, tbl().messageBody) == nil {
				break // a graph edge {from, to}, not a recipient
			}
			if sn == "to" && (t.verbWord == "translate" || t.verbWord == "convert" || hasWord(p.words(), tbl().targetKinds) || len(p.Enum) > 0) {
				break // the language, unit or format to convert to
			}
			if !strings.Contains(sn, "url") && t.onlyReads() {
				break // get_contact(phone), list_messages(channel): the key of what is read
			}
			ch := "message"
			if strings.Contains(sn, "mail") || sn == "cc" || sn == "bcc" || t.mentions("email", "mail", "e-mail") {
				ch = "email"
			} else if strings.Contains(sn, "url") {
				ch = "http"
			}
			t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress}, channel: ch, signal: sigSchema, ptr: p.Ptr, detail: "communication target \"" + p.Name + "\""})
		case (p.open() || p.stringArray()) && t.isCodeParam(p):
			switch {
			case last == "sql" || last == "statement" || hasWord(p.words(), tbl().queryLangs):
				t.add(cand{tier: 5, effect: true, kinds: codeKinds(false), signal: sigSchema, ptr: p.Ptr, detail: "caller-supplied SQL \"" + p.Name + "\""})
			case t.browserContext():
				t.add(cand{tier: 5, effect: true, kinds: pageCodeKinds(), signal: sigSchema, ptr: p.Ptr, detail: "caller-supplied script run in the page \"" + p.Name + "\""})
			default:
				t.add(cand{tier: 5, effect: true, kinds: t.hostCodeKinds(true), channel: "other", signal: sigSchema, ptr: p.Ptr, detail: "caller-supplied code \"" + p.Name + "\""})
			}
		case p.open() && (last == "query" || sn == "q") && !t.stores() && (queryLanguage(p.words()) || len(p.words()) == 0 && !t.searches() && queryLanguage(t.descWords)):
			t.add(cand{tier: 5, effect: true, kinds: codeKinds(false), signal: sigSchema, ptr: p.Ptr, detail: "raw query language in \"" + p.Name + "\""})
		case p.open() && (tbl().pathNames[sn] || tbl().pathNames[last] && (last != "file" || len(p.Toks) > 1)) && sibling(p, tbl().contentNames) != nil && !t.sends():
			c := sibling(p, tbl().contentNames)
			if guarded != "" {
				t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigSchema, ptr: p.Ptr, detail: "writes " + c.Name + " to a path, guarded by " + guarded})
			} else {
				t.add(cand{tier: 5, effect: true, kinds: []string{model.KindWrite, model.KindDestructive}, signal: sigSchema, ptr: p.Ptr, detail: "writes " + c.Name + " to a caller-chosen path with no concurrency token: may overwrite"})
			}
		case p.open() && tbl().destNames[sn] && (strings.Contains(sn, "path") || strings.Contains(sn, "file") || hasWord(p.words(), tbl().fileWords) || sibling(p, tbl().sourceNames) != nil):
			if tbl().outputNames[sn] && sibling(p, tbl().sourceNames) == nil {
				// Where a screenshot, an export or a clone is written: a new
				// result, not a file moved over another (an overwrite switch
				// still counts on its own).
				t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigSchema, ptr: p.Ptr, detail: "writes its result to a caller-chosen path \"" + p.Name + "\""})
			} else if guarded != "" {
				t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigSchema, ptr: p.Ptr, detail: "destination path, guarded by " + guarded})
			} else {
				t.add(cand{tier: 5, effect: true, kinds: []string{model.KindWrite, model.KindDestructive}, signal: sigSchema, ptr: p.Ptr, detail: "caller-chosen destination \"" + p.Name + "\": may overwrite"})
			}
		case p.is("boolean") && tbl().forceNow[sn]:
			t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive}, signal: sigSchema, ptr: p.Ptr, detail: "\"" + p.Name + "\" switch"})
		case p.is("boolean") && tbl().sensitiveSw[sn]:
			t.add(cand{tier: 2, effect: true, kinds: []string{model.KindReadSensitive}, signal: sigSchema, ptr: p.Ptr, detail: "\"" + p.Name + "\" returns secrets or personal data"})
		}
		// A local path on a reading tool is a source of private data: see
		// deferredSignals, which knows the tool's verb.
		if p.stringy() && len(p.Enum) > 0 && tbl().opParams[sn] {
			t.operationEnum(p)
		}
	}
	if len(ps) == 0 && t.w.Fail == "" && !declaresObject(t.def.Input) {
		t.add(cand{tier: 1, signal: sigSchema, ptr: "/inputSchema", detail: "input schema declares nothing: any arguments are accepted"})
		return
	}
	if closed {
		detail := "closed input: no parameters"
		if len(ps) > 0 {
			detail = "closed input: only enum, const and boolean parameters"
		}
		t.add(cand{tier: 0, signal: sigSchema, ptr: "/inputSchema", detail: detail})
	} else {
		t.add(cand{tier: 1, signal: sigSchema, ptr: "/inputSchema", detail: "open input: free parameters steer the tool"})
	}
}

// operationEnum reads an action/operation enum: a tool can do whatever its
// strongest listed operation does.
func (t *tc) operationEnum(p *param) {
	best, bestVal, bestWord := -1, "", ""
	var kinds []string
	// reads and cycles count the operations that read and those that
	// only start or stop something (start, stop, pause): a profiler's
	// "snapshot, start, stop, get_data" starts and stops a read.
	reads, cycles, others := 0, 0, 0
	for _, v := range p.Enum {
		toks := t.names.get(v).toks
		for i, w := range toks {
			c, x := t.lx.verbOf(w)
			if c == "" {
				continue
			}
			tier, k := verbClass(c)
			switch {
			case c == CatDestructive && t.reversibleRemove(x, append(append([]string(nil), toks[i+1:]...), t.toks...)):
				tier, k = 3, []string{model.KindWrite} // remove_label, unlink: reversible
			case c == CatDestructive && t.editsParts(x, toks[i+1:]):
				tier, k = 3, []string{model.KindWrite} // erase_cell in a map editor: an edit
			case c == CatBrowser:
				tier, k = 3, []string{model.KindWrite}
			case c == CatCodeVerb && t.browserContext():
				tier, k = 5, pageCodeKinds() // "evaluate" in a browser runs in the page
			case c == CatAction && hasWord(toks, tbl().readObjects):
				tier, k = 0, nil
			}
			if tier > best {
				best, bestVal, bestWord, kinds = tier, v, x, k
			}
			switch {
			case tier < 3:
				reads++
			case tier == 3 && tbl().lifecycle[x]:
				cycles++
			default:
				others++
			}
			break
		}
	}
	if cycles > 0 && others == 0 && reads >= 2 && reads > cycles {
		t.add(cand{tier: 0, effect: true, signal: sigSchema, ptr: p.Ptr + "/enum", detail: fmt.Sprintf("%d operations read and %d only start or stop: the tool runs a read", reads, cycles)})
		return
	}
	if best < 0 {
		return
	}
	detail := "operation \"" + excerpt(bestVal, 40) + "\" (" + bestWord + ")"
	if len(p.Enum) > 1 {
		detail += fmt.Sprintf(", the strongest of %d the tool advertises", len(p.Enum))
	}
	t.add(cand{tier: best, effect: true, kinds: kinds, signal: sigSchema, ptr: p.Ptr + "/enum", detail: detail})
}

// localPathParam returns a parameter that names a local file or directory.
func (t *tc) localPathParam() *param {
	for i := range t.w.Params {
		p := &t.w.Params[i]
		sn := snake(p)
		if !(p.open() || p.is("array")) {
			continue
		}
		if sn == "path" || sn == "paths" || sn == "file_path" || sn == "file_paths" || sn == "filepath" || sn == "directory" || sn == "dir" || sn == "root_path" {
			if hasWord(p.words(), tbl().fileWords) || hasWord(t.descWords, tbl().fileWords) {
				return p
			}
		}
	}
	return nil
}

// isCodeParam reports whether p carries code the tool runs. A name alone
// is not enough: "code" is also an OAuth, coupon or verification code,
// and "command" or "script" also name things ("the command the policy
// applies to"). Code counts when the tool runs something (its verb, or its
// description) or a language is named, and never when the tool only
// stores it (create_action, deploy_middleware: the code is content).
func (t *tc) isCodeParam(p *param) bool {
	sn, last := snake(p), p.lastTok()
	tb := tbl()
	switch {
	case sn == "code", last == "code" && tb.codeParams[sn], last == "command", last == "cmd", last == "script", last == "commands", last == "scripts",
		tb.codeParams[sn], tb.codeLast[last], sn == "expression", sn == "function", sn == "script_source":
	default:
		return false // not a name code comes under: skip the rest
	}
	if t.stores() && !t.descRuns() {
		return false
	}
	lang := hasWord(p.words(), tb.languages) || t.siblingNamed(p, "language", "lang", "runtime")
	runs := t.runs()
	if lang && !runs && t.analyses() && !hasWord(p.words(), tb.runWords) {
		// dump_syntax_tree(code, language), lint_snippet: code named with
		// its language is parsed, linted or formatted, not executed.
		lang = false
	}
	switch {
	case sn == "code" || last == "code" && tb.codeParams[sn]:
		if hasWord(p.Toks, tb.tokenWords) || hasWord(p.words(), tb.tokenWords) || hasWord(t.toks, tb.tokenWords) || t.siblingTokenWord(p) {
			return false // an OAuth, coupon or verification code
		}
		return lang || runs || hasWord(p.words(), tb.runWords)
	case last == "command" || last == "cmd" || last == "script" || last == "commands" || last == "scripts":
		if len(p.words()) > 0 {
			return hasWord(p.words(), tb.runWords) || lang || hasWord(p.words(), tb.codeWords) && runs
		}
		return runs || tb.startVerbs[t.verbWord]
	case tb.codeParams[sn], tb.codeLast[last]:
		return true
	case sn == "expression" || sn == "function" || sn == "script_source":
		return lang || hasWord(p.words(), tb.codeWords) && (runs || hasWord(p.words(), tb.runWords))
	}
	return false
}

// siblingNamed reports a parameter beside p with one of the names.
func (t *tc) siblingNamed(p *param, names ...string) bool {
	for i := range t.w.Params {
		q := &t.w.Params[i]
		if q == p || q.Parent != p.Parent {
			continue
		}
		for _, n := range names {
			if snake(q) == n {
				return true
			}
		}
	}
	return false
}

// siblingTokenWord reports a parameter beside p whose name says p is a
// token (client_id, redirect_uri, coupon_id).
func (t *tc) siblingTokenWord(p *param) bool {
	for i := range t.w.Params {
		q := &t.w.Params[i]
		if q != p && q.Parent == p.Parent && hasWord(q.Toks, tbl().tokenWords) {
			return true
		}
	}
	return false
}

// queryLanguage reports prose naming a query language that can change
// data ("SQL", "Cypher", "raw query"); search syntaxes are not here.
func queryLanguage(ws []string) bool {
	if hasWord(ws, tbl().queryLangs) {
		return true
	}
	for i := 0; i+1 < len(ws); i++ {
		a, b := ws[i], ws[i+1]
		if a == "select" && (b == "statement" || b == "query" || b == "queries") || a == "raw" && (b == "query" || b == "queries") || a == "query" && b == "language" {
			return true
		}
	}
	return false
}

// pageCodeKinds is what a script run inside a browser page can do: read
// and change the page and what the session sees, not the host.
func pageCodeKinds() []string {
	return []string{model.KindCodeExec, model.KindReadSensitive, model.KindWrite}
}

// declaresObject reports whether an input schema says it is an object or
// lists properties: a schema of neither ({} or only "$schema") declares
// nothing and so accepts anything.
func declaresObject(schema any) bool {
	m, ok := schema.(map[string]any)
	if !ok {
		return false
	}
	_, hasType := m["type"]
	_, hasProps := m["properties"]
	return hasType || hasProps
}
