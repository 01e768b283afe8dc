package classify

import (
	"sort"
	"sync"

	"github.com/assay-mcp/assay/report/model"
)

// Built-in categories of name words. A rules file may add words to any of
// them (keywords) or add new categories of its own.
const (
	// Verbs: the first verb word in a tool name decides its action.
	CatRead        = "read"        // get, list, search: reads inside the server's domain (R1)
	CatWrite       = "write"       // create, update, move: mutates reversibly (R3)
	CatDestructive = "destructive" // delete, purge, kill: loses data or state (R5)
	CatEgress      = "egress"      // send, publish, deploy: data leaves to others (R4)
	CatPayment     = "payment"     // refund, charge, payout: moves money (R5)
	CatBrowser     = "browser"     // click, type, fill: acts on a third-party page (R4)
	CatAction      = "action"      // run, execute, call: does something unnamed (R3)
	CatCodeVerb    = "code_verb"   // eval, evaluate, shell: runs code by itself (R5)
	CatCredVerb    = "cred_verb"   // rotate, revoke: R5 with a credential noun
	// Nouns: qualify what a reading or acting tool touches.
	CatSensitive = "sensitive" // files, env, secrets, mail, people: private data (R2)
	CatUntrusted = "untrusted" // web, issues, comments, messages: third-party text
	CatCode      = "code"      // code, script, command, sql: with a run verb, code execution
	CatComm      = "comm"      // message, email, sms: with post/push, a send
	CatCred      = "credential"
)

// lexicon is the compiled word index, built-ins plus a rules file.
type lexicon struct {
	// cats maps every word to the categories it is in, one bit per
	// category (catBits), so a word and its stems are looked up once for
	// all categories.
	cats   map[string]catSet
	bits   map[string]catSet // category name -> its bit
	extra  []Category        // user categories, in file order
	byWord map[string][]int  // word -> indexes into extra
	// verbBits[k] is the bit of tbl().verbCats[k].
	verbBits []catSet
}

// catSet is a set of categories, one bit each.
type catSet uint64

// defaultLexicon is the built-in lexicon, built once on first use.
var defaultLexicon = sync.OnceValue(func() *lexicon { return buildLexicon(nil) })

// newLexicon is the lexicon for o: the shared default when o adds no
// words, else a fresh one.
func newLexicon(o *Options) *lexicon {
	if o == nil || len(o.Keywords) == 0 && len(o.Categories) == 0 {
		return defaultLexicon()
	}
	return buildLexicon(o)
}

func buildLexicon(o *Options) *lexicon {
	lx := &lexicon{cats: map[string]catSet{}, bits: map[string]catSet{}, byWord: map[string][]int{}}
	names := make([]string, 0, len(tbl().builtinWords))
	for c := range tbl().builtinWords {
		names = append(names, c)
	}
	sort.Strings(names)
	for _, c := range names {
		for _, w := range tbl().builtinWords[c] {
			lx.cats[w] |= lx.bit(c)
		}
	}
	for _, c := range tbl().verbCats {
		lx.verbBits = append(lx.verbBits, lx.bit(c))
	}
	if o == nil {
		return lx
	}
	cats := make([]string, 0, len(o.Keywords))
	for c := range o.Keywords {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	for _, c := range cats {
		b := lx.bit(c)
		for _, w := range o.Keywords[c] {
			for _, t := range Tokens(w) {
				lx.cats[t] |= b
			}
		}
	}
	for i, c := range o.Categories {
		lx.extra = append(lx.extra, c)
		for _, w := range c.Words {
			for _, t := range Tokens(w) {
				lx.byWord[t] = append(lx.byWord[t], i)
			}
		}
	}
	return lx
}

// bit returns category c's bit, assigning the next free one. Only the
// built-in categories are ever asked about (policy accepts keywords for
// them alone), so 64 bits are plenty; a category past them gets none and
// is never matched, as it never was.
func (lx *lexicon) bit(c string) catSet {
	if b, ok := lx.bits[c]; ok {
		return b
	}
	var b catSet
	if n := len(lx.bits); n < 64 {
		b = 1 << n
	}
	lx.bits[c] = b
	return b
}

// has reports whether token t (or one of its base forms) is in category c,
// returning the matching form.
func (lx *lexicon) has(c, t string) (string, bool) {
	b := lx.bits[c]
	if b == 0 {
		return "", false
	}
	if lx.cats[t]&b != 0 {
		return t, true // the word itself: no stems to build
	}
	var f stemForms
	f.of(t)
	for i := range f.n {
		if lx.formCats(&f, i)&b != 0 {
			return f.form(i), true
		}
	}
	return "", false
}

// formCats is the category set of base form i of f, looked up without
// building the form's string.
func (lx *lexicon) formCats(f *stemForms, i int) catSet {
	if f.suffix[i] == 0 {
		return lx.cats[f.base[i]]
	}
	var buf [64]byte
	if len(f.base[i]) < len(buf) {
		n := copy(buf[:], f.base[i])
		buf[n] = f.suffix[i]
		return lx.cats[string(buf[:n+1])] // no allocation for a lookup
	}
	return lx.cats[f.form(i)]
}

// verbOf returns the category of t among verb categories, or "".
func (lx *lexicon) verbOf(t string) (string, string) {
	return lx.verbAt(t, true)
}

// verbAt is verbOf for a word that may (object) or may not have an object
// after it: noun-verbs count only in base form with an object.
//
// It is has over tbl().verbCats in order, with every form of t looked up
// once for all of them.
func (lx *lexicon) verbAt(t string, object bool) (string, string) {
	if tbl().nounVerbs[t] && !object {
		return "", ""
	}
	own := lx.cats[t]
	var f stemForms
	f.of(t)
	var fc [maxStemForms]catSet
	all := own
	for i := range f.n {
		fc[i] = lx.formCats(&f, i)
		all |= fc[i]
	}
	if all == 0 {
		return "", ""
	}
	for k, c := range tbl().verbCats {
		b := lx.verbBits[k]
		if b == 0 || all&b == 0 {
			continue
		}
		if own&b != 0 {
			return c, t // the word itself: never an inflected noun-verb
		}
		for i := range f.n {
			if fc[i]&b == 0 {
				continue
			}
			w := f.form(i)
			if tbl().nounVerbs[w] {
				break // an inflected noun-verb ("messages") is a noun
			}
			return c, w
		}
	}
	return "", ""
}

// KnownCategories lists the built-in category names a rules file may add
// keywords to.
func KnownCategories() []string {
	out := make([]string, 0, len(tbl().builtinWords))
	for c := range tbl().builtinWords {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// verbClass is the tier and kinds a verb category raises a tool to when
// it is the action (of a name, an operation enum value or a description).
func verbClass(c string) (int, []string) {
	switch c {
	case CatRead:
		return 0, nil
	case CatWrite, CatAction, CatCredVerb:
		return 3, []string{model.KindWrite}
	case CatEgress, CatBrowser:
		return 4, []string{model.KindEgress}
	case CatDestructive:
		return 5, []string{model.KindDestructive}
	case CatPayment:
		return 5, []string{model.KindWrite}
	case CatCodeVerb:
		return 5, codeKinds(true)
	}
	return 0, nil
}
