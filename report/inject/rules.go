package inject

// A Rule is one structural signal, written as data: the word lists it
// looks for, in order, within one sentence, or one small pattern, and the
// samples that show what it must and must not match. Matchers and
// prefilters are generated from this data on first use (compile.go), so
// they cannot drift from it; TestRuleSamples runs every sample.
//
// A signal alone is not a finding: the scorer (score.go) weighs every
// signal of a string together with its words and decides. A signal of
// class Support only raises the score; any other class names the
// technique a finding reports.
type Rule struct {
	// ID is "class.what", unique; evidence names it.
	ID    string
	Class Class
	// Says is the reader's description of what fired.
	Says string
	// Slots are word lists matched in order, each within Gap tokens of
	// the previous one, in one sentence. An entry is a word ("ignore"), a
	// prefix ("instruct*"), words in a row ("system prompt"), {tool}: a
	// token that names a tool (snake_case, or a name this server uses), or
	// {sink}: a URL or e-mail address, or {self}: the described tool's
	// own name.
	Slots []Slot
	// Gap is the most tokens allowed between two slots; 0 means 6.
	Gap int
	// Across lets the slots span sentences (still within Gap).
	Across bool
	// Pattern, instead of Slots, is an RE2 expression on the shadow
	// (lower-cased, normalised) text, for shapes words cannot say: markup,
	// paths, command lines.
	Pattern string
	// Negatable rules are void when a negation comes just before them
	// ("never ignore the user's instructions").
	Negatable bool
	// Strong rules are specific enough to count on their own: the trainer
	// starts their signal's weight at strongPrior instead of zero, and the
	// training data can still lower it.
	Strong bool
	// True must fire the rule; False must not.
	True, False []string
}

// Slot is one list of alternatives.
type Slot []string

// gap is the slot distance of r.
func (r *Rule) gap() int {
	if r.Gap == 0 {
		return 6
	}
	return r.Gap
}

// allRules is every rule, one table per class family (rules_*.go). The
// order is only the order evidence lists signals in.
func allRules() [][]Rule {
	return [][]Rule{overrideRules, concealRules, approvalRules, sensitiveRules, exfilRules, crossToolRules,
		preferenceRules, redirectRules, authorityRules, shellRules, markupRules, hiddenRules, supportRules}
}
