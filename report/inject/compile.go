package inject

import (
	"strings"
	"sync"

	"github.com/assay-mcp/assay/report/internal/lazyre"
)

// The matcher is generated from the rule tables on first use: every slot
// entry is split into words with the same tokenizer the text goes through,
// and indexed by its first word, so finding the candidate rules of a string
// is one map lookup per word (the prefilter); pattern rules get a lazily
// compiled RE2 expression whose required literals lazyre derives from the
// expression itself. Nothing here runs at package init.

// entry is one alternative of a slot, split into words.
type entry struct {
	words  []string
	prefix bool // the last word is a prefix
	tool   bool // {tool}
	sink   bool // {sink}
	self   bool // {self}
}

// crule is one compiled rule.
type crule struct {
	*Rule
	slots [][]entry
	re    *lazyre.Regexp
}

// ref points at one entry of one slot of one rule.
type ref struct{ rule, slot, entry int32 }

// matcher is the generated index over every rule.
type matcher struct {
	rules    []crule
	exact    map[string]*tnode // first word → entries starting with it, as a trie
	firsts   *wordBits         // exact's first words: most tokens skip the map
	prefix   map[uint32][]ref  // first three bytes of a prefix word (key3) → entries
	short    []ref             // prefix words shorter than three bytes
	toolRefs []ref             // {tool} entries
	sinkRefs []ref             // {sink} entries
	selfRefs []ref             // {self} entries
	patterns []int32           // rules with a Pattern
	gate     gate              // their literal prefilter
	negators map[string]bool
	discuss  *wordSet
	quotes   *wordSet
	third    *wordSet
	// conceptOf maps a slot key (rule<<4|slot) to its concept, the index
	// of its word list among the distinct lists (-1: none); conceptBucket
	// is each concept's feature bucket. Two rules sharing a list (userWords,
	// hideWords) share its concept.
	conceptOf     []int32
	conceptBucket []uint32
	// nrules is the number of rules; m.rules[nrules:] are the word
	// classes (lexicon.go), matched like rule slots but never a signal.
	nrules int
	// pairBucket is the feature of two word classes in one sentence (see
	// lexPairs).
	pairBucket []uint32
}

// wordKey is a 16-bit summary of a non-empty word (first and last byte,
// length) for a wordBits bitmap.
func wordKey(w string) uint32 {
	return ((uint32(w[0])*31+uint32(w[len(w)-1]))*31 + uint32(len(w))) & (1<<16 - 1)
}

// wordBits is a bitmap of the wordKeys of a set of words: a word whose bit
// is clear is certainly not in the set, so most words skip the map lookup
// behind it.
type wordBits [1 << 10]uint64

func (b *wordBits) add(w string) {
	k := wordKey(w)
	b[k>>6] |= 1 << (k & 63)
}

// mayHave reports false only for a word certainly not added.
func (b *wordBits) mayHave(w string) bool {
	k := wordKey(w)
	return b[k>>6]&(1<<(k&63)) != 0
}

// trie returns the trie node of the entries starting with word w, or nil.
func (m *matcher) trie(w string) *tnode {
	if !m.firsts.mayHave(w) {
		return nil
	}
	return m.exact[w]
}

// key3 packs the first three bytes of w (len(w) ≥ 3) into a map key.
func key3(w string) uint32 { return uint32(w[0])<<16 | uint32(w[1])<<8 | uint32(w[2]) }

// tnode is one word of the trie of slot entries: the entries that end at
// it, those whose last word is a prefix of the next token, and the words
// that continue it. A walk from a token finds every entry starting there
// in one pass over the following tokens instead of one pass per entry.
type tnode struct {
	refs []ref
	pre  []tpre
	next map[string]*tnode
}

// tpre is an entry whose last word is a prefix.
type tpre struct {
	word string
	rf   ref
}

// insert adds entry e (not a one-word prefix) under ref rf.
func (m *matcher) insert(e entry, rf ref) {
	n := m.exact[e.words[0]]
	if n == nil {
		n = &tnode{}
		m.exact[e.words[0]] = n
		m.firsts.add(e.words[0])
	}
	for k := 1; k < len(e.words); k++ {
		w := e.words[k]
		if k == len(e.words)-1 && e.prefix {
			n.pre = append(n.pre, tpre{w, rf})
			return
		}
		c := n.next[w]
		if c == nil {
			if n.next == nil {
				n.next = map[string]*tnode{}
			}
			c = &tnode{}
			n.next[w] = c
		}
		n = c
	}
	n.refs = append(n.refs, rf)
}

// theMatcher builds the matcher once, on first use.
var theMatcher = sync.OnceValue(buildMatcher)

func buildMatcher() *matcher {
	m := &matcher{exact: map[string]*tnode{}, firsts: new(wordBits), prefix: map[uint32][]ref{}}
	for _, table := range allRules() {
		for i := range table {
			m.addRule(&table[i])
		}
	}
	m.nrules = len(m.rules)
	for _, wc := range wordClasses {
		m.addRule(&Rule{ID: "lex." + wc.Name, Class: Support, Slots: []Slot{wc.Words}})
	}
	m.lexPairs(len(wordClasses))
	m.conceptOf = make([]int32, len(m.rules)<<4)
	for i := range m.conceptOf {
		m.conceptOf[i] = -1
	}
	ids := map[uint32]int32{}
	for ri := range m.rules {
		for si, slot := range m.rules[ri].Slots {
			b := fnv1a('L', strings.Join(slot, "\x00"))
			c, ok := ids[b]
			if !ok {
				c = int32(len(m.conceptBucket))
				ids[b] = c
				m.conceptBucket = append(m.conceptBucket, b)
			}
			m.conceptOf[ri<<4|si] = c
		}
	}
	for k, ri := range m.patterns {
		m.gate.addPattern(patternTerms(k, m.rules[ri].re))
	}
	m.negators = map[string]bool{}
	for _, n := range negators {
		e := parseEntry(n)
		if len(e.words) > 0 {
			m.negators[e.words[len(e.words)-1]] = true
		}
	}
	m.discuss = newWordSet(discussion)
	m.quotes = newWordSet(quoteIntro)
	m.third = newWordSet(thirdParty)
	return m
}

// addRule compiles rule r into the matcher.
func (m *matcher) addRule(r *Rule) {
	ri := int32(len(m.rules))
	c := crule{Rule: r}
	if r.Pattern != "" {
		c.re = lazyre.New(r.Pattern)
		m.patterns = append(m.patterns, ri)
	}
	for si, slot := range r.Slots {
		var es []entry
		for _, alt := range slot {
			e := parseEntry(alt)
			if len(e.words) == 0 && !e.tool && !e.sink && !e.self {
				continue
			}
			rf := ref{ri, int32(si), int32(len(es))}
			switch {
			case e.tool:
				m.toolRefs = append(m.toolRefs, rf)
			case e.sink:
				m.sinkRefs = append(m.sinkRefs, rf)
			case e.self:
				m.selfRefs = append(m.selfRefs, rf)
			case e.prefix && len(e.words) == 1 && len(e.words[0]) < 3:
				m.short = append(m.short, rf)
			case e.prefix && len(e.words) == 1:
				k := key3(e.words[0])
				m.prefix[k] = append(m.prefix[k], rf)
			default:
				m.insert(e, rf)
			}
			es = append(es, e)
		}
		c.slots = append(c.slots, es)
	}
	m.rules = append(m.rules, c)
}

// lexPairs names the pair features of n word classes and the two token
// roles (a tool's name, the described tool's own): pairBucket[i*k+j], i <
// j, is the bucket of classes i and j in one sentence.
func (m *matcher) lexPairs(n int) {
	names := make([]string, 0, n+2)
	for _, wc := range wordClasses[:n] {
		names = append(names, wc.Name)
	}
	names = append(names, "<tool>", "<self>")
	k := len(names)
	m.pairBucket = make([]uint32, k*k)
	for i := range names {
		for j := i + 1; j < k; j++ {
			m.pairBucket[i*k+j] = fnvPair("P"+names[i], names[j])
		}
	}
}

// parseEntry splits a slot alternative into words.
func parseEntry(alt string) entry {
	if alt == "{tool}" {
		return entry{tool: true}
	}
	if alt == "{sink}" {
		return entry{sink: true}
	}
	if alt == "{self}" {
		return entry{self: true}
	}
	var e entry
	if strings.HasSuffix(alt, "*") {
		e.prefix = true
		alt = strings.TrimSuffix(alt, "*")
	}
	sh := Normalize(alt)
	for _, t := range tokenize(sh.Text, nil) {
		e.words = append(e.words, t.s)
	}
	return e
}

// wordSet is a small set of entries (words, prefixes, phrases) tested
// against a token position.
type wordSet struct {
	exact  map[string][]entry
	prefix []entry
}

func newWordSet(s Slot) *wordSet {
	w := &wordSet{exact: map[string][]entry{}}
	for _, alt := range s {
		e := parseEntry(alt)
		if len(e.words) == 0 {
			continue
		}
		if e.prefix && len(e.words) == 1 {
			w.prefix = append(w.prefix, e)
			continue
		}
		w.exact[e.words[0]] = append(w.exact[e.words[0]], e)
	}
	return w
}

// at reports whether an entry of the set starts at token i.
func (w *wordSet) at(toks []token, i int) bool {
	for _, e := range w.exact[toks[i].s] {
		if _, ok := e.matchAt(toks, i); ok {
			return true
		}
	}
	for _, e := range w.prefix {
		if strings.HasPrefix(toks[i].s, e.words[0]) {
			return true
		}
	}
	return false
}

// matchAt reports whether e matches the tokens from i, and the index after.
func (e *entry) matchAt(toks []token, i int) (int, bool) {
	if i+len(e.words) > len(toks) {
		return 0, false
	}
	for k, w := range e.words {
		t := toks[i+k]
		if k > 0 && t.sent != toks[i].sent {
			return 0, false
		}
		if k == len(e.words)-1 && e.prefix {
			if !strings.HasPrefix(t.s, w) {
				return 0, false
			}
		} else if t.s != w {
			return 0, false
		}
	}
	return i + len(e.words), true
}
