package classify

import (
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// nameSignals reads the tool name: the first verb word decides the action,
// later nouns refine it (what is read, what code runs, what is sent).
func (t *tc) nameSignals() {
	toks := t.toks
	browser := t.browser
	ptr := func(w string) string { return "name:" + w }
	// User categories: any word anywhere.
	for i, w := range toks {
		for _, ci := range t.lx.byWord[w] {
			c := t.lx.extra[ci]
			if _, _, ex := t.excepted(w); ex {
				continue
			}
			ti, _ := tierIndex(c.Tier)
			t.add(cand{tier: ti, effect: true, kinds: c.Kinds, signal: sigName, ptr: ptr(toks[i]), detail: "word in category " + c.Name})
		}
	}
	verb, word := "", ""
	defer func() { t.verbWord = word }()
	for i := 0; i < len(toks) && verb == ""; i++ {
		w := toks[i]
		if why, asRead, ex := t.excepted(w); ex {
			t.add(cand{tier: 0, effect: asRead, signal: sigRule, ptr: ptr(w), detail: "\"" + w + "\" not counted: " + why})
			if !asRead {
				continue // the word is skipped; a later verb may still count
			}
			verb, word, t.verbIdx = CatRead, "", i
			break
		}
		// A word every tool of the server begins with is the server's
		// name ("protect_list_lights"), not a verb, when a verb follows.
		if i == 0 && t.sc != nil && w == t.sc.prefix && t.laterVerb(toks[1:]) {
			// Only a word that would merely write or act: a destroying,
			// sending, paying or code word keeps its weight.
			if c, _ := t.lx.verbOf(w); c == CatWrite || c == CatAction || c == CatBrowser {
				t.add(cand{tier: 0, effect: false, signal: sigRule, ptr: ptr(w), detail: "\"" + w + "\" begins every tool name of the server: its name, not a verb"})
				continue
			}
		}
		// HTTP-method style names (API-post-search, jira_post): "post"
		// sends only with a message noun, and yields to a later read verb.
		if w == "post" {
			if i+1 < len(toks) && tbl().sendNouns[toks[i+1]] {
				verb, word, t.verbIdx = CatEgress, w, i
				break
			}
			later := false
			for _, x := range toks[i+1:] {
				if c, _ := t.lx.verbOf(x); c == CatRead {
					later = true
				}
			}
			if later {
				continue
			}
			verb, word, t.verbIdx = CatWrite, w, i
			break
		}
		if browser {
			if x, ok := t.lx.has(CatBrowser, w); ok {
				verb, word, t.verbIdx = CatBrowser, x, i
				break
			}
		}
		if (w == "check" || w == "uncheck") && t.browserContext() && t.mentions("checkbox", "checkboxes", "radio") {
			// Ticking a box on a page is a click, not a verification.
			verb, word, t.verbIdx = CatBrowser, w, i
			break
		}
		if c, x := t.lx.verbAt(w, i+1 < len(toks)); c != "" && c != CatRead && tbl().nounFirst[x] && t.descReads() {
			// "schedule_changes: Returns the schedule changes": a noun here.
			t.add(cand{tier: 0, effect: false, signal: sigRule, ptr: ptr(w), detail: "\"" + w + "\" read as a noun: the description begins \"" + t.descWords[t.descLead] + "\""})
			continue
		}
		if c, x := t.lx.verbAt(w, i+1 < len(toks)); c != "" && c != CatRead && t.nounHere(w, x, toks[i+1:]) {
			t.add(cand{tier: 0, effect: false, signal: sigRule, ptr: ptr(w), detail: "\"" + w + "\" read as a noun here"})
			continue
		}
		if c, x := t.lx.verbAt(w, i+1 < len(toks)); c != "" && !(tbl().nounVerbs[x] && t.laterVerb(toks[i+1:])) {
			verb, word, t.verbIdx = c, x, i
		} else if x, ok := t.lx.has(CatBrowser, w); ok {
			verb, word, t.verbIdx = CatBrowser, x, i
		}
	}
	if verb == "" {
		t.nounSignals(toks, false)
		return
	}
	t.verbCat = verb
	if word == "" {
		return // excepted
	}
	rest := toks[t.verbIdx+1:]
	hasNoun := func(cat string) (string, bool) {
		for _, x := range rest {
			if w, ok := t.lx.has(cat, x); ok {
				return w, true
			}
		}
		return "", false
	}
	p := ptr(word)
	// Context turns some verbs around before the switch below.
	if verb == CatDestructive && t.reversibleRemove(word, rest) {
		t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" on " + t.reversibleWhat(rest) + " only unlinks: reversible"})
		return
	}
	if t.gitContext() && t.gitVerb(word, p) {
		return
	}
	if verb == CatAction {
		for _, x := range toks {
			if tbl().readObjects[x] {
				t.verbCat = CatRead
				t.add(cand{tier: 0, effect: true, signal: sigName, ptr: p, detail: "\"" + word + " " + x + "\" runs a read"})
				return
			}
		}
	}
	if word == "resolve" && hasWord(rest, tbl().resolveObjects) {
		t.verbCat = CatWrite
		t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"resolve\" closes a work item"})
		return
	}
	t.joinedVerb(rest)
	switch verb {
	case CatCodeVerb:
		if t.browserContext() {
			t.add(cand{tier: 5, effect: true, kinds: pageCodeKinds(), signal: sigName, ptr: p, detail: "\"" + word + "\" runs script in the page"})
			return
		}
		t.add(cand{tier: 5, effect: true, kinds: t.hostCodeKinds(true), channel: "other", signal: sigName, ptr: p, detail: "\"" + word + "\" runs code"})
	case CatPayment:
		t.add(cand{tier: 5, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" moves money"})
	case CatDestructive:
		if t.clearsSession(word, rest) {
			t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" clears what the browser session holds: its state, not the user's data"})
			return
		}
		t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive, model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" destroys data or state"})
	case CatEgress:
		ch, what := egressChannel(word, rest), "sends to others"
		k := []string{model.KindEgress}
		if word == "navigate" || word == "goto" {
			k, what, ch = append(k, model.KindIngestsUntrusted), "loads a web page", "browser"
		}
		t.add(cand{tier: 4, effect: true, kinds: k, channel: ch, signal: sigName, ptr: p, detail: "\"" + word + "\" " + what})
	case CatBrowser:
		if (word == "submit" || word == "click" || word == "press" || word == "tap" || word == "keypress" || word == "dblclick" || word == "check" || word == "uncheck") && t.browserContext() {
			t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress, model.KindWrite}, channel: "browser", signal: sigName, ptr: p, detail: "\"" + word + "\" can submit a form or follow a link on the page"})
		} else {
			t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" changes the state of a page or view"})
		}
	case CatCredVerb:
		if n, ok := hasNoun(CatCred); ok {
			t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive}, signal: sigName, ptr: p, detail: "\"" + word + "\" on " + n + " invalidates a credential"})
		} else {
			t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" changes state"})
		}
	case CatAction:
		if n, ok := hasNoun(CatCode); ok {
			net := n != "sql" && n != "query_sql" && n != "mutation" && n != "statement"
			ch, kinds := "", t.hostCodeKinds(net)
			if net {
				ch = "other"
			}
			if net && t.browserContext() {
				ch, kinds = "", pageCodeKinds() // execute_script of a browser driver: in the page
			}
			t.add(cand{tier: 5, effect: true, kinds: kinds, channel: ch, signal: sigName, ptr: p, detail: "\"" + word + " " + n + "\" runs code"})
		} else {
			t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" performs an action", dispatch: tbl().dispatchWords[word]})
		}
	case CatWrite:
		if t.generatesOnly() {
			t.verbCat = CatRead
			t.add(cand{tier: 0, effect: true, signal: sigName, ptr: p, detail: "\"" + word + "\" makes what it returns: the description says nothing is written"})
			return
		}
		if tbl().lifecycle[word] && len(rest) > 0 {
			if c, _ := t.lx.verbOf(rest[0]); c == CatRead {
				// start_search, stop_search: runs a read in the background.
				t.verbCat = CatRead
				t.add(cand{tier: 0, effect: true, signal: sigName, ptr: p, detail: "\"" + word + " " + rest[0] + "\" manages a read"})
				return
			}
		}
		if tbl().startVerbs[word] {
			for _, x := range rest {
				if x == "process" || x == "command" || x == "shell" || x == "terminal" || x == "script" {
					t.add(cand{tier: 5, effect: true, kinds: t.hostCodeKinds(true), channel: "other", signal: sigName, ptr: p, detail: "\"" + word + " " + x + "\" runs a program"})
					return
				}
			}
		}
		if n, ok := hasNoun(CatPayment); ok {
			t.add(cand{tier: 5, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + " " + n + "\" moves money"})
			return
		}
		if tbl().replaceVerbs[word] {
			if n := firstWord(toks, tbl().secretNouns); n != "" {
				// password_update, set_secret: the old value is gone, and
				// whoever used it is locked out (the ladder's rotation).
				t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive, model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" on a " + n + " replaces a secret: the old value is gone"})
				return
			}
		}
		if tbl().sendVerbs[word] {
			for _, x := range rest {
				if tbl().sendNouns[x] {
					ch := "message"
					if x == "email" || x == "mail" {
						ch = "email"
					}
					t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress}, channel: ch, signal: sigName, ptr: p, detail: "\"" + word + " " + x + "\" sends to people"})
					return
				}
			}
		}
		t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigName, ptr: p, detail: "\"" + word + "\" changes state"})
	case CatRead:
		t.add(cand{tier: 0, effect: true, signal: sigName, ptr: p, detail: "\"" + word + "\" reads"})
		t.nounSignals(toks[:t.verbIdx], true, rest...)
	}
}

// nounSignals reads object nouns of a reading tool (or a verbless name):
// private data makes it read_sensitive, third-party text ingests_untrusted.
//
// more are read after toks, as if joined to them (the words around a
// verb, without building the joined list).
func (t *tc) nounSignals(toks []string, reading bool, more ...string) {
	doneS, doneU := false, false
	for i := range len(toks) + len(more) {
		x := ""
		if i < len(toks) {
			x = toks[i]
		} else {
			x = more[i-len(toks)]
		}
		if _, _, ex := t.excepted(x); ex {
			continue
		}
		if w, ok := t.lx.has(CatSensitive, x); ok && !doneS && !(t.browser && tbl().browserPageNouns[w]) {
			t.add(cand{tier: 2, effect: reading, kinds: []string{model.KindReadSensitive}, signal: sigName, ptr: "name:" + x, detail: "returns " + w + " (private data)"})
			doneS = true
		}
		if w, ok := t.lx.has(CatUntrusted, x); ok && !doneU {
			t.add(cand{tier: 1, effect: reading, kinds: []string{model.KindIngestsUntrusted}, signal: sigName, ptr: "name:" + x, detail: "returns " + w + " (third-party content)"})
			doneU = true
		}
	}
}

// codeKinds is what running caller-supplied code implies: it can read,
// change and destroy anything the server can, and (unless it is a
// database language) reach the network.
func codeKinds(network bool) []string {
	k := []string{model.KindCodeExec, model.KindDestructive, model.KindReadSensitive, model.KindWrite}
	if network {
		k = append(k, model.KindEgress)
	}
	return k
}

// hostCodeKinds is [codeKinds] for code the tool runs outside a browser:
// on another host over SSH it reads, changes and sends, but the ladder
// counts destruction only where a tool deletes or overwrites.
func (t *tc) hostCodeKinds(network bool) []string {
	if network && t.remoteShell() {
		return []string{model.KindCodeExec, model.KindReadSensitive, model.KindWrite, model.KindEgress}
	}
	return codeKinds(network)
}

// nounHere reports a verb word w (base form x) that the name uses as a
// noun: a plural at the end of the name or before a reading verb
// ("companies_purchases", "purchases_search"), or a word that is a noun
// as often as a verb before an information noun ("build_info",
// "label_values", "change_history").
func (t *tc) nounHere(w, x string, rest []string) bool {
	tb := tbl()
	if w != x && strings.HasSuffix(w, "s") {
		if len(rest) == 0 {
			return true
		}
		if c, _ := t.lx.verbOf(rest[0]); c == CatRead {
			return true
		}
	}
	if len(rest) == 1 && tb.infoNouns[rest[0]] && (tb.nounVerbs[x] || tb.nounFirst[x] || tb.nounishVerbs[x]) {
		return true
	}
	return false
}

// firstWord returns the first of ws in set, or "".
func firstWord(ws []string, set map[string]bool) string {
	for _, w := range ws {
		if set[w] {
			return w
		}
	}
	return ""
}

// laterVerb reports whether any of toks is a verb (a noun-verb before it
// is then a noun: "maps_text_search").
func (t *tc) laterVerb(toks []string) bool {
	for _, x := range toks {
		if c, _ := t.lx.verbOf(x); c != "" {
			return true
		}
	}
	return false
}

// joinedVerb reads a second verb joined by "and"/"or" ("find_and_replace",
// "get_or_create"): the stronger of the two is what the tool can do.
func (t *tc) joinedVerb(rest []string) {
	for i := 0; i+1 < len(rest); i++ {
		if rest[i] != "and" && rest[i] != "or" {
			continue
		}
		c, w := t.lx.verbOf(rest[i+1])
		if c == "" || c == CatRead {
			continue
		}
		tier, kinds := verbClass(c)
		if c == CatBrowser {
			tier, kinds = 3, []string{model.KindWrite}
		}
		t.add(cand{tier: tier, effect: true, kinds: kinds, signal: sigName, ptr: "name:" + w, detail: "\"" + rest[i] + " " + w + "\": the tool also does this"})
		return
	}
}
