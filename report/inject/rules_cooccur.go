package inject

import "github.com/assay-mcp/assay/report/internal/lazyre"

// Co-occurrence rules are the safety net under the phrase rules: one
// sentence that holds every feature of a class, in any order. Attack text
// is rephrased endlessly; the features it needs (an audience and a hiding
// act about this very action, a skipped approval, a preference for this
// tool over another) are not. Each feature is a small RE2 expression; a
// rule fires when all of its features match inside one sentence and none
// of the match is negated or quoted as an example.

type cooc struct {
	class, name string
	pre         *preSet
	feats       []finder
	// ok, when set, vets the sentence (ownership).
	ok func(c *scanCtx, s0, s1 int) bool
}

var (
	// Approval: an approval noun or the act of asking, and a negator of it.
	featApprovalNoun = rx(`\b(?:automatic\s+execution|auto-?execution|execute\w*\s+(?:\w+\s+)?directly|confirm\w*|approv\w*|permission|consent\w*|authori[sz]\w*|sign-?off|go-ahead|ask(?:i` +
		`ng)?\s+(?:the\s+)?(?:user|human|operator|owner|anyone|them|first)|check-?ins?\s+with\s+(?:the\s+)?(?:user|human|anyone|them)|check(?:ing)?\s+(?:in\s+)?with\s+(?` +
		`:the\s+)?(?:user|human|anyone|anybody|someone|them)|agrees?\s+to|wait(?:ing)?\s+for\s+(?:a\s+|the\s+)?(?:human|user|operator|reply|response|approval|confirmatio` +
		`n))\b`)
	featApprovalNeg = rx(`\b(?:skip\w*|without\s+(?:[\w-]+\s+){0,3}?(?:double-|re-)?(?:confirm\w*|approv\w*|permission|consent\w*|ask\w*|check\w*|prompt\w*|wait\w*|authori\w*|bother\w*|r` +
		`eview\w*)|no\s+need|not\s+(?:needed|required|necessary)|unnecessary|needn'?t|don'?t\s+(?:need|have)\s+to|do\s+not\s+(?:need|have)\s+to|(?:do\s+not|don'?t|never|` +
		`no\s+longer)\s+(?:wait|ask|prompt|bother|check)|pre-?(?:authori[sz]ed|approved|confirmed)|opted\s+in|at\s+(?:signup|sign-up|registration|onboarding|install\w*)|` +
		`(?:it\s+is|it'?s)\s+(?:fine|ok|okay|safe)\s+to|go\s+ahead|already\s+(?:been\s+)?(?:given|granted|approv\w*|authori\w*|confirm\w*|consent\w*|agreed|cleared|ok\w*` +
		`)|in\s+advance|beforehand|assume\w*|allowed\s+to|free\s+to|implicit\w*|implied|inferred|(?:do\s+not|don'?t|never|no\s+longer)\s+(?:pause|stop|hesitate)\w*|autom` +
		`atic(?:ally)?\s+(?:approv|confirm|grant)|no\s+(?:reason|point)\s+(?:to|in)|(?:don'?t|do\s+not|never|without)\s+(?:interrupt|bother|disturb|pester)\w*|(?:are|is)` +
		`\s+(?:disabled|turned\s+off|switched\s+off|off|waived)\b|just\s+(?:execute|run|proceed|do\s+it|go)|white-?listed|allow-?listed|bypass\w*|circumvent\w*|waive\w*|` +
		`can\s+be\s+(?:skipped|ignored|omitted|dropped|disregarded)|trusted\s+mode|consider\w*\s+(?:\w+\s+){0,3}?(?:approved|authori[sz]ed|confirmed|consented)|treat\w*\` +
		`s+(?:\w+\s+){0,3}?as\s+(?:approved|authori[sz]ed|confirmed|consented))`)
	// Concealment: a hiding act, and a meta referent (this very action)
	// or an audience.
	featHide = rx(`\b(?:hide|hiding|mask\w*|obscur\w*|gloss\w*\s+over|downplay\w*|conceal\w*|omit\w*|leave\s+out|leaving\s+out|withhold\w*|suppress\w*|(?:mention|say|reveal|tell|d` +
		`isclose|report|share)\s+nothing|make\s+no\s+(?:reference|mention)|keep\s+(?:it|this|that|them)\s+to\s+yourself|(?:do\s+not|don'?t|never|avoid|without|not|isn'?t` +
		`|aren'?t|doesn'?t|won'?t|wasn'?t|shouldn'?t|mustn'?t|can'?t|wouldn'?t)\s+(?:\w+\s+)?(?:mention\w*|repeat\w*|reveal\w*|tell\w*|show\w*|surfac\w*|disclos\w*|infor` +
		`m\w*|report\w*|say\w*|explain\w*|acknowledg\w*|learn\w*|know\w*|find\w*\s+out|notic\w*|see|sees|aware)|(?:not|never|don'?t|do\s+not|no\s+(?:need|reason|point|ca` +
		`ll))\s+(?:\w+\s+){0,3}?(?:to\s+)?(?:bring\w*\s+(?:\w+\s+)?up|rais\w+|point\w*\s+out|call\w*\s+out|draw\w*\s+attention|tell\w*|mention\w*|inform\w*|notify\w*|fla` +
		`g\w*)|under\s+no\s+circumstances|discreetly|covertly|secretly|silently|stealthily|quietly|not\s+(?:meant|intended)\s+for|internal\s+(?:note|instruction)s?|off\s` +
		`+the\s+record|between\s+us)\b`)
	featMeta = rx(`\b(?:this|these|that|it|any\s+of\s+this|the\s+(?:[\w-]+\s+)?(?:part|fact|note|instruction|step|sync|transfer|upload|call|request|action|recipient|copy|side\s+ef` +
		`fects?|extra|additional|hidden|background|data\s+sync|above|following)|(?:that|what|how|where)\s+you|side\s+effects?|about\s+(?:the|this|that|it|them|any)\b|bri` +
		`ng\w*\s+(?:it|this|that|them)\s+up)\b`)
	featAud = rx(`\b(?:users?|humans?|operators?|person|people|anyone|anybody|customers?|requesters?|owners?|the\s+client|(?:your|the)\s+(?:final\s+|next\s+)?(?:reply|replies|ans` +
		`wer|response|responses|summary|output|message)|you\s+(?:respond|reply|answer|summari[sz]e|report)|(?:in|into|to)\s+(?:the\s+)?(?:chat|conversation|transcript))\` +
		`b`)
	// Preference: this tool, another tool, and a preference cue.
	featSelf = rx(`\b(?:this|our|the\s+present)\s+(?:[\w-]+\s+)?(?:tool|server|search|service|integration|function|one|mcp|api|converter|calculator|implementation|source|engine|pr` +
		`ovider|version|reader|viewer|client|editor|parser|app|library|dictionary|catalogue|catalog|database|index|store)\b|\bours\s+is\b|\bonly\s+this\s+\w+\b|\b(?:refu` +
		`se\s+to|never|do\s+not|don'?t)\s+(?:use|call|trust)\s+them\b|\b(?:rely|relying)\s+(?:solely\s+|only\s+|exclusively\s+)?on\s+(?:this|it|me|us)\b|\buse\s+(?:me|us` +
		`|it)\b|\bpick\s+(?:this|it|me)\b|\b(?:route|send|direct|bring|ask|take)\s+(?:all|every|any)\s+(?:\w+\s+){0,2}?(?:questions?|queries|requests?|tasks?|lookups?|se` +
		`arches)\s+(?:here|to\s+(?:me|us|this))\b|\bhere\s+instead\b|\bthis\s+[\w-]+\s+is\s+the\s+only\b|\b(?:steer|route|send|direct|funnel|redirect)\w*\s+(?:all|every|` +
		`any)\s+(?:\w+\s+){0,2}?(?:questions?|queries|requests?|tasks?|lookups?|search(?:es)?)\s+to\s+(?:this|us|me|our)\b|\bthis\s+is\s+the\s+(?:\w+\s+){0,2}?(?:tool|se` +
		`rver|calculator|one|source|implementation|version|service|api|engine|provider)\b`)
	featOther = rx(`\b\w+(?:\s+\w+)?\s+(?:and|or)\s+\w+(?:\s+\w+)?\s+(?:tools|servers|apps|integrations)\b|\b(?:built-in|native|default|other|competing|third[- ]party|alternative)\` +
		`s+(?:[\w-]+\s+)?(?:readers|viewers|browsers|converters|calculators|translators|editors|parsers|players|clients|checkers|generators|scanners|extractors|renderers` +
		`|formatters|validators|analy[sz]ers|compilers|interpreters|processors)\b|\b(?:an?|the)\s+[\w-]+\s+(?:server|mcp)\s+(?:is|are)\s+(?:also\s+)?(?:connected|availab` +
		`le|installed|present|enabled)\b|\b(?:competitor|competitors'?|rival|competing)\s+(?:[\w-]+\s+)?(?:tools?|servers?|services?|apps?|plugins?|sites?|stores?|provid` +
		`ers?)\b|\b(?:never|do\s+not|don'?t|avoid)\s+(?:use|using|recommend\w*|call\w*|suggest\w*|trust\w*|consult\w*|hand\w*|giv\w*|send\w*|pass\w*|rout\w*|delegat\w*|f` +
		`orward\w*)\s+(?:\w+\s+){0,6}?(?:tools|servers|services|apps|plugins|providers)\b|\bbetween\s+(?:the\s+|several\s+|multiple\s+)?(?:\w+\s+)?(?:tools|servers|optio` +
		`ns|services)\b|\b(?:several|multiple)\s+(?:\w+\s+)?tools\b|\b(?:another|other|any\s+other|alternative|competing|third[- ]party|built-in|default|native|similar|a` +
		`\s+different)\s+(?:\w+\s+)?(?:tools?|servers?|search(?:es)?|services?|providers?|integrations?|functions?|mcps?|apis?)\b|\b(?:another|other|any\s+other|every\s+` +
		`other|alternative|competing|default|built-in|native)\s+(?:\w+\s+)?(?:sources?|options?|alternatives?|apps?|plugins?|extensions?|calculators?|engines?|ones|provi` +
		`ders?)\b|\bthe\s+others\b|\balternatives\b|\bsystem\s+[\w-]+\s+tools\b|\b(?:tools?|servers?|services?)\s+from\s+other\b|\bother\s+\w+s\s+on\s+this\s+system\b|\b` +
		`[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b\w+\s+mcp\b`)
	featPrefer = rx(`\b(?:instead|rather\s+than|better\s+than|superior|prefer\w*|always|only|solely|exclusively|first\s+for\s+every|for\s+(?:every|all|any)\s+(?:\w+\s+)?(?:requests?` +
		`|questions?|tasks?|query|queries|lookups?|search(?:es)?)|should\s+not\s+consult|(?:not|never)\s+(?:consult|use|try)\s+(?:any\s+)?(?:alternatives|others)|even\s+` +
		`if|ignore|never|not\s+trustworthy|untrustworthy|don'?t\s+trust|do\s+not\s+trust|deprecated|unreliable|broken|outdated|insecure|avoid|safe\s+option|only\s+safe|s` +
		`afest|more\s+\w+\s+than|wrong|inaccurate|buggy|fake|unsafe|untrusted|compromised|malicious|inferior|worse|incorrect|authoritative|reference\s+implementation|off` +
		`icial\s+one|canonical|don'?t\s+bother\s+with|do\s+not\s+bother\s+with|errors|avoided|favou?r\w*|in\s+all\s+cases|at\s+all\s+times|stick\w*\s+(?:to|with)|corrupt` +
		`\w*|mangle\w*|garble\w*|deserves?\s+better|incorrectly|wrongly|inaccurately|poorly|(?:should|must)\s+be\s+(?:corrected|overridden|replaced|ignored|discarded)|(?` +
		`:correct|overrid|replac)\w*\s+with|inflated|biased|misleading|low-quality|steer\w*|(?:must|should|will|always)\s+win|wins|over\s+(?:any|all|every|the\s+other|ot` +
		`her)|no\s+matter\s+what)\b`)
	// Cross-tool: a conditional on another tool's presence or call, and a
	// directive.
	featHaveOther = rx(`\b(?:if|when|whenever|once)\s+(?:(?:you|the\s+user|they|the\s+agent|the\s+assistant|the\s+client)\s+)?(?:also\s+)?(?:have|has|see|find|are\s+given|get)\s+(?:acc` +
		`ess\s+to\s+)?(?:a|an|the|any|another|other)\s+(?:[\w-]+\s+){0,2}?(?:tools?|servers?|integrations?|functions?|mcps?|connectors?)\b|\b(?:call|calls|invocation|inv` +
		`ocations|run|runs|use)\s+(?:to|of)\s+(?:the\s+)?[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b|\bother\s+(?:connected|available|installed|loaded|enabled)\s+(?:tools|servers` +
		`)\b|\b(?:results?|outputs?|responses?|data|values?|arguments?|parameters?)\s+(?:from|of|to)\s+(?:the\s+)?[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\s+(?:tool|function)\b|` +
		`\b(?:if|when|whenever|once)\s+(?:a|an|the|any|another|other)\s+(?:['"\x60]?[\w-]+['"\x60]?\s+){0,2}?(?:tools?|servers?|integrations?|functions?|mcps?|connectors` +
		`?)\s+(?:(?:called|named)\s+['"\x60]?[\w-]+['"\x60]?\s+)?(?:(?:is|are)\s+(?:also\s+)?(?:available|present|installed|connected|enabled|loaded|accessible)|exists?)` +
		`\b|\bwith\s+(?:any|another|other|a\s+different)\s+(?:\w+\s+)?tools?\b|\b(?:when(?:ever)?|if|once)\s+(?:another|other|a\s+different|any\s+other|the\s+user'?s|the` +
		`\s+\w+)\s+(?:\w+\s+)?(?:servers?|tools?|services?|providers?|mcps?|integrations?)\s+(?:\w+\s+)?(?:returns?|responds?|outputs?|produces?|sends?|offers?|provides?` +
		`|process(?:es)?|handles?|opens?|reads?|fetch(?:es)?|loads?|visits?|writes?|saves?|creates?|receives?|completes?|finish(?:es)?|makes?|executes?|issues?|generates` +
		`?|is\s+(?:called|used)|are\s+(?:called|used)|runs?)\b`)
	// foreignRefs name another server's tool or tools on other servers
	// by structure ("the github server's create_pr", "any tool from
	// another MCP server", "every time send_x is used on any server").
	// Each runs only when its literal is in the sentence, so the common
	// case pays for none of them.
	foreignRefs = []gatedPart{
		{[]string{"should "}, rx(`\bshould\s+(?:a|an|the|any|another)\s+(?:[\w-]+\s+){0,2}?(?:tools?|servers?|integrations?)\s+be\s+(?:available|present|installed|connected|enabled|loaded|access` +
			`ible)\s*,\s*(?:\w+\s+){0,3}?(?:use|make|send|call|route|post|add|copy|forward|pass|set|change|transfer|pay)\b`), nil},
		{[]string{"such as", " like ", "e.g"}, rx(`\b(?:if|when|whenever|once)\s+(?:a|an|the|any|another|other)\s+(?:[\w-]+\s+){0,2}?(?:tools?|servers?|integrations?)\s+(?:such\s+as|like|e\.g\.?,?)\s+['"\x60]?[\` +
			`w-]+['"\x60]?\s+(?:is|are)\s+(?:also\s+)?(?:available|present|installed|connected|enabled|loaded|accessible)\b`), nil},
		{[]string{"agent"}, rx(`\bagents?\s+with\s+(?:an?\s+)?[\w-]+\s+(?:tools?|servers?|mcps?)\b`), nil},
		{[]string{"_"}, rx(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s+(?:from|on|of|in)\s+the\s+[\w-]+\s+(?:server|mcp)\b`), []string{" server", " mcp"}},
		{[]string{"tools"}, rx(`\b(?:results?|outputs?|responses?|data)\s+(?:from|of|returned\s+by)\s+(?:the|any|all|other|another)\s+(?:[\w-]+\s+)?tools\s+(?:\w+\s+){0,3}?(?:should|must|need\` +
			`s+to|have\s+to|are\s+to)\s+(?:\w+\s+){0,2}?(?:be\s+)?(?:passed|sent|forwarded|routed|copied|given|handed|piped|shared)\b`), []string{"passed", "sent", "forwarded", "routed", "copied", "given", "handed", "piped", "shared"}},
		{[]string{"'s"}, rx(`\b(?:server|mcp|integration|plugin|extension|connector)'s\s+[\w-]+`), nil},
		{[]string{" tool"}, rx(`\b(?:any|every|each|a|an|all)\s+(?:[\w-]+\s+)?tools?\s+(?:from|on|of|in|by)\s+(?:another|other|any|a\s+different|third-party|all)\s+(?:\w+\s+)?(?:servers?|mcps?` +
			`|integrations?|providers?|vendors?|sources?)\b|\b(?:after|before|during|following)\s+(?:any|every|each)\s+(?:[\w-]+\s+){0,2}?(?:tool|server|mcp)\s+(?:calls?|inv` +
			`ocations?|use|runs?)\b`), []string{"another", "other", "any ", "different", "third", "all ", "every", "each"}},
		{[]string{" server", " mcp"}, rx(`\b(?:on|from|in|across)\s+(?:any|another|other|every|all)\s+(?:other\s+|connected\s+|installed\s+|available\s+)?(?:mcp\s+)?(?:servers?|mcps?)\b`), []string{"any ", "another", "other", "every", "all "}},
		{[]string{"every time", "each time"}, rx(`\b(?:every|each)\s+time\s+(?:you\s+)?(?:use|call|invoke|run)\b|\b(?:every|each)\s+time\s+(?:the\s+)?[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s+(?:is|gets)\s+(?:used|called|invoked|run)`), nil},
		{[]string{"_"}, rx(`\b(?:when(?:ever)?|if|once|before|after)\s+(?:you\s+)?(?:use|call|invoke|run)\s+(?:the\s+)?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`), []string{"when", "if ", "once", "before", "after"}},
	}
	// haveOther is the cross-tool condition: the base expression, then the
	// gated structural references.
	haveOther     = gated{featHaveOther, foreignRefs}
	featDirective = rx(`\b(?:use|post|send|pass|give|hand|write|save|store|mirror|make|transfer|pay|add|append|include|bcc|cc|forward|set|change|modify|replace|redirect|route|assign|la` +
		`bel|copy|attach|insert|prepend|remove|call|invoke|must|should|always|run|execute|drop|delete|overwrite|rewrite|alter|edit|tell|say|claim)\b`)

	coocs = []cooc{
		{class: idApproval, name: "approval_cooccurrence",
			pre: newPreGroups([]string{"confirm", "approv", "permission", "consent", "authori", "sign-off", "signoff", "go-ahead", "ask", "check with", "check in",
				"checking with", "check-in", "checkin", "checking in", "agree", "wait", "automatic execution", "auto-execution", "autoexecution", "directly"}, []string{"skip",
				"without", "no need", "not needed", "not required", "not necessary", "unnecessary", "needn", "need to", "have to", "wait", "ask", "prompt", "bother", "pre-",
				"preauth", "preapprov", "already", "advance", "beforehand", "assum", "allowed to", "free to", "implicit", "automatic", "opted in", "signup", "sign-up", "registration",
				"onboarding", "install", "fine to", "ok to", "okay to", "safe to", "go ahead", "whitelist", "white-list", "allowlist", "allow-list", "consider", "treat",
				"bypass", "circumvent", "waive", "can be", "trusted mode", "no reason", "no point", "implied", "inferred", "pause", "hesitat", "interrupt", "disturb", "pester",
				"disabled", "turned off", "switched off", " off", "just "}),
			feats: []finder{featApprovalNoun, featApprovalNeg},
			ok:    approvalSentence},
		{class: idConceal, name: "conceal_cooccurrence",
			pre: newPreGroups([]string{"hid", "mask", "obscur", "gloss", "downplay", "conceal", "omit", "leave out", "leaving out", "withh", "suppress", "not", "n't",
				"never", "avoid", "without", "circumstances", "discreet", "covert", "secret", "silent", "stealth", "quiet", "meant for", "intended for", "internal", "off the record",
				"between us", "nothing", "make no", "to yourself", "no reason", "no point", "bring", "raise", "point out", "call out", "draw"},
				[]string{"user", "human", "operator", "person", "people", "anyone", "anybody", "customer", "requester", "owner", "client", "your ", "you respond", "you reply",
					"you answer", "you summar", "you report", "in chat", "in the chat", "conversation", "transcript", "the reply", "the answer", "the response", "the summary",
					"the output", "final answer", "the message"}),
			feats: []finder{featHide, featMeta, featAud},
			ok:    concealSentence},
		{class: idPreference, name: "preference_cooccurrence",
			pre: newPreGroups([]string{"this", "our", "present", "rely", "use me", "use us", "use it", "pick", "ours", "them", " here", "steer", "route all", "route every",
				"route any", "funnel", "direct all", "direct every", "direct any"}, []string{"instead", "rather", "better", "superior", "prefer", "always", "only", "solely",
				"exclusively", "first for", "for every", "for all", "for any", "even if", "ignore", "never", "trust", "deprecated", "unreliable", "broken", "outdated", "insecure",
				"avoid", "safe", " than", "wrong", "accurate", "buggy", "fake", "compromised", "malicious", "inferior", "worse", "incorrect", "authoritative", "reference",
				"official", "canonical", "bother", "errors", "favo", "all cases", "all times", "stick", "corrupt", "mangle", "garble", "deserve", "incorrect", "wrongly",
				"poorly", "corrected", "overridden", "replaced", "discarded", "with this", "over ", "no matter", "must win", "should win", "will win", "always win", " wins",
				"inflated", "biased", "misleading", "low-quality", "steer", "for all", "for every", "for any", "consult", "alternative"}),
			feats: []finder{featSelf, featOther, featPrefer},
			ok:    preferenceSentence},
		{class: idCrossTool, name: "crosstool_cooccurrence",
			pre: newPre("if ", "when", "once", "should a", "should an", "should the", "should any", "call to", "calls to", "call of", "invocation", "run of", "runs of",
				"use of", "other connected", "other available", "other installed", "other loaded", "other enabled", "with any", "with another", "with other", "with a different",
				"from the", "of the", " tool", " server", "server's", "mcp's", "integration's", "plugin's", "connector's", "extension's", "every time", "each time", "agent"),
			feats: []finder{haveOther, featDirective},
			ok:    crossToolSentence},
	}
)

// finder is what a co-occurrence feature needs: a first match.
type finder interface{ FindStringIndex(s string) []int }

// gatedPart is an expression run only when one of its literals occurs
// (and one of also, when set).
type gatedPart struct {
	lits []string
	re   *lazyre.Regexp
	also []string
}

// gated is a base expression with gated alternatives tried after it.
type gated struct {
	base  *lazyre.Regexp
	parts []gatedPart
}

func (g gated) FindStringIndex(s string) []int {
	if m := g.base.FindStringIndex(s); m != nil {
		return m
	}
	for _, p := range g.parts {
		if prefilter(s, p.lits) && prefilter(s, p.also) {
			if m := p.re.FindStringIndex(s); m != nil {
				return m
			}
		}
	}
	return nil
}

// coocHits runs the co-occurrence rules over the marked sentences.
func coocHits(c *scanCtx) []hit {
	if c.marks == nil || c.e.Kind == kindIdent {
		return nil
	}
	var out []hit
	t := c.text
	for _, r := range coocs {
	sentences:
		for _, si := range c.marks[r.pre.id] {
			sp := c.sents[si]
			s := t[sp[0]:sp[1]]
			a, b := len(s), 0
			for _, f := range r.feats {
				m := f.FindStringIndex(s)
				if m == nil {
					continue sentences
				}
				a, b = min(a, m[0]), max(b, m[1])
			}
			if r.ok != nil && !r.ok(c, sp[0], sp[1]) {
				continue
			}
			if isMention(t, sp[0]+a, sp[0]+b) {
				continue
			}
			out = append(out, hit{class: r.class, rule: r.name, start: sp[0] + a, end: sp[0] + b})
			break
		}
	}
	// A short preference claim may span two sentences ("Other X are
	// wrong. Use this one.").
	if len(t) <= 400 && len(c.sents) > 1 && !hasClass(out, idPreference) && (len(c.marks[coocs[2].pre.id]) > 0 || wholePre(t, coocs[2].pre)) && prefilter(t, disparageLits) && (reDisparage.MatchString(t) || reExclusive.MatchString(t)) {
		r := coocs[2]
		a, b, ok := len(t), 0, true
		for _, f := range r.feats {
			m := f.FindStringIndex(t)
			if m == nil {
				ok = false
				break
			}
			a, b = min(a, m[0]), max(b, m[1])
		}
		if ok && r.ok(c, 0, len(t)) && !isMention(t, a, b) {
			out = append(out, hit{class: r.class, rule: r.name, start: a, end: b})
		}
	}
	return out
}

// reDisparage runs other tools down; with it a preference claim may
// put self and others in separate sentences ("pick this one. Others are
// inaccurate.").
var reDisparage = rx(`\b(?:corrupt\w*|mangle\w*|garble\w*|incorrectly|wrongly|inaccurately|inflated|biased|misleading|unreliable|inaccurate|deprecated|broken|outdated|wrong|buggy|fake|untrust\w*|compromised|malicious|inferior|incorrect|manipulated|unsafe|insecure)\b`)

// disparageLits gate reDisparage and reExclusive: one of them must
// occur before either expression runs.
var disparageLits = []string{"corrupt", "mangle", "garble", "unreliab", "inaccura", "deprecat", "broken", "outdated", "wrong", "buggy", "fake", "untrust",
	"compromis", "malicious", "inferior", "incorrect", "manipulat", "unsafe", "insecure", "inflated", "biased", "misleading", "instead", "rather than", "exclusive",
	"solely", "never use", "not use", "n't use", "stop us", "never call", "not call", "n't call", "only use", "always use", "only call", "always call", "only pick",
	"always pick", "only choose", "always choose", "only trust", "always trust", "only rely", "always rely", "never consult", "not consult", "never trust", "not trust",
	"n't trust", "over any", "over all", "over every", "over other", "over the other", "avoided", "no other", "no alternative"}

// reExclusive demands this tool to the exclusion of others; a plain
// "prefer X for A and Y for B" across two sentences is routing advice.
var reExclusive = rx(`\b(?:instead|rather\s+than|exclusively|solely|(?:never|do\s+not|don'?t|stop)\s+(?:use|using|call|calling|consult|trust)|over\s+(?:any|all|every|other|the\s+othe` +
	`rs?)|(?:should|must)\s+be\s+avoided|(?:only|always)\s+(?:use|call|pick|choose|trust|rely)|no\s+(?:other|alternative))\b`)

// wholePre reports whether t holds a literal of every group of p,
// in any sentences: for claims that span two short sentences.
func wholePre(t string, p *preSet) bool {
	for _, g := range p.groups {
		if !prefilter(t, g) {
			return false
		}
	}
	return true
}

func hasClass(hs []hit, class string) bool {
	for _, h := range hs {
		if h.class == class {
			return true
		}
	}
	return false
}

// approvalSentence rejects sentences that demand approval ("never run
// without explicit approval", "ask the user first") and schema flags.
func approvalSentence(c *scanCtx, s0, s1 int) bool {
	s := c.text[s0:s1]
	if reRequireApproval.MatchString(s) || !reApprovalAgent.MatchString(s) || reAskForThing.MatchString(s) && !reApprovalWord.MatchString(s) {
		return false
	}
	if p := paramOf(c.e.Element); c.e.Kind != kindProse || p != "" {
		// A parameter may describe its own skip flag ("yes: skip
		// confirmation prompts"); other parameters have no business
		// talking about approval.
		if flagParam(p) || reFlagText.MatchString(s) {
			return false
		}
		return reSkipPerson.MatchString(s) || reImperative.MatchString(s)
	}
	return true
}

// flagParam reports parameter names of confirmation switches.
func flagParam(p string) bool {
	for _, t := range identTokens(p) {
		switch t {
		case "force", "yes", "y", "confirm", "confirmed", "skip", "auto", "approve", "approved", "interactive", "prompt", "quiet", "silent", "assume", "noconfirm", "no", "dry", "batch", "unattended", "noninteractive":
			return true
		}
	}
	return false
}

// reAskForThing asks a person for data, not for approval ("never ask
// the user for a seed phrase").
var (
	reAskForThing = rx(`\bask\w*\s+(?:the\s+)?(?:users?|humans?|them|customers?)\s+(?:for|to\s+(?:provide|enter|share|type|give|send))\s+(?:\w+\s+){0,3}?(?:phrases?|passwords?|keys?|to` +
		`kens?|codes?|numbers?|names?|address(?:es)?|emails?|files?|details|data|information|input|credentials?|secrets?|pins?|otps?)\b`)
	reApprovalWord = rx(`\b(?:confirm\w*|approv\w*|permission|consent\w*|authori[sz]\w*|sign-?off|go-ahead)\b`)
)

// reImperative is a sentence that opens with an order to the model.
var reImperative = rx(`^(?:please\s+|just\s+|simply\s+)?(?:go|proceed|perform|execute|run|do|don'?t|skip|never|always|you|assume|treat|act|continue|carry|feel)\b`)

// reApprovalAgent: an approval statement must involve a person or the
// model; "the pull request is already approved" describes data.
var reApprovalAgent = rx(`\b(?:approval\s+(?:steps?|prompts?|dialogs?|checks?|requests?|flows?|gates?)|users?|human|operator|owner|admin\w*|account|you|your|consent\w*|permission|confirm\w*|authori[sz]\w*|sign\w*\s+off|ok|okay|go-ahead)\b`)

var reFlagText = rx(`\b(?:if|when)\s+(?:true|false|set|enabled|disabled)\b|\b(?:equivalent|same)\s+(?:to|as)\s+-|\bflag\b|\bdefaults?\s+to\b`)

var (
	reRequireApproval = rx(`\b(?:never|do\s+not|don'?t|must\s+not|should\s+not|cannot|can'?t)\s+(?:\w+\s+){0,6}?without\b|\b(?:requires?|required|must\s+(?:get|obtain|ask|confirm)|always\s` +
		`+(?:ask|confirm)|asks?\s+(?:the\s+user\s+)?(?:for\s+)?(?:confirmation|approval|permission)\s+(?:before|first))\b|\b[a-z_-]+=(?:true|1|yes)\b|\s--?[a-z][a-z-]+\b` +
		`|\b(?:in|for)\s+(?:ci|scripts?|automation|pipelines?)\b|\bnon-?interactive\b|\bif\s+the\s+amount\b|\bbelow\s+the\s+limit\b`)
	reSkipPerson = rx(`\b(?:user|human|operator|owner)s?\b`)
)

// concealSentence requires the hiding to be an instruction about this
// action, not a feature that hides data ("archived messages are not shown
// to users").
func concealSentence(c *scanCtx, s0, s1 int) bool {
	s := c.text[s0:s1]
	return !reConcealFeature.MatchString(s) && !negatedBefore(c.text, s0+1)
}

var reConcealFeature = rx(`\b(?:unless|if\s+(?:true|false|set|enabled)|when\s+(?:true|false|set|enabled)|by\s+default|archived|deleted|private\s+(?:fields?|repos?|channels?)|in\s+the\s+(?` +
	`:form|ui|dashboard|list|view|table)|never\s+(?:logged|stored|transmitted|sent|shared|included|exposed|shown)|is\s+not\s+(?:logged|stored|sent|shared))\b`)

// preferenceSentence requires the other tool to be someone else's.
func preferenceSentence(c *scanCtx, s0, s1 int) bool {
	s := c.text[s0:s1]
	if reSuccession.MatchString(s) {
		return false
	}
	// A sentence that sends the model to the other tool ("use
	// terraform_apply after review") is a hand-off, not a preference for
	// this one.
	for _, m := range reIdentAny.FindAllStringIndex(s, 8) {
		if c.foreign(s[m[0]:m[1]]) && reUseBefore.MatchString(s[:m[0]]) && !negatedBefore(s, m[0]) {
			return false
		}
	}
	for _, m := range featOther.FindAllStringIndex(s, 8) {
		if reUseBefore.MatchString(s[:m[0]]) && !negatedBefore(s, m[0]) {
			return false // "use the built-in viewers instead": a hand-off
		}
		if reOwnAfter.MatchString(s[m[1]:]) {
			return false // "the read and write tools of this server"
		}
	}
	for _, m := range featOther.FindAllStringIndex(s, 8) {
		w := s[m[0]:m[1]]
		if c.foreign(w) || !reIdentOnly.MatchString(w) {
			return true
		}
	}
	return false
}

// reOwnAfter marks tools named as this server's own.
var reOwnAfter = rx(`^\s+(?:of|in|from|on)\s+(?:this|our)\s+(?:server|mcp|integration|package|plugin)\b`)

// reUseBefore ends in a positive verb of using the tool named next.
var reUseBefore = rx(`\b(?:use|call|try|run|see|invoke|prefer)\s+(?:the\s+)?$`)

// reSuccession is a version note: this tool replaces its own predecessor.
var reSuccession = rx(`\b(?:replaces|supersedes|succeeds|is\s+the\s+successor\s+(?:of|to))\s+(?:the\s+)?(?:deprecated|legacy|old|older|previous|former|v\d)`)

var reIdentOnly = lazyre.New(`^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$`)

// crossToolSentence requires any named tool to be foreign.
func crossToolSentence(c *scanCtx, s0, s1 int) bool {
	s := c.text[s0:s1]
	named, foreign := 0, 0
	for _, m := range reIdentAny.FindAllStringIndex(s, 8) {
		named++
		if c.foreign(s[m[0]:m[1]]) {
			foreign++
		}
	}
	// A sentence naming only the server's own tools is a usage note; one
	// naming a foreign tool (even next to an own one, "when X's
	// write_file runs, pass it to our add") reaches outside.
	for _, m := range reDescribedTool.FindAllStringSubmatchIndex(s, 4) {
		if w := s[m[2]:m[3]]; !c.sc.names[w] && !c.sc.tools[w] {
			foreign++
		}
	}
	if named > 0 && foreign == 0 && !reForeignServer.MatchString(s) {
		return false
	}
	return !negatedBefore(c.text, s0+1)
}

// reDescribedTool is a tool named by its kind in a condition ("when
// the browser tool opens a page"); it is foreign when the word is not one
// of the server's own name tokens.
var reDescribedTool = rx(`\b(?:when(?:ever)?|if|once|after|before)\s+(?:the|a|an|any)\s+([a-z][a-z0-9]+)\s+(?:tool|server)s?\b`)

// reForeignServer names another server outright.
var reForeignServer = rx(`\b(?:any|every|each)\s+(?:[\w-]+\s+){0,2}?(?:tool|server)\s+(?:calls?|invocations?)\b|\b(?:server|mcp)'s\b|\b(?:another|other|any|every|a\s+different)\s+(?:mcp\s+)?servers?\b`)

var reIdentAny = lazyre.New(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`)
