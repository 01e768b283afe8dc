package classify

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/numfmt"
	"github.com/assay-mcp/assay/report/surface"
)

// AllContext names the one context of a bundle that records none: every
// server in it is assumed loaded together.
const AllContext = "all"

// agentContext is the set of bundle servers one agent loads.
type agentContext struct {
	ID      string
	Servers []int // indexes into b.Servers and f.Servers
}

// contextsOf resolves the bundle's contexts to server indexes: enabled,
// unshadowed entries whose identity is in the bundle. A bundle without
// contexts is one context, "all".
func contextsOf(b *model.Bundle) []agentContext {
	if len(b.Contexts) == 0 {
		c := agentContext{ID: AllContext}
		for i := range b.Servers {
			c.Servers = append(c.Servers, i)
		}
		return []agentContext{c}
	}
	byID := map[string][]int{}
	for i, s := range b.Servers {
		byID[s.Identity] = append(byID[s.Identity], i)
	}
	var out []agentContext
	for _, c := range b.Contexts {
		ac := agentContext{ID: c.ID}
		seen := map[int]bool{}
		for _, cs := range c.Servers {
			if !cs.Enabled || cs.ShadowedBy != "" {
				continue
			}
			for _, i := range byID[cs.Identity] {
				if !seen[i] {
					seen[i] = true
					ac.Servers = append(ac.Servers, i)
				}
			}
		}
		sort.Ints(ac.Servers)
		out = append(out, ac)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// chainFindings looks across the servers of each context for an
// exfiltration chain, shadowed tool names and cross-server references.
func chainFindings(b *model.Bundle, views []*surface.Server, f *model.Findings) []model.Finding {
	var out []model.Finding
	refSeen := map[string]bool{}
	for _, c := range contextsOf(b) {
		out = append(out, exfilChain(c, b, f)...)
		if !manyIdentities(b, c.Servers) {
			// Shadowing and cross-references are between servers of
			// different identities: one identity has none to report.
			continue
		}
		out = append(out, shadowing(c, b, f)...)
		for _, fd := range crossRefs(c, b, views, f) {
			if !refSeen[fd.Item] {
				refSeen[fd.Item] = true
				out = append(out, fd)
			}
		}
	}
	return out
}

func qualified(s *model.Server, tool string) string { return s.Name + "/" + tool }

// manyIdentities reports servers of at least two identities among is.
func manyIdentities(b *model.Bundle, is []int) bool {
	for _, i := range is {
		if b.Servers[i].Identity != b.Servers[is[0]].Identity {
			return true
		}
	}
	return false
}

// exfilChain reports one finding per context when some tool reads private
// data, some ingests untrusted content and some sends data out. Code
// execution counts as reader and channel. The finding's identity is the
// context alone, so adding a tool never changes its fingerprint.
func exfilChain(c agentContext, b *model.Bundle, f *model.Findings) []model.Finding {
	// legs3 reports the legs a tool stands on, from its kinds.
	legs3 := func(t *model.ToolReport) (reader, ingester, sender, code bool) {
		for _, x := range t.Kinds {
			switch x {
			case model.KindReadSensitive:
				reader = true
			case model.KindCodeExec:
				reader, sender, code = true, true, true
			case model.KindIngestsUntrusted:
				ingester = true
			case model.KindEgress:
				sender = true
			}
		}
		return
	}
	// First whether every leg is there (most contexts lack one), then,
	// only for a chain, the names.
	var nr, ni, ns int
	for _, i := range c.Servers {
		if i >= len(f.Servers) {
			continue
		}
		for j := range f.Servers[i].Tools {
			r, in, s, _ := legs3(&f.Servers[i].Tools[j])
			nr, ni, ns = nr+b2i(r), ni+b2i(in), ns+b2i(s)
		}
	}
	if nr == 0 || ni == 0 || ns == 0 {
		return nil
	}
	readers, ingesters, senders := make([]string, 0, nr), make([]string, 0, ni), make([]string, 0, ns)
	for _, i := range c.Servers {
		if i >= len(f.Servers) {
			continue
		}
		for j := range f.Servers[i].Tools {
			t := &f.Servers[i].Tools[j]
			r, in, s, code := legs3(t)
			if !r && !in && !s {
				continue
			}
			q := qualified(&b.Servers[i], t.Name)
			if r {
				readers = append(readers, q)
			}
			if in {
				ingesters = append(ingesters, q)
			}
			if s {
				senders = append(senders, q+" ("+strings.Join(channelsOf(t, code), ", ")+")")
			}
		}
	}
	legs := []struct {
		name  string
		tools []string
	}{{"untrusted input", ingesters}, {"private data", readers}, {"outbound channel", senders}}
	cut := 0
	for i := range legs {
		if len(legs[i].tools) < len(legs[cut].tools) {
			cut = i
		}
	}
	fd := catalog.New("CHAIN-001")
	fd.Context = c.ID
	fd.Element = "context:" + c.ID
	fd.Item = "exfil@" + c.ID
	all := map[string]bool{}
	for _, l := range legs {
		for _, x := range l.tools {
			if i := strings.Index(x, " ("); i >= 0 {
				x = x[:i] // a sender's channel is not part of its name
			}
			all[x] = true
		}
	}
	for x := range all {
		fd.Tools = append(fd.Tools, x)
	}
	sort.Strings(fd.Tools)
	fd.Evidence = fmt.Sprintf("private data: %s; untrusted input: %s; outbound channel: %s; cut point: %s (%d %s: %s)",
		nameList(readers, 5), nameList(ingesters, 5), nameList(senders, 5),
		legs[cut].name, len(legs[cut].tools), numfmt.Noun(len(legs[cut].tools), "tool", "tools"), nameList(legs[cut].tools, 5))
	return []model.Finding{fd}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// shadowing reports tool names served by two or more servers of a context.
func shadowing(c agentContext, b *model.Bundle, f *model.Findings) []model.Finding {
	owners := newOwnerIndex()
	seen := map[string]bool{}
	for _, i := range c.Servers {
		if i >= len(f.Servers) {
			continue
		}
		clear(seen)
		for j := range f.Servers[i].Tools {
			if n := f.Servers[i].Tools[j].Name; !seen[n] {
				seen[n] = true
				owners.add(n, i)
			}
		}
	}
	// Only a name with two owners or more can have two identities.
	names := make([]string, 0, len(owners.more))
	for n, is := range owners.more {
		if distinctIdentities(b, is) > 1 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var out []model.Finding
	for _, n := range names {
		var who, qual []string
		for _, i := range owners.more[n] {
			who = append(who, b.Servers[i].Name)
			qual = append(qual, qualified(&b.Servers[i], n))
		}
		sort.Strings(qual)
		fd := catalog.New("CHAIN-002")
		fd.Tools = qual
		fd.Context, fd.Tool = c.ID, n
		fd.Element = "tool:" + n + "/name"
		fd.Item = "shadow:" + n + "@" + c.ID
		fd.Evidence = fmt.Sprintf("\"%s\" is served by %d servers: %s", excerpt(n, 64), len(who), nameList(who, 6))
		out = append(out, fd)
	}
	return out
}

// ownerIndex maps a tool name to the servers (indexes, in the order
// added, repeats kept) that serve it: the first in a map of ints, the
// rare others beside it, so a name served once costs no slice.
type ownerIndex struct {
	first map[string]int
	more  map[string][]int // names with two owners or more: all of them
}

func newOwnerIndex() *ownerIndex { return &ownerIndex{first: map[string]int{}} }

func (o *ownerIndex) add(name string, i int) {
	j, ok := o.first[name]
	if !ok {
		o.first[name] = i
		return
	}
	if o.more == nil {
		o.more = map[string][]int{}
	}
	if _, ok := o.more[name]; !ok {
		o.more[name] = []int{j}
	}
	o.more[name] = append(o.more[name], i)
}

func (o *ownerIndex) has(name string) bool { _, ok := o.first[name]; return ok }

// get returns the owners of name, nil for none.
func (o *ownerIndex) get(name string) []int {
	if is, ok := o.more[name]; ok {
		return is
	}
	if j, ok := o.first[name]; ok {
		return []int{j}
	}
	return nil
}

func distinctIdentities(b *model.Bundle, is []int) int {
	seen := map[string]bool{}
	for _, i := range is {
		seen[b.Servers[i].Identity] = true
	}
	return len(seen)
}

// distinctive is a tool name specific enough that its appearance in prose
// is a reference: at least 6 characters with a separator or camel hump.
func distinctive(name string) bool {
	if utf8.RuneCountInString(name) < 6 {
		return false
	}
	if strings.ContainsAny(name, "_-.") {
		return true
	}
	prev := rune(-1)
	for _, r := range name {
		if prev >= 0 && unicode.IsLower(prev) && unicode.IsUpper(r) {
			return true
		}
		prev = r
	}
	return false
}

// eachIdentWord calls f with every identifier-shaped word of prose (runs
// of letters, digits, '_', '-' and '.'), without allocating; words shorter
// than a distinctive name are skipped.
func eachIdentWord(s string, f func(string)) {
	start := -1
	for i := 0; i < len(s); {
		c := s[i]
		var in bool
		n := 1
		if c < utf8.RuneSelf {
			in = identByte[c]
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			in = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		if in {
			if start < 0 {
				start = i
			}
		} else {
			if start >= 0 && i-start >= 6 {
				f(s[start:i])
			}
			start = -1
		}
		i += n
	}
	if start >= 0 && len(s)-start >= 6 {
		f(s[start:])
	}
}

// identShaped reports a word that may be a distinctive name: it has a
// separator, a lower-to-upper hump or a non-ASCII byte (left to the
// lookup). A plain ASCII word has none of these, so it is no distinctive
// name and no owned one.
func identShaped(w string) bool {
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '_' || c == '-' || c == '.', c >= utf8.RuneSelf:
			return true
		case i > 0 && 'A' <= c && c <= 'Z' && 'a' <= w[i-1] && w[i-1] <= 'z':
			return true
		}
	}
	return false
}

// identByte marks the ASCII bytes of an identifier-shaped word.
var identByte = [utf8.RuneSelf]bool{'_': true, '-': true, '.': true,
	'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true, 'g': true, 'h': true, 'i': true, 'j': true, 'k': true, 'l': true, 'm': true,
	'n': true, 'o': true, 'p': true, 'q': true, 'r': true, 's': true, 't': true, 'u': true, 'v': true, 'w': true, 'x': true, 'y': true, 'z': true,
	'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true, 'G': true, 'H': true, 'I': true, 'J': true, 'K': true, 'L': true, 'M': true,
	'N': true, 'O': true, 'P': true, 'Q': true, 'R': true, 'S': true, 'T': true, 'U': true, 'V': true, 'W': true, 'X': true, 'Y': true, 'Z': true}

// crossRefs reports tool descriptions that name a distinctive tool of
// another server in the same context (and not one of their own).
func crossRefs(c agentContext, b *model.Bundle, views []*surface.Server, f *model.Findings) []model.Finding {
	owners := newOwnerIndex()
	for _, i := range c.Servers {
		if i >= len(f.Servers) {
			continue
		}
		for j := range f.Servers[i].Tools {
			if n := f.Servers[i].Tools[j].Name; distinctive(n) {
				owners.add(n, i)
			}
		}
	}
	var out []model.Finding
	for _, i := range c.Servers {
		if i >= len(f.Servers) {
			continue
		}
		own := map[string]bool{}
		for _, t := range f.Servers[i].Tools {
			own[t.Name] = true
		}
		// scan reports the distinctive foreign tool names in text.
		scan := func(text, tool, element, itemKey string) {
			var done map[string]bool // made on the first reference: most texts have none
			eachIdentWord(text, func(w string) {
				w = strings.Trim(w, ".-")
				// Only distinctive names are owned: a plain word (most of
				// prose) is refused by its bytes, the rest by one lookup.
				if !identShaped(w) || !owners.has(w) || own[w] || done[w] {
					return
				}
				if done == nil {
					done = map[string]bool{}
				}
				done[w] = true
				var who []string
				for _, o := range owners.get(w) {
					if b.Servers[o].Identity != b.Servers[i].Identity {
						who = append(who, b.Servers[o].Name)
					}
				}
				if len(who) == 0 {
					return
				}
				fd := catalog.New("CHAIN-003")
				fd.Context = c.ID
				fd.Server, fd.Tool = b.Servers[i].Identity, tool
				fd.Element = element
				fd.Item = "ref:" + itemKey + "->" + w
				fd.Evidence = fmt.Sprintf("names \"%s\", a tool of %s", excerpt(w, 64), nameList(who, 4))
				out = append(out, fd)
			})
		}
		for j := range views[i].Tools {
			if j >= len(f.Servers[i].Tools) {
				break
			}
			tn := f.Servers[i].Tools[j].Name
			scan(views[i].Tools[j].Description, tn, "tool:"+tn+"/description", tn)
		}
		if in := b.Servers[i].Instructions; in != nil {
			scan(*in, "", "server:instructions", "server:instructions")
		}
	}
	return out
}

// channelsOf names how data leaves through t, from its evidence
// ("channel:http"); code execution is a channel of its own.
func channelsOf(t *model.ToolReport, code bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range t.Evidence {
		for _, s := range e.Sets {
			if c, ok := strings.CutPrefix(s, "channel:"); ok && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	if code && !seen["code"] {
		out = append(out, "code")
	}
	if len(out) == 0 {
		out = append(out, "other")
	}
	sort.Strings(out)
	return out
}
