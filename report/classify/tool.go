package classify

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// Signal names used in evidence, strongest first.
const (
	sigSchema      = "schema"
	sigAnnotation  = "annotation"
	sigName        = "name"
	sigDescription = "description"
	sigRule        = "rule"
)

var sigRank = map[string]int{sigSchema: 0, sigAnnotation: 1, sigName: 2, sigDescription: 3, sigRule: 4}

// cand is one signal's claim: the tier it raises the tool to, whether it
// speaks about behaviour (effect) or only about input shape, and kinds.
type cand struct {
	tier   int
	effect bool
	kinds  []string
	signal string
	ptr    string
	detail string
}

// hints are the behaviour annotations as declared; nil means absent.
type hints struct {
	ReadOnly    *bool `json:"readOnlyHint"`
	Destructive *bool `json:"destructiveHint"`
	Idempotent  *bool `json:"idempotentHint"`
	OpenWorld   *bool `json:"openWorldHint"`
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
}

func (r *result) has(kind string) bool {
	for _, k := range r.Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

type toolDef struct {
	Name        string          `json:"name"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Input       json.RawMessage `json:"inputSchema"`
	Annotations json.RawMessage `json:"annotations"`
}

// parseTool reads each field on its own, so one malformed field (a
// numeric title) does not blank the others.
func parseTool(raw json.RawMessage) toolDef {
	var m map[string]json.RawMessage
	var d toolDef
	if json.Unmarshal(raw, &m) != nil {
		return d
	}
	_ = json.Unmarshal(m["name"], &d.Name)
	_ = json.Unmarshal(m["title"], &d.Title)
	_ = json.Unmarshal(m["description"], &d.Description)
	d.Input, d.Annotations = m["inputSchema"], m["annotations"]
	return d
}

// parseHints reads the behaviour hints; a hint that is not a boolean is
// treated as absent (never as a claim either way).
func parseHints(raw json.RawMessage) hints {
	var m map[string]json.RawMessage
	var h hints
	if json.Unmarshal(raw, &m) != nil {
		return h
	}
	get := func(k string) *bool {
		var b bool
		if v, ok := m[k]; ok && json.Unmarshal(v, &b) == nil && (string(v) == "true" || string(v) == "false") {
			return &b
		}
		return nil
	}
	h.ReadOnly, h.Destructive, h.Idempotent, h.OpenWorld = get("readOnlyHint"), get("destructiveHint"), get("idempotentHint"), get("openWorldHint")
	return h
}

// tc is the working state of one tool's classification.
type tc struct {
	def     toolDef
	server  *model.Server
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
}

func (t *tc) add(c cand) { t.cands = append(t.cands, c) }

// classifyTool runs every signal over one raw tool definition.
func classifyTool(raw json.RawMessage, s *model.Server, lx *lexicon, o *Options) *result {
	t := &tc{server: s, lx: lx, o: o, verbIdx: -1}
	t.def = parseTool(raw)
	t.h = parseHints(t.def.Annotations)
	t.toks = Tokens(t.def.Name)
	for _, w := range t.toks {
		if browserWords[w] {
			t.browser = true
		}
	}
	t.w = walkSchema(t.def.Input, "/inputSchema", o)

	t.nameSignals() // first: schema rules read the name's verb
	t.schemaSignals()
	t.annotationSignals()
	t.descriptionSignals()
	t.deferredSignals()
	r := t.finish()
	r.Router, r.routerWhy = t.router()
	if r.Router {
		r.Evidence = append(r.Evidence, model.Evidence{Signal: sigSchema, Pointer: "/inputSchema", Detail: excerpt("generic dispatcher: "+r.routerWhy, 300), Sets: []string{"router"}})
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
	r := &result{Name: t.def.Name, hints: t.h, walkFail: t.w.Fail, walkPtr: t.w.FailPtr, desc: t.def.Description}
	tier, eff := t.prelim()
	r.Tier = tier
	r.Effect = model.EffectUnknown
	if eff >= 0 {
		r.Effect = effectOfTier(eff)
	}
	kinds := map[string]bool{}
	for _, c := range t.cands {
		for _, k := range c.kinds {
			kinds[k] = true
		}
	}
	r.Kinds = make([]string, 0, len(kinds))
	for k := range kinds {
		r.Kinds = append(r.Kinds, k)
	}
	sort.Strings(r.Kinds)

	// Order: highest tier first, then stronger signal, then pointer.
	cs := append([]cand(nil), t.cands...)
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].tier != cs[j].tier {
			return cs[i].tier > cs[j].tier
		}
		if sigRank[cs[i].signal] != sigRank[cs[j].signal] {
			return sigRank[cs[i].signal] < sigRank[cs[j].signal]
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
		if c.signal == sigRule {
			sets = append(sets, "exception")
		}
		if len(sets) == 0 {
			continue
		}
		// Pointers and details quote server text (property names, enum
		// values): escape hidden characters once, here.
		r.Evidence = append(r.Evidence, model.Evidence{Signal: c.signal, Pointer: excerpt(c.ptr, 300), Detail: excerpt(c.detail, 300), Sets: sets})
	}
	r.cands = t.cands
	return r
}

// excepted reports whether word w must not count for this tool, why, and
// whether the exception itself says the tool only computes (reads).
func (t *tc) excepted(w string) (why string, asRead bool, ok bool) {
	desc := strings.ToLower(t.def.Description)
	if t.o != nil {
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
		return allNumeric(t.w.Params) || reNumbers.MatchString(strings.ToLower(t.def.Description))
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
