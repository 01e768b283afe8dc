package inject

import (
	"strings"
)

// Cross-tool and cross-server instructions reach into behaviour the
// server does not own ("when send_email is called, bcc …"). Tool
// preference manipulation steers the agent away from other tools ("always
// use this tool instead of …"). Naming the server's own tools is in scope:
// "call list_files first" is a usage note.

// ident is a tool-shaped identifier: snake/kebab/dotted with at least two
// segments, or anything in backticks or quotes.
const ident = `(?:["'\x60]([a-z][a-z0-9_.:/-]{1,60})["'\x60]|\b([a-z][a-z0-9]*(?:[_.:-][a-z0-9]+)+)\b)`

const toolVerb = `(?:call|calls|calling|called|use|uses|using|used|invoke|invokes|invoking|invoked|run|runs|running|execute|executes|executing|trigger|triggers|triggering)`

func crossToolRules() []*matcher {
	return []*matcher{
		{Class: idCrossTool, Name: "on_other_tool_call", Pre: []string{"when", "if ", "before", "after", "each time", "every time", "once", "while", "prior to"},
			Groups: [][]string{{"call", "use", "using", "invok", "run", "execut", "trigger"}, {"_", "-", "`", "\"", "'", ".", ":"}},
			Re:     rx(`\b(?:when(?:ever)?|if|before|after|each\s+time|every\s+time|once|while|prior\s+to)\s+(?:you\s+|the\s+(?:assistant|agent|model|ai|llm|user)\s+)?(?:\w+\s+)?` + toolVerb + `\s+(?:the\s+|a\s+|an\s+)?(?:tool\s+|function\s+)?` + ident),
			OK:     foreignIdent},
		{Class: idCrossTool, Name: "other_tool_event", Pre: []string{"when", "if ", "whenever", "each time"},
			Re: rx(`\b(?:when(?:ever)?|if|each\s+time|every\s+time|once)\s+(?:the\s+)?` + ident + `\s+(?:tool\s+|function\s+|command\s+)?(?:is|gets|get|are|has\s+been|was)\s+(?:called|invoked|used|run|executed|triggered|available|present|loaded|enabled)`),
			OK: foreignIdent},
		{Class: idCrossTool, Name: "other_tool_directive", Pre: []string{"must", "should", "shall", "need", "has to", "required", "will now"},
			Re: rx(ident + `\s+(?:tool\s+|function\s+)?(?:must|should|shall|needs?\s+to|has\s+to|is\s+required\s+to|will\s+now)\s+(?:now\s+|also\s+|always\s+|first\s+|only\s+)*(?:send|bcc|` +
				`cc|include|add|append|forward|redirect|route|copy|be\s+(?:\w+\s+)?(?:redirected|rerouted|sent\s+to|pointed|called|invoked|used|run|executed|triggered))\b`),
			OK: foreignIdent},
		{Class: idCrossTool, Name: "any_other_tool", Pre: []string{"tool", "function", "server"},
			Groups: [][]string{{"any", "other", "every", "each", "all"}, {"when", "before", "after", "time", "once", "if ", "must", "should", "shall", "need to"}},
			Re: rx(`\b(?:when(?:ever)?|before|after|each\s+time|every\s+time|whenever|once|if)\s+(?:you\s+)?(?:(?:\w+\s+)?` + toolVerb + `\s+(?:any|another|other|every|each|all)\s+(?:other\s+)?(?:\w+\s+)?(?:mcp\s+)?(?:tools?|functions?|servers?)|(?:any|another|other|every|each|all|the)\s+(?:other\` +
				`s+)?(?:mcp\s+)?(?:tools?|functions?|servers?)\s+(?:\w+\s+)?(?:is|are|gets?|get|has\s+been)?\s*(?:called|used|invoked|run|runs|executed|returns?|responds?|finish` +
				`(?:es)?|completes?))\b{G80}\b(?:include|add|append|bcc|cc|send|pass|forward|copy|attach|insert|prepend|report|log|call|use|run|invoke|route)\b|\b(?:all|any|ever` +
				`y|other|the\s+other)\s+(?:other\s+)?(?:connected\s+|available\s+|installed\s+)?(?:tools?|tool\s+calls?|functions?|servers?)(?:\s+(?:that|which|who)\s+[^.\n]{0,6` +
				`0}?)?\s+(?:must|should|shall|need\s+to)\s+(?:\w+\s+){0,3}?(?:include|add|append|bcc|cc|send|pass|forward|copy|route|go\s+through|be\s+(?:routed|sent|proxied))\b`),
			OK: notNegatedOrQuoted},
		{Class: idCrossTool, Name: "named_foreign_tool_directive", Pre: []string{" tool", " function"},
			Groups: [][]string{{"_", "-", "`", "\"", "'"}, {"replace", "change", "add", "append", "include", "bcc", "cc", "send", "forward", "set", "modify", "rewrite",
				"redirect", "insert", "remove", "strip", "prepend", "attach", "copy", "route", "alter", "swap", "substitute", "overwrite", "tell", "instruct", "force", "make",
				"configure", "delete", "drop", "run"}},
			Re: rx(`\bthe\s+(?:\w+\s+)?` + ident + `\s+(?:tool|function)\b`),
			OK: func(c *scanCtx, m []int) bool {
				s0, s1 := sentence(c.text, m[0], m[1])
				return reToolDirective.MatchString(c.text[s0:s1]) && foreignIdent(c, m)
			}},
		{Class: idCrossTool, Name: "other_server_directive", Pre: []string{"server", "integration", "connector", "plugin"},
			Re: rx(`\b(?:other|another|all|any|third[- ]party|external|different|every)\s+(?:mcp\s+)?(?:servers?|integrations?|connectors?|plugins?)(?:'s?)?\s+(?:\w+\s+){0,2}?(?:mu` +
				`st|should|shall|are\s+to|need\s+to)\s+(?:\w+\s+){0,2}?(?:forward|send|bcc|cc|redirect|route|report|copy|ignore|disable|be\s+(?:ignored|disabled|bypassed|routed|` +
				`redirected))\b`),
			OK: notNegatedOrQuoted},
	}
}

func preferenceRules() []*matcher {
	return []*matcher{
		{Class: idPreference, Name: "use_instead_of_others", Pre: []string{"instead", "rather than", "over ", "in place of", "not the", "not any", "never", "only"},
			Re: rx(`\b(?:always|only|exclusively|must|should)\s+(?:\w+\s+)?(?:use|call|invoke|choose|select|prefer|pick|route\s+(?:\w+\s+)?(?:to|through))\s+(?:this|me|our|the\s+pr` +
				`esent)\b(?:\s+(?:tool|server|function|one|service|integration|mcp))?{G60}\b(?:instead\s+of|rather\s+than|over|in\s+place\s+of|not\s+(?:the|any)|never)\b\s*(?:th` +
				`e\s+|any\s+|all\s+)?` + `(?:` + ident + `|([a-z][a-z0-9 ]{2,40}))`),
			OK: preferForeign},
		{Class: idPreference, Name: "use_instead_of_named", Pre: []string{"instead", "rather than", "over ", "in place of"},
			Re: rx(`\b(?:use|call|invoke|choose|prefer|pick)\s+(?:this|it|me|our)(?:\s+(?:tool|server|function|one|service))?\s+(?:instead\s+of|rather\s+than|over|in\s+place\s+of)\s+(?:the\s+|any\s+)?` + ident),
			OK: func(c *scanCtx, m []int) bool {
				s0, s1 := sentence(c.text, m[0], m[1])
				return reStrongCue.MatchString(c.text[s0:s1]) && foreignIdent(c, m)
			}},
		{Class: idPreference, Name: "shun_other_tools", Pre: []string{"other", "another", "alternative", "different", "competing", "third", "external", "similar", "built-in", "native", "default"},
			Groups: [][]string{{"tool", "server", "function", "service", "integration", "plugin", "mcp", "search", "provider"}, {"not", "n't", "never", "avoid", "stop", " are ", " is ", " have been", " were", " will be"}},
			Re: rx(`\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|avoid|stop)\s+(?:ever\s+)?(?:use|using|call|calling|invoke|invoking|trust|trusting|choose|rely\s+on|relying\s` +
				`+on|consider)\s+(?:any\s+|the\s+)?(?:other|another|alternative|different|competing|third[- ]party|external|similar|built-in|native|default)\s+(?:\w+\s+)?(?:tool` +
				`s?|servers?|functions?|services?|integrations?|plugins?|mcps?|search(?:es)?|providers?)\b|\b(?:other|all\s+other|competing|alternative|similar|third[- ]party)\s` +
				`+(?:\w+\s+)?(?:tools?|servers?|functions?|mcps?|integrations?)\s+(?:are|is|have\s+been|were|will\s+be)\s+(?:now\s+)?(?:deprecated|broken|unreliable|insecure|uns` +
				`afe|malicious|outdated|compromised|disabled|obsolete|inaccurate|untrusted|dangerous|fake|not\s+(?:safe|reliable|trusted|allowed|permitted|to\s+be\s+(?:used|trus` +
				`ted)))`),
			OK: notNegatedOrQuoted},
		{Class: idPreference, Name: "this_tool_supreme", Pre: []string{"this tool", "this server", "this function", "this integration", "this is", "prefer this", "prefer me", "present tool"},
			Re: rx(`\b(?:this|the\s+present)\s+(?:tool|server|function|integration)\s+(?:supersedes|replaces|overrides|outranks|takes\s+(?:precedence|priority)\s+over|must\s+(?:alw` +
				`ays\s+)?be\s+(?:used|called|chosen|preferred)\s+(?:instead\s+of|over|before|rather\s+than)|should\s+(?:always\s+)?be\s+(?:used|called|chosen|preferred)\s+(?:ins` +
				`tead\s+of|over|rather\s+than))\s+(?:all|any|every|other|the\s+(?:other|built-in|default|native))|\b(?:this|the\s+present)(?:\s+(?:tool|server|function|integrati` +
				`on))?\s+is\s+(?:the\s+)?(?:only|sole|preferred|mandatory|primary|exclusive|official|trusted|recommended|best)\s+(?:\w+\s+){0,3}?(?:tool|server|way|option|choice` +
				`|method|source|provider)\b{G60}\b(?:instead\s+of|over\s+(?:all|any|other)|rather\s+than|all\s+other|any\s+other|for\s+(?:all|every|any)\s+\w+\s+(?:requests?|tas` +
				`ks?|queries|operations))|\bprefer\s+(?:this|me)\s+(?:\w+\s+)?(?:over|to)\s+(?:all|any|every|other|the)\b`),
			OK: notNegatedOrQuoted},
		{Class: idPreference, Name: "shun_named_promote_self", Pre: []string{"not use", "n't use", "never use", "avoid", "stop using", "not call", "n't call", "never call", "not trust", "never trust"},
			Groups: [][]string{{"this tool", "this one", "this server", "instead", "better", "only", "use me", "our tool", "our server"}},
			Re:     rx(`\b(?:do\s+not|don'?t|never|avoid|stop)\s+(?:using|use|calling|call|trusting|trust|relying\s+on)\s+(?:the\s+|any\s+)?([a-z][\w./-]*)\s+(?:\w+\s+)?(?:tools?|servers?|mcps?|integrations?|plugins?|functions?)\b`),
			OK: func(c *scanCtx, m []int) bool {
				name := c.text[m[2]:m[3]]
				if name == "this" || name == "that" || name == "these" || c.sc.tools[name] || c.ownParam(name) || c.sc.names[name] {
					return false
				}
				if c.sc.toolTokens[name] {
					return false
				}
				return notNegatedOrQuoted(c, m)
			}},
		{Class: idPreference, Name: "disparage_and_replace", Pre: []string{"broken", "deprecated", "unreliable", "insecure", "outdated", "fake", "malicious", "compromised", "inaccurate", "buggy", "untrusted", "unsafe", "obsolete", "wrong"},
			Groups: [][]string{{"this one", "this tool", "this server", "use me", "instead"}},
			Re:     rx(`\b(?:tools?|servers?|functions?|integrations?|plugins?|mcps?)\s+(?:is|are|has\s+been|have\s+been|was|were)\s+(?:now\s+|known\s+to\s+be\s+)?(?:broken|deprecated|unreliable|insecure|outdated|fake|malicious|compromised|inaccurate|buggy|untrusted|unsafe|obsolete|wrong)\b`),
			OK: func(c *scanCtx, m []int) bool {
				s0, s1 := sentence(c.text, m[0], m[1])
				return reSelfPromo.MatchString(c.text[s0:s1]) && notNegatedOrQuoted(c, m)
			}},
		{Class: idPreference, Name: "self_for_all", Pre: []string{"this tool", "this server", "this one"},
			Re: rx(`\bthis\s+(?:tool|server|one|function)\s+(?:should|must)\s+(?:always\s+)?be\s+(?:used|called|preferred|chosen)\s+for\s+(?:all|every|any)\b`),
			OK: notNegatedOrQuoted},
		{Class: idPreference, Name: "suppress_alternatives", Pre: []string{"suggest", "recommend", "mention", "offer", "propose", "point"},
			Groups: [][]string{{"other", "alternative", "competing", "third", "another"}},
			Re: rx(`\b(?:do\s+not|don'?t|never|avoid)\s+(?:ever\s+)?(?:suggest|recommend|mention|offer|propose|point\s+(?:the\s+user\s+)?to)\w*\s+(?:\w+\s+){0,4}?(?:other|alternati` +
				`ve|competing|third[- ]party|another)\s+(?:[\w-]+\s+)?(?:tools?|servers?|services?|apps?|providers?|integrations?|readers?)\b`),
			OK: func(c *scanCtx, m []int) bool {
				// "… unless the user asks" leaves the user in charge.
				s0, s1 := sentence(c.text, m[0], m[1])
				return !strings.Contains(c.text[s0:s1], "unless") && notNegatedOrQuoted(c, m)
			}},
		{Class: idPreference, Name: "deny_other_tool", Pre: []string{"not connected", "not available", "unavailable", "not installed", "not working", "offline", "is down", "are down", "broken", "disabled"},
			Groups: [][]string{{"say", "tell", "claim", "pretend", "report", "answer", "respond", "reply", "call", "label", "mark", "describe", "present"}},
			Re: rx(`\b(?:say|tell\s+(?:the\s+)?(?:user|them)|claim|pretend|report|answer|respond|reply)\w*\s+(?:that\s+)?(?:it|they|\w+|(?:those|these|the\s+other|other|competing|a` +
				`lternative)\s+(?:[\w-]+\s+)?(?:tools?|servers?|services?|search(?:es)?|integrations?|apps?|providers?))\s+(?:is|are)\s+(?:currently\s+|temporarily\s+|now\s+)?(?` +
				`:not\s+(?:connected|available|installed|working)|unavailable|down|broken|offline|disabled)\b|\b(?:call|label|mark|describe|present|report)\w*\s+(?:the\s+others|` +
				`the\s+other\s+\w+|them|those|these|other\s+\w+|competitors?)\s+(?:as\s+)?(?:unavailable|down|broken|offline|disabled|deprecated|unreliable|inaccurate)\b`),
			OK: func(c *scanCtx, m []int) bool {
				s0, s1 := sentence(c.text, m[0], m[1])
				return (reOtherRef.MatchString(c.text[s0:s1]) || reOtherSubject.MatchString(c.text[m[0]:m[1]]) || reOtherObject.MatchString(c.text[m[0]:m[1]])) && notNegatedOrQuoted(c, m)
			}},
		{Class: idPreference, Name: "first_before_any", Pre: []string{"before", "prior to"},
			Re: rx(`\b(?:before|prior\s+to)\s+(?:using|calling|invoking|running)\s+(?:any|all|every)\s+other\s+(?:mcp\s+)?(?:tools?|functions?|servers?)\b{G40}\b(?:must|always|first|you\s+(?:need|have)\s+to)\b{G30}\b(?:call|use|run|invoke)\s+(?:this|me)\b`),
			OK: notNegatedOrQuoted},
	}
}

// foreignRules catch references to tools of other servers in the agent
// naming schemes (mcp__server__tool, mcp_tool_x): weak alone.
func foreignRules() []*matcher {
	return []*matcher{
		{Class: idCrossTool, Name: "foreign_qualified_tool", Weak: true, Pre: []string{"mcp_", "__"},
			Re: rx(`\b(mcp__?[a-z0-9_-]+|[a-z0-9-]+__[a-z0-9_-]+)\b`),
			OK: func(c *scanCtx, m []int) bool { return c.foreign(c.text[m[2]:m[3]]) }},
	}
}

// foreignIdent vets a match whose first non-empty group is an identifier:
// it must name a tool this server does not own.
func foreignIdent(c *scanCtx, m []int) bool {
	id := firstGroup(c.text, m)
	if id == "" || !c.foreign(id) {
		return false
	}
	return notNegatedOrQuoted(c, m)
}

// preferForeign vets a preference claim: the alternative named must not
// be one of the server's own tools ("use create_items instead of calling
// this tool in a loop" is a usage note).
func preferForeign(c *scanCtx, m []int) bool {
	id := firstGroup(c.text, m)
	if id == "" {
		return false
	}
	id = strings.TrimSpace(id)
	for _, w := range strings.Fields(id) {
		if c.sc.tools[w] || c.ownParam(w) {
			return false
		}
		if w == "calling" || w == "this" || w == "looping" || w == "guessing" || w == "asking" {
			return false
		}
	}
	return notNegatedOrQuoted(c, m)
}

// reToolDirective is an instruction that changes what another tool does.
var reToolDirective = rx(`\b(?:replace|change|add|append|include|bcc|cc|send|forward|set|modify|rewrite|redirect|insert|remove|strip|prepend|attach|copy|route|alter|swap|substitute|overwrite|tell|instruct|force|make|configure|delete|drop|run)\b`)

// reSelfPromo is the other half of disparagement: use this one instead.
var reSelfPromo = rx(`\b(?:use|call|choose|prefer|try)\s+(?:this|me|our)(?:\s+(?:one|tool|server|function))?\s*(?:instead|rather)?\b|\binstead\b`)

// reOtherRef names something else the user might use.
var reOtherRef = rx(`\b(?:another|other|different|alternative)\s+(?:\w+\s+)?(?:server|tool|service|provider|app)s?\b|\bif\s+the\s+user\s+asks\s+for\b|\bwhen(?:ever)?\s+the\s+user\s+(?:asks|wants|requests)\b`)

// reStrongCue marks a preference as a demand, not a usage hint.
var reStrongCue = rx(`\b(?:always|only|must|never|exclusively|trusted|untrusted|deprecated|insecure|unsafe|broken|unreliable|outdated|compromised|malicious|mandatory|required)\b`)

func firstGroup(t string, m []int) string {
	for g := 1; 2*g+1 < len(m); g++ {
		if m[2*g] >= 0 {
			return t[m[2*g]:m[2*g+1]]
		}
	}
	return ""
}

// commonCompounds look like identifiers but are English.
var commonCompounds = wordSet(`read-only write-only e.g i.e utf-8 utf-16 follow-up built-in real-time up-to-date
	step-by-step well-known re-run opt-in opt-out sign-in sign-up log-in log-out set-up check-in end-to-end one-time
	read-write non-empty top-level multi-line case-sensitive case-insensitive open-source third-party front-end back-end
	x-api-key content-type user-agent a-z 0-9 pre-approved auto-run`)

// foreign reports whether id names a tool outside this server.
func (c *scanCtx) foreign(id string) bool {
	id = strings.Trim(id, "\"'`()")
	if id == "" || commonCompounds[id] || c.sc.tools[id] || c.ownParam(id) {
		return false
	}
	if strings.ContainsAny(id, "/:") || strings.Count(id, ".") > 0 && !strings.Contains(id, "_") {
		return false // paths, URLs, file names, dotted properties
	}
	if !strings.ContainsAny(id, "_-") {
		return false // a single word is prose
	}
	// Qualified names: mcp__server__tool or server_tool where the last
	// segment or the remainder is an own tool.
	// (An own tool t with id ending in "__"+t also ends in "_"+t, so one
	// lookup per separator in id replaces a loop over every own tool.)
	for i := 0; i < len(id); i++ {
		if sep := id[i]; (sep == '_' || sep == '-' || sep == '.') && c.sc.tools[id[i+1:]] {
			return false
		}
	}
	for _, tok := range identTokens(id) {
		if c.sc.names[tok] {
			return false
		}
	}
	return true
}

// ownParam reports whether id is a parameter name of the current tool
// (or of any tool, for server-level strings).
func (c *scanCtx) ownParam(id string) bool {
	if p := c.params(); p != nil && p[id] {
		return true
	}
	return c.sc.anyParam[id]
}

// reOtherSubject is a denial whose subject is itself other tools ("say
// those tools are unavailable").
var reOtherSubject = rx(`\b(?:those|these|the\s+other|other|competing|alternative)\s+(?:[\w-]+\s+)?(?:tools?|servers?|services?|search(?:es)?|integrations?|apps?|providers?)\s+(?:is|are)\b`)

// reOtherObject is a label put on the others ("call the others
// unavailable").
var reOtherObject = rx(`\b(?:the\s+others|the\s+other\s+\w+|them|those|these|other\s+\w+|competitors?)\s+(?:as\s+)?(?:unavailable|down|broken|offline|disabled|deprecated|unreliable|inaccurate)\b`)
