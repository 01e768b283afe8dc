package inject

import (
	"github.com/assay-mcp/assay/report/internal/lazyre"
	"strconv"
	"strings"
	"sync"
)

// Catalogue ids of the injection classes (see report/catalog).
const (
	idHidden     = "INJ-001"
	idMarkup     = "INJ-002"
	idOverride   = "INJ-003"
	idConceal    = "INJ-004"
	idSensitive  = "INJ-005"
	idExfil      = "INJ-006"
	idApproval   = "INJ-007"
	idCrossTool  = "INJ-008"
	idPreference = "INJ-009"
	idEncoded    = "INJ-010"
	idTruncated  = "INJ-011"
)

// matcher is one rule row: a class, a name, a cheap literal prefilter and
// an RE2 expression over the shadow. Weak rows are signals that need a
// second, independent signal before they are reported as high; alone they
// are reported as medium only when Lone is set.
type matcher struct {
	Class string
	Name  string
	// Weak marks a signal that is not enough alone for a high finding.
	Weak bool
	// Lone reports a weak signal on its own (medium) instead of dropping it.
	Lone bool
	// Pre are literals of which at least one must occur in the shadow
	// before the expression runs; empty means always run.
	Pre []string
	// Groups, when set, adds literal groups that must all occur in the
	// sentence too (each group is a list of alternatives).
	Groups [][]string
	pre    *preSet
	// Kinds limits the row to some field kinds; nil means prose and values.
	Kinds []fieldKind
	// Whole runs the expression over the whole string, for markup that
	// spans sentences (comments).
	Whole bool
	Re    *lazyre.Regexp
	// OK, when set, vets a match (ownership, negation, scope).
	OK func(c *scanCtx, m []int) bool
}

// macros expand inside rule expressions so they stay readable.
var macros = strings.NewReplacer(
	"{W}", "(?:[^\\s.!?;]+)",
	"{AUD}", `(?:the\s+|any\s+|your\s+|an?\s+|their\s+)?(?:end[- ]?)?(?:users?|humans?|operators?|persons?|people|anyone|anybody|customers?|requesters?|callers?|principals?|owners?|clients?|developers?|admins?|administrators?|reviewers?|auditors?)\b`,
	"{NEG}", `(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|shall\s+not|cannot|can'?t|may\s+not|will\s+not|won'?t|avoid|refrain\s+from|not\s+to|no\s+need\s+to|without|under\s+no\s+circumstances?\s+(?:should\s+you\s+)?)`,
)

// rx compiles a rule expression with macros; gap widths are written
// {G40} (up to 40 characters inside a sentence).
func rx(expr string) *lazyre.Regexp {
	expr = expandGaps(expr)
	return lazyre.New(macros.Replace(expr))
}

// expandGaps rewrites {GN} into a bounded repetition of the gap class.
func expandGaps(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "{G")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], '}')
		n, err := strconv.Atoi(s[i+2 : i+j])
		if err != nil {
			b.WriteString(s[:i+2])
			s = s[i+2:]
			continue
		}
		b.WriteString(s[:i])
		// Rules run on single sentences, so the gap needs no sentence
		// logic of its own; a plain class keeps the program small.
		b.WriteString(`[^\n]{0,` + strconv.Itoa(n) + `}`)
		s = s[i+j+1:]
	}
}

// rules is every row, in catalogue order, built on first use (nothing is
// compiled at process start: a command that scans nothing pays nothing).
var rules = sync.OnceValue(buildRules)

func buildRules() []*matcher {
	var rs []*matcher
	for _, g := range [][]*matcher{markupRules(), overrideRules(), concealRules(), sensitiveRules(), exfilRules(), approvalRules(), crossToolRules(), preferenceRules(), foreignRules()} {
		rs = append(rs, g...)
	}
	for _, r := range rs {
		if len(r.Pre) > 0 {
			r.pre = newPreGroups(append([][]string{r.Pre}, r.Groups...)...)
		}
	}
	return rs
}

// automaton is the prefilter automaton, built on first use once every
// row (and so every prefilter) is registered; safe for concurrent scans.
var automatonOnce = sync.OnceValue(func() *automaton {
	rules()
	return buildAutomaton()
})
