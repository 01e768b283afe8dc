package inject

import (
	"regexp"
	"strings"
)

// sig names the kind of a weak signal for pairing.
type sig int

const (
	sigNone sig = iota
	sigTarget
	sigTargetPath
	sigTransmit
	sigSink
	sigForeign
)

// hit is one rule match in a shadow string.
type hit struct {
	class string
	rule  string
	// start, end are byte offsets in the shadow the hit was found in.
	start, end int
	// weak hits need a second signal; lone weak hits are reported medium.
	weak, lone bool
	sig        sig
	// decoded, when set, is the decoded payload text the hit was found in.
	decoded string
}

// scanCtx is what a rule sees: the string, its place and what its
// server owns.
type scanCtx struct {
	e       *elem
	sc      *scope
	sh      *Shadow
	text    string
	toolTok map[string]bool
}

func (c *scanCtx) params() map[string]bool {
	if c.e.Tool == "" {
		return nil
	}
	return c.sc.params[strings.ToLower(c.e.Tool)]
}

// toolTokens are the word tokens of the tool's name and parameter names.
func (c *scanCtx) toolTokens() map[string]bool {
	if c.toolTok != nil {
		return c.toolTok
	}
	set := map[string]bool{}
	for _, t := range identTokens(c.e.Tool) {
		set[t] = true
	}
	for p := range c.params() {
		for _, t := range identTokens(p) {
			set[t] = true
		}
	}
	c.toolTok = set
	return set
}

// scanText runs every rule over one shadow and returns its hits, sorted
// by position. It is the one place rules run, for single strings,
// concatenations and decoded payloads alike.
func scanText(c *scanCtx) []hit {
	t := c.text
	var out []hit
	for _, r := range all {
		if !kindAllowed(r, c.e.Kind) || !prefilter(t, r.Pre) {
			continue
		}
		for _, m := range r.Re.FindAllStringSubmatchIndex(t, 4) {
			if r.OK != nil && !r.OK(c, m) {
				continue
			}
			out = append(out, hit{class: r.Class, rule: r.Name, start: m[0], end: m[1], weak: r.Weak, lone: r.Lone, sig: sigFor(r)})
			break
		}
	}
	if c.e.Kind != kindIdent {
		out = append(out, pairedTags(c)...)
		out = append(out, sensitiveHits(c)...)
		out = append(out, exfilHits(c)...)
	}
	return out
}

func sigFor(r *matcher) sig {
	if r.Class == idCrossTool && r.Weak {
		return sigForeign
	}
	return sigNone
}

func kindAllowed(r *matcher, k fieldKind) bool {
	if r.Kinds == nil {
		return k != kindIdent
	}
	for _, x := range r.Kinds {
		if x == k {
			return true
		}
	}
	return false
}

func prefilter(t string, pre []string) bool {
	if len(pre) == 0 {
		return true
	}
	for _, p := range pre {
		if strings.Contains(t, p) {
			return true
		}
	}
	return false
}

// sentence widens [a, b) to the sentence around it in t.
func sentence(t string, a, b int) (int, int) {
	s := a
	for s > 0 {
		ch := t[s-1]
		if ch == '\n' {
			break
		}
		if (ch == ' ') && s >= 2 && (t[s-2] == '.' || t[s-2] == '!' || t[s-2] == '?' || t[s-2] == ';') {
			break
		}
		if a-s > 400 {
			break
		}
		s--
	}
	e := b
	for e < len(t) {
		ch := t[e]
		if ch == '\n' {
			break
		}
		if (ch == '.' || ch == '!' || ch == '?' || ch == ';') && (e+1 == len(t) || t[e+1] == ' ' || t[e+1] == '\n') {
			break
		}
		if e-b > 400 {
			break
		}
		e++
	}
	return s, e
}

var reNegWord = regexp.MustCompile(`\b(?:not|never|no|don'?t|doesn'?t|won'?t|cannot|can'?t|without|nor|neither|isn'?t|aren'?t|shouldn'?t|mustn'?t|wouldn'?t|didn'?t)\s*$`)

// negatedBefore reports a negation within the three words before i
// ("never send your password to …", "does not ignore previous …").
func negatedBefore(t string, i int) bool {
	s := i - 40
	if s < 0 {
		s = 0
	}
	pre := t[s:i]
	if k := strings.LastIndexAny(pre, ".!?;\n"); k >= 0 {
		pre = pre[k+1:]
	}
	f := strings.Fields(pre)
	if len(f) > 3 {
		f = f[len(f)-3:]
	}
	for _, w := range f {
		if reNegWord.MatchString(w) {
			return true
		}
	}
	return false
}

var (
	reMentionCue = regexp.MustCompile(`\b(?:such\s+as|e\.g|for\s+example|for\s+instance|like|phrases?|patterns?|strings?|examples?|attempts?|known|common|typical|classic)\b`)
	reDetectCue  = regexp.MustCompile(`\b(?:detect\w*|scan\w*|flag\w*|block\w*|filter\w*|classif\w*|identif\w*|guard\w*|injections?|jailbreaks?|attacks?|malicious|sanitiz\w*|moderat\w*|red[- ]team\w*|security\s+test\w*|poison\w*)\b`)
)

// notNegatedOrQuoted vets a match: not negated ("never ignore your
// instructions") and not a mention of an attack by a tool that detects
// them ("flags phrases such as 'ignore previous instructions'").
func notNegatedOrQuoted(c *scanCtx, m []int) bool {
	if negatedBefore(c.text, m[0]) {
		return false
	}
	return !isMention(c.text, m[0], m[1])
}

func isMention(t string, a, b int) bool {
	s0, s1 := sentence(t, a, b)
	sent := t[s0:s1]
	if !reDetectCue.MatchString(sent) {
		return false
	}
	if reMentionCue.MatchString(sent) {
		return true
	}
	// Quoted: an odd number of quote characters before the match in its
	// sentence and one after it.
	before := t[s0:a]
	after := t[b:s1]
	for _, q := range []string{`"`, `'`, "`"} {
		if strings.Count(before, q)%2 == 1 && strings.Contains(after, q) {
			return true
		}
	}
	return false
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
