// Package inject finds text that tries to steer the model: hidden
// instructions, overrides, concealment, credential and data exfiltration,
// approval bypass, reaching into other tools and servers, tool-preference
// manipulation and encoded payloads, in every string a server hands the
// model. It is deterministic, uses RE2 expressions only (no backtracking)
// and never calls a model or the network.
//
// Rephrased overrides, concealment, tool preference and cross-tool
// requests that slip past the phrase rules meet a per-sentence feature
// scorer (see featureHits) that asks for two independent features, such
// as the model's own rules plus a claim that voids them.
//
// Every string is matched through its shadow (see [Normalize]) and
// reported against the original, with a short escaped excerpt. Each
// finding names the element it is about, so its fingerprint (rule +
// server + tool + element) survives rewording.
package inject

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// Options tune detection. Nil means defaults.
type Options struct {
	// MaxStringBytes caps the bytes of one string that are analysed; the
	// cut is reported (INJ-011). Zero means DefaultMaxStringBytes.
	MaxStringBytes int
	// NoConcat turns off the per-tool and per-server concatenation checks.
	NoConcat bool
}

// DefaultMaxStringBytes is the per-string analysis cap.
const DefaultMaxStringBytes = 64 << 10

func (o *Options) maxBytes() int {
	if o == nil || o.MaxStringBytes <= 0 {
		return DefaultMaxStringBytes
	}
	return o.MaxStringBytes
}

// Apply scans every model-facing string in b and appends injection findings to f.
func Apply(b *model.Bundle, f *model.Findings, opts *Options) {
	for i := range b.Servers {
		f.Findings = append(f.Findings, ScanServer(&b.Servers[i], opts)...)
	}
}

// ScanServer returns the injection findings of one server, in a fixed order.
func ScanServer(s *model.Server, opts *Options) []model.Finding {
	elems, sc := surfaceOf(s)
	server := s.Identity
	if server == "" {
		server = s.Name
	}
	r := &reporter{server: server, seen: map[string]int{}}
	limit := opts.maxBytes()
	type scanned struct {
		e    *elem
		sh   *Shadow
		hits []hit
	}
	all := make([]scanned, len(elems))
	for i := range elems {
		e := &elems[i]
		text := e.Text
		if len(text) > limit {
			cut := limit
			for cut > 0 && cut < len(text) && text[cut]&0xC0 == 0x80 {
				cut--
			}
			r.add(idTruncated, model.SevLow, e, fmt.Sprintf("analysed %d of %d bytes", cut, len(text)))
			text = text[:cut]
		}
		sh := Normalize(text)
		c := &scanCtx{e: e, sc: sc, sh: sh, text: sh.Text}
		hits := scanText(c)
		if e.Kind == kindIdent {
			hits = append(hits, identWordHits(e, sc)...)
		}
		hits = append(hits, hiddenHits(c)...)
		hits = append(hits, encodedHits(c, text)...)
		all[i] = scanned{e, sh, hits}
	}
	// Transmissions matter only for items that name a sensitive path.
	pathOwners := map[string]bool{}
	for _, x := range all {
		for _, h := range x.hits {
			if h.sig == sigTargetPath {
				pathOwners[x.e.Owner] = true
			}
		}
	}
	for i, x := range all {
		if pathOwners[x.e.Owner] && x.e.Kind != kindIdent {
			c := &scanCtx{e: x.e, sc: sc, sh: x.sh, text: x.sh.Text}
			all[i].hits = append(all[i].hits, transmitHits(c)...)
		}
	}
	// Per-tool pairing of weak signals split across fields.
	byOwner := map[string][]int{}
	var owners []string
	for i, x := range all {
		if _, ok := byOwner[x.e.Owner]; !ok {
			owners = append(owners, x.e.Owner)
		}
		byOwner[x.e.Owner] = append(byOwner[x.e.Owner], i)
	}
	for _, o := range owners {
		idx := byOwner[o]
		var hs []*hit
		for _, i := range idx {
			for k := range all[i].hits {
				hs = append(hs, &all[i].hits[k])
			}
		}
		promote(hs)
	}
	for _, x := range all {
		r.report(x.e, x.sh, x.hits)
	}
	if !(opts != nil && opts.NoConcat) {
		r.concat(elems, sc, owners, byOwner)
	}
	out := r.out
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Element < out[j].Element || out[i].Element == out[j].Element && out[i].ID < out[j].ID
	})
	return out
}

// promote marks weak hits that have an independent second signal in the
// same item. Across fields, only specific pairs count (a credential path
// in the description and a transmission in a parameter description); in
// one string any other class's signal counts.
func promote(hs []*hit) {
	for _, h := range hs {
		if !h.weak {
			continue
		}
		for _, o := range hs {
			if o == h {
				continue
			}
			if h.sig != sigTransmit && o.class != h.class && !o.weak && o.class != idTruncated && !soft(o.rule) {
				h.weak = false
				break
			}
			if o.weak && pairs(h.sig, o.sig) {
				h.weak = false
				break
			}
		}
	}
}

// soft rules are the broad nets (co-occurrence, scope scoring): they
// report on their own but do not vouch for other weak signals.
func soft(rule string) bool {
	return strings.HasPrefix(rule, "scope_") || strings.HasSuffix(rule, "_cooccurrence")
}

// pairs lists weak signals that together are a finding.
func pairs(a, b sig) bool {
	if a > b {
		a, b = b, a
	}
	switch {
	case a == sigTarget && b == sigSink:
		return true
	case a == sigTargetPath && (b == sigTransmit || b == sigSink || b == sigForeign):
		return true
	case a == sigSink && b == sigForeign:
		return true
	}
	return false
}

// reporter turns hits into findings, one per rule class and element.
type reporter struct {
	server string
	seen   map[string]int // id|element → index in out
	out    []model.Finding
}

func (r *reporter) add(id, sev string, e *elem, evidence string) {
	key := id + "|" + e.Element
	if k, ok := r.seen[key]; ok {
		if model.SeverityRank(sev) > model.SeverityRank(r.out[k].Severity) {
			r.out[k].Severity = sev
			r.out[k].Evidence = evidence
		}
		return
	}
	fd := catalog.New(id)
	fd.Severity = sev
	fd.Server = r.server
	fd.Tool = e.Tool
	fd.Element = e.Element
	fd.Evidence = evidence
	r.seen[key] = len(r.out)
	r.out = append(r.out, fd)
}

// report emits the reportable hits of one string.
func (r *reporter) report(e *elem, sh *Shadow, hits []hit) {
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].start < hits[j].start })
	for _, h := range hits {
		sev := model.SevHigh
		if h.weak {
			if !h.lone {
				continue
			}
			sev = model.SevMedium
		}
		r.add(h.class, sev, e, evidenceOf(e.Text, sh, h))
	}
}

// evidenceOf renders a hit: rule name and an escaped excerpt of the
// original (or of the decoded payload).
func evidenceOf(orig string, sh *Shadow, h hit) string {
	if h.decoded != "" {
		return h.rule + ": " + h.decoded
	}
	a, b := sh.Orig(h.start, h.end)
	return h.rule + ": " + excerpt(orig, a, b)
}

// hiddenHits reports invisible characters and what tag characters spell.
func hiddenHits(c *scanCtx) []hit {
	sh := c.sh
	var out []hit
	if sh.Mixed > 0 {
		h := hit{class: idHidden, rule: "mixed_script", decoded: fmt.Sprintf("%d word(s) mix Latin with Cyrillic lookalikes: %s", sh.Mixed, excerpt(c.e.Text, sh.MixedAt, sh.MixedAt+1))}
		if c.e.Kind != kindIdent {
			h.weak, h.lone = true, true
		}
		out = append(out, h)
	}
	if p := padding(c.e.Text); p >= 0 {
		out = append(out, hit{class: idHidden, rule: "whitespace_padding", decoded: "text continues after a long run of blank space: " + excerpt(c.e.Text, p, p+1)})
	}
	if len(sh.Hidden) == 0 {
		return out
	}
	var names []string
	counts := map[string]int{}
	for _, h := range sh.Hidden {
		n := hiddenName(h.Rune)
		if counts[n] == 0 {
			names = append(names, n)
		}
		counts[n]++
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%d %s", counts[n], n)
	}
	first := sh.Hidden[0].Off
	ev := strings.Join(parts, ", ") + ": " + excerpt(c.e.Text, first, first+1)
	if sh.Tagged != "" {
		ev += " | tag text: " + escapeText(sh.Tagged)
	}
	return append(out, hit{class: idHidden, rule: "hidden_characters", decoded: ev})
}

// paddingRun is the blank run after which further text is out of sight
// in most viewers.
const paddingRun = 160

// padding returns the offset of text that follows a run of at least
// paddingRun whitespace characters, or -1.
func padding(s string) int {
	run := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			run++
		default:
			if run >= paddingRun {
				return i
			}
			run = 0
		}
	}
	return -1
}

func hiddenName(r rune) string {
	switch {
	case r >= 0xE0000 && r <= 0xE007F:
		return "unicode tag"
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return "bidi control"
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return "variation selector"
	case r == 0x00AD:
		return "soft hyphen"
	case r < 0x20 || (r >= 0x7F && r < 0xA0):
		return "control character"
	}
	return "zero-width or invisible"
}

// encodedHits decodes payloads in the original text (and tag-character
// text, and ROT13) and rescans them.
func encodedHits(c *scanCtx, orig string) []hit {
	var out []hit
	cands := decodeAll(orig)
	if c.sh.Tagged != "" {
		cands = append(cands, decoded{"unicode tags", 0, 0, c.sh.Tagged})
	}
	if r := rot13(c.text); rot13Candidate(r) {
		cands = append(cands, decoded{"rot13", 0, len(orig), r})
	}
	for _, d := range cands {
		sub := Normalize(d.text)
		e := *c.e
		e.Kind = kindProse
		dc := &scanCtx{e: &e, sc: c.sc, sh: sub, text: sub.Text}
		hs := scanText(dc)
		var strong *hit
		for k := range hs {
			if !hs[k].weak || hs[k].lone {
				strong = &hs[k]
				break
			}
		}
		ev := d.how + " decodes to: " + escapeText(d.text)
		switch {
		case strong != nil:
			out = append(out, hit{class: idEncoded, rule: "encoded_payload", decoded: ev + " (" + strong.rule + ")"})
		case d.how != "rot13" && d.how != "unicode tags" && strings.Count(strings.TrimSpace(d.text), " ") >= 4:
			out = append(out, hit{class: idEncoded, rule: "encoded_text", weak: true, lone: true, decoded: ev})
		}
	}
	return out
}

// splitCandidate reports whether a ends mid-sentence and b continues it.
func splitCandidate(a, b string) bool {
	a = strings.TrimRight(a, " \t\r\n")
	b = strings.TrimLeft(b, " \t\r\n")
	if a == "" || b == "" {
		return false
	}
	switch a[len(a)-1] {
	case '.', '!', '?', ';', ':', ')', ']', '}', '"', '`', '*':
		return false
	}
	r, _ := utf8.DecodeRuneInString(b)
	return !unicode.IsUpper(r) && !unicode.IsDigit(r)
}

// segment is one string's place in a concatenation.
type segment struct {
	start, end int
	e          *elem
}

// concatWindow bounds how much of each string's end and start is joined
// when checking a boundary.
const concatWindow = 240

// concat checks every boundary between consecutive strings of one item
// (and between items of the server), so a payload split across fields or
// tools is still seen. Only matches that cross the boundary are reported
// here, on the item (tool:NAME/*) or the server (server:*); the rest were
// reported on their own string.
func (r *reporter) concat(elems []elem, sc *scope, owners []string, byOwner map[string][]int) {
	var prev *elem
	for _, o := range owners {
		for _, i := range byOwner[o] {
			e := &elems[i]
			if e.Kind == kindIdent {
				continue
			}
			if prev != nil {
				r.boundary(prev, e, sc)
			}
			prev = e
		}
	}
}

// boundary scans the end of a joined to the start of b. A boundary where
// a ends a sentence and b starts a new one cannot split a payload that a
// sentence-scoped rule would see, so it is skipped.
func (r *reporter) boundary(a, b *elem, sc *scope) {
	if !splitCandidate(a.Text, b.Text) {
		return
	}
	left := a.Text
	if len(left) > concatWindow {
		k := len(left) - concatWindow
		for k < len(left) && left[k]&0xC0 == 0x80 {
			k++
		}
		left = left[k:]
	}
	right := b.Text
	if len(right) > concatWindow {
		k := concatWindow
		for k > 0 && right[k]&0xC0 == 0x80 {
			k--
		}
		right = right[:k]
	}
	join := len(left)
	text := left + " " + right
	at := &elem{Element: a.Owner + "/*", Owner: a.Owner, Tool: a.Tool, Kind: kindProse}
	if a.Owner != b.Owner {
		at = &elem{Element: "server:*", Owner: "server", Kind: kindProse}
	}
	sh := Normalize(text)
	c := &scanCtx{e: at, sc: sc, sh: sh, text: sh.Text, joined: true}
	hits := scanText(c)
	hs := make([]*hit, len(hits))
	for i := range hits {
		hs[i] = &hits[i]
	}
	promote(hs)
	for _, h := range hits {
		if h.weak {
			continue
		}
		x, y := sh.Orig(h.start, h.end)
		if x >= join || y <= join+1 {
			continue
		}
		if _, ok := r.seen[h.class+"|"+a.Element]; ok {
			continue
		}
		if _, ok := r.seen[h.class+"|"+b.Element]; ok {
			continue
		}
		ev := evidenceOf(text, sh, h) + " (split across " + a.Element + " and " + b.Element + ")"
		r.add(h.class, model.SevHigh, at, ev)
	}
}

// identWordHits reads a long identifier as words ("ignore_previous_
// instructions_and_send_keys") and runs the prose rules on it: a name is
// model-facing text too. Short names carry no sentence.
func identWordHits(e *elem, sc *scope) []hit {
	toks := identTokens(e.Text)
	if len(toks) < 4 {
		return nil
	}
	words := strings.Join(toks, " ")
	sh := Normalize(words)
	pe := *e
	pe.Kind = kindProse
	c := &scanCtx{e: &pe, sc: sc, sh: sh, text: sh.Text}
	var out []hit
	for _, h := range scanText(c) {
		if h.weak {
			continue
		}
		out = append(out, hit{class: h.class, rule: h.rule, decoded: "name reads as \"" + escapeText(words) + "\""})
	}
	return out
}
