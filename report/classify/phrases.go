package classify

import (
	"strings"
	"sync"

	"github.com/assay-mcp/assay/report/model"
)

// phraseRule is one description rule: a pattern of words, what a match
// raises the tool to, and true and false samples tested beside it
// (TestPhraseSamples).
//
// A pattern is slots separated by spaces. A slot lists alternatives with
// "|"; an alternative ending in "~" matches any word starting with it
// ("delet~": delete, deletes, deleting); "_" matches any one word that
// is not a preposition, conjunction or negation ("execute _ _? code":
// "execute anonymous Apex code", not "run tests on code"); a slot ending
// in "?" may be absent and one ending in "*" may repeat (up to three
// words).
//
// Context decides whether a match counts: a verb right after a reading
// verb is an object ("returns sent messages"), and a negation just before
// a match cancels it ("does not delete").
type phraseRule struct {
	id, pattern string
	tier        int
	kinds       []string
	channel     string
	reason      string
	// reads: only for a tool that reads (private data named in a write
	// tool's description is what it writes, not what it returns).
	reads bool
	// verb: the match starts with a verb, so it does not count after a
	// reading verb or a negation.
	verb    bool
	yes, no []string
}

func phraseRules() []phraseRule {
	code := codeKinds(true)
	return []phraseRule{
		{id: "runs-code", channel: "other", pattern: "execute|executes|executing|run|runs|running|evaluate|evaluates|evaluating|eval a|an|the|any|arbitrary|custom|raw|user|provided|given|your|shell|javascript|js|python*" +
			" javascript|js|python|shell|bash|powershell|code|script|scripts|command|commands|snippet|snippets|cli|cmd|cmds", tier: 5, kinds: code, reason: "describes running code", verb: true,
			yes: []string{"Executes arbitrary JavaScript in the page", "Run a shell command on the host", "evaluates user-provided code"},
			no:  []string{"Returns the command history", "Does not execute commands", "Run a compliance control"}},
		{id: "runs-named-code", channel: "other", pattern: "execute|executes|executing|run|runs|running _ _? _? code|script|scripts|snippet|snippets", tier: 5, kinds: code, reason: "describes running code", verb: true,
			yes: []string{"Execute anonymous Apex code", "Runs the given Lua script", "execute user-supplied Groovy snippets"},
			no:  []string{"Run unit tests on code", "Runs the linter over the code", "Execute a search and return code snippets", "Returns scripts"}},
		{id: "terminal-access", pattern: "terminal|shell|bash|cli operations|access|commands|command|sessions|session", tier: 5, kinds: code, channel: "other", reason: "describes shell access", verb: true,
			yes: []string{"assistant for file, Git and terminal operations", "gives shell access to the host"}, no: []string{"Lists shell sessions", "a terminal emulator theme"}},
		{id: "arbitrary-code", pattern: "arbitrary code|commands|command|scripts|script|javascript|shell", tier: 5, kinds: code, channel: "other", reason: "describes arbitrary code",
			yes: []string{"can run arbitrary code"}, no: []string{"arbitrary text"}},
		{id: "runs-query-language", pattern: "execut~|run|runs|running a|an|the|any|arbitrary|raw|custom|read|only* sql|cypher|graphql|sparql|gremlin", tier: 5, kinds: codeKinds(false), reason: "describes running a query language", verb: true,
			yes: []string{"Execute a raw SQL query", "runs the cypher statement"}, no: []string{"Lists SQL databases"}},
		{id: "irreversible", pattern: "permanently delet~|remov~|destroy~|eras~|purg~", tier: 5, kinds: []string{model.KindDestructive}, reason: "describes an irreversible change", verb: true,
			yes: []string{"Permanently deletes the record"}, no: []string{"Moves it to the trash; nothing is permanently deleted"}},
		{id: "overwrites", pattern: "overwrite|overwrites|overwriting an|the|any|all? existing", tier: 5, kinds: []string{model.KindDestructive, model.KindWrite}, reason: "describes overwriting existing data", verb: true,
			yes: []string{"Creates the file or overwrites an existing one", "will overwrite existing entries without warning"},
			no:  []string{"Never overwrites existing files", "Returns whether it would overwrite"}},
		{id: "cannot-undo", pattern: "cannot|can't be undone|reversed|recovered", tier: 5, kinds: []string{model.KindDestructive}, reason: "describes an irreversible change",
			yes: []string{"This cannot be undone."}, no: []string{"It can be undone"}},
		{id: "irreversibly", pattern: "irreversibl~|irrevocabl~", tier: 5, kinds: []string{model.KindDestructive}, reason: "describes an irreversible change",
			yes: []string{"Irreversibly wipes the volume"}, no: []string{"Reversible"}},
		{id: "sends-email", pattern: "send|sends|sending a|an|the|new|your? email|emails|e|mail|mails", tier: 4, kinds: []string{model.KindEgress}, channel: "email", reason: "describes sending e-mail", verb: true,
			yes: []string{"Sends an email to the recipient"}, no: []string{"Lists emails sent last week", "Returns send email settings"}},
		{id: "sends-message", pattern: "send|sends|sending a|an|the|new|your|direct? message|messages|sms|text|texts|notification|notifications|dm|dms|invitation~|invite~|push|reply|replies", tier: 4, kinds: []string{model.KindEgress}, channel: "message", reason: "describes sending messages", verb: true,
			yes: []string{"Send a message to a Slack channel", "sends push notifications"}, no: []string{"Returns sent messages", "does not send messages"}},
		{id: "sends-request", pattern: "send|sends|sending a|an|the|any|custom|arbitrary? http|https|webhook|webhooks|request|requests", tier: 4, kinds: []string{model.KindEgress}, channel: "http", reason: "describes sending requests", verb: true,
			yes: []string{"Sends an HTTP request to the given URL", "send webhook"}, no: []string{"Lists requests"}},
		{id: "posts-public", pattern: "post|posts|posting|publish|publishes|add|adds a|an|the|new|public? comment|comments|tweet|tweets|reply|replies|review|message|messages to|in|on|as", tier: 4, kinds: []string{model.KindEgress}, channel: "publish", reason: "describes posting in public", verb: true,
			yes: []string{"Posts a comment on the issue", "Add a comment to a pull request"}, no: []string{"Returns comments on the issue"}},
		{id: "publishes", pattern: "publish|publishes|publishing|deploy|deploys|deploying|broadcast|broadcasts|broadcasting", tier: 4, kinds: []string{model.KindEgress}, channel: "publish", reason: "describes publishing or deploying", verb: true,
			yes: []string{"Deploys the app to Cloud Run", "Publishes it to npm"}, no: []string{"Lists deployments", "Get the publish status", "Shows deploy logs"}},
		{id: "uploads", pattern: "upload|uploads|uploading", tier: 4, kinds: []string{model.KindEgress}, channel: "upload", reason: "describes uploading", verb: true,
			yes: []string{"Uploads a local file to Drive"}, no: []string{"Lists uploads", "Returns the upload URL"}},
		{id: "git-push", pattern: "push|pushes|pushing the|local|your|all|new* changes|commits|commit|branch|branches|tags|to", tier: 4, kinds: []string{model.KindEgress}, channel: "git_remote", reason: "describes pushing to a remote", verb: true,
			yes: []string{"Push local commits to the remote", "pushes the branch to origin"}, no: []string{"Shows commits to push"}},
		{id: "any-url", pattern: "any|arbitrary url|urls|uri|uris|endpoint|endpoints|website|websites|webpage|webpages|host|hosts", tier: 4, kinds: []string{model.KindEgress, model.KindIngestsUntrusted}, channel: "http", reason: "describes reaching arbitrary URLs",
			yes: []string{"Fetch any URL and return markdown"}, no: []string{"Fetch the documentation page"}},
		{id: "web-content", pattern: "webpage|webpages|website|websites|internet|scrape~|scraping|crawl~|html|untrusted|browser", tier: 1, kinds: []string{model.KindIngestsUntrusted}, reason: "describes third-party content", reads: true,
			yes: []string{"Scrapes pages", "searches the internet"}, no: []string{"Reads a local file"}},
		{id: "web-pages", pattern: "web page|pages|search|searches|content|results|site|sites", tier: 1, kinds: []string{model.KindIngestsUntrusted}, reason: "describes third-party content", reads: true,
			yes: []string{"Reads web pages", "runs a web search"}, no: []string{"Builds a web app"}},
		{id: "search-results", pattern: "search engine|engines|results", tier: 1, kinds: []string{model.KindIngestsUntrusted}, reason: "describes third-party content", reads: true,
			yes: []string{"Returns web search results"}, no: []string{"Search the index"}},
		{id: "user-content", pattern: "user|third generated|party content|contents?", tier: 1, kinds: []string{model.KindIngestsUntrusted}, reason: "describes third-party content", reads: true,
			yes: []string{"user-generated content", "third-party content"}, no: []string{"user settings"}},
		{id: "environment", pattern: "environment variable|variables", tier: 2, kinds: []string{model.KindReadSensitive}, reason: "describes private data", reads: true,
			yes: []string{"Reads environment variables"}, no: []string{"Lists environments"}},
		{id: "private-data", pattern: "credential|credentials|secret|secrets|password|passwords|pii|inbox|filesystem|email|emails", tier: 2, kinds: []string{model.KindReadSensitive}, reason: "describes private data", reads: true,
			yes: []string{"returns secrets", "reads the inbox"}, no: []string{"Lists environments"}},
		{id: "private-data-2", pattern: "api|private|access|personal|file|local key|keys|token|tokens|data|information|contents|content|file|files|system", tier: 2, kinds: []string{model.KindReadSensitive}, reason: "describes private data", reads: true,
			yes: []string{"returns the file contents", "reads local files", "shows API keys"}, no: []string{"returns the file name"}},
		{id: "contents-of-file", pattern: "contents|content of a|an|the? file|files", tier: 2, kinds: []string{model.KindReadSensitive}, reason: "describes private data", reads: true,
			yes: []string{"Returns the contents of a file"}, no: []string{"Returns the list of files"}},
	}
}

// slot is one compiled pattern position.
type slot struct {
	words    map[string]bool
	prefixes []string
	// any: "_", any word but a preposition, conjunction or negation.
	any  bool
	opt  bool
	star bool
	// first marks the first bytes of every word and prefix: a cheap
	// refusal before the map and prefix checks.
	first [256]bool
}

func (s *slot) match(w string) bool {
	if s.any {
		return w != "" && !tbl().phraseStops[w] && !tbl().negations[w]
	}
	if w == "" || !s.first[w[0]] {
		return false
	}
	if s.words[w] {
		return true
	}
	for _, p := range s.prefixes {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// compiledPhrase is a rule ready to match.
type compiledPhrase struct {
	rule  *phraseRule
	slots []slot
}

func compilePattern(p string) []slot {
	var out []slot
	for _, f := range strings.Fields(p) {
		s := slot{words: map[string]bool{}}
		if strings.HasSuffix(f, "?") {
			s.opt, f = true, strings.TrimSuffix(f, "?")
		} else if strings.HasSuffix(f, "*") {
			s.opt, s.star, f = true, true, strings.TrimSuffix(f, "*")
		}
		for _, a := range strings.Split(f, "|") {
			if a == "_" {
				s.any = true
				continue
			}
			if strings.HasSuffix(a, "~") {
				s.prefixes = append(s.prefixes, strings.TrimSuffix(a, "~"))
			} else {
				s.words[a] = true
			}
			if a != "" {
				s.first[a[0]] = true
			}
		}
		out = append(out, s)
	}
	return out
}

// matchAt reports the end (exclusive) of a match of slots at ws[i:], or -1.
func matchAt(slots []slot, ws []string, i int) int {
	if len(slots) == 0 {
		return i
	}
	s := &slots[0]
	if s.star {
		// Greedy up to three words, backing off.
		n := 0
		for n < 3 && i+n < len(ws) && s.match(ws[i+n]) {
			n++
		}
		for ; n >= 0; n-- {
			if e := matchAt(slots[1:], ws, i+n); e >= 0 {
				return e
			}
		}
		return -1
	}
	if i < len(ws) && s.match(ws[i]) {
		if e := matchAt(slots[1:], ws, i+1); e >= 0 {
			return e
		}
	}
	if s.opt {
		return matchAt(slots[1:], ws, i)
	}
	return -1
}

// phraseIndex is every rule compiled, indexed by the exact words and
// prefixes that can start a match, so a description is read once.
type phraseIndex struct {
	all     []compiledPhrase
	byFirst map[string][]int
	prefix  []int // rules whose first slot has prefixes or is optional
	// plainFirst[i]: rule i's first slot is neither optional nor
	// repeated, so a word known to match it starts the rest of the match.
	plainFirst []bool
	// firstMin is the length of the shortest word in byFirst: a shorter
	// word needs no lookup.
	firstMin int
}

var phrases = sync.OnceValue(func() *phraseIndex {
	rules := phraseRules()
	ix := &phraseIndex{byFirst: map[string][]int{}}
	for i := range rules {
		c := compiledPhrase{rule: &rules[i], slots: compilePattern(rules[i].pattern)}
		ix.all = append(ix.all, c)
		first := c.slots[0]
		ix.plainFirst = append(ix.plainFirst, !first.opt && !first.star)
		if first.opt || len(first.prefixes) > 0 {
			ix.prefix = append(ix.prefix, i)
		}
		for w := range first.words {
			ix.byFirst[w] = append(ix.byFirst[w], i)
		}
	}
	ix.firstMin = minKeyLen(ix.byFirst)
	return ix
})

// phraseMatch is one counted match.
type phraseMatch struct {
	rule       *phraseRule
	start, end int
}

// findPhrases returns the first counted match of every rule in ws.
func findPhrases(ws []string) []phraseMatch {
	ix := phrases()
	var doneBuf [64]bool // the table has fewer rules: no allocation
	done := doneBuf[:0]
	if len(ix.all) <= len(doneBuf) {
		done = doneBuf[:len(ix.all)]
	} else {
		done = make([]bool, len(ix.all))
	}
	var out []phraseMatch
	// try matches rule ri at word i; first says its first slot (neither
	// optional nor repeated) is already known to match ws[i].
	try := func(ri, i int, first bool) {
		if done[ri] {
			return
		}
		c := &ix.all[ri]
		var e int
		if first {
			e = matchAt(c.slots[1:], ws, i+1) // what matchAt(c.slots, ws, i) does after slot 0 matched
		} else {
			e = matchAt(c.slots, ws, i)
		}
		if e <= i {
			return
		}
		if c.rule.verb && (negated(ws, i) || afterReadingVerb(ws, i)) {
			return
		}
		done[ri] = true
		out = append(out, phraseMatch{rule: c.rule, start: i, end: e})
	}
	for i, w := range ws {
		// One lookup: the rules whose first slot lists w exactly.
		if len(w) >= ix.firstMin {
			for _, ri := range ix.byFirst[w] {
				try(ri, i, ix.plainFirst[ri])
			}
		}
		for _, ri := range ix.prefix {
			c := &ix.all[ri]
			if s0 := &c.slots[0]; !s0.opt && !s0.star {
				// A plain first slot: its exact words were tried above
				// (byFirst), so only its prefixes are left to match.
				if w == "" || !s0.first[w[0]] || !s0.prefixMatch(w) {
					continue
				}
				try(ri, i, true)
				continue
			}
			try(ri, i, false)
		}
	}
	return out
}

// prefixMatch reports w starting with one of the slot's prefixes.
func (s *slot) prefixMatch(w string) bool {
	for _, p := range s.prefixes {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// negated reports a negation in the three words before i ("does not
// delete", "never sends", "without uploading").
func negated(ws []string, i int) bool {
	neg := tbl().negations
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if neg[ws[j]] {
			return true
		}
	}
	return false
}

// afterReadingVerb reports a verb used as an object: right after a
// reading verb or a preposition ("returns sent messages", "lists
// deploy logs", "status of publish").
func afterReadingVerb(ws []string, i int) bool {
	if i == 0 {
		return false
	}
	return tbl().objectLead[ws[i-1]]
}
