package inject

import (
	"regexp"
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
	re    *regexp.Regexp
	pre   *preSet
}

var (
	reScopeDirective = rx(`\b(?:must|should|shall|always|never|also|make\s+sure|ensure|note\s+for\s+(?:agents|assistants|models|ai)|you|your|don'?t|do\s+not|keep|include|send|use|say|follow|treat|ignore|deliver|share|publish|open|forward|sync|upload|append|leave|stay|put|add|pass|supersede|disregard|forget)\b`)

	scopeTopics = []topic{
		{idConceal, "user_awareness", rx(`\b(?:users?|requesters?|customers?|them|him|her)\b{G40}\b(?:know|knows|aware|told|tell|inform\w*|notif\w*|see|sees|learn\w*|notice\w*|find\s+out|asks?|asked)\b|\b(?:inform|tell|notify|alert)\w*\s+(?:the\s+)?(?:users?|requesters?|customers?)\b|\byour\s+(?:final\s+)?(?:message|answer|reply|summary|response|output)\b|\bsummary\s+you\s+give\b|\bif\s+asked\b`), newPre("user", "requester", "customer", "them", "him", "her", "your ", "summary you", "if asked", "inform", "tell", "notify", "alert")},
		{idConceal, "secrecy", rx(`\b(?:invisible\s+(?:in|to|from)|hidden\s+from|(?:keep|stay|remain)\w*\s+(?:\w+\s+){0,3}?(?:secret|hidden|invisible|confidential|private)|secretly|in\s+secret|confidential\s+from|stay\s+out\s+of|keep\s+\w+\s+out\s+of|leave\s+out|omit\w*|without\s+(?:telling|informing|notifying|mentioning|alerting)|(?:don'?t|do\s+not|never)\s+(?:mention|tell|inform|reveal|disclose|notify)|no\s+need\s+to\s+(?:inform|tell|mention|notify)|say\s+(?:you\s+)?only|only\s+say|pretend|discreetly|covertly|quietly|silently|unnoticed)\b`), newPre("invisible", "hidden", "secret", "confidential", "out of", "leave out", "omit", "without", "mention", "tell", "inform", "reveal", "disclose", "notify", "say", "pretend", "discreet", "covert", "quiet", "silent", "unnoticed", "keep", "remain", "stay")},
		{idOverride, "own_instructions", rx(`\b(?:system\s+(?:message|prompt)|(?:guidance|guidelines|instructions|directions|constraints|rules|directives|policies)\s+(?:above|earlier|you\s+(?:received|were\s+given|have)|from\s+the\s+(?:chat|user|conversation|system))|(?:above|earlier|prior|previous|usual|conflicting|existing|original)\s+(?:guidance|guidelines|instructions|directions|constraints|rules|directives|policies)|(?:model|assistant|agent)'?s\s+(?:earlier\s+|prior\s+)?(?:constraints|instructions|rules|guidelines))\b`), newPre("system message", "system prompt", "guidance", "guideline", "instruction", "direction", "constraint", "rule", "directive", "polic")},
		{idOverride, "invalidation", rx(`\b(?:ignore\w*|disregard\w*|forget|supersede\w*|(?:does|do)\s+not\s+bind|not\s+be\s+followed|lifted|void|test\s+artifact|no\s+longer|override\w*|outdated|obsolete)\b`), newPre("ignor", "disregard", "forget", "supersed", "bind", "followed", "lifted", "void", "artifact", "no longer", "overrid", "outdated", "obsolete")},
		{idExfil, "outside_address", rx(`(?:https?|ftp|wss?)://[^\s<>"']+|[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}`), newPre("//", "@")},
		{idSensitive, "private_data", rx(`\b(?:user'?s\s+(?:full\s+)?(?:name|email|phone|address|question|query|queries|message|messages|history|location|contacts|files)|earlier\s+messages|(?:this|the)\s+conversation|chat\s+history|lookup\s+history|bearer\s+tokens?|credentials?|api\s+keys?|secrets|passwords?|phone\s+numbers?|last\s+message)\b|~/|\.git/|\.ssh|\.env\b|\.bashrc`), newPre("user'", "users", "earlier messages", "conversation", "chat history", "lookup history", "bearer", "credential", "api key", "secrets", "password", "phone", "last message", "~/", ".git/", ".ssh", ".env", ".bashrc")},
		{idCrossTool, "other_tools", rx(`\b(?:other|another|any\s+other|all\s+other)\s+(?:\w+\s+)?(?:servers?|tools?|dictionar\w+|sources?|services?|providers?|integrations?)\b|\bagents?\s+with\s+(?:an?\s+)?\w+\s+tools?\b|\b(?:the|its|an?)\s+['"\x60]?[a-z][\w-]*['"\x60]?\s+(?:server|mcp)\s+is\s+(?:connected|available|installed)|\b(?:its|the)\s+[a-z][a-z0-9]*_[a-z0-9_]+\s+tool\b|\bsystem\s+\w+\s+tools\b`), newPre("other", "another", "agent", "server", "mcp", " tool", "system ")},
		{idApproval, "approval", rx(`\b(?:user'?s|their|owner'?s)\s+(?:ok|okay|go-ahead|approval|consent|confirmation|permission|sign-?off)\b|\bsigned\s+off\b|\bdon'?t\s+check\s+back\b|\b(?:does|do)\s+not\s+need\s+(?:the\s+)?(?:user|approval|confirmation|permission)\b|\bpre-?cleared\b|\b(?:act|proceed|run|execute)\w*\s+without\s+(?:any\s+)?(?:review|oversight|checks?)\b|\bwithout\s+(?:(?:asking|checking\s+with|consulting)\s+(?:the\s+)?(?:user|human|owner|operator|them|anyone)|(?:asking\s+for\s+|seeking\s+|waiting\s+for\s+)?(?:confirmation|approval|permission|consent))\b`), newPre("user'", "their", "owner", "signed off", "check back", "not need", "pre-cleared", "precleared", "without")},
	}
)

var (
	reMoveVerb = rx(`\b(?:include|send|pass|add|copy|share|forward|put|attach|append|insert|post|upload|deliver|sync|publish|save|write|store)\b`)
	// reProtective is a sentence that keeps data in, the opposite of an
	// attack ("do not include secrets in commit messages").
	reProtective = rx(`^(?:please\s+)?(?:do\s+not|don'?t|never|avoid)\s+(?:\w+\s+)?(?:include|send|share|store|log|put|pass|expose|return|paste|post|upload|commit|print)\b|\b(?:are|is)\s+never\s+(?:returned|included|logged|stored|shared|sent|exposed|shown)\b|\bkeep\s+(?:the\s+|your\s+|this\s+)?(?:api\s+key|key|token|password|secret|credentials?|passphrase|private\s+key)s?\s+(?:\w+\s+)?(?:secret|private|safe|secure|confidential)`)
)

// approvalTopic is the index of the approval topic, which stands alone:
// a skipped approval needs no second topic.
const approvalTopic = 7

// scopeHits scores each sentence of one string.
func scopeHits(c *scanCtx) []hit {
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
		if b&(b-1) != 0 || b&(1<<approvalTopic) != 0 {
			cand = append(cand, si)
		}
	}
	sort.Ints(cand)
	for _, si := range cand {
		sp := c.sents[si]
		s := t[sp[0]:sp[1]]
		if len(s) < 12 || (!reScopeDirective.MatchString(s) && bits[si]&(1<<approvalTopic) == 0) {
			continue
		}
		var names []string
		best := -1
		a, b := len(s), 0
		for i, tp := range scopeTopics {
			if bits[si]&(1<<i) == 0 {
				continue
			}
			m := tp.re.FindStringIndex(s)
			if m == nil {
				continue
			}
			if tp.name == "outside_address" && reservedHost(s[m[0]:m[1]]) {
				continue
			}
			names = append(names, tp.name)
			if best < 0 {
				best = i
			}
			a, b = min(a, m[0]), max(b, m[1])
		}
		if len(names) == 0 || !scopeEnough(names, reMoveVerb.MatchString(s)) {
			continue
		}
		if negatedBefore(t, sp[0]+1) || isMention(t, sp[0]+a, sp[0]+b) || reProtective.MatchString(s) {
			continue
		}
		return []hit{{class: scopeTopics[best].class, rule: "scope_" + scopeTopics[best].name, start: sp[0] + a, end: sp[0] + b}}
	}
	return nil
}

// scopeEnough rejects pairs that are common together in honest text: an
// address alongside the reply ("the response includes a URL"), or data
// named with the reply it appears in.
func scopeEnough(names []string, moveVerb bool) bool {
	has := map[string]bool{}
	for _, n := range names {
		has[n] = true
	}
	if len(names) >= 3 {
		return true
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
