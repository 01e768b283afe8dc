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
	words  map[string]map[string]bool // category -> word set
	extra  []Category                 // user categories, in file order
	byWord map[string][]int           // word -> indexes into extra
}

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
	lx := &lexicon{words: map[string]map[string]bool{}, byWord: map[string][]int{}}
	for c, ws := range tbl().builtinWords {
		lx.words[c] = map[string]bool{}
		for _, w := range ws {
			lx.words[c][w] = true
		}
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
		if lx.words[c] == nil {
			lx.words[c] = map[string]bool{}
		}
		for _, w := range o.Keywords[c] {
			for _, t := range Tokens(w) {
				lx.words[c][t] = true
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

// has reports whether token t (or one of its base forms) is in category c,
// returning the matching form.
func (lx *lexicon) has(c, t string) (string, bool) {
	set := lx.words[c]
	if set[t] {
		return t, true // the word itself: no stems to build
	}
	for _, s := range stems(t)[1:] {
		if set[s] {
			return s, true
		}
	}
	return "", false
}

// verbOf returns the category of t among verb categories, or "".
func (lx *lexicon) verbOf(t string) (string, string) {
	return lx.verbAt(t, true)
}

// verbAt is verbOf for a word that may (object) or may not have an object
// after it: noun-verbs count only in base form with an object.
func (lx *lexicon) verbAt(t string, object bool) (string, string) {
	if tbl().nounVerbs[t] && !object {
		return "", ""
	}
	for _, c := range tbl().verbCats {
		if w, ok := lx.has(c, t); ok {
			if tbl().nounVerbs[w] && w != t {
				continue // an inflected noun-verb ("messages") is a noun
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
