package inject

import (
	"sort"
	"strings"
)

// verdict is one finding about one string before it is placed: its class,
// severity and evidence.
type verdict struct {
	class    Class
	severity string
	evidence string
}

// judge decides one string: hidden characters, then the signals and the
// scorer, then any encoded payload decoded and judged again.
func judge(orig, kind string, sc *Scope, x *scratch) []verdict {
	sh := normalize(orig, &x.items)
	var out []verdict
	if v, ok := hiddenVerdict(orig, sh); ok {
		out = append(out, v)
	}
	if kind == "ident" {
		return out
	}
	scored := scoreText(orig, sh, kind, sc, x)
	out = append(out, scored...)
	if len(scored) > 0 {
		if how := obfuscated(orig, sh); how != "" && len(out) == len(scored) {
			out = append(out, verdict{Hidden, "high", "obfuscated: the text above is written in " + how + " so a reader or a filter misses it"})
		}
	}
	if v, ok := encodedVerdict(orig, sh, kind, sc, x, 0); ok {
		out = append(out, v)
	}
	return out
}

// scoreText runs the rules and the scorer. A string where a class signal
// fired is a finding of those classes when it scores above the threshold;
// one where only supporting signals fired (the model addressed, an order,
// an outside address) needs the stricter bare threshold, and its class
// comes from the class model (its evidence then also cites the words that
// weighed most). A string with no signal at all needs the strictest
// threshold, above every benign training string: the words alone carry
// wording no rule lists, which is how the scorer reaches paraphrases.
func scoreText(orig string, sh *Shadow, kind string, sc *Scope, x *scratch) []verdict {
	m := theMatcher()
	sigs, toks, cx := m.signals(sh.Text, sc, x)
	md := theModel()
	x.fs = features(sigs, toks, cx, kind, x.fs[:0])
	s := md.score(x.fs)
	classed := hasClass(sigs)
	th := md.thresholdFor(sigs, cx.nearAny())
	if s <= th {
		return nil
	}
	var names []string
	for _, g := range sigs {
		names = append(names, g.rule.Says)
	}
	if len(names) == 0 && cx.nearAny() {
		names = append(names, "nearly matches a known attack shape")
	} else if len(names) == 0 {
		names = append(names, "its wording resembles known attacks")
	}
	// Evidence is for a reviewer: the excerpt and what the text does, in
	// the rules' own reader words; rule ids and the score stay internal.
	fired := "signals: " + strings.Join(dedupe(names), "; ")
	var out []verdict
	if !classed {
		c := md.bestClass(x.fs)
		a, b, words := heaviest(md, toks)
		oa, ob := sh.Orig(a, b)
		return []verdict{{c, "medium", excerpt(orig, oa, ob) + " | " + fired + "; words that weighed most: " + strings.Join(words, ", ")}}
	}
	var done [numClasses]bool
	for _, g := range sigs {
		c := g.rule.Class
		if c == Support || done[c] {
			continue
		}
		done[c] = true
		a, b := sh.Orig(g.start, g.end)
		out = append(out, verdict{c, "high", excerpt(orig, a, b) + " | " + fired})
	}
	return out
}

// heaviest finds the sentence whose words weigh most toward injection and
// its three heaviest words, for the evidence of a finding no rule made.
func heaviest(md *weights, toks []token) (int, int, []string) {
	bestSent, bestScore := -1, int32(-1<<31)
	sum := map[int]int32{}
	for _, t := range toks {
		sum[t.sent] += int32(md.w[fnv1a('w', t.s)])
	}
	for _, t := range toks {
		if v := sum[t.sent]; v > bestScore {
			bestSent, bestScore = t.sent, v
		}
	}
	a, b := -1, 0
	type ww struct {
		s string
		v int16
	}
	var ws []ww
	for _, t := range toks {
		if t.sent != bestSent {
			continue
		}
		if a < 0 {
			a = t.start
		}
		b = t.end
		ws = append(ws, ww{t.s, md.w[fnv1a('w', t.s)]})
	}
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].v > ws[j].v })
	var words []string
	for _, w := range ws {
		if len(words) == 3 || w.v <= 0 {
			break
		}
		words = append(words, w.s)
	}
	return max(a, 0), b, dedupe(words)
}

// maxDecodeDepth bounds payloads inside payloads (base64 of base64).
const maxDecodeDepth = 2

// encodedVerdict decodes payloads in the string and judges what they
// decode to: a decoded text with any class signal, or one the scorer
// rates above the class-signal threshold (an instruction no rule words),
// is an encoded payload; harmless decoded prose is not a finding.
func encodedVerdict(orig string, sh *Shadow, kind string, sc *Scope, x *scratch, depth int) (verdict, bool) {
	for _, d := range candidates(orig, sh, x.toks) {
		sub := normalize(d.text, &x.items)
		sigs, toks, cx := theMatcher().signals(sub.Text, sc, x)
		var names []string
		for _, g := range sigs {
			if g.rule.Class != Support {
				names = append(names, g.rule.ID)
			}
		}
		if len(names) == 0 {
			md := theModel()
			x.fs = features(sigs, toks, cx, kind, x.fs[:0])
			if md.score(x.fs) > md.threshold {
				names = append(names, "reads as an instruction to the agent")
			}
		}
		if len(names) == 0 && depth < maxDecodeDepth {
			if v, ok := encodedVerdict(d.text, sub, kind, sc, x, depth+1); ok {
				v.evidence = d.how + " of " + v.evidence
				return v, true
			}
			continue
		}
		if len(names) == 0 {
			continue
		}
		return verdict{Encoded, "high", d.how + " decodes to: " + escapeText(clip(d.text, 200)) + " | signals: " + strings.Join(dedupe(names), ", ")}, true
	}
	return verdict{}, false
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

func dedupe(a []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range a {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
