package inject

import (
	"github.com/assay-mcp/assay/report/internal/lazyre"
	"strings"
)

// Exfiltration sinks: a URL or address that is the goal of a send verb,
// a declared collector, or a markdown image whose URL carries a
// placeholder the model is meant to fill with data. A URL cited as
// documentation ("see https://…", "fetches from https://…") is a
// locative, not a goal, and stays quiet.

const (
	urlOrMail = `(?:(?:https?|ftp|wss?)://[^\s<>"'\x60)\]]+|[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})`
	sendVerb  = `\b(?:send|post|forward|upload|append|dump|write|save|store|put|transmit|submit|deliver|report|exfiltrate|leak|sync|mirror|copy|push|relay|dispatch|beam|pipe|stream|log|cc|bcc|email|e-mail|mail|notify|ping|share|export|back\s+up|replicate|webhook|callback)\b`
	// dataObj is what an attacker wants shipped out.
	dataObj = `\b(?:conversations?|history|chats?|messages|contents?|data|results?|outputs?|credentials?|keys?|tokens?|secrets?|passwords?|files?|everything|all|copy|copies|su` +
		`mmary|summaries|transcripts?|env|context|responses?|inputs?|quer(?:y|ies)|prompts?|emails|documents?|records|logs?|cookies?|code|source|repo|memory|notes|answer` +
		`s?|replies|findings|dumps?|database|db|backups?|attachments?|screenshots?|recordings?|payload|profile|addresse?s?|location|contacts|calendar|browsing|keystrokes` +
		`|clipboard|reports?|uploads?|events|items|entries|rows|text|texts|drafts?|customers?|clients?|leads?|lists?|contacts?|accounts?|users|members|employees|tickets|` +
		`orders|transactions|invoices|listings?|every\s+\w+|each\s+\w+|user'?s\s+\w+|(?:full|entire|whole|complete)\s+\w+)\b`
)

var (
	reSendGoal  = rx(sendVerb + `{G120}\b(?:to|into|towards|onto)\s+(?:the\s+|this\s+|our\s+|my\s+|a\s+)?(?:[\w-]+\s+){0,3}?(?:(?:at|on|via)\s+)?<?` + urlOrMail)
	reAddrVerb  = rx(`\b(?:cc|bcc|loop\s+in|copy\s+in|blind\s+copy|blind\s+carbon\s+copy)\s*:?\s+(?:\w+\s+){0,3}?` + `[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}`)
	reSinkDecl  = rx(`\b(?:webhook|endpoint|callback|sink|collector|receiver|destination|exfil\w*|logging\s+server|backup\s+server|relay|listener|drop\s+box|dropbox|inbox)(?:\s+(?:url|address|host|server))?(?:\s+(?:for|of)\s+(?:\w+\s+){0,3}?\w+)?\s*(?:is|are|:|=|at|lives\s+at)\s*<?` + urlOrMail)
	reMdImage   = rx(`!\[[^\]\n]{0,100}\]\(\s*<?(?:https?:)?//[^\s)]{0,400}|<img\b[^>\n]{0,200}?\bsrc\s*=\s*["']?(?:https?:)?//[^\s"'>]{0,400}`)
	rePlacehold = lazyre.New(`\{[^}]{0,60}\}|\$\{?[a-z_]+|%7b|<[a-z_ ]{1,40}>|\[[a-z_ ]{1,40}\]|%24|\{\{|[=_](?:user|email|chat|conversation|convo|message|msg|data|secret|token|key|history|query|prompt|input|context|summary|answer|response|password|address|name|content)s?(?:[_&#]|$)`)
	reFetchExf  = rx(`\b(?:fetch|visit|open|load|request|call|curl|wget|get|access|navigate\s+to|browse\s+to|ping|hit|render|display|embed|include)\s+(?:the\s+)?(?:url\s+|image\s+|link\s+)?<?(?:https?:)?//[^\s)]{0,300}[?&][a-z0-9_]{1,30}=`)
	reDataObj   = rx(dataObj)
	// rePhoneSink is a send to a literal phone number.
	rePhoneSink = rx(`\b(?:text|sms|send|forward|copy|message)\b{G80}\bto\s+\+?\d[\d\s().-]{7,}\d`)
	// reForwardIt forwards the thing a condition named ("if an email …,
	// forward it to …").
	reForwardIt = rx(`\b(?:forward|send|copy|bcc|relay)\s+(?:it|them|a\s+copy)\s+to\s+` + urlOrMail)
	// reBeacon is a URL whose query value is left empty for the model to
	// fill ("?q=" followed by the user's message).
	reBeacon     = rx(`(?:https?:)?//[^\s)"'<>]{1,300}[?&][a-z0-9_]{1,30}=(?:\s|$|[)"'.,]|&)`)
	reBeaconVerb = rx(`\b(?:followed\s+by|append|appending|add|adding|with\s+the|include|including|containing|filled\s+with|set\s+to|fill\s+in|plus)\b`)
	reRFC2606    = lazyre.New(`^(?:[a-z0-9-]+\.)*(?:example\.(?:com|org|net)|[a-z0-9-]+\.(?:example|test|invalid|localhost)|localhost|127\.0\.0\.1)$`)
	reHost       = lazyre.New(`(?://|@)([a-z0-9.-]+)`)
	reLoopback   = lazyre.New(`//(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)\b`)
)

func exfilRules() []*matcher { return nil }

var (
	preImage    = newPre("![", "<img")
	preURL      = newPre("//")
	preAddr     = newPre("//", "@")
	preSinkDecl = newPreGroups([]string{"//", "@"}, []string{"webhook", "endpoint", "callback", "sink", "collector", "receiver", "destination", "exfil", "logging server", "backup server", "relay", "listener", "drop box", "dropbox", "inbox"})
	preSend     = newPreGroups([]string{"//", "@"}, []string{"send", "post", "forward", "upload", "transmit", "submit", "deliver", "report", "exfiltrate", "leak",
		"sync", "mirror", "copy", "push", "relay", "dispatch", "beam", "pipe", "stream", "log", "cc", "email", "e-mail", "mail", "notify", "ping", "share", "export",
		"back up", "replicate", "webhook", "callback", "append", "dump", "write", "save", "store", "put"})
	prePhone    = newPreGroups([]string{"text", "sms", "send", "forward", "copy", "message"}, []string{"+1", "+4", "+3", "+2", "+5", "+6", "+7", "+8", "+9", "to 0", "to 1", "to 2", "to 3", "to 4", "to 5", "to 6", "to 7", "to 8", "to 9"})
	reCondition = rx(`\b(?:if|when|whenever|each\s+time|every\s+time|once)\b`)
	preCC       = newPreGroups([]string{"@"}, []string{"cc", "loop in", "copy in", "blind"})
)

// exfilHits finds sinks in one string. A sink with a data object or a
// placeholder is strong; a bare imperative send to an address is weak.
func exfilHits(c *scanCtx) []hit {
	t := c.text
	if !strings.Contains(t, "//") && !strings.Contains(t, "@") {
		return nil
	}
	var out []hit
	if c.e.Kind == kindValue && strings.Contains(t, "@") {
		// A default or example recipient in a copy field is a standing
		// blind copy.
		if p := valueParam(c.e.Element); p != "" && copyParam(p) && reEmail.MatchString(t) {
			out = append(out, hit{class: idExfil, rule: "default_copy_recipient", start: 0, end: len(t)})
		}
	}
	for _, m := range c.findAll(reMdImage, preImage, false, 8, nil) {
		u := t[m[0]:m[1]]
		if i := strings.IndexAny(u, "?#"); i >= 0 && rePlacehold.MatchString(u[i:]) {
			out = append(out, hit{class: idExfil, rule: "image_beacon", start: m[0], end: m[1]})
		} else if i >= 0 && strings.Contains(u[i:], "=") {
			out = append(out, hit{class: idExfil, rule: "image_query", start: m[0], end: m[1], weak: true, sig: sigSink})
		}
	}
	for _, m := range c.findAll(reFetchExf, preURL, false, 8, nil) {
		e := m[1]
		for e < len(t) && t[e] != ' ' && t[e] != '\n' && t[e] != ')' {
			e++
		}
		if rePlacehold.MatchString(t[m[0]:e]) {
			out = append(out, hit{class: idExfil, rule: "url_placeholder", start: m[0], end: e})
		}
	}
	for _, m := range c.findAll(reBeacon, preURL, false, 4, nil) {
		s0, s1 := sentence(t, m[0], m[1])
		if reBeaconVerb.MatchString(t[s0:s1]) && !negatedBefore(t, s0+1) {
			out = append(out, hit{class: idExfil, rule: "url_beacon", start: m[0], end: m[1]})
		}
	}
	for _, m := range c.findAll(reSinkDecl, preSinkDecl, false, 8, nil) {
		s0, s1 := sentence(t, m[0], m[1])
		if reSendIn(t[s0:s1]) || reDataObj.MatchString(t[s0:s1]) {
			out = append(out, hit{class: idExfil, rule: "declared_sink", start: m[0], end: m[1], weak: !reDataObj.MatchString(t[s0:s1]), sig: sigSink})
		}
	}
	for _, m := range c.findAll(rePhoneSink, prePhone, false, 2, nil) {
		if reDataObj.MatchString(t[m[0]:m[1]]) && !negatedBefore(t, m[0]) && !purposeBefore(t, m[0]) {
			out = append(out, hit{class: idExfil, rule: "send_to_phone", start: m[0], end: m[1]})
		}
	}
	for _, m := range c.findAll(reForwardIt, preAddr, false, 2, nil) {
		s0, _ := sentence(t, m[0], m[1])
		if reCondition.MatchString(t[s0:m[0]]) && !negatedBefore(t, m[0]) && !reservedHost(t[m[0]:m[1]]) {
			out = append(out, hit{class: idExfil, rule: "conditional_forward", start: s0, end: m[1]})
		}
	}
	for _, m := range c.findAll(reSendI18n, preAddr, false, 4, nil) {
		out = append(out, hit{class: idExfil, rule: "send_to_sink_i18n", start: m[0], end: m[1]})
	}
	for _, re := range []*lazyre.Regexp{reSendGoal, reAddrVerb} {
		pre := preSend
		if re == reAddrVerb {
			pre = preCC
		}
		for _, m := range c.findAll(re, pre, false, 8, nil) {
			if negatedBefore(t, m[0]) || purposeBefore(t, m[0]) {
				continue
			}
			seg := t[m[0]:m[1]]
			if sp := strings.IndexByte(seg, ' '); sp > 0 {
				seg = seg[sp:] // the object region, not the verb itself
			}
			bcc := re == reAddrVerb
			if reLoopback.MatchString(seg) {
				continue // a local address is not a sink
			}
			strong := bcc || reDataObj.MatchString(seg)
			if !strong && reservedHost(seg) {
				continue
			}
			out = append(out, hit{class: idExfil, rule: "send_to_sink", start: m[0], end: m[1], weak: !strong, sig: sigSink})
		}
	}
	return out
}

// i18n sends: a send verb of another language with an address in the
// same sentence, either order (Japanese puts the verb last).
var (
	reSendI18n = rx(`(?:transfiere|transfiera|transferir|transfere|transfira|trasferisci|trasferire|ubertrage|ubertragen|transferez|transferer|передай|envoyez|envoie|envoyer|transme` +
		`ttez|transmets|transferez|copiez|postez|televersez|renvoyez|envia|envie|enviar|manda|mande|reenvia|reenvie|transmite|transmita|sube|suba|sende|senden|schicke|sc` +
		`hicken|schick|ubermittle|ubermitteln|leite|leiten|lade|encaminhe|encaminhar|invia|inviare|inviate|inoltra|inoltrare|trasmetti|carica|caricare|отправь|отправьте|` +
		`отправить|перешли|перешлите|передай|передайте|загрузи|загрузите|送信|転送|发送|發送|发到|上` +
		`传|上傳|转发|轉發|提交|传送|傳送)[^.!?。！？\n]{0,100}` + urlOrMail + `|` + urlOrMail + `[^.!?。！？\n]{0,20}(?:に|へ|まで)?(?:送信|転送|アップロード|送っ|送り|发送|發送|上传|上傳|转发|轉發)`)
)

var reEmail = rx(`[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}`)

// valueParam returns the parameter whose default/enum/example an element is.
func valueParam(element string) string {
	i := strings.LastIndex(element, "/properties/")
	if i < 0 {
		return ""
	}
	rest := element[i+len("/properties/"):]
	if j := strings.IndexByte(rest, '/'); j >= 0 {
		return rest[:j]
	}
	return ""
}

func copyParam(p string) bool {
	for _, t := range identTokens(p) {
		if t == "bcc" || t == "cc" || t == "forward" || t == "copy" || t == "mirror" || t == "archive" {
			return true
		}
	}
	return false
}

func reSendIn(s string) bool { return reSendVerb.MatchString(s) }

var reSendVerb = rx(sendVerb)

// reservedHost reports whether every address in s is a documentation host
// (RFC 2606/6761): examples, never sinks, unless data is being shipped.
func reservedHost(s string) bool {
	ms := reHost.FindAllStringSubmatch(s, -1)
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if !reRFC2606.MatchString(strings.TrimRight(m[1], ".")) {
			return false
		}
	}
	return true
}

// purposeBefore reports a send verb used as a purpose or capability ("use
// this to send", "allows you to post", "can forward"): the tool's own
// function, not an instruction.
func purposeBefore(t string, i int) bool {
	pre := t[max(0, i-24):i]
	pre = strings.TrimRight(pre, " ")
	for _, w := range []string{" to", "\nto", " can", " will", " used to", " lets you", " allows", " may", " could", " would", " that", " which"} {
		if strings.HasSuffix(" "+pre, w) {
			return true
		}
	}
	return pre == "to" || pre == "can"
}
