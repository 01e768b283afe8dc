// Package lazyre is a regular expression compiled on first use and guarded
// by a literal prefilter derived from its own syntax tree.
//
// Why: the detectors are hundreds of expressions, many of them 1–2 KB
// alternations that rarely match. Compiled at package init they cost every
// process about a quarter of a second and 60 MB before it does anything
// (`assay version` included); run on every sentence they are most of the
// analysis time, though a cheap substring test shows almost every input
// cannot match. [New] defers compilation to the first call, and every
// match method first checks the literals any match must contain (an AND of
// OR-sets of strings, computed from regexp/syntax): when they are absent
// the expression cannot match and the engine is not run at all.
//
// The prefilter is sound by construction (it only ever answers "cannot
// match" when no match exists), so results are identical to [regexp]'s;
// TestPrefilterSound checks that on random inputs and the real corpus.
package lazyre

import (
	"regexp"
	"strings"
	"sync"
)

// Regexp is a lazily compiled [regexp.Regexp] with a prefilter. The zero
// value is not usable; build one with [New]. Safe for concurrent use.
type Regexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
	pre  *filter
}

// New returns expr, to be compiled on first use. Like
// [regexp.MustCompile], an invalid expression panics, but at first use:
// the package's tests compile every table (see Compile).
func New(expr string) *Regexp {
	r := &Regexp{expr: expr}
	regMu.Lock()
	registry = append(registry, r)
	regMu.Unlock()
	return r
}

func (r *Regexp) load() {
	r.once.Do(func() {
		r.re = regexp.MustCompile(r.expr)
		r.pre = newFilter(r.expr)
	})
}

// Compile forces compilation now (tests call it on every table entry so a
// bad expression fails the build, not a scan).
func (r *Regexp) Compile() *regexp.Regexp { r.load(); return r.re }

// String is the source text.
func (r *Regexp) String() string { return r.expr }

// may reports whether s can contain a match; false is certain.
func (r *Regexp) may(s string) bool {
	r.load()
	return r.pre.may(s)
}

// MatchString is [regexp.Regexp.MatchString].
func (r *Regexp) MatchString(s string) bool { return r.may(s) && r.re.MatchString(s) }

// FindString is [regexp.Regexp.FindString].
func (r *Regexp) FindString(s string) string {
	if !r.may(s) {
		return ""
	}
	return r.re.FindString(s)
}

// FindStringIndex is [regexp.Regexp.FindStringIndex].
func (r *Regexp) FindStringIndex(s string) []int {
	if !r.may(s) {
		return nil
	}
	return r.re.FindStringIndex(s)
}

// FindStringSubmatch is [regexp.Regexp.FindStringSubmatch].
func (r *Regexp) FindStringSubmatch(s string) []string {
	if !r.may(s) {
		return nil
	}
	return r.re.FindStringSubmatch(s)
}

// FindStringSubmatchIndex is [regexp.Regexp.FindStringSubmatchIndex].
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	if !r.may(s) {
		return nil
	}
	return r.re.FindStringSubmatchIndex(s)
}

// FindAllString is [regexp.Regexp.FindAllString].
func (r *Regexp) FindAllString(s string, n int) []string {
	if !r.may(s) {
		return nil
	}
	return r.re.FindAllString(s, n)
}

// FindAllStringIndex is [regexp.Regexp.FindAllStringIndex].
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	if !r.may(s) {
		return nil
	}
	return r.re.FindAllStringIndex(s, n)
}

// FindAllStringSubmatch is [regexp.Regexp.FindAllStringSubmatch].
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	if !r.may(s) {
		return nil
	}
	return r.re.FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is [regexp.Regexp.FindAllStringSubmatchIndex].
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	if !r.may(s) {
		return nil
	}
	return r.re.FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is [regexp.Regexp.ReplaceAllString].
func (r *Regexp) ReplaceAllString(src, repl string) string {
	if !r.may(src) {
		return src
	}
	return r.re.ReplaceAllString(src, repl)
}

// SubexpNames is [regexp.Regexp.SubexpNames].
func (r *Regexp) SubexpNames() []string { r.load(); return r.re.SubexpNames() }

// Required lists the prefilter's terms, one line per AND term with its
// OR-set joined by "|" ("i:" marks a case-insensitive string); empty when
// the expression has no required literal. For tests and docs.
func (r *Regexp) Required() []string {
	r.load()
	if r.pre == nil {
		return nil
	}
	var out []string
	for _, t := range r.pre.terms {
		var alts []string
		for _, l := range t {
			if l.fold {
				alts = append(alts, "i:"+l.s)
			} else {
				alts = append(alts, l.s)
			}
		}
		out = append(out, strings.Join(alts, "|"))
	}
	return out
}

var (
	regMu    sync.Mutex
	registry []*Regexp
)

// All is every expression made with [New] so far, in creation order: a
// test walks them to prove each compiles and its prefilter is sound.
func All() []*Regexp {
	regMu.Lock()
	defer regMu.Unlock()
	return append([]*Regexp(nil), registry...)
}

// Terms is the prefilter as data: every AND term with its OR-set of
// lower-cased literals (case-insensitive ones lower-cased); nil when the
// expression has no required literal. A caller can check many
// expressions' literals in one pass over a text (report/inject does).
func (r *Regexp) Terms() [][]string {
	r.load()
	if r.pre == nil {
		return nil
	}
	out := make([][]string, 0, len(r.pre.terms))
	for _, t := range r.pre.terms {
		alts := make([]string, 0, len(t))
		for _, l := range t {
			alts = append(alts, strings.ToLower(l.s))
		}
		out = append(out, alts)
	}
	return out
}
