package classify

import (
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// Signal names used in evidence, strongest first.
const (
	sigSchema      = "schema"
	sigAnnotation  = "annotation"
	sigName        = "name"
	sigDescription = "description"
	sigRule        = "rule"
)

// cand is one signal's claim: the tier it raises the tool to, whether it
// speaks about behaviour (effect) or only about input shape, and kinds.
type cand struct {
	tier   int
	effect bool
	kinds  []string
	signal string
	ptr    string
	detail string
	// dispatch marks a name verb that only says "dispatches" (call,
	// invoke): on a router it is dropped, the operations decide.
	dispatch bool
	// channel names how data leaves, for an egress claim: http,
	// git_remote, message, email, publish, upload, third_party_record,
	// browser, other.
	channel string
	// why marks the third-party claim, whose detail the server's reason
	// completes outside the cached result ([result.whyEv]).
	why bool
}

// hints are the behaviour annotations as declared; nil means absent (a
// hint that is not a boolean is absent too: never a claim either way).
type hints struct {
	ReadOnly, Destructive, Idempotent, OpenWorld *bool
}

func (h hints) count() int {
	n := 0
	for _, p := range []*bool{h.ReadOnly, h.Destructive, h.OpenWorld} {
		if p != nil {
			n++
		}
	}
	return n
}

func isTrue(p *bool) bool  { return p != nil && *p }
func isFalse(p *bool) bool { return p != nil && !*p }

// result is the classification of one tool plus what findings need.
type result struct {
	Name     string
	Effect   string
	Tier     int
	Kinds    []string
	Router   bool
	Evidence []model.Evidence
	hints    hints
	walkFail string
	walkPtr  string
	cands    []cand
	desc     string
	// routerWhy explains the router verdict.
	routerWhy string
	// implausible explains hints that were not counted (CAP-013).
	implausible string
	// Channels name how data leaves (sorted), when the tool has egress.
	Channels []string
	// whyEv indexes the Evidence entries whose Detail is
	// [thirdPartyDetail] awaiting the server's reason: the result is
	// shared by every server whose tool has this definition and the same
	// context flags, and each server's reason is its own.
	whyEv []int
}

func (r *result) has(kind string) bool {
	for _, k := range r.Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// toolDef is what classification reads of a tool, taken from its view.
type toolDef struct {
	Name        string
	Title       string
	Description string
	// Input is the decoded input schema (json.Number numbers); nil when
	// absent or malformed.
	Input any
}

// tc is the working state of one tool's classification.
type tc struct {
	def     toolDef
	server  *model.Server
	sc      *serverContext
	lx      *lexicon
	o       *Options
	toks    []string
	w       walk
	h       hints
	cands   []cand
	verbCat string // category of the first verb in the name
	verbIdx int
	descCat string // category of the description's leading verb
	browser bool   // the name says it acts in a web browser
	// verbWord is the base form of the name's verb ("" when none).
	verbWord string
	// implausible explains hints not counted (CAP-013), or "".
	implausible string
	// descWords is the description as lower-case words, read once;
	// descLead indexes its main verb (-1 when none).
	descWords []string
	descLead  int
}

func (t *tc) add(c cand) { t.cands = append(t.cands, c) }

// classifyTool runs every signal over one raw tool definition.
func classifyTool(v *surface.Tool, s *model.Server, sc *serverContext, lx *lexicon, o *Options) *result {
	t := &tc{server: s, sc: sc, lx: lx, o: o, verbIdx: -1}
	t.def = toolDef{Name: v.Name, Title: v.Title, Description: v.Description, Input: v.InputSchema}
	t.h = hints{ReadOnly: v.Hints.ReadOnly, Destructive: v.Hints.Destructive, Idempotent: v.Hints.Idempotent, OpenWorld: v.Hints.OpenWorld}
	t.toks = Tokens(t.def.Name)
	if sc != nil && v.Index < len(sc.words) {
		t.descWords = sc.words[v.Index]
	} else {
		t.descWords = proseWords(t.def.Description)
	}
	t.descLead = leadVerb(t.descWords)
	for _, w := range t.toks {
		if tbl().browserWords[w] {
			t.browser = true
		}
	}
	t.w = walkSchema(t.def.Input, "/inputSchema", o)

	t.nameSignals() // first: schema rules read the name's verb
	t.schemaSignals()
	t.descriptionSignals()
	t.annotationSignals() // after name and description: it checks their plausibility
	t.deferredSignals()
	router, why := t.router()
	if router {
		kept := t.cands[:0]
		for _, c := range t.cands {
			if !c.dispatch {
				kept = append(kept, c)
			}
		}
		t.cands = kept
	}
	r := t.finish()
	r.Router, r.routerWhy = router, why
	if r.Router {
		// A router is judged by what it advertises (its description and
		// operation enum), never assumed to do everything: say so.
		r.Evidence = append(r.Evidence, model.Evidence{Signal: sigSchema, Pointer: "/inputSchema",
			Detail: excerpt("generic dispatcher: "+r.routerWhy+"; classified by what its description and operation list advertise, its dispatched operations are not visible", 300), Sets: []string{"router"}})
	}
	return r
}

// prelim is the tier and behavioural tier so far.
func (t *tc) prelim() (tier, eff int) {
	tier, eff = 0, -1
	for _, c := range t.cands {
		if c.tier > tier {
			tier = c.tier
		}
		if c.effect && c.tier > eff {
			eff = c.tier
		}
	}
	return
}

func (t *tc) hasKind(k string) bool {
	for _, c := range t.cands {
		for _, x := range c.kinds {
			if x == k {
				return true
			}
		}
	}
	return false
}

// finish folds candidates into the result: tier and effect are maxima,
// kinds a union, and each candidate cites what it set.
func (t *tc) finish() *result {
	r := &result{Name: t.def.Name, hints: t.h, walkFail: t.w.Fail, walkPtr: t.w.FailPtr, desc: t.def.Description, implausible: t.implausible}
	tier, eff := t.prelim()
	kinds := map[string]bool{}
	channels := map[string]bool{}
	for _, c := range t.cands {
		for _, k := range c.kinds {
			kinds[k] = true
		}
		if c.channel != "" && hasAnyKind(c.kinds, model.KindEgress) {
			channels[c.channel] = true
		}
	}
	// Effect and kinds always agree: destructive or code execution is
	// irreversible, egress at least external, a write at least write.
	implied, because := -1, ""
	for _, k := range []struct {
		kind string
		tier int
	}{{model.KindDestructive, 5}, {model.KindCodeExec, 5}, {model.KindEgress, 4}, {model.KindWrite, 3}} {
		if kinds[k.kind] && k.tier > implied {
			implied, because = k.tier, k.kind
		}
	}
	if implied > eff {
		t.add(cand{tier: implied, effect: true, signal: sigRule, ptr: "/kinds", detail: "effect raised to agree with kind " + because})
		tier, eff = t.prelim()
	}
	if kinds[model.KindEgress] && len(channels) == 0 {
		channels["other"] = true
	}
	r.Tier = tier
	r.Effect = model.EffectUnknown
	if eff >= 0 {
		r.Effect = effectOfTier(eff)
	}
	r.Kinds = make([]string, 0, len(kinds))
	for k := range kinds {
		r.Kinds = append(r.Kinds, k)
	}
	sort.Strings(r.Kinds)
	for c := range channels {
		r.Channels = append(r.Channels, c)
	}
	sort.Strings(r.Channels)

	// Order: highest tier first, then stronger signal, then pointer.
	cs := append([]cand(nil), t.cands...)
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].tier != cs[j].tier {
			return cs[i].tier > cs[j].tier
		}
		if tbl().sigRank[cs[i].signal] != tbl().sigRank[cs[j].signal] {
			return tbl().sigRank[cs[i].signal] < tbl().sigRank[cs[j].signal]
		}
		return cs[i].ptr < cs[j].ptr
	})
	seenKind := map[string]int{}
	tierCited, effCited := 0, 0
	for _, c := range cs {
		var sets []string
		if c.tier == tier && tierCited < 3 {
			sets = append(sets, "tier:"+tierName(tier))
			tierCited++
		}
		if c.effect && c.tier == eff && effCited < 3 {
			sets = append(sets, "effect:"+r.Effect)
			effCited++
		}
		for _, k := range c.kinds {
			if seenKind[k] < 2 {
				sets = append(sets, "kind:"+k)
				seenKind[k]++
			}
		}
		if c.channel != "" && channels[c.channel] && hasAnyKind(c.kinds, model.KindEgress) {
			sets = append(sets, "channel:"+c.channel)
			delete(channels, c.channel) // cite each channel once
		}
		if c.signal == sigRule && strings.Contains(c.detail, "not counted") {
			sets = append(sets, "exception") // a word an exception kept from counting
		}
		if len(sets) == 0 {
			continue
		}
		// Pointers and details quote server text (property names, enum
		// values): escape hidden characters once, here.
		if c.why {
			r.whyEv = append(r.whyEv, len(r.Evidence))
		}
		r.Evidence = append(r.Evidence, model.Evidence{Signal: c.signal, Pointer: excerpt(c.ptr, 300), Detail: excerpt(c.detail, 300), Sets: sets})
	}
	if channels["other"] {
		r.Evidence = append(r.Evidence, model.Evidence{Signal: sigRule, Pointer: "/kinds", Detail: "data leaves by a channel the definition does not name", Sets: []string{"channel:other"}})
	}
	r.cands = t.cands
	return r
}

// excepted reports whether word w must not count for this tool, why, and
// whether the exception itself says the tool only computes (reads).
func (t *tc) excepted(w string) (why string, asRead bool, ok bool) {
	if t.o != nil && len(t.o.Exceptions) > 0 {
		desc := strings.ToLower(t.def.Description)
		for _, e := range t.o.Exceptions {
			if e.Word != "" && !strings.EqualFold(e.Word, w) {
				continue
			}
			if e.Tool != "" && e.Tool != t.def.Name {
				continue
			}
			if e.Server != "" && e.Server != t.server.Name && e.Server != t.server.Identity {
				continue
			}
			if e.Description != "" && !strings.Contains(desc, strings.ToLower(e.Description)) {
				continue
			}
			why := e.Reason
			if why == "" {
				why = "exception from rules file"
			}
			return why, false, true
		}
	}
	for _, e := range builtinExceptions {
		if e.word == w && e.applies(t) {
			return e.reason, e.asRead, true
		}
	}
	return "", false, false
}

// builtinException is a contextual exception: a word that usually signals
// a class but not in this tool's context.
type builtinException struct {
	word, reason string
	// asRead: the exception itself says what the tool does (computes).
	asRead  bool
	applies func(t *tc) bool
}

var builtinExceptions = []builtinException{
	{"add", "arithmetic on numbers, not a write", true, func(t *tc) bool {
		return allNumeric(t.w.Params) || sumsNumbers(t.descWords)
	}},
}

func allNumeric(ps []param) bool {
	if len(ps) == 0 {
		return false
	}
	for _, p := range ps {
		if !(p.is("number") || p.is("integer")) {
			return false
		}
	}
	return true
}

// sumsNumbers reports prose about adding numbers ("adds two numbers",
// "numbers together", "the sum of").
func sumsNumbers(ws []string) bool {
	for i := 0; i+1 < len(ws); i++ {
		a, b := ws[i], ws[i+1]
		switch {
		case (a == "two" || a == "2" || a == "multiple" || a == "several") && (b == "numbers" || b == "integers"),
			(a == "numbers" || a == "number") && b == "together", a == "sum" && b == "of":
			return true
		}
	}
	return false
}
