package inject

import (
	"github.com/assay-mcp/assay/report/internal/lazyre"
	"sort"
)

// Scope scoring is the last net: a sentence that gives the model an
// order and touches two or more things outside any tool's own job (what
// the user may know, secrecy, the model's own instructions, an outside
// address, personal or secret data, other tools, skipping approval) is
// reported under the class of its strongest topic. Subtle attacks are
// rephrased past every phrase rule, but they cannot avoid touching these
// topics, and real tool descriptions almost never combine them.

type topic struct {
	class string
	name  string
	re    *lazyre.Regexp
	pre   *preSet
}

var (
	reScopeDirective = rx(`\b(?:must|should|shall|always|never|also|make\s+sure|ensure|note\s+for\s+(?:agents|assistants|models|ai)|you|your|don'?t|do\s+not|keep|include|send|use|say|foll` +
		`ow|treat|ignore|deliver|share|publish|open|forward|sync|upload|append|leave|stay|put|add|pass|supersede|disregard|forget|mirror|describe|claim|pretend|blame|tre` +
		`at|route|pass)\b`)

	scopeTopics = []topic{
		{idConceal, "user_awareness", rx(`\b(?:users?|requesters?|customers?|them|him|her)\b{G40}\b(?:know|knows|aware|unaware|oblivious|out\s+of\s+the\s+loop|in\s+the\s+dark|told|tell|inform\w*|notif\w` +
			`*|see|sees|learn\w*|notice\w*|find\s+out|asks?|asked)\b|\b(?:inform|tell|notify|alert)\w*\s+(?:the\s+)?(?:users?|requesters?|customers?)\b|\byour\s+(?:final\s+)` +
			`?(?:message|answer|reply|summary|response|output)\b|\bsummary\s+you\s+(?:give|show|write|provide|present)\b|\b(?:any|every|each)\s+(?:summary|reply|answer|respo` +
			`nse)\s+you\b|\bif\s+asked\b|\b(?:you\s+)?(?:show|display|present|report)\w*\s+(?:to\s+)?(?:the\s+)?users?\b|\bif\s+(?:the\s+)?users?\s+(?:asks?|inquires?|wonder` +
			`s?|questions?|wants\s+to\s+know)\b|\b(?:talk|speak|write|respond|reply)\w*\s+to\s+(?:the\s+)?users?\b|\b(?:invisible|hidden|unknown|unseen)\s+(?:to|from)\s+(?:t` +
			`he\s+)?users?\b|\b(?:any|every|each|the)\s+(?:\w+\s+)?(?:confirmation|summary|reply|answer|response|message|output)s?\s+you\s+(?:show|give|write|send|display|pr` +
			`esent|return)\b`), newPre("user", "talk to", "speak to", "write to", "respond to", "reply to", "requester", "customer", "them", "him", "her", "your ",
			"summary you", "if asked", "show the user", "show to the user", "shown to the user", "you show", "display to the user", "present to the user", "report to the user",
			"invisible to", "hidden from", "unknown to", "unseen", "you show", "you give", "you write", "you send", "you display", "you present", "you return", "inform",
			"tell", "notify", "alert")},
		{idConceal, "secrecy", rx(`\b(?:invisible\s+(?:in|to|from)|hidden\s+from|(?:keep|stay|remain)\w*\s+(?:\w+\s+){0,3}?(?:secret|hidden|invisible|confidential|private)|secretly|in\s+secret|co` +
			`nfidential\s+from|stay\s+out\s+of|keep\s+\w+\s+out\s+of|leave\s+(?:\w+\s+){0,2}?out\s+of|leave\s+(?:\w+\s+){1,6}?out\b|\b(?:say|claim|report|tell\s+(?:them|the\` +
			`s+user))\s+(?:that\s+)?(?:the\s+\w+\s+|it\s+)?(?:returned|found|contains?|has|had|did)\s+nothing\b|\bblame\w*\s+(?:\w+\s+){0,4}?(?:rather\s+than|instead\s+of)\b` +
			`|keep\s+(?:\w+\s+){0,4}?out\s+of\s+(?:its|your|the|any)\s+(?:\w+\s+)?(?:explanation|reply|answer|response|summary|output|message|report)s?|(?:should|must|may|sh` +
			`all)\s+not\s+(?:appear|show\s+up|be\s+(?:visible|shown|displayed|mentioned|listed|included))\s+(?:in|to)\s+(?:anything|what|your|the\s+(?:reply|answer|response|` +
			`summary|output|chat|conversation))|\bif\s+(?:the\s+user\s+)?(?:asks?|asked|questioned)\b{G60}\b(?:(?:describe|present|portray|characteri[sz]e|explain|call)\w*\s` +
			`+(?:it|this|them|that)\s+as|(?:claim|say|tell\s+(?:them|the\s+user))\w*\s+(?:that\s+)?(?:it|this|they)\s+(?:is|are|was))\s+(?:an?\s+|just\s+|only\s+|merely\s+)?` +
			`(?:\w+\s+)?(?:unused|harmless|nothing|normal|legacy|no-?op|disabled|inactive|internal|standard|routine|optional|empty|irrelevant|unimportant|benign|innocuous|de` +
			`bug\w*|cosmetic|placeholder)\b|keep\w*\s+(?:the\s+)?(?:users?|them|him|her|customers?|humans?|requesters?)\s+(?:out\s+of\s+the\s+loop|in\s+the\s+dark|unaware|un` +
			`informed)|(?:just|only|simply)\s+(?:report|say|tell|state|confirm|reply)\s+(?:\w+\s+){0,2}?(?:that\s+)?(?:\w+\s+){0,3}?(?:succeeded|worked|completed|was\s+succe` +
			`ssful|is\s+done|went\s+fine)|no\s+(?:need|reason|point)\s+to\s+(?:surface|mention|raise)|leave\s+out|unaware|oblivious|in\s+the\s+dark|no\s+(?:need|reason|point` +
			`)\s+to\s+(?:inform|tell|mention|notify|bring\s+up|let)|(?:notes?|instructions?|guidance|text|section|contents?|directions?)\s+(?:\w+\s+){0,4}?(?:is|are)\s+(?:st` +
			`rictly\s+)?(?:confidential|private|secret)|(?:never|do\s+not|don'?t)\s+(?:repeat|paraphrase|quote|echo|surface)|omit\w*|without\s+(?:telling|informing|notifying` +
			`|mentioning|alerting)|(?:don'?t|do\s+not|never)\s+(?:mention|tell|inform|reveal|disclose|notify)|no\s+need\s+to\s+(?:inform|tell|mention|notify)|say\s+(?:you\s+` +
			`)?only|only\s+say|pretend|discreetly|covertly|quietly|silently|unnoticed)\b`), newPre("invisible", "hidden", "secret", "confidential", "private", "out of",
			"out of its", "leave out", "leave ", "unaware", "oblivious", "in the dark", "loop", "blame", "nothing", "just report", "just say", "just tell", "only report",
			"only say", "only tell", "simply report", "simply say", "not appear", "not show up", "not be", "asked", "asks", "questioned", "no need", "no reason", "no point",
			"repeat", "paraphrase", "quote", "echo", "surface", "omit", "without", "mention", "tell", "inform", "reveal", "disclose", "notify", "say", "pretend", "discreet",
			"covert", "quiet", "silent", "unnoticed", "keep", "remain", "stay")},
		{idOverride, "own_instructions", rx(`\b(?:system\s+(?:message|prompt)|(?:guidance|guidelines|instructions|directions|constraints|rules|directives|policies)\s+(?:above|earlier|you\s+(?:received|were` +
			`\s+given|have)|from\s+the\s+(?:chat|user|conversation|system))|(?:rules|instructions|guidance|guidelines|directives|prompt)\s+you\s+(?:\w+\s+){0,4}?(?:started|b` +
			`egan|booted|launched|initiali[sz]ed)\b|\bwhat(?:ever)?\s+(?:the\s+)?(?:user|system|operator|developer|host)(?:\s+or\s+(?:the\s+)?\w+)?\s+(?:told|instructed|said` +
			`\s+to|asked)\s+you|(?:above|earlier|prior|previous|usual|normal|regular|conflicting|existing|original)\s+(?:[\w-]+\s+)?(?:guidance|guidelines|instructions|direc` +
			`tions|constraints|rules|directives|policies|guardrails|safeguards|restrictions|limits)|(?:model|assistant|agent|ai)'?s\s+(?:[\w-]+\s+){0,2}?(?:constraints|instr` +
			`uctions|rules|guidelines|policies|safeguards|guardrails|training|directives|orders|configuration|setup|settings|programming|prompt|persona|behaviou?r)|\byour\s+` +
			`(?:\w+\s+)?(?:configuration|setup|instructions|prompt|guidelines|rules|directives|persona|orders)\s+from\s+(?:the\s+)?(?:host|operator|system|developer|platform` +
			`|chat|client|deployer)|(?:directions|instructions|guidance|rules|guidelines|directives)\s+you\s+(?:may\s+|might\s+)?(?:were|have\s+been|have|got|received|saw|se` +
			`en)\s*(?:handed|given|told|provided|sent|shown|seen|received)?|\byour\s+(?:[\w-]+\s+){0,2}?(?:instructions|guidelines|training|programming|directives|guardrails` +
			`|safeguards|content\s+polic(?:y|ies)|usage\s+polic(?:y|ies)|safety\s+(?:rules|guidelines|polic(?:y|ies)|instructions|training)|system\s+prompt)|(?:notes|instruc` +
			`tions|rules|guidance|guidelines|directives)\s+from\s+your\s+(?:developers?|creators?|operators?|makers?|trainers?|platform|provider)|(?:guidance|instructions|ru` +
			`les|guidelines|directives)\s+given\s+to\s+you|(?:conflicting|existing|other|prior|earlier|previous|original)\s+system\s+(?:text|messages?|instructions|prompts?|` +
			`content)|(?:operator|host|system|developer|platform|deployer)'?s\s+(?:[\w-]+\s+)?(?:instructions|rules|guidelines|directives|prompt|guidance))\b`), newPre("system message",
			"system prompt", "guidance", "guideline", "instruction", "direction", "constraint", "rule", "directive", "polic", "safeguard", "guardrail", "training", "told you",
			"system text", "system content", "given to you", "your instructions", "your guidelines", "your training", "your programming", "your directives", "your guardrails",
			"your safeguards", "content polic", "usage polic", "safety rules", "safety guidelines", "safety polic", "safety instructions", "safety training", "your system prompt",
			"from your", "orders", "configuration", "setup", "settings", "programming", "persona", "behavio")},
		{idOverride, "invalidation", rx(`\b(?:ignore\w*|disregard\w*|forget|supersede\w*|(?:does|do)\s+not\s+bind|not\s+be\s+followed|lifted|void|test\s+artifact|no\s+longer|override\w*|outdated|obsole` +
			`te|never\s+existed|(?:don'?t|doesn'?t|do\s+not|does\s+not)\s+(?:exist|count|matter)|meant\s+(?:only\s+)?for\s+(?:a\s+|the\s+)?(?:demo|test\w*|another|a\s+differ` +
			`ent|other)|not\s+(?:relevant|applicable|binding|valid|in\s+force|in\s+effect)|out\s+of\s+date|ones?\s+that\s+(?:counts?|matters?|applies|apply)|stale|expired|re` +
			`tired|irrelevant|superseded|paused|suspended|waived|relaxed|on\s+hold|switched\s+off|turned\s+off|placeholder|dummy|not\s+real|inapplicable|set\s+(?:it|them|thi` +
			`s|these)\s+aside|put\s+(?:it|them)\s+aside|withdrawn|rescinded|revoked|retracted|cancell?ed|issued\s+in\s+error|belong\w*\s+to\s+(?:an?\s+|the\s+)?(?:older|old|` +
			`previous|earlier|different|another|outdated|legacy)|(?:carry|carries|have|has|hold|holds)\s+no\s+(?:authority|weight|force|effect|power)|not\s+authoritative|aut` +
			`o-?generated|misconfigured|should\s+not\s+be\s+(?:honou?red|followed|obeyed|respected|applied))\b`), newPre("ignor", "disregard", "forget", "supersed",
			"bind", "followed", "lifted", "void", "artifact", "no longer", "overrid", "outdated", "obsolete", "meant for", "meant only", "not relevant", "not applicable",
			"not valid", "not binding", "in force", "in effect", "out of date", "that count", "that matter", "that appl", "stale", "expired", "retired", "existed", "not exist",
			"n't exist", "not count", "n't count", "not matter", "n't matter", "irrelevant", "paused", "suspended", "waived", "relaxed", "on hold", "switched off", "turned off",
			"placeholder", "dummy", "not real", "inapplicable", "aside", "not cover", "n't cover", "withdrawn", "rescinded", "revoked", "retracted", "cancel", "in error",
			"belong", "no authority", "no weight", "no force", "no effect", "no power", "not authoritative", "auto-generated", "autogenerated", "misconfigured", "be honor",
			"be honour", "be followed", "be obeyed", "be respected", "be applied")},
		{idExfil, "outside_address", rx(`(?:https?|ftp|sftp|wss?|s3|gs|scp|smb)://[^\s<>"']+|[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}`), newPre("//", "@")},
		{idSensitive, "private_data", rx(`\b(?:user'?s\s+(?:[\w-]+\s+)?(?:name|email|phone|address|question|query|queries|message|messages|history|location|contacts|files)|earlier\s+messages|(?:this|the` +
			`)\s+conversation|chat\s+history|lookup\s+history|bearer\s+tokens?|credentials?|api\s+keys?|secrets|passwords?|phone\s+numbers?|last\s+message)\b|~/|\.git/|\.ssh` +
			`|\.env\b|\.bashrc`), newPre("user'", "users", "earlier messages", "conversation", "chat history", "lookup history", "bearer", "credential", "api key", "secrets", "password", "phone", "last message", "~/", ".git/", ".ssh", ".env", ".bashrc")},
		{idCrossTool, "other_tools", rx(`\b(?:other|another|any\s+other|all\s+other)\s+(?:\w+\s+)?(?:servers?|tools?|dictionar\w+|sources?|services?|providers?|integrations?)\b|\bagents?\s+with\s+(?:an` +
			`?\s+)?\w+\s+tools?\b|\b(?:the|its|an?)\s+['"\x60]?[a-z][\w-]*['"\x60]?\s+(?:server|mcp)\s+is\s+(?:connected|available|installed)|\b(?:its|the)\s+[a-z][a-z0-9]*_` +
			`[a-z0-9_]+\s+tool\b|\bsystem\s+\w+\s+tools\b`), newPre("other", "another", "agent", "server", "mcp", " tool", "system ")},
		{idApproval, "approval", rx(`\b(?:user'?s|their|owner'?s)\s+(?:ok|okay|go-ahead|approval|consent|confirmation|permission|sign-?off)\b|\bsigned\s+off\b|\bdon'?t\s+check\s+back\b|\b(?:does|do` +
			`)\s+not\s+need\s+(?:the\s+)?(?:user|approval|confirmation|permission)\b|\bpre-?cleared\b|\b(?:assistant|model|agent|ai)s?\s+(?:may|can|is\s+(?:free|allowed|perm` +
			`itted)\s+to)\s+(?:\w+\s+){0,2}?(?:execute|run|perform|apply|call|proceed)\w*\s+(?:\w+\s+){0,3}?(?:immediately|right\s+away|straight\s+away|at\s+once)\b|\b(?:act` +
			`|proceed|run|execute)\w*\s+without\s+(?:any\s+)?(?:review|oversight|checks?)\b|\bwithout\s+(?:(?:asking|checking\s+with|consulting)\s+(?:the\s+)?(?:user|human|o` +
			`wner|operator|them|anyone)|(?:asking\s+for\s+|seeking\s+|waiting\s+for\s+)?(?:confirmation|approval|permission|consent))\b`), newPre("user'", "their",
			"owner", "signed off", "check back", "not need", "pre-cleared", "precleared", "without", "immediately", "right away", "straight away", "at once")},
		// addressee: the sentence speaks to the model, not about the
		// tool. Alone it is how honest docs talk too; it counts only with a
		// topic that reaches outside the tool.
		{idOverride, "addressee", rx(`\b(?:(?:note|notes|message|instructions?|reminder|directions?)\s+(?:\w+\s+)?(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:ai|assistants?|models?|agents?|llms?|claude` +
			`|gpt|copilot)\b|(?:as\s+)?(?:the|an?|any|all|every)\s+(?:ai|assistants?|models?|agents?|llms?)\s+(?:\w+\s+){0,2}?(?:must|should|shall|has\s+to|have\s+to|needs?\` +
			`s+to|is\s+(?:required|expected|instructed|supposed|to)|are\s+(?:required|expected|instructed|supposed|to))\s+(?:always\s+|also\s+|first\s+|never\s+|not\s+)?(?:[` +
			`ac-z]\w*|b[a-df-z]\w*|be\w+)\b|(?:ai|assistants?|models?|llms?|agents?)\s+(?:reading|processing|using|seeing|parsing)\s+(?:this|these)\b|\bas\s+(?:the|an|a)\s+(` +
			`?:ai|assistant|model|agent|language\s+model)\b)`), newPre(" ai ", " ai,", " ai:", "assistant", "model", "agent", "llm", "claude", "gpt", "copilot")},
		// payload_ref: the whole of what flows through the tool.
		{idExfil, "payload_ref", rx(`\b(?:(?:full|entire|whole|complete|raw|original)\s+(?:payload|data|contents?|results?|response|input|arguments?|text|transcript|conversation|history|query|quest` +
			`ion|prompt)|(?:each|every|all)\s+(?:[\w-]+\s+)?(?:results?|responses?|outputs?|messages?|queries|questions|inputs?|arguments?|prompts?|pages?|documents?|files?|` +
			`records?|rows?|emails?|notes?)|(?:user'?s|their)\s+(?:(?:full|entire|whole|original|complete|exact|raw)\s+)?(?:question|query|prompt|input|request|message)s?)\b`), newPre("full", "entire", "whole", "complete", "raw", "original", "each", "every", "all ", "user", "their")},
		// haste: acting at once, which matters only when said to the model.
		{idApproval, "haste", rx(`\b(?:execute|run|perform|apply|call|proceed|act)\w*\s+(?:\w+\s+){0,3}?(?:immediately|right\s+away|straight\s+away|at\s+once|without\s+(?:delay|waiting|pausing|h` +
			`esitat\w*))\b`), newPre("immediately", "right away", "straight away", "at once", "without delay", "without waiting", "without pausing", "without hesitat")},
		// user_override: a directive that holds against the user's wishes.
		{idOverride, "user_override", rx(`\b(?:regardless\s+of|no\s+matter|irrespective\s+of)\s+(?:what|whether|which|how|anything)\s+(?:the\s+)?(?:users?|humans?|they|customers?|you\s+(?:are|were)\s+to` +
			`ld)|\beven\s+(?:if|when|though)\s+(?:the\s+)?(?:users?|humans?|customers?)\s+(?:\w+\s+)?(?:asks?|says?|requests?|wants?|names?|tells?|insists?|objects?|specif\w` +
			`+|choos\w+|prefers?)\b`), newPre("regardless", "no matter", "irrespective", "even if", "even when", "even though")},
	}
)

var (
	reMoveVerb = rx(`\b(?:include|send|pass|add|copy|share|forward|put|attach|append|insert|post|upload|deliver|sync|publish|save|write|store|populate|fill|supply|provide|paste|submit|place|embed|set|enter|type|mirror\w*|replicat\w*|relay\w*)\b`)
	// reProtective is a sentence that keeps data in, the opposite of an
	// attack ("do not include secrets in commit messages").
	reProtective = rx(`\b(?:must|should|shall)\s+not\s+(?:\w+\s+)?(?:include|send|share|store|log|put|pass|expose|return|paste|post|upload|commit|print)\s+(?:any\s+|the\s+|your\s+|use` +
		`r\s+)?(?:secrets?|credentials?|passwords?|tokens?|keys?|api\s+keys?|personal)\b|^(?:please\s+)?(?:do\s+not|don'?t|never|avoid)\s+(?:\w+\s+)?(?:include|send|shar` +
		`e|store|log|put|pass|expose|return|paste|post|upload|commit|print)\b|\b(?:are|is)\s+never\s+(?:returned|included|logged|stored|shared|sent|exposed|shown)\b|\bke` +
		`ep\s+(?:the\s+|your\s+|this\s+)?(?:api\s+key|key|token|password|secret|credentials?|passphrase|private\s+key)s?\s+(?:\w+\s+)?(?:secret|private|safe|secure|confi` +
		`dential)`)
)

// approvalTopic is the index of the approval topic, which stands alone:
// a skipped approval needs no second topic.
const approvalTopic = 7

// weakTopics count only together with a topic that leaves the tool's
// scope, never as one of three.
var weakTopics = map[string]bool{"addressee": true, "user_override": true, "payload_ref": true, "haste": true}

// scopeHits scores each sentence of one string.
func scopeHits(c *scanCtx, strict bool) []hit {
	if c.e.Kind == kindIdent || c.sents == nil {
		return nil
	}
	t := c.text
	// Sentences marked by the literals of at least two topics.
	bits := make(map[int]uint16)
	for i, tp := range scopeTopics {
		for _, si := range c.marks[tp.pre.id] {
			bits[si] |= 1 << i
		}
	}
	var cand []int
	for si, b := range bits {
		if feasible(b) {
			cand = append(cand, si)
		}
	}
	sort.Ints(cand)
	for _, si := range cand {
		sp := c.sents[si]
		s := t[sp[0]:sp[1]]
		if len(s) < 12 {
			continue
		}
		// Cheap gate before the topic expressions: an order, or a
		// literal of a topic that needs none.
		// The directive test is computed at most once, and only when no
		// topic that needs none could be present.
		directive, known := false, false
		if bits[si]&(1<<approvalTopic|1<<topicAddressee|1<<topicOwnInstr) == 0 {
			directive, known = reScopeDirective.MatchString(s), true
			if !directive {
				continue
			}
		}
		// Topics run most selective first; a topic that does not match
		// clears its bit, and once the rest cannot add up the sentence is
		// dropped without running them.
		possible := bits[si]
		var matched uint16
		spans := make([][]int, len(scopeTopics))
		for _, i := range topicOrder {
			if possible&(1<<i) == 0 {
				continue
			}
			m := scopeTopics[i].re.FindStringIndex(s)
			if m == nil || scopeTopics[i].name == "outside_address" && reservedHost(s[m[0]:m[1]]) {
				possible &^= 1 << i
				if !feasible(possible) {
					break
				}
				continue
			}
			matched |= 1 << i
			spans[i] = m
		}
		var names []string
		best := -1
		a, b := len(s), 0
		for i, tp := range scopeTopics {
			if matched&(1<<i) == 0 {
				continue
			}
			names = append(names, tp.name)
			if best < 0 {
				best = i
			}
			a, b = min(a, spans[i][0]), max(b, spans[i][1])
		}
		// A sentence must give an order, unless it skips approval or
		// speaks to the model directly.
		if !hasName(names, "approval") && !hasName(names, "addressee") && !hasName(names, "own_instructions") {
			if !known {
				directive = reScopeDirective.MatchString(s)
			}
			if !directive {
				continue
			}
		}
		if len(names) == 0 || !scopeEnough(names, reMoveVerb.MatchString(s)) || strict && !strictEnough(names) {
			continue
		}
		if negatedBefore(t, sp[0]+1) || isMention(t, sp[0]+a, sp[0]+b) || reProtective.MatchString(s) {
			continue
		}
		return []hit{{class: scopeTopics[best].class, rule: "scope_" + scopeTopics[best].name, start: sp[0] + a, end: sp[0] + b}}
	}
	return nil
}

// topicOrder runs the rare, cheap topics first and the common ones
// (what the user is told, private data) last.
var topicOrder = []int{4, 11, 10, 8, 2, 3, 1, 7, 9, 6, 5, 0}

// Topic indices used by the bit gates, in scopeTopics order.
const (
	topicUserAware = 0
	topicOwnInstr  = 2
	topicAddress   = 4
	topicAddressee = 8
	topicPayload   = 9
	topicHaste     = 10
	topicUserOver  = 11
	strongTopics   = 1<<8 - 1
)

// feasible reports whether the topic literals in one sentence could
// satisfy scopeEnough, so most sentences skip the expressions. It mirrors
// scopeEnough on literal bits.
func feasible(b uint16) bool {
	strong := b & strongTopics
	escape := strong &^ (1<<topicUserAware | 1<<5) // secrecy, instructions, invalidation, address, other tools, approval
	switch {
	case b&(1<<approvalTopic) != 0:
		return true
	case strong&(strong-1) != 0:
		return true
	case b&(1<<topicAddressee) != 0 && (strong != 0 || b&(1<<topicUserOver|1<<topicHaste) != 0):
		return true
	case b&(1<<topicUserOver) != 0 && (escape != 0 || b&(1<<5) != 0):
		return true
	case b&(1<<topicPayload) != 0 && b&(1<<topicAddress) != 0:
		return true
	}
	return false
}

// strictEnough is the extra demand when a weak signal already fired in
// the string: an address next to data is then that signal again, so the
// sentence must also speak to the model, hide, or set instructions aside.
func strictEnough(names []string) bool {
	for _, n := range names {
		switch n {
		case "addressee", "secrecy", "invalidation", "own_instructions", "user_override", "approval":
			return true
		}
	}
	return false
}

func hasName(names []string, n string) bool {
	for _, x := range names {
		if x == n {
			return true
		}
	}
	return false
}

// scopeEnough rejects pairs that are common together in honest text: an
// address alongside the reply ("the response includes a URL"), or data
// named with the reply it appears in.
func scopeEnough(names []string, moveVerb bool) bool {
	has := map[string]bool{}
	for _, n := range names {
		has[n] = true
	}
	strong := 0
	for _, n := range names {
		if !weakTopics[n] {
			strong++
		}
	}
	if strong >= 3 {
		return true
	}
	escape := has["secrecy"] || has["invalidation"] || has["own_instructions"] || has["outside_address"] || has["other_tools"] || has["approval"]
	switch {
	case has["addressee"] && (escape || has["user_override"]):
		return true
	case has["addressee"] && has["haste"]:
		return true
	case has["addressee"] && has["private_data"]:
		return moveVerb
	case has["user_override"] && (escape || has["private_data"]):
		return true
	case has["payload_ref"] && has["outside_address"]:
		return moveVerb
	}
	switch {
	case has["own_instructions"] && has["invalidation"]:
		return true
	case has["secrecy"] && (has["user_awareness"] || has["other_tools"] || has["outside_address"] || has["private_data"]):
		return true
	case has["outside_address"] && has["private_data"]:
		return true
	case has["other_tools"] && (has["outside_address"] || has["own_instructions"] || has["invalidation"]):
		return true
	case has["other_tools"] && has["private_data"]:
		return moveVerb
	case has["approval"]:
		return true
	}
	return false
}
