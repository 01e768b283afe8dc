package classify

import (
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// annotationSignals treats hints as claims from an untrusted server:
// claims against interest raise, claims of safety are only checked. A
// claim against interest that the name and description contradict (a get
// or list tool declaring itself destructive) raises nothing and becomes a
// finding of its own (CAP-013): hints raise, but not silently past what
// the tool says it does.
func (t *tc) annotationSignals() {
	h := t.h
	roFalse, dTrue := isFalse(h.ReadOnly), isTrue(h.Destructive) && !isTrue(h.ReadOnly)
	if !roFalse && !dTrue {
		return
	}
	// readOnlyHint: false always counts (it is the protocol's default, and
	// its revocation is how a server announces a change of behaviour);
	// destructiveHint: true must be plausible.
	reads := t.onlyReads()
	var doubted []string
	if roFalse {
		t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigAnnotation, ptr: "/annotations/readOnlyHint", detail: "server declares readOnlyHint: false"})
	}
	if dTrue && (reads || t.navigates()) {
		doubted = append(doubted, "destructiveHint: true")
	} else if dTrue {
		t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive, model.KindWrite}, signal: sigAnnotation, ptr: "/annotations/destructiveHint", detail: "server declares destructiveHint: true"})
	}
	if len(doubted) == 0 {
		return
	}
	why := strings.Join(doubted, " and ") + " on a tool whose name says \"" + t.verbWord + "\""
	if t.descLead >= 0 {
		why += " and whose description begins \"" + t.descWords[t.descLead] + "\""
	}
	t.implausible = why
	t.add(cand{tier: 0, effect: false, signal: sigAnnotation, ptr: "/annotations", detail: "hints not counted: " + why})
}

// onlyReads reports a tool whose name's verb reads, whose description's
// main verb reads (or is absent), and that nothing else shows changing
// anything: hints against interest on it are implausible.
func (t *tc) onlyReads() bool {
	if t.verbCat != CatRead || t.verbWord == "" {
		return false
	}
	if t.descLead >= 0 && !t.descReads() {
		return false
	}
	_, eff := t.prelim()
	return eff < 3
}

// navigates reports a tool that only moves a browser to a page: it can
// send, but it destroys nothing, whatever its hints say.
func (t *tc) navigates() bool {
	switch t.verbWord {
	case "navigate", "goto", "go_back", "go_forward", "open", "visit":
		return !t.hasKind(model.KindDestructive)
	}
	return false
}

// descriptionSignals reads the description: its main verb (like a name
// verb) and its phrases. Attacker-controlled, so it may only raise.
func (t *tc) descriptionSignals() {
	ws := t.descWords
	if len(ws) == 0 {
		return
	}
	// The main verb stands in for the name's verb only when the name has
	// none: "Send a card to the archive" does not make archive_card a
	// send. Phrases below still raise whatever the name says.
	if i := leadVerb(ws); i >= 0 && t.verbCat == "" {
		first := ws[i]
		if why, asRead, ex := t.excepted(firstStem(t.lx, first)); ex {
			t.add(cand{tier: 0, effect: asRead, signal: sigRule, ptr: "/description", detail: "\"" + first + "\" not counted: " + why})
		} else if c, w := t.descVerb(first); c == CatWrite && t.generatesOnly() {
			t.descCat = CatRead
			t.add(cand{tier: 0, effect: true, signal: sigDescription, ptr: "/description", detail: "begins \"" + excerpt(first, 30) + "\" (" + w + "): makes what it returns, the description says nothing is written"})
		} else if c != "" {
			t.descCat = c
			tier, kinds := verbClass(c)
			if c == CatBrowser && !t.browserContext() {
				tier, kinds = 3, []string{model.KindWrite}
			}
			t.add(cand{tier: tier, effect: true, kinds: kinds, signal: sigDescription, ptr: "/description", detail: "begins \"" + excerpt(first, 30) + "\" (" + w + ")"})
		}
	}
	for _, m := range findPhrases(ws) {
		ph := m.rule
		if ph.reads && !t.reads() {
			continue
		}
		kinds, ch := ph.kinds, ph.channel
		if ph.id == "runs-code" || ph.id == "arbitrary-code" || ph.id == "terminal-access" {
			if t.browserContext() && ph.id != "terminal-access" {
				kinds, ch = pageCodeKinds(), ""
			} else {
				kinds = t.hostCodeKinds(true)
			}
		}
		t.add(cand{tier: ph.tier, effect: ph.tier >= 3, kinds: kinds, channel: ch, signal: sigDescription, ptr: "/description",
			detail: ph.reason + ": \"" + excerpt(strings.Join(ws[m.start:m.end], " "), 60) + "\""})
	}
}

// reads reports whether the tool, as far as name and description say,
// returns data rather than changing it.
func (t *tc) reads() bool {
	switch t.verbCat {
	case CatRead, "":
	default:
		return false
	}
	switch t.descCat {
	case CatRead, "":
		return true
	}
	return false
}

func firstStem(lx *lexicon, w string) string {
	if _, x := lx.verbOf(w); x != "" {
		return x
	}
	return w
}

// deferredSignals are conditional on what the others found: switches that
// matter only on a tool that already writes, paths that matter only on a
// tool that reads, and the server's own read-only claim as a last resort.
func (t *tc) deferredSignals() {
	tier, eff := t.prelim()
	for i := range t.w.Params {
		p := &t.w.Params[i]
		if p.is("boolean") && tbl().forceLater[snake(p)] && tier >= 3 && t.forceDestroys(snake(p)) {
			t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive}, signal: sigSchema, ptr: p.Ptr, detail: "\"" + p.Name + "\" switch on a tool that changes state"})
		}
	}
	if t.reads() && eff <= 2 {
		if p := t.localPathParam(); p != nil {
			if t.savesOutput() {
				// screenshot, download, export to a path: the path is where
				// the result is written, not what is read.
				t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigSchema, ptr: p.Ptr, detail: "writes its result to a caller-chosen local path"})
			} else {
				t.add(cand{tier: 2, effect: eff >= 0, kinds: []string{model.KindReadSensitive}, signal: sigSchema, ptr: p.Ptr, detail: "reads a caller-chosen local path"})
			}
		}
	}
	if (t.verbWord == "upload" || t.verbWord == "attach" || t.verbWord == "send" || t.browser) && t.hasKind(model.KindEgress) && !t.hasKind(model.KindReadSensitive) {
		if p := t.localPathParam(); p != nil {
			t.add(cand{tier: 4, effect: true, kinds: []string{model.KindReadSensitive}, signal: sigSchema, ptr: p.Ptr, detail: "sends a caller-chosen local file"})
		}
	}
	t.thirdParty()
	t.sendableDraft()
	t.nounName()
	if _, eff = t.prelim(); eff < 0 && isTrue(t.h.ReadOnly) {
		t.add(cand{tier: 0, effect: true, signal: sigAnnotation, ptr: "/annotations/readOnlyHint", detail: "only the server's readOnlyHint: true speaks about behaviour"})
	}
}

// descVerb classifies a description's first word, with browser verbs
// first for a browser tool ("Drop files onto the page" is not deletion).
func (t *tc) descVerb(w string) (string, string) {
	if t.browser {
		if x, ok := t.lx.has(CatBrowser, w); ok {
			return CatBrowser, x
		}
	}
	if c, x := t.lx.verbOf(w); c != "" {
		return c, x
	}
	if x, ok := t.lx.has(CatBrowser, w); ok {
		return CatBrowser, x
	}
	return "", ""
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// thirdParty raises a tool of an online service that creates, changes or
// deletes: the record lives with a third party, so the change is data
// leaving (R4 external, channel third_party_record), and a deletion there
// is egress too.
func (t *tc) thirdParty() {
	if t.sc == nil || !t.sc.remote {
		return
	}
	tier, eff := t.prelim()
	if eff < 3 || tier < 3 || t.hasKind(model.KindEgress) && !t.hasKind(model.KindDestructive) {
		return
	}
	if !t.hasKind(model.KindDestructive) && t.writesLocally() {
		return // "fetch the listing and save it to the local cache"
	}
	ch := "third_party_record"
	if t.mentions("comment", "comments", "post", "posts", "reply", "publish", "deploy", "deployment", "release") {
		ch = "publish"
	}
	// The detail quotes the server's reason (sc.why), which counts the
	// server's tools: it is written in after the cache ([result.whyEv]),
	// so adding a sibling does not invalidate this tool's result.
	t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress, model.KindWrite}, channel: ch, signal: sigRule, ptr: "/name",
		detail: thirdPartyDetail, why: true})
}

// thirdPartyDetail begins the evidence of [tc.thirdParty]; the server's
// reason follows it.
const thirdPartyDetail = "changes a record of an online service: "

// forceDestroys reports whether a force-like switch can destroy on this
// tool: "recursive" on create-directory makes parents, "force" on a push,
// reset, checkout, copy or apply overwrites, "cascade" deletes dependants
// of a deletion.
func (t *tc) forceDestroys(sw string) bool {
	switch sw {
	case "recursive", "cascade":
		return t.verbCat == CatDestructive
	case "hard":
		return t.verbWord == "reset"
	}
	switch t.verbWord {
	case "push", "reset", "checkout", "switch", "clean", "apply", "copy", "move", "rename", "write", "save", "restore", "overwrite", "install", "import", "replace", "sync":
		return true
	}
	return t.verbCat == CatDestructive
}

// sendableDraft raises a tool that writes an e-mail draft: a draft in a
// mail account can be sent by anyone with the account, so it is data
// leaving by e-mail (a draft kept in the tool's own scratch is not).
func (t *tc) sendableDraft() {
	if !t.mentions("draft", "drafts") || !t.mentions("email", "emails", "mail", "gmail", "outlook", "inbox", "e-mail") {
		return
	}
	if _, eff := t.prelim(); eff < 3 || t.hasKind(model.KindEgress) {
		return
	}
	t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress, model.KindWrite}, channel: "email", signal: sigName, ptr: "/name", detail: "writes an e-mail draft that can be sent"})
}

// savesOutput reports a reading verb whose result is a file: a screenshot,
// a download or an export.
func (t *tc) savesOutput() bool {
	switch t.verbWord {
	case "screenshot", "download", "export", "snapshot", "capture", "take", "save", "print", "render":
		return true
	}
	return hasWord(t.toks, tbl().saveWords)
}

// nounName reads a name of nouns only ("vibe_inbox", "flight_index") whose
// description begins with no verb either: such a name says what the tool
// returns, so it reads, unless anything else says otherwise.
func (t *tc) nounName() {
	// One word ("frobnicate") may be a verb nobody listed: only a name of
	// two or more words is read as a noun phrase.
	// A name with hidden or non-ASCII characters is not read this way.
	if t.verbCat != "" || t.descCat != "" || len(t.toks) < 2 || !plainASCII(t.def.Name) {
		return
	}
	if _, eff := t.prelim(); eff >= 0 {
		return
	}
	if t.descLead >= 0 {
		if c, _ := t.lx.verbOf(t.descWords[t.descLead]); c != "" && c != CatRead {
			return
		}
	}
	// A description that names any changing verb ("Memory operations:
	// read, write, patch") leaves the tool unknown: nothing decides.
	for i, w := range t.descWords {
		if i >= 15 {
			break
		}
		if c, _ := t.lx.verbOf(w); c != "" && c != CatRead && !tbl().nounVerbs[w] {
			return
		}
	}
	t.add(cand{tier: 0, effect: true, signal: sigName, ptr: "name:" + t.toks[len(t.toks)-1], detail: "a name of nouns says what the tool returns, and nothing says it changes anything"})
}
