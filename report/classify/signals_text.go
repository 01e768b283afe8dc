package classify

import (
	"github.com/assay-mcp/assay/report/internal/lazyre"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// annotationSignals treats hints as claims from an untrusted server:
// claims against interest raise, claims of safety are only checked.
func (t *tc) annotationSignals() {
	h := t.h
	if isFalse(h.ReadOnly) {
		t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigAnnotation, ptr: "/annotations/readOnlyHint", detail: "server declares readOnlyHint: false"})
	}
	if isTrue(h.Destructive) && !isTrue(h.ReadOnly) {
		t.add(cand{tier: 3, effect: true, kinds: []string{model.KindDestructive}, signal: sigAnnotation, ptr: "/annotations/destructiveHint", detail: "server declares destructiveHint: true"})
	}
}

var (
	// Leading boilerplate before a description's first verb.
	reLead      = lazyre.New(`^(?:(?:this|the|a) )?(?:tool|function|endpoint|command|method|helper|api)?\s*(?:(?:is )?used |that |which |will |can |lets you |allows? (?:you |the (?:user|model|assistant) )?|enables? (?:you )?|helps? (?:you )?|for |to |use (?:this )?(?:tool )?to )*`)
	reFirstWord = lazyre.New(`^[a-z][a-z-]*`)
	reNumbers   = lazyre.New(`\b(two|2|multiple|several) numbers\b|\bnumbers? together\b|\bsum of\b`)

	// Description phrases: the weakest signal, they only raise.
	descPhrases = []struct {
		re     *lazyre.Regexp
		tier   int
		kinds  []string
		reason string
		// reads: only for a tool that reads (a sensitivity noun in a
		// write tool's description says what it writes, not what it returns).
		reads bool
		// need lists substrings of which every match contains at least
		// one: a cheap test that skips the regexp on most descriptions
		// (the regexps were most of classification's time).
		need []string
	}{
		{lazyre.New(`\b(execute|executes|run|runs|evaluate|evaluates) (?:an? |the |any |arbitrary |custom |raw |user[- ]provided |provided )*(javascript|js|python|shell|bash|powershell|code|scripts?|commands?)\b`), 5, codeKinds(true), "describes running code", false, []string{"execut", "run", "evaluat"}},
		{lazyre.New(`\barbitrary (code|commands?|scripts?|javascript)\b`), 5, codeKinds(true), "describes arbitrary code", false, []string{"arbitrary "}},
		{lazyre.New(`\b(execut|run)\w* (?:an? |the |any |arbitrary |raw |custom )*(sql|cypher|graphql|sparql|gremlin)\b`), 5, codeKinds(false), "describes running a query language", false, []string{"execut", "run"}},
		{lazyre.New(`\bpermanently (delet|remov|destroy|eras|purg)|\bcannot be (undone|reversed|recovered)\b|\birreversibl|\bdata loss\b`), 5, []string{model.KindDestructive}, "describes an irreversible change", false, []string{"permanently ", "cannot be ", "irreversibl", "data loss"}},
		{lazyre.New(`\bsends? (?:an? |the |new )?(e-?mails?|messages?|sms|texts?|text messages?|notifications?|webhooks?|http requests?|requests? to|invit\w+|push)\b|\bposts? (?:an?` +
			` |the )?(messages?|comments?|tweets?|replies) (to|in|on)\b|\bpublish(es)? (?:it |them )?to\b|\bbroadcast\w*\b`), 4, []string{model.KindEgress}, "describes sending to others", false, []string{"send", "post", "publish", "broadcast"}},
		{lazyre.New(`\b(any|arbitrary) (url|uri|endpoint|website|web ?page|host)s?\b`), 4, []string{model.KindEgress, model.KindIngestsUntrusted}, "describes reaching arbitrary URLs", false, []string{"any ", "arbitrary "}},
		{lazyre.New(`\b(web ?pages?|websites?|the (?:open )?web|internet|scrap(e|es|ing)|crawl\w*|html|search engines?|web search|search results|untrusted|user[- ]generated|third[- ` +
			`]party content|browser)\b`), 1, []string{model.KindIngestsUntrusted}, "describes third-party content", true, []string{"web", "internet", "scrap", "crawl", "html", "search", "untrusted", "user", "third", "browser"}},
		{lazyre.New(`\b(environment variables?|credentials?|api[ _-]?keys?|secrets?|passwords?|private keys?|access tokens?|personal (data|information)|pii|e-?mails?|inbox|file cont` +
			`ents?|contents? of (?:an? |the )?files?|filesystem|file system|local files?)\b`), 2, []string{model.KindReadSensitive}, "describes private data", true,
			[]string{"environment", "credential", "api", "secret", "password", "private", "access token", "personal", "pii", "mail", "inbox", "file", "content"}},
	}
)

// descriptionSignals reads the description: its leading verb (like a
// name verb) and phrases. Attacker-controlled, so it may only raise.
func (t *tc) descriptionSignals() {
	d := strings.ToLower(t.def.Description)
	if len(d) > 4000 {
		d = d[:4000]
	}
	d = strings.TrimSpace(d)
	if d == "" {
		return
	}
	lead := reLead.ReplaceAllString(d, "")
	first := reFirstWord.FindString(lead)
	// The leading verb stands in for the name's verb only when the name
	// has none: "Send a card to the archive" does not make archive_card
	// a send. Phrases below still raise whatever the name says.
	if first != "" && t.verbCat == "" {
		if why, asRead, ex := t.excepted(firstStem(t.lx, first)); ex {
			t.add(cand{tier: 0, effect: asRead, signal: sigRule, ptr: "/description", detail: "\"" + first + "\" not counted: " + why})
		} else if c, w := t.descVerb(first); c != "" {
			t.descCat = c
			tier, kinds := verbClass(c)
			// The name outranks the description for the action; a
			// description verb still raises.
			t.add(cand{tier: tier, effect: true, kinds: kinds, signal: sigDescription, ptr: "/description", detail: "begins \"" + excerpt(first, 30) + "\" (" + w + ")"})
		}
	}
	for _, ph := range descPhrases {
		if !containsAny(d, ph.need) {
			continue
		}
		loc := ph.re.FindStringIndex(d)
		if loc == nil {
			continue
		}
		if ph.reads && !t.reads() {
			continue
		}
		t.add(cand{tier: ph.tier, effect: ph.tier >= 3, kinds: ph.kinds, signal: sigDescription, ptr: "/description", detail: ph.reason + ": \"" + excerpt(d[loc[0]:loc[1]], 60) + "\""})
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
		if p.is("boolean") && tbl().forceLater[snake(p)] && tier >= 3 {
			t.add(cand{tier: 5, effect: true, kinds: []string{model.KindDestructive}, signal: sigSchema, ptr: p.Ptr, detail: "\"" + p.Name + "\" switch on a tool that changes state"})
		}
	}
	if t.reads() && eff <= 2 {
		if p := t.localPathParam(); p != nil {
			t.add(cand{tier: 2, effect: eff >= 0, kinds: []string{model.KindReadSensitive}, signal: sigSchema, ptr: p.Ptr, detail: "reads a caller-chosen local path"})
		}
	}
	if (t.verbWord == "upload" || t.verbWord == "attach" || t.verbWord == "send" || t.browser) && t.hasKind(model.KindEgress) && !t.hasKind(model.KindReadSensitive) {
		if p := t.localPathParam(); p != nil {
			t.add(cand{tier: 4, effect: true, kinds: []string{model.KindReadSensitive}, signal: sigSchema, ptr: p.Ptr, detail: "sends a caller-chosen local file"})
		}
	}
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
