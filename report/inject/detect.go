package inject

import (
	"github.com/assay-mcp/assay/report/internal/lazyre"
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
	sents   [][2]int
	marks   marks
	// joined is set when scanning a boundary window between two strings.
	joined bool
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

// scanText runs every rule over one shadow and returns its hits. It is
// the one place rules run, for single strings, concatenation windows and
// decoded payloads alike. Rules run only on the sentences that hold one of
// their prefilter literals: most text never meets an expression.
func scanText(c *scanCtx) []hit {
	t := c.text
	c.sents = splitSentences(t)
	c.marks = computeMarks(t, c.sents)
	var out []hit
	for _, r := range rules() {
		if !kindAllowed(r, c.e.Kind) {
			continue
		}
		if m := c.find(r.Re, r.pre, r.Whole, func(m []int) bool { return r.OK == nil || r.OK(c, m) }); m != nil {
			out = append(out, hit{class: r.Class, rule: r.Name, start: m[0], end: m[1], weak: r.Weak, lone: r.Lone, sig: sigFor(r)})
		}
	}
	if c.e.Kind != kindIdent {
		out = append(out, pairedTags(c)...)
		out = append(out, overrideCooccur(c)...)
		out = append(out, roleDialogue(c)...)
		out = append(out, coocHits(c)...)
		out = append(out, sensitiveHits(c)...)
		out = append(out, exfilHits(c)...)
		// Scope scoring runs when nothing decisive fired: a lone weak
		// signal (a path named without a verb) does not stop it.
		if !hasDecisive(out) {
			out = append(out, scopeHits(c, len(out) > 0)...)
		}
		if !hasDecisive(out) {
			out = append(out, featureHits(c)...)
		}
	}
	return out
}

// hasDecisive reports a hit that is reported on its own.
func hasDecisive(hs []hit) bool {
	for _, h := range hs {
		if !h.weak || h.lone {
			return true
		}
	}
	return false
}

// splitSentences cuts t at line breaks and at . ! ? ; followed by a
// space. Spans are [start, end) with the terminator included.
func splitSentences(t string) [][2]int {
	var out [][2]int
	s := 0
	for i := 0; i < len(t); i++ {
		ch := t[i]
		if ch == '\n' {
			if i > s {
				out = append(out, [2]int{s, i})
			}
			s = i + 1
			continue
		}
		if (ch == '.' || ch == '!' || ch == '?') && i+1 < len(t) && t[i+1] == ' ' {
			out = append(out, [2]int{s, i + 1})
			s = i + 2
			i++
		}
	}
	if s < len(t) {
		out = append(out, [2]int{s, len(t)})
	}
	return out
}

// find returns the first match of re (absolute submatch indices) that ok
// accepts, searching only sentences that pass the prefilter, or the whole
// text when whole is set (and the prefilter passed somewhere).
func (c *scanCtx) find(re *lazyre.Regexp, p *preSet, whole bool, ok func([]int) bool) []int {
	all := c.findAll(re, p, whole, 1, ok)
	if len(all) == 0 {
		return nil
	}
	return all[0]
}

// findAll is find for up to n matches, in text order.
func (c *scanCtx) findAll(re *lazyre.Regexp, p *preSet, whole bool, n int, ok func([]int) bool) [][]int {
	t := c.text
	if c.marks == nil {
		c.sents = splitSentences(t)
		c.marks = computeMarks(t, c.sents)
	}
	if whole || p == nil {
		if p != nil && len(c.marks[p.id]) == 0 {
			return nil
		}
		var out [][]int
		for _, m := range re.FindAllStringSubmatchIndex(t, n*4) {
			if ok == nil || ok(m) {
				out = append(out, m)
				if len(out) >= n {
					break
				}
			}
		}
		return out
	}
	var out [][]int
	for _, si := range c.marks[p.id] {
		sp := c.sents[si]
		for _, m := range re.FindAllStringSubmatchIndex(t[sp[0]:sp[1]], 4) {
			for k := range m {
				if m[k] >= 0 {
					m[k] += sp[0]
				}
			}
			if ok == nil || ok(m) {
				out = append(out, m)
				if len(out) >= n {
					return out
				}
				break
			}
		}
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
		if (ch == ' ') && s >= 2 && (t[s-2] == '.' || t[s-2] == '!' || t[s-2] == '?') {
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
		if (ch == '.' || ch == '!' || ch == '?') && (e+1 == len(t) || t[e+1] == ' ' || t[e+1] == '\n') {
			break
		}
		if e-b > 400 {
			break
		}
		e++
	}
	return s, e
}

var reNegWord = lazyre.New(`\b(?:not|never|no|don'?t|doesn'?t|won'?t|cannot|can'?t|without|nor|neither|isn'?t|aren'?t|shouldn'?t|mustn'?t|wouldn'?t|didn'?t)\s*$`)

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
	reMentionCue = lazyre.New(`\b(?:such\s+as|e\.g|for\s+example|for\s+instance|like|phrases?|patterns?|strings?|examples?|attempts?|known|common|typical|classic)\b`)
	reDetectCue  = lazyre.New(`\b(?:detect\w*|scan\w*|flag\w*|block\w*|filter\w*|classif\w*|identif\w*|guard\w*|injections?|jailbreaks?|sanitiz\w*|moderat\w*|red[- ]team\w*|security\s+test\w*)\b`)
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
