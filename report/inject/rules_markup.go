package inject

import (
	"github.com/assay-mcp/assay/report/internal/lazyre"
	"strings"
)

// markupRules find injection markers: pseudo-tags and role tokens that try
// to pass server text off as system or user turns, and HTML comments a
// renderer hides from the reader but the model still reads.
func markupRules() []*matcher {
	return []*matcher{
		{Class: idMarkup, Name: "html_comment", Pre: []string{"<!--"}, Whole: true,
			Re: rx(`<!--[\s\S]*?-->`), OK: func(c *scanCtx, m []int) bool {
				return strings.TrimSpace(strings.Trim(c.text[m[0]:m[1]], "<>!-")) != ""
			}},
		{Class: idMarkup, Name: "pseudo_tag", Pre: []string{"<"}, Kinds: []fieldKind{kindProse, kindValue, kindIdent},
			Re: rx(`<\s*/?\s*(?:important|system|system[_ -]?(?:prompt|message|note|instructions?|override)|instructions?|hidden|hidden[_ -]?(?:instructions?|note|text)|secret|secr` +
				`et[_ -]?(?:instructions?|note)|admin|admin[_ -]?(?:note|override)|assistant|override|note[_ -]?to[_ -]?(?:the[_ -]?)?(?:ai|assistant|model|llm|agent)|ai[_ -]?(?` +
				`:note|instructions?)|(?:tool|model|assistant|agent|llm)[_ -]?instructions?|developer[_ -]?(?:message|instructions?|mode)|jailbreak|im_start|im_end|endoftext|cri` +
				`tical[_ -]?instructions?|mandatory[_ -]?instructions?|priority[_ -]?instructions?|function[_ -]?(?:results?|calls?)|tool[_ -]?(?:results?|calls?|outputs?|respon` +
				`ses?)|antml:\w+|user[_ -]?(?:message|query|instructions?)|assistant[_ -]?(?:message|response))\s*(?:\s[^<>]{0,60})?>`)},
		{Class: idMarkup, Name: "role_token", Pre: []string{"<|", "[inst", "[/inst", "<<sys", "<</sys", "[system", "[sys]", "[admin", "[hidden", "[secret", "[assistant", "[note to", "[developer", "[ai ", "[override"},
			Re: rx(`<\|\s*(?:im_start|im_end|system|user|assistant|endoftext|start_header_id|end_header_id|eot_id|begin_of_text)\s*\|>|\[/?inst\]|<</?sys>>|\[(?:system|sys|system (` +
				`?:note|message|prompt|override|instructions?)|admin(?: note| override)?|hidden(?: instructions?| note)?|secret(?: instructions?| note)?|assistant|note to (?:the` +
				` )?(?:ai|assistant|model|llm|agent)s?|developer (?:note|mode|message|instructions?)|ai (?:note|instructions?)|override)\]`)},
		{Class: idMarkup, Name: "role_line", Pre: []string{"system", "instruction", "note to", "ai note", "admin"}, Whole: true,
			Re: rx(`(?:^|\n)\s*(?:#{1,6}\s*|\*\*)?(?:system|system (?:message|note|prompt|override|instructions?)|new (?:system )?instructions?|note to (?:the )?(?:ai|assistant|mod` +
				`el|llm|agent)s?|ai (?:note|instructions?)|assistant instructions?|admin (?:note|override|message))[ \t]*(?:\*\*)?[ \t]*(?::|\n|$)`),
			OK: roleLine},
		{Class: idMarkup, Name: "hidden_html", Pre: []string{"display", "visibility", "font-size", "opacity", "hidden", "color"},
			Groups: [][]string{{"<"}},
			Re: rx(`<[a-z][a-z0-9]*\s[^<>]{0,200}(?:style\s*=\s*["'][^"'<>]{0,200}(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|pt|em)?\s*[;"']|opacity\s*:\s` +
				`*0(?:\.0+)?\s*[;"']|color\s*:\s*(?:white|#fff(?:fff)?|transparent)\b)|\shidden(?:\s*=\s*["']?(?:true|hidden)?["']?)?[\s/>])`)},
		{Class: idMarkup, Name: "template_marker", Pre: []string{"{{", "[[", "[hidden", "[secret", "[system", "[admin", "[internal", "[ai ", "[assistant", "[model", "[override", "[private"},
			Re: rx(`\{\{\s*(?:system|assistant|user|instructions?|important|admin|hidden|secret)\s*\}\}|\[\[\s*(?:system|assistant|instructions?|important|admin|hidden|secret)\s*\]` +
				`\]|\[(?:hidden|secret|system|admin|internal|ai|assistant|model|override|private)\s+(?:instructions?|notes?|directives?|message|prompt|command)s?\]`)},
		{Class: idMarkup, Name: "fenced_role", Pre: []string{"```", "~~~"},
			Re: rx("(?:```|~~~)\\s*(?:system|assistant|instructions?|prompt|system[_-]prompt)\\b")},
		{Class: idMarkup, Name: "markdown_comment", Pre: []string{"[//]:", "[comment]:", "[_]:"},
			Re: rx(`\[(?://|comment|_)\]:\s*(?:#|<>)\s*\(`)},
		{Class: idMarkup, Name: "addressed_to_model", Pre: []string{"note to", "attention", "message to", "dear", "to the ai", "for the ai", "for ai", "to ai",
			"for the assistant", "to the assistant", "for the model", "to the model", "for the agent", "to the agent", "for the llm", "to the llm", "for any ai", "for all ai",
			"p.s.", "ps "},
			Re: rx(`\b(?:(?:note|message|reminder|attention)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:ai|llm|language model|assistant|model|agent|claude|chatgpt|gpt|copilot|curso` +
				`r)s?\b|instructions?\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:ai|llm|language model|assistant|model|agent|claude|chatgpt|gpt|copilot|cursor)s?\s*:|dear\s+(?:a` +
				`i|assistant|llm|claude|model|agent)\b|\bp\.?\s?s\.?\s+(?:for|to)\s+(?:the\s+)?(?:ai|assistant|model|llm|agent)s?\b|\b(?:for|to)\s+the\s+(?:ai|assistant|model|ll` +
				`m|agent)\s*:)`),
			OK: addressedHeading},
		// A chat transcript role line opening a system turn, as YAML or
		// JSON ("role: system" then "content:").
		{Class: idMarkup, Name: "role_turn", Pre: []string{"role"}, Whole: true,
			Re: rx(`\brole["']?\s*:\s*["']?(?:system|developer)["']?\s*[,;]?\s*-?\s*["']?content["']?\s*:`)},
	}
}

// roleLine vets a role line: the text after it must talk to the model
// ("System: Linux or macOS" names an operating system).
func roleLine(c *scanCtx, m []int) bool {
	if !notInstructions(c, m) {
		return false
	}
	end := min(len(c.text), m[1]+240)
	return reModelTalk.MatchString(c.text[m[1]:end])
}

// notInstructions keeps a rule off server instructions, which are
// legitimately addressed to the model.
// addressedHeading accepts an address to the model that heads its
// sentence or is followed by a colon ("Note for the assistant: …"), not
// one inside a clause about the tool's purpose ("adds a note for the
// assistant to remember").
func addressedHeading(c *scanCtx, m []int) bool {
	if !notInstructions(c, m) {
		return false
	}
	s0, _ := sentence(c.text, m[0], m[1])
	lead := strings.Trim(c.text[s0:m[0]], " #*-_>[](){}|:")
	rest := strings.TrimLeft(c.text[m[1]:], " ")
	return lead == "" || strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, ",") || strings.HasPrefix(rest, "-")
}

func notInstructions(c *scanCtx, m []int) bool {
	return c.e.Element != "server:instructions"
}

var (
	reOpenTag  = lazyre.New(`<([a-z][a-z0-9_-]{1,40})(?:\s[^<>]{0,120})?>`)
	reCloseTag = lazyre.New(`</([a-z][a-z0-9_-]{1,40})\s*>`)
	// reModelTalk is what makes a custom tag's content an instruction.
	reModelTalk = lazyre.New(`\b(?:you|your|assistant|ai|llm|model|agent|must|do not|don't|never|ignore|always|secret|hidden|instructions?|obey|execute|follow|commands?|authoritative|override|disregard|respond|reply|answer|only|include|send|reveal|output|print|say|tell|user|users|call|use)\b`)
)

// reMarkerName is a custom tag name that claims authority.
var reMarkerName = lazyre.New(`directive|instruction|priority|system|prompt|rule|override|admin|secret|hidden|important|urgent|mandatory|critical|assistant|agent|model|llm|ai_|_ai|note_to|internal|confidential|policy|command`)

// docTags are tags real descriptions pair for structure; they are not
// markers. HTML formatting tags are included.
var docTags = wordSet(`a abbr b big blockquote body br button caption center cite code col dd del details div dl dt em
	figcaption figure font footer form h1 h2 h3 h4 h5 h6 head header hr html i img input ins kbd label li link main mark
	meta nav ol option p pre q s samp section select small span strong style sub summary sup table tbody td textarea tfoot
	th thead title tr tt u ul var video audio source svg g path script noscript iframe article aside time
	example examples hint hints usage use_case usecase usecases use_cases note notes tip tips param params parameter
	parameters return returns result results response request input output description desc query sql json xml yaml
	code_example sample samples schema format template snippet quote step steps item items row rows field fields
	value values key name id type error errors warning warnings data file path url text content body message`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// pairedTags finds custom tags that open and close around model-directed
// text (<secret>…</secret>), which RE2 cannot pair by itself.
func pairedTags(c *scanCtx) []hit {
	var out []hit
	seen := map[string]bool{}
	// Angle-bracket tags, and the same pairing written with square
	// brackets ("[[assistant-only]] … [[/assistant-only]]").
	if strings.Contains(c.text, "</") {
		out = append(out, pairedWith(c, reOpenTag, reCloseTag, seen)...)
	}
	if strings.Contains(c.text, "[/") {
		out = append(out, pairedWith(c, reOpenBracket, reCloseBracket, seen)...)
	}
	return out
}

var (
	reOpenBracket  = lazyre.New(`\[\[?([a-z][a-z0-9_-]{1,40})\]\]?`)
	reCloseBracket = lazyre.New(`\[\[?/([a-z][a-z0-9_-]{1,40})\]\]?`)
)

// pairedWith pairs open and close tags of one bracket style.
func pairedWith(c *scanCtx, open, close *lazyre.Regexp, seen map[string]bool) []hit {
	t := c.text
	var out []hit
	closes := close.FindAllStringSubmatchIndex(t, 64)
	if len(closes) == 0 {
		return nil
	}
	for _, o := range open.FindAllStringSubmatchIndex(t, 64) {
		name := t[o[2]:o[3]]
		if docTags[name] || seen[name] {
			continue
		}
		marker := reMarkerName.MatchString(name)
		for _, cl := range closes {
			if cl[0] > o[1] && t[cl[2]:cl[3]] == name {
				if reModelTalk.MatchString(t[o[1]:cl[0]]) {
					seen[name] = true
					// A tag named like a directive is a marker; any other
					// custom tag around model talk is one weak signal.
					out = append(out, hit{class: idMarkup, rule: "paired_custom_tag", start: o[0], end: o[1], weak: !marker, lone: true})
				}
				break
			}
		}
	}
	return out
}

var reRolePrefix = lazyre.New(`(?m)^\s*(?:#{1,4}\s*|\*\*|\[)?(system|assistant|user|human|ai|model|bot)\s*(?:\*\*|\])?\s*:`)

// roleDialogue finds a fake transcript: lines opened by two or more
// different chat roles ("Assistant: … / User: …") in one string.
func roleDialogue(c *scanCtx) []hit {
	t := c.text
	if strings.Count(t, ":") < 2 || !strings.Contains(t, "\n") {
		return nil
	}
	ms := reRolePrefix.FindAllStringSubmatchIndex(t, 16)
	roles := map[string]bool{}
	for _, m := range ms {
		roles[t[m[2]:m[3]]] = true
	}
	if len(roles) < 2 {
		return nil
	}
	return []hit{{class: idMarkup, rule: "role_dialogue", start: ms[0][0], end: ms[0][1]}}
}
