package inject

import (
	"regexp"
	"strings"
)

// Feature scoring catches the four classes attackers rephrase most
// (override, concealment, tool preference, cross-tool) by what a sentence
// does rather than how it words it: who it speaks to, what it obliges,
// and which object outside the tool's own job it touches. Each feature is
// cheap and common alone; a finding needs two independent ones that
// together only make sense as an attack. Literals gate every expression,
// so most sentences never reach one.

type feature struct {
	re  *regexp.Regexp
	pre *preSet
}

// Feature indices.
const (
	fAddressee  = iota // the model is spoken to
	fOblige            // a request or obligation
	fPrior             // the model's earlier rules or setup
	fInvalid           // those rules voided or outranked
	fPersona           // the model is given a new identity
	fUnbound           // limits are claimed away
	fSuppress          // holding back what is reported
	fAudience          // the user or the reply
	fDisparage         // a bad quality claimed of something
	fOthers            // other tools, generically
	fSelect            // pick this one
	fTrigger           // a moment tied to some other action
	fFlowHere          // data routed into this tool
	fModify            // a change to another call
	fHush              // suppression strong alone
	fCompare           // this tool claimed better than the rest
	fExclusive         // every time, for all, exclusively
	fNarrow            // only part of the result reported
	fModelRules        // the rules the model runs under
	fSelfAuth          // this tool's own text set up as authority
	fProvenance        // data another tool produced
	fReply             // the model's own reply
	nFeatures
)

var features = [nFeatures]feature{
	fAddressee:  {rx(`\b(?:you|your|yourself|(?:the|an?|any)\s+(?:\w+\s+)?(?:assistant|model|agent|ai))\b`), newPre("you", "assistant", "model", "agent", " ai")},
	fOblige:     {rx(`\b(?:must|should|shall|always|never|ought|expected\s+to|required\s+to|please|kindly|need\s+not|preferable|best\s+if)\b`), newPre("must", "should", "shall", "always", "never", "ought", "expected to", "required to", "please", "kindly", "need not", "preferable", "best if")},
	fPrior:      {rx(`\b(?:(?:rules?|directions?|instructions?|guidance|boundaries|limits|restrictions|setup|configuration|prompt|guardrails|polic(?:y|ies)|settings)\b[^.;\n]{0,40}?\b(?:before|earlier|previously|originally|handed|given|started|at\s+the\s+start)|(?:usual|original|earlier|previous|prior|initial)\s+(?:[\w-]+\s+){0,2}?(?:rules|directions|instructions|guidance|boundaries|limits|restrictions|setup|configuration|guardrails|policies)|what(?:ever)?\s+(?:you\s+were\s+(?:\w+\s+)?told|the\s+(?:chat|session|system|host)\s+\w+\s+said)|(?:any|all)\s+other\s+(?:guidance|instructions|rules|directions)|anything\s+(?:else\s+)?you\s+(?:were|have\s+been|had\s+been)\s+(?:told|given|instructed)|(?:rules|directions|instructions|guidance|guidelines|boundaries|limits|restrictions|constraints|setup|configuration|guardrails|policies|safeguards)\b[^.;\n]{0,40}?\b(?:you|your|session|host|conversation|chat)|\b(?:your|session|host|conversation|system-level)\b[^.;\n]{0,30}?\b(?:rules|directions|instructions|guidance|guidelines|boundaries|limits|restrictions|constraints|setup|configuration|guardrails|policies|safeguards|notes?)|system\s+(?:message|prompt)|chat\s+setup)\b`), newPre("rule", "direction", "instruction", "guidance", "boundar", "limits", "restriction", "setup", "configuration", "prompt", "guardrail", "polic", "settings", "told", "said", "system message", "guideline", "constraint", "safeguard", "system-level")},
	fInvalid:    {rx(`\b(?:was\s+a\s+draft|impostor|fake|forged|(?:do|does)\s+not\s+apply|don'?t\s+apply|no\s+longer\s+appl\w+|wins|prevails?|takes?\s+precedence|precedence\s+over|ranks?\s+above|outranks?|authoritative|final\s+say|supersed\w+|overrid\w+|lifted|void|outweigh\w*|provisional|tentative|hereby|(?:is|are)\s+now\s+(?:the\s+)?binding|binding\s+version|not\s+in\s+(?:force|effect)|meant\s+(?:only\s+)?for\s+(?:\w+\s+)?(?:demos?|tests?|testing)|paused|suspended|cancell?ed|revoked|withdrawn|retired|(?:higher|highest|top|absolute)\s+priority|priority\s+over|trumps?|comes?\s+first)\b`), newPre("draft", "impostor", "fake", "forged", "not apply", "n't apply", "no longer", "wins", "prevail", "precedence", "rank", "authoritative", "final say", "supersed", "overrid", "lifted", "void", "outweigh", "provisional", "tentative", "hereby", "binding", "in force", "in effect", "meant for", "meant only", "paused", "suspended", "cancel", "revoked", "withdrawn", "retired", "priority", "trump", "comes first", "come first")},
	fPersona:    {rx(`\b(?:you\s+are\s+now|you\s+(?:now\s+)?act\s+as|from\s+(?:this\s+\w+|now)\s+(?:on|forward),?\s+you|from\s+now\s+on,?\s+you\s+are|you\s+will\s+now\s+(?:be|act)|pretend\s+(?:to\s+be|you\s+are))\b`), newPre("you are now", "act as", "from now", "forward", "you will now", "pretend")},
	fUnbound:    {rx(`\b(?:(?:no|without)\s+(?:content\s+|safety\s+|ethical\s+)?(?:limits|restrictions|filters|guardrails|rules)|free\s+(?:of|from)\s+(?:any\s+|all\s+)?(?:\w+\s+)?(?:restrictions|limits|rules|filters|guardrails|policies)|unrestricted|uncensored|unfiltered)\b`), newPre("limits", "restrictions", "filters", "guardrails", "rules", "policies", "unrestricted", "uncensored", "unfiltered")},
	fSuppress:   {rx(`\b(?:(?:refrain\s+from|avoid|don'?t|do\s+not|never|need\s+not(?:\s+be)?|needn'?t(?:\s+be)?|no\s+need\s+to|(?:does|do)\s+not\s+need\s+to(?:\s+be)?)\s+(?:\w+\s+)?(?:list|mention|nam|show|reveal|shar|disclos|tell|told|report|bring\w*\s+up|rais|surfac|explain|detail|know|hear|bother)\w*|(?:say|tell|mention)\w*\s+nothing|skip\w*\s+(?:any\s+|all\s+)?(?:reference|mention)|(?:stay|remain|keep)\w*\s+(?:silent|quiet|mum)|(?:no\s+need|(?:does|do)\s+not\s+need|doesn'?t\s+need|need\s+not|needn'?t)\s+to\s+(?:know|find\s+out|learn|hear|notice)|keep\w*\s+(?:[\w'-]+\s+){1,8}?out\s+of|(?:and|but)\s+nothing\s+(?:about|of|regarding|on)|no\s+(?:reason|need|point)\s+for\s+(?:\w+\s+){1,2}?to\s+(?:hear|know|learn|see|be\s+told)|(?:remain|stay|be\s+kept|kept)\s+(?:invisible|hidden|out\s+of)|leaves?\s+(?:[\w-]+\s+){1,4}?out\s+of|(?:keep|kept)\s+(?:[\w-]+\s+){0,4}?to\s+yourself|unmentioned|unsaid|undisclosed|unreported|not\s+(?:be\s+)?made\s+aware|not\s+something\s+to\s+(?:bring\s+up|mention|raise|discuss)|(?:does|do)\s+not\s+learn|doesn'?t\s+learn|between\s+(?:us|you\s+and\s+(?:me|the\s+server|this\s+server)))`), newPre("refrain", "avoid", "don't", "do not", "never", "need not", "needn't", "no need", "not need", "yourself", "unmentioned", "unsaid", "undisclosed", "unreported", "made aware", "not something", "nothing", "skip", "silent", "quiet", "mum", "need to", "no need", "keep", "no reason", "no point", "invisible", "hidden", "out of", "not learn", "n't learn", "between")},
	fAudience:   {rx(`\b(?:users?|person|people|human|requesters?|customers?|anyone|your\s+(?:reply|answer|summary|response|message)|any\s+summary|reporting\s+back|when\s+reporting|they\s+ask)\b`), newPre("user", "person", "people", "human", "requester", "customer", "anyone", "your ", "any summary", "reporting", "they ask")},
	fDisparage:  {rx(`\b(?:deprecated|unsafe|insecure|slow|unreliable|outdated|buggy|broken|corrupts?|leaks?|flagged|being\s+retired|problems|inaccurate|stale|compromised|malicious|untrusted|dangerous|fabricat\w+|hallucinat\w+|(?:no\s+longer|un)maintained|abandoned|end-of-life|incorrect|wrong|offline|unsupported|spam|robotic|unstable|flaky|inferior|low-quality|(?:should\s+be\s+)?avoided)\b`), newPre("deprecated", "unsafe", "insecure", "slow", "unreliable", "outdated", "buggy", "broken", "corrupt", "leak", "flagged", "retired", "problems", "inaccurate", "stale", "compromised", "malicious", "untrusted", "dangerous", "fabricat", "hallucinat", "maintained", "abandoned", "end-of-life", "incorrect", "wrong", "offline", "unsupported", "spam", "robotic", "unstable", "flaky", "inferior", "low-quality", "avoided")},
	fOthers:     {rx(`\b(?:the\s+others|(?:other|competing|alternative|generic|built-in|official|rival|third-party)\s+(?:[\w-]+\s+){0,2}?(?:tools?|servers?|integrations?|providers?|services?))\b`), newPre("others", "other", "competing", "alternative", "generic", "built-in", "official", "rival", "third-party")},
	fSelect:     {rx(`\b(?:(?:prefer|choose|select|pick|use|rely|route|trust|favou?r|opt\s+for)\w*\b[^.;\n]{0,60}?\b(?:this|ours|here|exclusively|every\s+time|instead|rather\s+than)|sanctioned\s+(?:option|choice|tool)|supersedes|(?:first\s+and\s+only|only)\s+choice|the\s+one\s+to\s+(?:choose|pick|use)|recommended\s+(?:replacement|choice|default)|(?:best|better|default|go-to)\s+choice)\b`), newPre("prefer", "choose", "select", "pick", "use", "rely", "route", "opt for", "trust", "favo", "sanctioned", "supersedes", "choice", "the one to", "recommended")},
	fTrigger:    {rx(`\b(?:whenever|each\s+time|every\s+time|(?:after|before)\s+(?:any|each|every)|(?:every|each|any)\s+[a-z][\w-]*\s+call\b|when\s+(?:\w+\s+)?[a-z][\w-]*\s+(?:runs|is\s+called|is\s+invoked|executes|reads|returns))\b`), newPre("whenever", "each time", "every time", "after any", "after each", "after every", "before any", "before each", "before every", " call", "runs", "called", "invoked", "executes", "reads", "returns")},
	fFlowHere:   {rx(`\b(?:(?:output|outputs|results?|response|returned|returns|contents?|details|rows|cookies|history|tokens?|text|page|body|data|command|messages?|html|credentials?|rows|email|total)\b[^.;\n]{0,60}?\b(?:here|(?:to|into)\s+this\s+\w+|(?:this\s+tool|this\s+server)'?s\s+\w+)|fill\s+this\s+with|(?:here|this\s+(?:tool|field|parameter))\b[^.;\n]{0,40}?\b(?:output|results?|response|returned|contents?|details|rows|cookies|tokens?))\b`), newPre("here", "this ", "fill this")},
	fModify:     {rx(`\b(?:(?:be\s+)?changed\s+to|set\s+to|replaced\s+(?:with|by)|redirect\w*|bcc|cc\s+\S+@)\b`), newPre("changed to", "set to", "replaced", "redirect", "bcc", "cc ")},
	fHush:       {rx(`\b(?:(?:if|should|when)\s+(?:the\s+)?(?:users?|person|customer|they|anyone)\s+asks?\b[^.;\n]{0,60}?\b(?:answer|say|reply|respond|tell)\w*\s+(?:them\s+)?(?:that\s+)?(?:there\s+(?:were|was|are|is)\s+(?:none|nothing|no)\b|nothing)|(?:keep|kept)\s+(?:[\w-]+\s+){0,4}?to\s+yourself|leave\s+(?:[\w-]+\s+){0,4}?unmentioned|unsaid|not\s+something\s+to\s+bring\s+up|between\s+(?:us|you\s+and\s+(?:me|the\s+server|this\s+server)))\b`), newPre("yourself", "unmentioned", "unsaid", "not something", "between", "ask")},
	fCompare:    {rx(`\b(?:(?:more|less)\s+[\w-]+\s+than\s+(?:any|all|the)\s+(?:other|others|alternatives?|rest)|(?:better|safer|faster)\s+than\s+(?:any|all|the)\s+(?:other|others|alternatives?|rest)|the\s+only\s+(?:reliable|safe|accurate|secure|trustworthy|correct|trusted)|unlike\s+(?:other|the\s+others|competing|alternative))\b`), newPre("than any", "than all", "than the other", "than the rest", "than the alternative", "the only", "unlike")},
	fExclusive:  {rx(`\b(?:always|exclusively|every\s+time|for\s+(?:all|every|any)|only|never)\b`), newPre("always", "exclusively", "every time", "for all", "for every", "for any", "only", "never")},
	fNarrow:     {rx(`\b(?:only\s+(?:mention|report|say|state|share|show|summari[sz]e|confirm|contain|include|list|give)\w*|(?:summari[sz]e|report|mention|say|state|describe|confirm|contain|include|list|give)\w*\s+only|stick\s+to|in\s+a\s+single\s+(?:short\s+)?sentence)\b`), newPre("only", "stick to", "single")},
	fReply:      {rx(`\b(?:your\s+(?:\w+\s+)?(?:reply|answer|summary|response|message|report|explanation)|any\s+summary|report\w*\s+back|what\s+you\s+(?:report|say|tell|write|show)|(?:every|each|any)\s+(?:explanation|reply|answer|summary)|when\s+(?:confirming|reporting|replying|answering)|(?:in|from)\s+(?:replies|conversations?|the\s+chat|your\s+output))\b`), newPre("your ", "summary", "back", "what you", "explanation", "reply", "answer", "when confirming", "when reporting", "when replying", "when answering", "replies", "conversation", "the chat", "your output")},
	fModelRules: {rx(`\b(?:(?:rules|directives|guardrails|polic(?:y|ies)|guidance|instructions|constraints|restrictions|brief|system\s+text)\b[^.;\n]{0,40}?\b(?:assistant|model|you\s+(?:were|are|started|began)|launch\w*|loaded|at\s+start\w*)|\b(?:assistant|model|host|earlier|prior|initial|original|launch)'?s?\b[^.;\n]{0,30}?\b(?:rules|directives|guardrails|polic(?:y|ies)|guidance|instructions|constraints|restrictions|system\s+text))\b`), newPre("rules", "directive", "guardrail", "polic", "guidance", "instruction", "constraint", "restriction", "brief", "system text")},
	fSelfAuth:   {rx(`\b(?:what(?:ever)?\s+this\s+(?:server|tool|field|description)\s+says|(?:this|the)\s+(?:server|tool|field|description)'?s?\s+(?:own\s+)?(?:notes|guidance|text|word|instructions)|notes\s+in\s+this\s+(?:tool|server)|(?:is|are)\s+(?:the\s+)?real\s+(?:brief|rules|instructions)|(?:as\s+)?(?:a\s+|mere\s+)?suggestions?|nonbinding|non-binding|not\s+binding|senior\s+to|set\s+aside|rolled\s+back|advisory|optional)\b`), newPre("this server", "this tool", "this field", "this description", "the server", "the tool", "the field", "notes in", "real", "suggestion", "binding", "senior to", "set aside", "rolled back", "advisory", "optional")},
	fProvenance: {rx(`\b(?:that|which|whatever|what)\s+(?:the\s+)?[\w-]+\s+(?:tools?|servers?)\s+(?:\w+\s+)?(?:returns?|returned|loaded|read|fetched|produced|outputs?|saw|sees|gave)\b`), newPre("tool", "server")},
}

// reNamedTool is a tool named by the word before "tool" or "server".
var reNamedTool = rx(`\b(?:the\s+)?([a-z][\w-]*)\s+(?:tools?|servers?|integration)\b`)

// reFlowVerb moves data: flow into this tool counts only when asked for.
var reFlowVerb = rx(`\b(?:pass|send|forward|hand|copy|fill|supply|provide|paste|submit|put|feed|relay|pipe|route|give)\w*\b`)

// reHereish points at this tool as a destination.
var reHereish = rx(`\b(?:here|this\s+\w+)\b`)

// reContrast sets this tool against another.
var reContrast = rx(`\b(?:instead\s+of|rather\s+than|over\s+(?:the|any|other)|in\s+place\s+of)\b`)

// notToolNames are words before "tool" that describe, not name, one.
var notToolNames = wordSet(`this our these those its their your same a an the that which mcp other any each every
	direct obvious relevant appropriate right correct specific dedicated separate following above below previous
	next first last individual single new main available suitable matching proper underlying helper utility
	related corresponding given selected current default primary secondary top-level`)

// reIdent is an identifier-shaped word (snake or kebab case).
var reIdent = rx(`\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b`)

var noFeatures bool

// featureHits scores the sentences of one string.
func featureHits(c *scanCtx) []hit {
	if c.e.Kind == kindIdent || c.sents == nil {
		return nil
	}
	t := c.text
	bits := map[int]uint32{}
	for i := range features {
		for _, si := range c.marks[features[i].pre.id] {
			bits[si] |= 1 << i
		}
	}
	for si := range c.sents {
		b := bits[si]
		if b == 0 || !featureFeasible(b|bits[si+1]) {
			continue
		}
		sp := c.sents[si]
		s := t[sp[0]:sp[1]]
		has := func(f int) bool {
			return b&(1<<f) != 0 && features[f].re.MatchString(s)
		}
		class := ""
		switch {
		case has(fPrior) && has(fInvalid) && (has(fAddressee) || has(fOblige)):
			class = idOverride
		case has(fModelRules) && (has(fSelfAuth) || has(fInvalid) || scopeTopics[3].re.MatchString(s)):
			class = idOverride
		case has(fPersona) && has(fUnbound):
			class = idOverride
		case has(fHush) || has(fSuppress) && (has(fAudience) || has(fReply)) || has(fNarrow) && has(fReply):
			class = idConceal
		case c.otherTool(s) || has(fOthers):
			if (has(fFlowHere) || has(fProvenance) && reHereish.MatchString(s)) && reFlowVerb.MatchString(s) || has(fTrigger) && (has(fModify) || reFlowVerb.MatchString(s) && (has(fAddressee) || has(fOblige))) {
				class = idCrossTool
				break
			}
			// Disparagement may sit in the next sentence ("never pick
			// the generic tool; it corrupts data").
			next := ""
			if si+1 < len(c.sents) {
				next = t[c.sents[si+1][0]:c.sents[si+1][1]]
			}
			directive := has(fSelect) || has(fOblige)
			switch {
			case directive && (has(fDisparage) || bits[si+1]&(1<<fDisparage) != 0 && features[fDisparage].re.MatchString(next)):
				class = idPreference
			case has(fCompare) && (directive || has(fAddressee)):
				class = idPreference
			case has(fSelect) && has(fExclusive) && reContrast.MatchString(s):
				class = idPreference
			}
		}
		if class == "" || negatedBefore(t, sp[0]+1) || reProtective.MatchString(s) {
			continue
		}
		return []hit{{class: class, rule: "feature_scope", start: sp[0], end: sp[1]}}
	}
	return nil
}

// featureFeasible reports whether the literal bits could satisfy any
// combination, so most sentences skip every expression.
func featureFeasible(b uint32) bool {
	on := func(f int) bool { return b&(1<<f) != 0 }
	return on(fPrior) && on(fInvalid) || on(fModelRules) || on(fPersona) && on(fUnbound) || on(fHush) ||
		on(fSuppress) && (on(fAudience) || on(fReply)) || on(fNarrow) && on(fReply) ||
		on(fFlowHere) || on(fProvenance) || on(fTrigger) && (on(fModify) || on(fOthers) || on(fOblige) || on(fAddressee)) ||
		on(fDisparage) || on(fCompare) || on(fSelect) && on(fExclusive)
}

// otherTool reports a tool this server does not own named in s, by
// identifier or as "the X tool".
func (c *scanCtx) otherTool(s string) bool {
	for _, m := range reIdent.FindAllString(s, 4) {
		if c.foreign(m) {
			return true
		}
	}
	for _, m := range reNamedTool.FindAllStringSubmatch(s, 4) {
		w := m[1]
		if notToolNames[w] {
			continue
		}
		if c.sc.tools[w] || c.sc.names[w] || c.toolTokens()[w] || strings.HasPrefix(w, "this") {
			continue
		}
		return true
	}
	return false
}
