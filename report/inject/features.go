package inject

import "strconv"

// The scorer's features: every signal that fired and its class, the
// classes of rules that missed by one slot (near misses), the context flags, and the string's words (unigrams and bigrams) and
// character 4-grams of its words, all hashed into NumBuckets. The trainer
// (Train) and the scan compute them with this one function, so the
// weights always mean what the scan reads.

// NumBuckets is the size of the hashed feature space.
const NumBuckets = 1 << 15

// maxFeatureTokens bounds the words read from one string.
const maxFeatureTokens = 400

// fnv1a hashes s into the bucket space, seeded by a kind byte.
func fnv1a(kind byte, s string) uint32 {
	h := uint32(2166136261)
	h = (h ^ uint32(kind)) * 16777619
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h % NumBuckets
}

func fnvPair(a, b string) uint32 {
	h := uint32(2166136261)
	h = (h ^ 'b') * 16777619
	for i := 0; i < len(a); i++ {
		h = (h ^ uint32(a[i])) * 16777619
	}
	h = (h ^ ' ') * 16777619
	for i := 0; i < len(b); i++ {
		h = (h ^ uint32(b[i])) * 16777619
	}
	return h % NumBuckets
}

// features appends the feature buckets of one string.
func features(sigs []signal, toks []token, cx context, kind string, out []uint32) []uint32 {
	out = append(out, fnv1a('k', "bias"), fnv1a('k', kind))
	classes := 0
	var seen [numClasses]bool
	for _, s := range sigs {
		out = append(out, fnv1a('s', s.rule.ID))
		if !seen[s.rule.Class] {
			seen[s.rule.Class] = true
			out = append(out, fnv1a('c', s.rule.Class.Name()))
			if s.rule.Class != Support {
				classes++
			}
		}
	}
	out = append(out, fnv1a('n', strconv.Itoa(min(classes, 4))))
	for c := Hidden; c < numClasses; c++ {
		if cx.near[c] > 0 {
			out = append(out, fnv1a('q', c.Name()))
			if cx.near[c] > 1 {
				out = append(out, fnv1a('Q', c.Name()))
			}
		}
	}
	if cx.voided > 0 {
		out = append(out, fnv1a('x', "voided"))
	}
	if cx.foreignTool {
		out = append(out, fnv1a('x', "foreign_tool"))
	}
	if cx.ownTool {
		out = append(out, fnv1a('x', "own_tool"))
	}
	if cx.selfed {
		out = append(out, fnv1a('x', "self"))
	}
	if cx.aboutParam {
		out = append(out, fnv1a('x', "about_param"))
	}
	if cx.offPurpose {
		out = append(out, fnv1a('x', "off_purpose"))
	}
	out = append(out, cx.concepts...)
	n := min(len(toks), maxFeatureTokens)
	for i := 0; i < n; i++ {
		w := cx.word(toks, i)
		out = append(out, fnv1a('w', w))
		if i+1 < n && toks[i+1].sent == toks[i].sent {
			out = append(out, fnvPair(w, cx.word(toks, i+1)))
		}
		if len(w) >= 6 && w[0] != '<' {
			for j := 0; j+4 <= len(w); j += 2 {
				out = append(out, fnv1a('g', w[j:j+4]))
			}
		}
	}
	return out
}

// word is token i as the scorer reads it: the name of a tool the server
// does not have stands for <tool>, the described tool's own for <self>,
// since attack text names tools no training string did. The server's
// other tools keep their names: real servers name their own tools in
// usage notes all the time, and a <sibling> token would learn from those
// notes that naming a sibling is harmless, which an attack can exploit.
func (cx *context) word(toks []token, i int) string {
	if i < len(cx.role) {
		switch cx.role[i] {
		case roleTool:
			return "<tool>"
		case roleSelf:
			return "<self>"
		}
	}
	return toks[i].s
}
