package classify

import (
	"cmp"
	"slices"
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
	// names is the server's shared split of identifiers (nil: none).
	names *nameCache
	// sorted is scratch for finish's ordering of cands.
	sorted []cand
}

func (t *tc) add(c cand) { t.cands = append(t.cands, c) }

// classifyTool runs every signal over one raw tool definition.
func classifyTool(v *surface.Tool, s *model.Server, sc *serverContext, lx *lexicon, o *Options) *result {
	var t *tc
	var wk *walker
	if sc != nil {
		// The server's scratch: one tool at a time per server, so the
		// working state and its buffers are reused, never shared.
		t = &sc.work
		cands, sorted := t.cands[:0], t.sorted[:0]
		wk = &sc.walker
		wk.lower = &sc.lower
		*t = tc{cands: cands, sorted: sorted}
	} else {
		t = &tc{cands: make([]cand, 0, 8)}
	}
	t.server, t.sc, t.lx, t.o, t.verbIdx = s, sc, lx, o, -1
	t.def = toolDef{Name: v.Name, Title: v.Title, Description: v.Description, Input: v.InputSchema}
	t.h = hints{ReadOnly: v.Hints.ReadOnly, Destructive: v.Hints.Destructive, Idempotent: v.Hints.Idempotent, OpenWorld: v.Hints.OpenWorld}
	var names *nameCache
	if sc != nil {
		names = &sc.names
	}
	t.names = names
	if sc != nil && v.Index < len(sc.toks) {
		t.toks = sc.toks[v.Index]
	} else {
		t.toks = Tokens(t.def.Name)
	}
	if sc != nil && v.Index < len(sc.words) {
		t.descWords = sc.words[v.Index]
	} else {
		t.descWords = proseWords(untagged(t.def.Description))
	}
	t.descLead = leadVerb(t.descWords)
	for _, w := range t.toks {
		if tbl().browserWords[w] {
			t.browser = true
		}
	}
	t.w = walkSchema(t.def.Input, "/inputSchema", o, names, wk)

	t.nameSignals() // first: schema rules read the name's verb
	t.schemaSignals()
	t.launchesProgram()
	t.descriptionSignals()
	t.hostLogin()         // after the description: it asks whether the tool only reads
	t.annotationSignals() // after name and description: it checks their plausibility
	t.deferredSignals()
	t.scopeCodeDestruction()
	t.unknownImperative()
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
	// A tool has a handful of kinds and channels: small slices, not maps.
	var kindBuf, chanBuf [8]string
	kinds, channels := strSet(kindBuf[:0]), strSet(chanBuf[:0])
	for _, c := range t.cands {
		for _, k := range c.kinds {
			kinds = kinds.add(k)
		}
		if c.channel != "" && hasAnyKind(c.kinds, model.KindEgress) {
			channels = channels.add(c.channel)
		}
	}
	// Effect and kinds always agree: destructive or code execution is
	// irreversible, egress at least external, a write at least write.
	implied, because := -1, ""
	for _, k := range [...]struct {
		kind string
		tier int
	}{{model.KindDestructive, 5}, {model.KindCodeExec, 5}, {model.KindEgress, 4}, {model.KindWrite, 3}} {
		if kinds.has(k.kind) && k.tier > implied {
			implied, because = k.tier, k.kind
		}
	}
	if implied > eff {
		t.add(cand{tier: implied, effect: true, signal: sigRule, ptr: "/kinds", detail: "effect raised to agree with kind " + because})
		tier, eff = t.prelim()
	}
	if kinds.has(model.KindEgress) && len(channels) == 0 {
		channels = channels.add("other")
	}
	r.Tier = tier
	r.Effect = model.EffectUnknown
	if eff >= 0 {
		r.Effect = effectOfTier(eff)
	}
	r.Kinds = append(make([]string, 0, len(kinds)), kinds...)
	sort.Strings(r.Kinds)

	// Order: highest tier first, then stronger signal, then pointer.
	t.sorted = append(t.sorted[:0], t.cands...)
	cs := t.sorted
	slices.SortStableFunc(cs, func(a, b cand) int {
		if a.tier != b.tier {
			return cmp.Compare(b.tier, a.tier)
		}
		if ra, rb := sigRank(a.signal), sigRank(b.signal); ra != rb {
			return cmp.Compare(ra, rb)
		}
		return strings.Compare(a.ptr, b.ptr)
	})
	// How often each kind was cited (a handful: a slice, not a map).
	type kindCount struct {
		kind string
		n    int
	}
	var seenBuf [8]kindCount
	seenKind := seenBuf[:0]
	tierCited, effCited := 0, 0
	r.Evidence = make([]model.Evidence, 0, len(cs)+1)
	// Every entry's Sets is a window of one array, capped so an append
	// to one never writes into the next.
	all := make([]string, 0, 3*len(cs))
	for _, c := range cs {
		var buf [12]string
		sets := buf[:0]
		if c.tier == tier && tierCited < 3 {
			sets = append(sets, tierLabels[tierIndexOf(tier)])
			tierCited++
		}
		if c.effect && c.tier == eff && effCited < 3 {
			sets = append(sets, label("effect:", r.Effect))
			effCited++
		}
		for _, k := range c.kinds {
			i := slices.IndexFunc(seenKind, func(x kindCount) bool { return x.kind == k })
			if i < 0 {
				i = len(seenKind)
				seenKind = append(seenKind, kindCount{kind: k})
			}
			if seenKind[i].n < 2 {
				sets = append(sets, label("kind:", k))
				seenKind[i].n++
			}
		}
		if c.channel != "" && channels.has(c.channel) && hasAnyKind(c.kinds, model.KindEgress) {
			sets = append(sets, label("channel:", c.channel))
			channels = channels.remove(c.channel) // cite each channel once
		}
		if c.signal == sigRule && strings.Contains(c.detail, "not counted") {
			sets = append(sets, "exception") // a word an exception kept from counting
		}
		if len(sets) == 0 {
			continue
		}
		if c.why {
			r.whyEv = append(r.whyEv, len(r.Evidence))
		}
		// Pointers and details quote server text (property names, enum
		// values): escape hidden characters once, here.
		at := len(all)
		all = append(all, sets...) // a reallocation leaves earlier windows intact
		r.Evidence = append(r.Evidence, model.Evidence{Signal: c.signal, Pointer: excerpt(c.ptr, 300), Detail: excerpt(c.detail, 300), Sets: all[at:len(all):len(all)]})
	}
	if channels.has("other") {
		r.Evidence = append(r.Evidence, model.Evidence{Signal: sigRule, Pointer: "/kinds", Detail: "data leaves by a channel the definition does not name", Sets: []string{"channel:other"}})
	}
	// The result keeps its own copy: t.cands is the server's scratch.
	r.cands = slices.Clone(t.cands)
	return r
}

// strSet is a small set of strings kept in a slice (a tool's kinds or
// channels: a handful, where a map costs more than a scan).
type strSet []string

func (s strSet) has(x string) bool { return slices.Contains(s, x) }

func (s strSet) add(x string) strSet {
	if s.has(x) {
		return s
	}
	return append(s, x)
}

func (s strSet) remove(x string) strSet {
	if i := slices.Index(s, x); i >= 0 {
		return slices.Delete(s, i, i+1)
	}
	return s
}

// sigRank orders signals, strongest first.
func sigRank(s string) int {
	switch s {
	case sigSchema:
		return 0
	case sigAnnotation:
		return 1
	case sigName:
		return 2
	case sigDescription:
		return 3
	case sigRule:
		return 4
	}
	return 0 // as a map of the five gave for any other
}

// tierLabels are the evidence labels of the tiers ("tier:" + tierNames),
// built once.
var tierLabels = func() (l [len(tierNames)]string) {
	for i, n := range tierNames {
		l[i] = "tier:" + n
	}
	return l
}()

// tierIndexOf clamps a tier to the ladder (tierName reads through it).
func tierIndexOf(i int) int { return max(0, min(i, len(tierNames)-1)) }

// label is prefix+v for an evidence label, without allocating for the
// values the classifier itself produces.
func label(prefix, v string) string {
	switch prefix + v {
	case "effect:read":
		return "effect:read"
	case "effect:write":
		return "effect:write"
	case "effect:external":
		return "effect:external"
	case "effect:irreversible":
		return "effect:irreversible"
	case "kind:code_exec":
		return "kind:code_exec"
	case "kind:destructive":
		return "kind:destructive"
	case "kind:write":
		return "kind:write"
	case "kind:egress":
		return "kind:egress"
	case "kind:read_sensitive":
		return "kind:read_sensitive"
	case "kind:ingests_untrusted":
		return "kind:ingests_untrusted"
	case "channel:http":
		return "channel:http"
	case "channel:git_remote":
		return "channel:git_remote"
	case "channel:message":
		return "channel:message"
	case "channel:email":
		return "channel:email"
	case "channel:publish":
		return "channel:publish"
	case "channel:upload":
		return "channel:upload"
	case "channel:third_party_record":
		return "channel:third_party_record"
	case "channel:browser":
		return "channel:browser"
	case "channel:other":
		return "channel:other"
	}
	return prefix + v
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
