package view

import (
	"strings"
	"sync"

	"github.com/assay-mcp/assay/report/model"
)

// Words for readers: element pointers, signal names and counting
// evidence turned into the words a reviewer reads.

// readerElement turns an element pointer into words: "tool:NAME/
// inputSchema/properties/P/description" into "NAME, parameter P
// description", "server:tools" into "tool list", "prompt:NAME" into
// "prompt NAME".
func readerElement(e string) string {
	return strings.TrimPrefix(elementWords().Replace(e), "tool:")
}

// elementWords maps element pointer parts to reader words; built on first
// use, not at package init.
var elementWords = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer("/inputSchema/properties/", ", parameter ", "/outputSchema", " output schema", "/inputSchema", " input schema",
		"/description", " description", "/title", " title", "/name", " name", "/annotations", " hints", "/icons", " icons",
		"server:instructions", "server instructions", "server:tools", "tool list", "server:serverInfo", "server information",
		"server:capabilities", "server capabilities", "server:", "server ", "context:all", "all servers together", "context:", "context ",
		"prompt:", "prompt ", "resource:", "resource ", "template:", "resource template ", "setting:", "setting ")
})

// elementDetail is what a finding's element adds to place(): the part
// of a tool it is about ("parameter path description"), or the element
// in words when place() does not already name it; "" when nothing.
func elementDetail(fd model.Finding) string {
	switch {
	case fd.Element == "" || fd.Element == "tool:"+fd.Tool:
		return ""
	case fd.Element == "tool:"+fd.Tool+"/name":
		return "" // the tool's name is the place itself
	case fd.Tool != "" && strings.HasPrefix(fd.Element, "tool:"+fd.Tool+"/"):
		return strings.TrimLeft(readerElement("tool:"+fd.Element[len("tool:"+fd.Tool):]), ", ")
	case fd.Tool == "" && fd.Server != "" && !strings.HasPrefix(fd.Element, "server:tools"):
		return "" // place() says it in parentheses
	}
	return readerElement(fd.Element)
}

// readerSets is what one classification signal raised, in words:
// ["tier:R4", "effect:external", "kind:egress"] → "tier R4, effect
// external, kind egress".
func readerSets(sets []string) string {
	out := make([]string, len(sets))
	for i, s := range sets {
		out[i] = strings.Replace(s, ":", " ", 1)
	}
	return strings.Join(out, ", ")
}

// readerEvidence replaces a leading internal signal name
// ("scope_features: …") with words for a reader.
func readerEvidence(ev string) string {
	ev = oneOfAgreement(ev)
	i := strings.Index(ev, ": ")
	if i <= 0 || i > 40 {
		return ev
	}
	name := ev[:i]
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return ev
		}
	}
	if !strings.Contains(name, "_") {
		return ev
	}
	if p, ok := signalWords[name]; ok {
		return p + ": " + ev[i+2:]
	}
	p := strings.TrimSuffix(strings.TrimSuffix(name, "_i18n"), "_cooccurrence")
	p = strings.ReplaceAll(p, "_", " ")
	if strings.HasSuffix(name, "_cooccurrence") {
		p += " wording"
	}
	if strings.HasSuffix(name, "_i18n") {
		p += " (non-English)"
	}
	return strings.ToUpper(p[:1]) + p[1:] + ": " + ev[i+2:]
}

// oneOfAgreement makes "1 of N tools declare …" agree with its subject
// for a reader: "1 of 6 tools declares …", "1 of 1 tool has …". The
// counting evidence of report/classify is written for any count.
func oneOfAgreement(ev string) string {
	rest, ok := strings.CutPrefix(ev, "1 of ")
	if !ok {
		return ev
	}
	n, after, ok := strings.Cut(rest, " tools ")
	if !ok || n == "" || strings.Trim(n, "0123456789") != "" {
		return ev
	}
	verb, tail, _ := strings.Cut(after, " ")
	verb, ok = map[string]string{"have": "has", "are": "is", "declare": "declares", "lack": "lacks", "use": "uses", "take": "takes", "return": "returns", "accept": "accepts"}[verb]
	if !ok {
		return ev
	}
	noun := " tools "
	if n == "1" {
		noun = " tool "
	}
	return "1 of " + n + noun + verb + " " + tail
}

var signalWords = map[string]string{
	"scope_features":          "Asks for broad scope",
	"preference_cooccurrence": "Tells the model to prefer this tool",
	"approval_cooccurrence":   "Tells the model to skip approval",
	"conceal_cooccurrence":    "Tells the model to hide something",
	"crosstool_cooccurrence":  "Steers the model's use of other tools",
	"override_cooccurrence":   "Tells the model to override its instructions",
	"hidden_characters":       "Hidden characters",
	"pseudo_tag":              "Instruction markup",
	"paired_custom_tag":       "Instruction markup",
	"negated_disclosure":      "Tells the model not to tell the user",
	"no_confirmation":         "Tells the model not to ask for confirmation",
	"target_transmitted":      "Sends sensitive data out",
	"target_into_param":       "Moves sensitive data into a parameter",
	"target_access":           "Reads sensitive data",
	"role_dialogue":           "Fake conversation turns",
	"encoded_payload":         "Encoded payload",
	"encoded_text":            "Encoded text",
	"url_beacon":              "Tracking URL",
	"image_beacon":            "Tracking image",
	"whitespace_padding":      "Text hidden by padding",
	"mixed_script":            "Look-alike letters from mixed scripts",
}

// signalLabel names a classification signal for readers.
func signalLabel(s string) string {
	switch s {
	case "name":
		return "Name"
	case "schema":
		return "Parameters"
	case "annotation":
		return "Declared hint"
	case "description":
		return "Description"
	case "rule":
		return "Rules file"
	}
	return line(s)
}

// evidenceText is one classification signal in one short line: where it
// was seen and what it says, without the repeated signal name
// ("name name:delete").
func evidenceText(e model.Evidence) string {
	p := e.Pointer
	p = strings.TrimPrefix(p, e.Signal+":")
	p = strings.TrimPrefix(p, "/inputSchema/properties/")
	p = strings.TrimPrefix(p, "/annotations/")
	if p == "/description" || p == "/inputSchema" {
		p = ""
	}
	txt := signalLabel(e.Signal)
	if p != "" && (e.Detail == "" || !strings.Contains(e.Detail, p)) {
		txt += " " + line(p)
	}
	if e.Detail != "" {
		txt += ": " + clip(e.Detail, 160)
	}
	return txt
}
