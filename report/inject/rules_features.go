package inject

import (
	"github.com/assay-mcp/assay/report/internal/lazyre"
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
	re  *lazyre.Regexp
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
	fLie               // a scripted false answer if the user asks
	fReply             // the model's own reply
	nFeatures
)

var features = [nFeatures]feature{
	fAddressee: {rx(`\b(?:you|your|yourself|(?:the|an?|any)\s+(?:\w+\s+)?(?:assistant|model|agent|ai))\b`), newPre("you", "assistant", "model", "agent", " ai")},
	fOblige:    {rx(`\b(?:must|should|shall|always|never|ought|expected\s+to|required\s+to|please|kindly|need\s+not|preferable|best\s+if)\b`), newPre("must", "should", "shall", "always", "never", "ought", "expected to", "required to", "please", "kindly", "need not", "preferable", "best if")},
	fPrior: {rx(`\b(?:(?:rules?|directions?|instructions?|guidance|boundaries|limits|restrictions|setup|configuration|prompt|guardrails|polic(?:y|ies)|settings)\b[^.;\n]{0,40}?\` +
		`b(?:before|earlier|previously|originally|handed|given|started|at\s+the\s+start)|(?:usual|original|earlier|previous|prior|initial|normal|regular|standard|default` +
		`)\s+(?:[\w-]+\s+){0,2}?(?:rules|directions|instructions|guidance|boundaries|limits|restrictions|setup|configuration|guardrails|policies|refusals|filters|safegua` +
		`rds)|(?:everything|anything|whatever)\s+(?:that\s+)?(?:came|comes|was\s+said)\s+before|what(?:ever)?\s+(?:you\s+were\s+(?:\w+\s+)?told|the\s+(?:chat|session|sys` +
		`tem|host)\s+\w+\s+said)|(?:any|all)\s+other\s+(?:guidance|instructions|rules|directions)|anything\s+(?:else\s+)?you\s+(?:were|have\s+been|had\s+been)\s+(?:told|` +
		`given|instructed)|(?:rules|directions|instructions|guidance|guidelines|boundaries|limits|restrictions|constraints|setup|configuration|guardrails|policies|safegu` +
		`ards)\b[^.;\n]{0,40}?\b(?:you|your|session|host|conversation|chat)|\b(?:your|session|host|conversation|system-level)\b[^.;\n]{0,30}?\b(?:rules|directions|instru` +
		`ctions|guidance|guidelines|boundaries|limits|restrictions|constraints|setup|configuration|guardrails|policies|safeguards|notes?)|system\s+(?:message|prompt)|cha` +
		`t\s+setup)\b`), newPre("rule", "direction", "instruction", "guidance", "boundar", "limits", "restriction", "setup", "configuration", "prompt", "guardrail",
		"polic", "settings", "told", "said", "refusal", "filters", "came before", "comes before", "system message", "guideline", "constraint", "safeguard", "system-level")},
	fInvalid: {rx(`\b(?:was\s+a\s+draft|impostor|fake|forged|(?:do|does)\s+not\s+apply|don'?t\s+apply|no\s+longer\s+appl\w+|wins|prevails?|takes?\s+precedence|precedence\s+over|ra` +
		`nks?\s+above|outranks?|authoritative|final\s+say|supersed\w+|overrid\w+|lifted|void|step\s+aside|stand\s+down|outweigh\w*|provisional|tentative|hereby|(?:is|are` +
		`)\s+now\s+(?:the\s+)?binding|binding\s+version|not\s+in\s+(?:force|effect)|meant\s+(?:only\s+)?for\s+(?:\w+\s+)?(?:demos?|tests?|testing)|paused|suspended|cance` +
		`ll?ed|revoked|withdrawn|retired|(?:higher|highest|top|absolute)\s+priority|priority\s+over|trumps?|comes?\s+first)\b`), newPre("draft", "impostor", "fake",
		"forged", "not apply", "n't apply", "no longer", "wins", "prevail", "precedence", "rank", "authoritative", "final say", "supersed", "overrid", "lifted",
		"void", "step aside", "stand down", "outweigh", "provisional", "tentative", "hereby", "binding", "in force", "in effect", "meant for", "meant only", "paused",
		"suspended", "cancel", "revoked", "withdrawn", "retired", "priority", "trump", "comes first", "come first")},
	fPersona: {rx(`\b(?:(?:imagine|suppose|picture)\s+(?:that\s+)?(?:you\s+are|yourself\s+as)|you\s+are\s+now|role-?play|you\s+are\s+[a-z]\w*,\s+(?:an?|the)\b|you\s+(?:now\s+)?act` +
		`\s+as|from\s+(?:this\s+\w+|now)\s+(?:on|forward),?\s+you|from\s+now\s+on,?\s+you\s+are|you\s+will\s+now\s+(?:be|act)|pretend\s+(?:to\s+be|you\s+are))\b`),
		newPre("imagine", "suppose", "picture", "you are now", "role-play", "roleplay", "you are ", "act as", "from now", "forward", "you will now", "pretend")},
	fUnbound: {rx(`\b(?:(?:no|without)\s+(?:any\s+(?:of\s+)?)?(?:[\w']+\s+)?(?:limits|restrictions|filters|guardrails|rules)|free\s+(?:of|from)\s+(?:any\s+|all\s+)?(?:\w+\s+)?(?:r` +
		`estrictions|limits|rules|filters|guardrails|policies)|unrestricted|uncensored|unfiltered)\b`), newPre("limits", "restrictions", "filters", "guardrails", "rules", "policies", "unrestricted", "uncensored", "unfiltered")},
	fSuppress: {rx(`\b(?:(?:refrain\s+from|avoid|don'?t|do\s+not|never|need\s+not(?:\s+be)?|needn'?t(?:\s+be)?|no\s+need\s+to|(?:does|do)\s+not\s+need\s+to(?:\s+be)?)\s+(?:\w+\s+)?` +
		`(?:list|mention|nam|show|reveal|shar|disclos|tell|told|report|bring\w*\s+up|rais|surfac|explain|detail|know|hear|bother)\w*|(?:say|tell|mention)\w*\s+nothing|sk` +
		`ip\w*\s+(?:any\s+|all\s+)?(?:reference|mention)|not\s+worth\s+(?:mention|rais|bring)\w*|no\s+(?:call|need|reason|point)\s+to\s+(?:trouble|bother|burden|worry|di` +
		`stract)|leave\w*\s+(?:[\w'-]+\s+){1,6}?off\b|(?:never|not)\s+(?:to\s+be\s+)?(?:read\s+out|relayed|passed\s+on|shown|displayed|mentioned|revealed|disclosed|told)` +
		`\b|out\s+of\s+scope\s+for\s+(?:anything|what|whatever)\s+you|(?:stay|remain|keep)\w*\s+(?:silent|quiet|mum)|(?:no\s+need|(?:does|do)\s+not\s+need|doesn'?t\s+nee` +
		`d|need\s+not|needn'?t)\s+to\s+(?:know|find\s+out|learn|hear|notice)|keep\w*\s+(?:[\w'-]+\s+){1,8}?out\s+of|(?:and|but)\s+nothing\s+(?:about|of|regarding|on)|no\` +
		`s+(?:reason|need|point)\s+for\s+(?:\w+\s+){1,2}?to\s+(?:hear|know|learn|see|be\s+told)|(?:remain|stay|be\s+kept|kept)\s+(?:invisible|hidden|out\s+of)|leaves?\s+` +
		`(?:[\w-]+\s+){1,4}?out\s+of|(?:keep|kept)\s+(?:[\w-]+\s+){0,4}?to\s+yourself|unmentioned|unsaid|undisclosed|unreported|not\s+(?:be\s+)?made\s+aware|not\s+someth` +
		`ing\s+to\s+(?:bring\s+up|mention|raise|discuss)|(?:does|do)\s+not\s+learn|doesn'?t\s+learn|between\s+(?:us|you\s+and\s+(?:me|the\s+server|this\s+server)))`),
		newPre("refrain", "avoid", "don't", "do not", "never", "need not", "needn't", "no need", "not need", "yourself", "unmentioned", "unsaid", "undisclosed",
			"unreported", "made aware", "not something", "nothing", "skip", "not worth", "no call", "trouble", "bother", "off", "read out", "relayed", "passed on", "shown",
			"displayed", "mentioned", "revealed", "disclosed", "out of scope", "silent", "quiet", "mum", "need to", "no need", "keep", "no reason", "no point", "invisible",
			"hidden", "out of", "not learn", "n't learn", "between")},
	fAudience: {rx(`\b(?:whoever\s+you|(?:summary|reply|answer|report|message)\s+you\s+(?:show|give|write|send)|users?|person|people|human|requesters?|customers?|anyone|your\s+(?:r` +
		`eply|answer|summary|response|message)|any\s+summary|reporting\s+back|when\s+reporting|they\s+ask)\b`), newPre("whoever", "user", "person", "people", "human", "requester", "customer", "anyone", "your ", "any summary", "reporting", "they ask", " you show", " you give", " you write", " you send")},
	fDisparage: {rx(`\b(?:deprecated|unsafe|insecure|slow|unreliable|outdated|buggy|broken|corrupts?|leaks?|flagged|being\s+retired|problems|inaccurate|stale|compromised|malicious|u` +
		`ntrusted|dangerous|fabricat\w+|hallucinat\w+|(?:no\s+longer|un)maintained|abandoned|end-of-life|incorrect|wrong|offline|unsupported|spam|robotic|unstable|flaky|` +
		`inferior|low-quality|(?:should\s+be\s+)?avoided|delayed|drops|loses|fails|poorly\s+\w+)\b`), newPre("deprecated", "unsafe", "insecure", "slow", "unreliable",
		"outdated", "buggy", "broken", "corrupt", "leak", "flagged", "retired", "problems", "inaccurate", "stale", "compromised", "malicious", "untrusted", "dangerous",
		"fabricat", "hallucinat", "maintained", "abandoned", "end-of-life", "incorrect", "wrong", "offline", "unsupported", "spam", "robotic", "unstable", "flaky",
		"inferior", "low-quality", "avoided", "delayed", "drops", "loses", "fails", "poorly")},
	fOthers: {rx(`\b(?:the\s+others|of\s+all\s+(?:[\w-]+\s+)?(?:tools|integrations|servers)|(?:other|another|competing|alternative|generic|built-in|official|rival|third-party)\s+` +
		`(?:[\w-]+\s+){0,2}?(?:tools?|servers?|integrations?|providers?|services?))\b`), newPre("others", "other", "of all", "competing", "alternative", "generic", "built-in", "official", "rival", "third-party")},
	fSelect: {rx(`\b(?:(?:prefer|choose|select|pick|use|rely|route|trust|favou?r|opt\s+for)\w*\b[^.;\n]{0,60}?\b(?:this|ours|here|exclusively|every\s+time|instead|rather\s+than)|` +
		`sanctioned\s+(?:option|choice|tool)|belong\w*\s+here|supersedes|(?:first\s+and\s+only|only)\s+choice|the\s+one\s+to\s+(?:choose|pick|use)|recommended\s+(?:repla` +
		`cement|choice|default)|(?:best|better|default|go-to)\s+choice)\b`), newPre("prefer", "choose", "select", "pick", "use", "rely", "route", "opt for", "trust", "favo", "sanctioned", "belong", "supersedes", "choice", "the one to", "recommended")},
	fTrigger: {rx(`\b(?:whenever|each\s+time|every\s+time|(?:after|before)\s+(?:any|each|every)|(?:every|each|any)\s+[a-z][\w-]*\s+call\b|when(?:ever)?\s+you\s+(?:use|call|run|inv` +
		`oke)|when\s+(?:\w+\s+)?[a-z][\w-]*\s+(?:runs|is\s+called|is\s+invoked|executes|reads|returns))\b`), newPre("whenever", "each time", "every time", "after any",
		"after each", "after every", "before any", "before each", "before every", " call", "when you", "whenever you", "runs", "called", "invoked", "executes", "reads",
		"returns")},
	fFlowHere: {rx(`\b(?:(?:output|outputs|results?|response|returned|returns|contents?|details|rows|cookies|history|tokens?|text|page|body|data|command|messages?|html|credentials?` +
		`|rows|email|total)\b[^.;\n]{0,60}?\b(?:here|(?:in)?to\s+this\s+\w+|(?:this\s+tool|this\s+server)'?s\s+\w+)|fill\s+this\s+with|(?:here|this\s+(?:tool|field|param` +
		`eter))\b[^.;\n]{0,40}?\b(?:output|results?|response|returned|contents?|details|rows|cookies|tokens?))\b`), newPre(" here", "to this", "fill this", "this tool", "this server", "this field", "this parameter")},
	fModify: {rx(`\b(?:add\s+\S+@\S+|(?:change|switch|set|rewrite)\w*\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}?\s+to|(?:be\s+)?changed\s+to|set\s+to|replaced\s+(?:with|by)|redirect\w*|bcc|cc\s+\S+@)\b`), newPre("@", "chang", "switch", "rewrit", "set ", "replaced", "redirect", "bcc", "cc ")},
	fHush: {rx(`\b(?:(?:keep|kept)\s+(?:[\w-]+\s+){0,4}?to\s+yourself|leave\s+(?:[\w-]+\s+){0,4}?unmentioned|unsaid|not\s+something\s+to\s+bring\s+up|only\s+that\b[^.;\n]{0,80}` +
		`?,?\s+not\s+that|between\s+(?:us|you\s+and\s+(?:me|the\s+server|this\s+server)))\b`), newPre("yourself", "unmentioned", "unsaid", "not something", "between", "not that")},
	fCompare: {rx(`\b(?:(?:more|less)\s+[\w-]+\s+than\s+(?:any|all|the)\s+(?:other|others|alternatives?|rest)|(?:better|safer|faster)\s+than\s+(?:any|all|the)\s+(?:other|others|al` +
		`ternatives?|rest)|the\s+only\s+(?:reliable|safe|accurate|secure|trustworthy|correct|trusted)|unlike\s+(?:other|the\s+others|competing|alternative)|(?:ours|this\` +
		`s+(?:one|tool|server))\s+is\s+(?:the\s+)?(?:safer|better|faster|superior|only|more\s+\w+)|compared\s+(?:to|with)\s+(?:the|any|other)|only\s+this\s+(?:one|tool|s` +
		`erver)\b)\b`), newPre("than any", "than all", "than the other", "than the rest", "than the alternative", "the only", "unlike", "ours is", "this one is", "this tool is", "this server is", "compared", "only this")},
	fExclusive: {rx(`\b(?:always|exclusively|every\s+time|for\s+(?:all|every|any)|only|never)\b`), newPre("always", "exclusively", "every time", "for all", "for every", "for any", "only", "never")},
	fNarrow: {rx(`\b(?:only\s+(?:mention|report|say|state|share|show|summari[sz]e|confirm|contain|include|list|give)\w*|(?:summari[sz]e|report|mention|say|state|describe|confirm|` +
		`contain|include|list|give)\w*\s+only|stick\s+to|in\s+a\s+single\s+(?:short\s+)?sentence)\b`), newPre("only", "stick to", "single")},
	fReply: {rx(`\b(?:your\s+(?:\w+\s+)?(?:reply|answer|summary|response|message|report|explanation)|any\s+summary|report\w*\s+back|what\s+you\s+(?:report|say|tell|write|show)|(` +
		`?:every|each|any)\s+(?:explanation|reply|answer|summary)|when\s+(?:confirming|reporting|replying|answering)|(?:in|from)\s+(?:replies|conversations?|the\s+chat|y` +
		`our\s+output))\b`), newPre("your ", "summary", "back", "what you", "explanation", "reply", "answer", "when confirming", "when reporting", "when replying", "when answering", "replies", "conversation", "the chat", "your output")},
	fModelRules: {rx(`\b(?:(?:rules|directives|guardrails|polic(?:y|ies)|guidance|instructions|constraints|restrictions|limits|framework|brief|system\s+text)\b[^.;\n]{0,40}?\b(?:assi` +
		`stant|model|you\s+(?:were|are|started|began)|launch\w*|loaded|at\s+start\w*|(?:set|supplied|imposed|placed)\s+by\s+(?:your|the)\s+(?:platform|client|chat\s+clie` +
		`nt|host|operator))|\b(?:assistant|model|host|earlier|prior|initial|original|launch)'?s?\b[^.;\n]{0,30}?\b(?:rules|directives|guardrails|polic(?:y|ies)|guidance|` +
		`instructions|constraints|restrictions|refusals|filters|safeguards|system\s+text))\b`), newPreGroups([]string{"rules", "refusal", "filters", "safeguard",
		"limits", "framework", "directive", "guardrail", "polic", "guidance", "instruction", "constraint", "restriction", "brief", "system text"}, []string{"assistant",
		"model", "you were", "you are", "you started", "you began", "launch", "loaded", "at start", "host", "earlier", "prior", "initial", "original", "your", "platform",
		"client", "operator", "supplied"})},
	fSelfAuth: {rx(`\b(?:what(?:ever)?\s+this\s+(?:server|tool|field|description)\s+says|(?:this|the)\s+(?:server|tool|field|description)'?s?\s+(?:own\s+)?(?:notes|guidance|text|wo` +
		`rd|instructions)|notes\s+in\s+this\s+(?:tool|server)|(?:is|are)\s+(?:the\s+)?real\s+(?:brief|rules|instructions)|(?:the\s+)?only\s+(?:orders|instructions|rules|` +
		`directions)\s+that\s+(?:count|matter|apply)|background\s+noise|(?:as\s+)?(?:a\s+|mere\s+)?suggestions?|nonbinding|non-binding|not\s+binding|senior\s+to|set\s+as` +
		`ide|rolled\s+back|advisory|optional|(?:a\s+)?formality|disregard\w*)\b`), newPre("this server", "this tool", "this field", "this description", "the server",
		"the tool", "the field", "notes in", "real", "only orders", "only instructions", "only rules", "only directions", "background noise", "suggestion", "binding",
		"senior to", "set aside", "rolled back", "advisory", "optional", "formality", "disregard")},
	fProvenance: {rx(`\b(?:(?:that|which|whatever|what)\s+(?:the\s+)?[\w-]+\s+(?:tools?|servers?)\s+(?:\w+\s+)?(?:returns?|returned|loaded|read|fetched|produced|outputs?|saw|sees|gav` +
		`e)|(?:the\s+)?[\w-]+\s+(?:tools?|servers?)\s+(?:opens|returns|reads|fetches|loads|produces|sees|receives|gets|prints|outputs|writes|shows|displays)|(?:output|re` +
		`sults?|data|messages?|contents?|responses?)\s+(?:\w+\s+)?(?:from|of)\s+(?:the\s+)?[\w-]+\s+(?:tools?|servers?)|(?:fetched|returned|produced|read|loaded|opened|r` +
		`eceived)\s+(?:by|from|with)\s+(?:the\s+)?[\w-]+\s+(?:tools?|servers?))\b`), newPreGroups([]string{"tool", "server"}, []string{"return", "loaded", "read",
		"fetch", "produc", "output", "saw", "sees", "gave", "open", "receive", "gets", "print", "writes", "shows", "display", "result", "data", "message", "content",
		"response"})},
	fLie: {rx(`\b(?:if|should|when)\s+(?:the\s+)?(?:users?|person|customer|they|anyone|someone|somebody|anybody)\s+(?:asks?|wonders?|questions?|inquires?)\b[^.;\n]{0,60}?\b(?:` +
		`answer|say|reply|respond|tell)\w*\s+(?:them\s+)?(?:that\s+)?(?:there\s+(?:were|was|are|is)\s+(?:none|nothing|no)\b|nothing|(?:it|this|that)\s+(?:is|was)\s+(?:ju` +
		`st\s+|only\s+|merely\s+)?(?:an?\s+|the\s+)?(?:default|normal|routine|standard|harmless))`), newPreGroups([]string{"ask", "wonder", "question", "inquire"}, []string{"answer", "say", "reply", "respond", "tell"})},
}

// reNamedTool is a tool named by the word before "tool" or "server".
var reNamedTool = rx(`\b(?:the\s+)?([a-z][\w-]*)\s+(?:tools?|servers?|integration)\b`)

// reFlowVerb moves data: flow into this tool counts only when asked for.
var reFlowVerb = rx(`\b(?:pass|send|forward|hand|copy|fill|populat|mirror|supply|provide|paste|submit|put|feed|relay|pipe|route|give)\w*\b`)

// reHereish points at this tool as a destination.
var reHereish = rx(`\b(?:here|this\s+\w+|populate\s+with|fill\s+(?:it|this)\s+with)\b|^\s*(?:populate|fill)\b`)

// rePejorative is disparagement beyond a lifecycle status: "use this
// instead of the deprecated get_users tool" is a successor note when one
// tool is named, so lifecycle words count only against other tools in
// general.
var rePejorative = rx(`\b(?:unsafe|insecure|slow|unreliable|buggy|broken|corrupts?|leaks?|flagged|problems|inaccurate|stale|compromised|malicious|untrusted|dangerous|fabricat\w+|hallu` +
	`cinat\w+|incorrect|wrong|offline|spam|robotic|unstable|flaky|inferior|low-quality|avoided|delayed|drops|loses|fails|poorly\s+\w+)\b`)

// reOutward is withholding aimed away from the user, which protects
// them ("never shared with other tools or third parties").
var reOutward = rx(`\b(?:(?:never|not)\s+(?:\w+\s+)?(?:shared|sent|disclosed|passed|given|sold)\s+(?:with|to)\s+(?:other\s+(?:tools|servers|services|apps|users)|third[- ]part\w+|an` +
	`yone\s+else|outside\s+parties|advertisers)|(?:other|another)\s+(?:customers?|users?|people|tenants?|accounts?|patients?)'?s?\s+(?:\w+\s+)?(?:data|information|de` +
	`tails|records|files|messages))\b`)

// reContrast sets this tool against another.
var reContrast = rx(`\b(?:instead\s+of|rather\s+than|over\s+(?:the|any|other)|in\s+place\s+of)\b`)

// notToolNames are words before "tool" that describe, not name, one.
var notToolNames = wordSet(`this our these those its their your same a an the that which mcp other any each every
	direct obvious relevant appropriate right correct specific dedicated separate following above below previous
	next first last individual single new main available suitable matching proper underlying helper utility
	related corresponding given selected current default primary secondary top-level`)

// reIdent is an identifier-shaped word (snake or kebab case).
var reIdent = rx(`\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b`)

// featureHits scores the sentences of one string.
func featureHits(c *scanCtx) []hit {
	if c.e.Kind == kindIdent || c.sents == nil {
		return nil
	}
	t := c.text
	var bits []uint32
	for i := range features {
		for _, si := range c.marks[features[i].pre.id] {
			if bits == nil {
				bits = make([]uint32, len(c.sents)+1)
			}
			bits[si] |= 1 << i
		}
	}
	if bits == nil {
		return nil
	}
	for si := range c.sents {
		b := bits[si]
		if b == 0 || !featureFeasible(b|bits[si+1]) {
			continue
		}
		sp := c.sents[si]
		s := t[sp[0]:sp[1]]
		// has runs each feature expression at most once per sentence.
		var done, val uint32
		has := func(f int) bool {
			if b&(1<<f) == 0 {
				return false
			}
			if done&(1<<f) == 0 {
				done |= 1 << f
				if features[f].re.MatchString(s) {
					val |= 1 << f
				}
			}
			return val&(1<<f) != 0
		}
		class, single := "", false
		switch {
		case has(fInvalid) && has(fPrior) && (has(fAddressee) || has(fOblige)):
			class = idOverride
		case has(fModelRules) && (has(fSelfAuth) || has(fInvalid) || scopeTopics[3].re.MatchString(s)):
			class = idOverride
		case has(fPersona) && has(fUnbound):
			class = idOverride
		case (has(fReply) || has(fAudience)) && has(fSuppress) || has(fNarrow) && has(fReply):
			class = idConceal
		case has(fHush) || has(fLie):
			// One strong feature alone: reported, but medium.
			class, single = idConceal, true
		default:
			// The shape of the request is checked first; naming another
			// tool, the dearest test, comes last.
			next := ""
			if si+1 < len(c.sents) {
				next = t[c.sents[si+1][0]:c.sents[si+1][1]]
			}
			cand := ""
			nextDisparage := bits[si+1]&(1<<fDisparage) != 0 && features[fDisparage].re.MatchString(next)
			switch {
			case has(fFlowHere) && reFlowVerb.MatchString(s),
				has(fProvenance) && reHereish.MatchString(s) && reFlowVerb.MatchString(s),
				has(fTrigger) && (has(fModify) || (has(fAddressee) || has(fOblige)) && reFlowVerb.MatchString(s)):
				cand = idCrossTool
			case (has(fDisparage) || nextDisparage) && (has(fOblige) || has(fSelect)) &&
				(has(fOthers) || rePejorative.MatchString(s) || nextDisparage && rePejorative.MatchString(next)):
				cand = idPreference
			case has(fCompare) && (has(fOblige) || has(fAddressee) || has(fSelect)):
				cand = idPreference
			case b&(1<<fExclusive) != 0 && reContrast.MatchString(s) && has(fExclusive) && has(fSelect):
				cand = idPreference
			}
			if cand != "" && (has(fOthers) || c.otherTool(s)) {
				class = cand
			}
		}
		if class == "" || negatedBefore(t, sp[0]+1) || reProtective.MatchString(s) || class == idConceal && reOutward.MatchString(s) {
			continue
		}
		return []hit{{class: class, rule: "scope_features", start: sp[0], end: sp[1], weak: single, lone: single}}
	}
	return nil
}

// featureFeasible reports whether the literal bits could satisfy any
// combination, so most sentences skip every expression.
func featureFeasible(b uint32) bool {
	on := func(f int) bool { return b&(1<<f) != 0 }
	return on(fPrior) && on(fInvalid) || on(fModelRules) || on(fPersona) && on(fUnbound) || on(fHush) || on(fLie) ||
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
