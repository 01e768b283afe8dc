package inject

import (
	"strings"
	"sync"
)

// Scope is what a string's judgement may read about its server: the
// names of its tools and the described tool's parameters. It is part of
// the cache key of a per-tool result.
type Scope struct {
	Self   string          // the tool the string belongs to, lower-case; "" for server text
	Tools  map[string]bool // every tool name of the server, lower-case
	Params map[string]bool // the described tool's parameter names, lower-case
	// Param is the parameter whose description is judged, lower-case
	// ("" for other strings); a signal that restates the parameter's own
	// name (skip_consent: "whether to skip consent") describes it.
	Param string
	// names, when set, is the wordKey bitmap of Tools' names (ScanView
	// builds it once per server): most words are no tool name, and the
	// bitmap says so without hashing them into a map of every name.
	names *wordBits
}

// isTool reports whether w is a tool name of the server.
func (sc *Scope) isTool(w string) bool {
	if sc.names != nil && w != "" && !sc.names.mayHave(w) {
		return false
	}
	return sc.Tools[w]
}

// nameBits is the wordKey bitmap of a set of names.
func nameBits(names map[string]bool) *wordBits {
	b := new(wordBits)
	for n := range names {
		if n != "" {
			b.add(n)
		}
	}
	return b
}

// signal is one rule that fired in one string.
type signal struct {
	rule       *crule
	start, end int // span in the shadow
	tool       string
}

// context flags of a string that the scorer reads.
type context struct {
	voided                       int // signals dropped as negated, quoted or discussed
	foreignTool, ownTool, selfed bool
	offPurpose                   bool // a sensitive target in a tool not named for one
	aboutParam                   bool // a signal's words are the described parameter's name
	// near counts, per class, rules that missed by one slot: every slot
	// but one found its words in the string. Paraphrases of a technique
	// rarely match a rule whole but often this far, so the scorer reads
	// it as evidence that carries across wording.
	near [numClasses]uint8
	// role says, per token, whether it names a tool and whose (roleTool,
	// roleSibling, roleSelf): the scorer reads such a word as its role,
	// not its spelling, since attack text names tools nobody has seen.
	role []uint8
	// concepts are the feature buckets of the word lists (rule slots)
	// that found a word in the string, once each: "a verb of hiding",
	// "a word for the user", whatever rule the list belongs to.
	concepts []uint32
}

// Token roles (context.role).
const (
	roleWord uint8 = iota
	roleTool
	roleSibling
	roleSelf
)

// nearAny reports a near miss of any class.
func (cx *context) nearAny() bool {
	for c := Hidden; c < numClasses; c++ {
		if cx.near[c] > 0 {
			return true
		}
	}
	return false
}

// occ is one occurrence of a slot entry: tokens [a, b).
type occ struct{ a, b int32 }

// scratch is reused between the strings of one scan.
type scratch struct {
	toks    []token
	seen    []bool   // gate terms found
	fs      []uint32 // features
	occs    [][]occ  // rule<<4|slot → occurrences in this string
	touched []int32  // keys of occs in use, to reset them
	filled  []uint8  // per rule: its slots with an occurrence
	found   []match  // walk's scratch
	role    []uint8  // context.role's storage
	cseen   []bool   // concepts already listed, by concept index
	concept []uint32 // context.concepts' storage
	masks   []uint64 // concepts' sentence masks
	items   []item   // normalize's scratch
	// recording: every token signals reads is appended to probes (the
	// words a run may look up in Scope.Tools; see toolMemo).
	recording bool
	probes    []string
}

func newScratch() *scratch { return &scratch{} }

// scratches keeps scratch space between scans: its occurrence table alone
// is 1,500 slices, and a server of a hundred tools is scanned in well
// under a millisecond.
var scratches = sync.Pool{New: func() any { return newScratch() }}

// reset empties the occurrences of n rules.
func (x *scratch) reset(n int) {
	if len(x.occs) < n<<4 {
		x.occs = make([][]occ, n<<4)
		x.filled = make([]uint8, n)
	}
	for _, k := range x.touched {
		x.occs[k] = x.occs[k][:0]
		x.filled[k>>4] = 0
	}
	x.touched = x.touched[:0]
}

// add records an occurrence of slot key k.
func (x *scratch) add(k int32, o occ) {
	if len(x.occs[k]) == 0 {
		x.touched = append(x.touched, k)
		x.filled[k>>4]++
	}
	x.occs[k] = append(x.occs[k], o)
}

// signals runs every rule over one shadow text.
func (m *matcher) signals(text string, sc *Scope, x *scratch) ([]signal, []token, context) {
	x.toks = tokenize(text, x.toks[:0])
	toks := x.toks
	if x.recording {
		for i := range toks {
			x.probes = append(x.probes, toks[i].s)
		}
	}
	x.reset(len(m.rules))
	var cx context
	x.role = x.role[:0]
	for i := range toks {
		w := toks[i].s
		if n := m.trie(w); n != nil {
			m.walk(n, toks, i, x)
		}
		if len(w) >= 3 {
			for _, rf := range m.prefix[key3(w)] {
				m.try(rf, toks, i, x)
			}
		}
		for _, rf := range m.short {
			m.try(rf, toks, i, x)
		}
		role := roleWord
		if toolish(text, toks, i, sc) {
			role = roleTool
			if sc != nil && sc.isTool(w) {
				role = roleSibling
			}
			for _, rf := range m.toolRefs {
				x.add(rf.rule<<4|rf.slot, occ{int32(i), int32(i + 1)})
			}
		}
		if sc != nil && sc.Self != "" && w == sc.Self {
			role = roleSelf
			for _, rf := range m.selfRefs {
				x.add(rf.rule<<4|rf.slot, occ{int32(i), int32(i + 1)})
			}
		}
		x.role = append(x.role, role)
		if sinkAt(text, toks, i) {
			for _, rf := range m.sinkRefs {
				x.add(rf.rule<<4|rf.slot, occ{int32(i), int32(i + 1)})
			}
		}
	}
	cx.role = x.role
	cx.concepts = m.concepts(toks, x)
	var out []signal
	for ri := range m.rules[:m.nrules] {
		r := &m.rules[ri]
		// A rule with no slot filled, or two or more empty, neither
		// matches nor misses by one.
		if x.filled[ri] == 0 || int(x.filled[ri])+1 < len(r.slots) {
			continue
		}
		a, b, ok := m.chain(r, int32(ri), toks, x)
		if !ok {
			if r.Class != Support && len(r.slots) >= 2 && len(r.slots)-int(x.filled[ri]) <= 1 && cx.near[r.Class] < 255 {
				cx.near[r.Class]++
			}
			continue
		}
		if m.void(r, toks, int(a), text) {
			cx.voided++
			continue
		}
		s := signal{rule: r, start: toks[a].start, end: toks[b-1].end}
		for k := a; k < b; k++ {
			if toolish(text, toks, int(k), sc) && strings.Contains(toks[k].s, "_") || sc != nil && sc.isTool(toks[k].s) {
				s.tool = toks[k].s
			}
		}
		out = append(out, s)
	}
	if len(x.seen) < m.gate.n {
		x.seen = make([]bool, m.gate.n)
	}
	m.gate.open(text, x.seen)
	for i, ri := range m.patterns {
		if !m.gate.passes(i, x.seen) {
			continue
		}
		r := &m.rules[ri]
		loc := r.re.Compile().FindStringIndex(text)
		if loc == nil {
			continue
		}
		ti := tokenAt(toks, loc[0])
		if ti >= 0 && m.void(r, toks, ti, text) || r.Class == Markup && strings.HasPrefix(text[loc[1]:], " tag") {
			cx.voided++
			continue
		}
		out = append(out, signal{rule: r, start: loc[0], end: loc[1]})
	}
	if sc != nil && sc.Param != "" {
		for _, s := range out {
			for _, t := range toks {
				if t.start >= s.start && t.end <= s.end && len(t.s) >= 4 && strings.Contains(sc.Param, t.s) {
					cx.aboutParam = true
				}
			}
		}
	}
	for _, s := range out {
		if s.rule.Class == Sensitive && sc != nil && sc.Self != "" && !forSecrets(sc.Self) {
			cx.offPurpose = true
		}
		if s.tool == "" || sc == nil {
			continue
		}
		switch {
		case s.tool == sc.Self:
			cx.selfed = true
		case sc.isTool(s.tool):
			cx.ownTool = true
		default:
			cx.foreignTool = true
		}
	}
	return out, toks, cx
}

// concepts lists the concept buckets of the slots that found a word.
func (m *matcher) concepts(toks []token, x *scratch) []uint32 {
	if len(x.cseen) < len(m.conceptBucket) {
		x.cseen = make([]bool, len(m.conceptBucket))
	}
	out := x.concept[:0]
	for _, k := range x.touched {
		c := m.conceptOf[k]
		if c < 0 || x.cseen[c] {
			continue
		}
		x.cseen[c] = true
		out = append(out, m.conceptBucket[c])
	}
	for _, k := range x.touched {
		if c := m.conceptOf[k]; c >= 0 {
			x.cseen[c] = false
		}
	}
	// Word classes (and tool roles) that share a sentence: sentences as
	// bits of a mask (sentences past 63 share the last bit).
	k := len(m.rules) - m.nrules + 2
	if cap(x.masks) < k {
		x.masks = make([]uint64, k)
	}
	masks := x.masks[:k]
	for i := range masks {
		masks[i] = 0
	}
	for ri := m.nrules; ri < len(m.rules); ri++ {
		for _, o := range x.occs[int32(ri)<<4] {
			masks[ri-m.nrules] |= 1 << min(toks[o.a].sent, 63)
		}
	}
	for i, r := range x.role {
		switch r {
		case roleTool, roleSibling:
			masks[k-2] |= 1 << min(toks[i].sent, 63)
		case roleSelf:
			masks[k-1] |= 1 << min(toks[i].sent, 63)
		}
	}
	for i := 0; i < k; i++ {
		if masks[i] == 0 {
			continue
		}
		for j := i + 1; j < k; j++ {
			if masks[i]&masks[j] != 0 {
				out = append(out, m.pairBucket[i*k+j])
			}
		}
	}
	x.concept = out
	return out
}

// walk records every entry of the trie under n (the node of token i's
// word) that matches from token i. Occurrences are added in the order of
// their entries in the rule tables, as trying each entry in turn would:
// chain takes the first occurrence that fits, so the order is part of
// the result.
func (m *matcher) walk(n *tnode, toks []token, i int, x *scratch) {
	found := x.found[:0]
	for _, rf := range n.refs {
		found = append(found, match{rf, int32(i + 1)})
	}
	for k := i + 1; k < len(toks) && toks[k].sent == toks[i].sent && (n.pre != nil || n.next != nil); k++ {
		w := toks[k].s
		for _, p := range n.pre {
			if strings.HasPrefix(w, p.word) {
				found = append(found, match{p.rf, int32(k + 1)})
			}
		}
		if n = n.next[w]; n == nil {
			break
		}
		for _, rf := range n.refs {
			found = append(found, match{rf, int32(k + 1)})
		}
	}
	for a := 1; a < len(found); a++ {
		for b := a; b > 0 && found[b].rf.before(found[b-1].rf); b-- {
			found[b], found[b-1] = found[b-1], found[b]
		}
	}
	for _, f := range found {
		x.add(f.rf.rule<<4|f.rf.slot, occ{int32(i), f.end})
	}
	x.found = found
}

// match is an entry that matched, and the token after it.
type match struct {
	rf  ref
	end int32
}

// before orders refs as the rule tables list their entries.
func (r ref) before(o ref) bool {
	if r.rule != o.rule {
		return r.rule < o.rule
	}
	if r.slot != o.slot {
		return r.slot < o.slot
	}
	return r.entry < o.entry
}

// try records entry rf at token i when it matches there.
func (m *matcher) try(rf ref, toks []token, i int, x *scratch) {
	e := &m.rules[rf.rule].slots[rf.slot][rf.entry]
	if j, ok := e.matchAt(toks, i); ok {
		x.add(rf.rule<<4|rf.slot, occ{int32(i), int32(j)})
	}
}

// chain finds the first run of r's slots in order, each within the gap
// of the previous, in one sentence.
func (m *matcher) chain(r *crule, ri int32, toks []token, x *scratch) (int32, int32, bool) {
	for s := range r.slots {
		if len(x.occs[ri<<4|int32(s)]) == 0 {
			return 0, 0, false
		}
	}
	gap := int32(r.gap())
	for _, first := range x.occs[ri<<4] {
		end, ok := first.b, true
		for s := 1; s < len(r.slots) && ok; s++ {
			ok = false
			for _, o := range x.occs[ri<<4|int32(s)] {
				if o.a >= end && o.a-end <= gap && (r.Across || toks[o.a].sent == toks[first.a].sent) {
					end, ok = o.b, true
					break
				}
			}
		}
		if ok {
			return first.a, end, true
		}
	}
	return 0, 0, false
}

// void reports a match that is negated (for Negatable rules), quoted, or
// in a sentence that discusses injection rather than performs it.
func (m *matcher) void(r *crule, toks []token, a int, text string) bool {
	if a < 0 || a >= len(toks) {
		return false
	}
	sent := toks[a].sent
	if r.Negatable {
		for k := a - 1; k >= 0 && k >= a-3 && toks[k].sent == sent; k-- {
			if m.negators[toks[k].s] {
				return true
			}
		}
	}
	for k := a - 1; k >= 0 && k >= a-4 && toks[k].sent == sent; k-- {
		if m.quotes.at(toks, k) {
			return true
		}
	}
	if r.Pattern == "" && inQuotes(text, toks[a].start) {
		return true
	}
	if r.Class == Hidden {
		return false
	}
	return r.Class == Override && inSentence(m.third, toks, a) || inSentence(m.discuss, toks, a)
}

// inSentence reports whether an entry of w occurs in the sentence of
// token a.
func inSentence(w *wordSet, toks []token, a int) bool {
	sent := toks[a].sent
	k := a
	for k > 0 && toks[k-1].sent == sent {
		k--
	}
	for ; k < len(toks) && toks[k].sent == sent; k++ {
		if w.at(toks, k) {
			return true
		}
	}
	return false
}

// inQuotes reports an offset inside a double-quoted or back-quoted run of
// its line.
func inQuotes(t string, i int) bool {
	ls := strings.LastIndexByte(t[:i], '\n') + 1
	pre := t[ls:i]
	return strings.Count(pre, `"`)%2 == 1 || strings.Count(pre, "`")%2 == 1
}

// tokenAt is the index of the token covering or following offset i.
func tokenAt(toks []token, i int) int {
	lo, hi := 0, len(toks)
	for lo < hi {
		mid := (lo + hi) / 2
		if toks[mid].end <= i {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(toks) {
		return -1
	}
	return lo
}

// secretWords name tools whose purpose is secrets, files or commands:
// for them a credential path is the job, not a target.
var secretWords = []string{"ssh", "key", "secret", "cred", "auth", "env", "git", "cert", "sign", "vault", "pass", "login", "token",
	"cookie", "browser", "history", "config", "file", "fs", "read", "shell", "exec", "cmd", "command", "terminal", "deploy", "cloud", "aws", "kube"}

// forSecrets reports a tool name that says it handles secrets or files.
func forSecrets(name string) bool {
	for _, w := range secretWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// sinkAt reports a token that starts a URL or is the local part of an
// e-mail address.
func sinkAt(text string, toks []token, i int) bool {
	t := toks[i]
	if (t.s == "http" || t.s == "https" || t.s == "wss") && strings.HasPrefix(text[t.end:], "://") {
		host := text[t.end+3:]
		local := strings.HasPrefix(host, "localhost") || strings.HasPrefix(host, "127.0.0.1")
		return !local && !strings.HasSuffix(text[:t.start], "](") // a markdown link is a citation
	}
	return t.end+1 < len(text) && text[t.end] == '@' && isWordByte(text[t.end+1])
}

// toolish reports a token that names a tool: an identifier with an
// underscore, a name this server uses, or a word followed by "tool".
func toolish(text string, toks []token, i int, sc *Scope) bool {
	w := toks[i].s
	if sc != nil && sc.isTool(w) {
		return true
	}
	var named bool
	if u := strings.IndexByte(w, '_'); u > 0 && u < len(w)-1 {
		named = true
	} else if i+1 < len(toks) && (toks[i+1].s == "tool" || toks[i+1].s == "function") && toks[i+1].sent == toks[i].sent {
		named = len(w) > 2 && w != "this" && w != "the" && w != "that" && w != "any" && w != "other" && w != "each" && w != "every"
	}
	// A parameter's name is not a tool's (asked only when it matters).
	return named && !(sc != nil && sc.Params[w])
}
