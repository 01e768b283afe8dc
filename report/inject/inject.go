// Package inject finds text that tries to steer the model: hidden
// instructions, overrides, concealment, credential and data exfiltration,
// approval bypass, reaching into other tools and servers, tool-preference
// manipulation and encoded payloads, in every string a server hands the
// model. It is deterministic, uses RE2 expressions only (no backtracking)
// and never calls a model or the network.
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
		hits = append(hits, hiddenHits(c)...)
		hits = append(hits, encodedHits(c, text)...)
		all[i] = scanned{e, sh, hits}
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
		promote(hs, o != "server")
	}
	for _, x := range all {
		r.report(x.e, x.sh, x.hits)
	}
	if !(opts != nil && opts.NoConcat) {
		r.concat(elems, sc, owners, byOwner, limit)
	}
	out := r.out
	sort.SliceStable(out, func(i, j int) bool { return out[i].Element < out[j].Element || out[i].Element == out[j].Element && out[i].ID < out[j].ID })
	return out
}

// promote marks weak hits that have an independent second signal in the
// same item. Across fields, only specific pairs count (a credential path
// in the description and a transmission in a parameter description); in
// one string any other class's signal counts.
func promote(hs []*hit, crossField bool) {
	for _, h := range hs {
		if !h.weak {
			continue
		}
		for _, o := range hs {
			if o == h {
				continue
			}
			if h.sig != sigTransmit && o.class != h.class && !o.weak && o.class != idTruncated {
				h.weak = false
				break
			}
			if o.weak && pairs(h.sig, o.sig) {
				h.weak = false
				break
			}
		}
	}
	_ = crossField
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
	if len(sh.Hidden) == 0 {
		return nil
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
	return []hit{{class: idHidden, rule: "hidden_characters", decoded: ev}}
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

// segment is one string's place in a concatenation.
type segment struct {
	start, end int
	e          *elem
}

// concat scans the concatenation of each item's strings and of the whole
// server's strings, so a payload split across fields or tools is still
// seen. Only matches that cross a boundary are reported here; the rest
// were reported on their own string.
func (r *reporter) concat(elems []elem, sc *scope, owners []string, byOwner map[string][]int, limit int) {
	var serverSegs []segment
	var sb strings.Builder
	for _, o := range owners {
		var segs []segment
		var ob strings.Builder
		for _, i := range byOwner[o] {
			e := &elems[i]
			if e.Kind == kindIdent {
				continue
			}
			t := e.Text
			if len(t) > limit {
				t = t[:limit]
			}
			if ob.Len() > 0 {
				ob.WriteByte(' ')
			}
			segs = append(segs, segment{ob.Len(), ob.Len() + len(t), e})
			ob.WriteString(t)
			if sb.Len() > 0 {
				sb.WriteByte(' ')
			}
			serverSegs = append(serverSegs, segment{sb.Len(), sb.Len() + len(t), e})
			sb.WriteString(t)
		}
		if len(segs) >= 2 {
			tool := segs[0].e.Tool
			r.scanJoined(ob.String(), segs, &elem{Element: o + "/*", Owner: o, Tool: tool, Kind: kindProse}, sc, false)
		}
	}
	if len(owners) >= 2 && len(serverSegs) >= 2 {
		r.scanJoined(sb.String(), serverSegs, &elem{Element: "server:*", Owner: "server", Kind: kindProse}, sc, true)
	}
}

// scanJoined scans one concatenation and reports boundary-crossing hits
// whose class was not already reported on the strings they cover.
func (r *reporter) scanJoined(text string, segs []segment, at *elem, sc *scope, acrossOwners bool) {
	sh := Normalize(text)
	c := &scanCtx{e: at, sc: sc, sh: sh, text: sh.Text}
	hits := scanText(c)
	hs := make([]*hit, len(hits))
	for i := range hits {
		hs[i] = &hits[i]
	}
	promote(hs, true)
	find := func(off int) int {
		k := sort.Search(len(segs), func(i int) bool { return segs[i].end > off })
		if k == len(segs) {
			k = len(segs) - 1
		}
		return k
	}
	for _, h := range hits {
		if h.weak {
			continue
		}
		a, b := sh.Orig(h.start, h.end)
		i, j := find(a), find(max(a, b-1))
		if i == j {
			continue
		}
		if acrossOwners && segs[i].e.Owner == segs[j].e.Owner {
			continue
		}
		covered := false
		for k := i; k <= j; k++ {
			if _, ok := r.seen[h.class+"|"+segs[k].e.Element]; ok {
				covered = true
				break
			}
			if _, ok := r.seen[h.class+"|"+segs[k].e.Owner+"/*"]; ok && acrossOwners {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		names := make([]string, 0, j-i+1)
		for k := i; k <= j; k++ {
			names = append(names, segs[k].e.Element)
		}
		ev := evidenceOf(text, sh, h) + " (split across " + strings.Join(names, ", ") + ")"
		r.add(h.class, model.SevHigh, at, ev)
	}
}
