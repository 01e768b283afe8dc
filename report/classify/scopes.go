package classify

import (
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// Scopes of signals: where a signal holds, read from what the ladder says
// rather than from single tools (added in round 4; docs/classification.md,
// "Round 4", gives the measurements).

// readsOnlyStatements reports a tool whose description limits the
// statements it runs to reading ones ("read-only", "a SELECT query") and
// names no statement that changes data. Its statements are code the
// ladder calls code execution, but nothing it runs can delete or
// overwrite: code_exec without destructive.
func (t *tc) readsOnlyStatements() bool {
	ws := t.descWords
	limited := false
	for i, w := range ws {
		switch w {
		case "readonly":
			limited = true
		case "read":
			if i+1 < len(ws) && ws[i+1] == "only" {
				limited = true
			}
		case "select":
			// "a SELECT query", "SELECT statements": the kind of statement,
			// not the verb "select an option".
			if i+1 < len(ws) && (ws[i+1] == "query" || ws[i+1] == "queries" || ws[i+1] == "statement" || ws[i+1] == "statements") {
				limited = true
			}
		}
		if tbl().changingStatements[w] {
			return false
		}
	}
	return limited
}

// statementCand reports a candidate for statements of a query language
// (SQL, Cypher): only those can be limited to reading by the kind of
// statement. A description is the server's word, so a shell command
// ("Pretend this tool is read-only") keeps every kind.
func statementCand(c *cand) bool {
	return strings.HasPrefix(c.detail, "caller-supplied SQL") || strings.HasPrefix(c.detail, "raw query language") || strings.HasPrefix(c.detail, "describes running a query language")
}

// scopeCodeDestruction drops destructive (and write) from the candidates
// that run code when the tool runs only reading statements: they change
// nothing. Other candidates (a delete
// verb, an overwrite) keep theirs. Kinds slices may be shared table
// entries, so a changed one is copied.
func (t *tc) scopeCodeDestruction() {
	if !t.hasKind(model.KindCodeExec) || !t.readsOnlyStatements() {
		return
	}
	for i := range t.cands {
		c := &t.cands[i]
		if !hasAnyKind(c.kinds, model.KindCodeExec) || !hasAnyKind(c.kinds, model.KindDestructive) || !statementCand(c) {
			continue
		}
		kept := make([]string, 0, len(c.kinds))
		for _, k := range c.kinds {
			if k != model.KindDestructive && k != model.KindWrite {
				kept = append(kept, k)
			}
		}
		c.kinds = kept
		c.detail += " (reading statements only: nothing changed)"
	}
}

// unknownImperative gives a tool nothing else decided (its effect would be
// unknown) the effect of its description's imperative: a first word the
// lexicon does not know, followed by an article or determiner, is a verb
// acting on that object ("Capture a note", "Teach the assistant a
// shortcut"). The ladder keeps unknown for a definition that says too
// little to choose; one that says it acts on something changes it, so it
// is a write. Reading verbs are in the lexicon, so an unknown one is far
// more often a change than a read.
func (t *tc) unknownImperative() {
	if _, eff := t.prelim(); eff >= 0 || t.descLead < 0 || t.descLead+1 >= len(t.descWords) {
		return
	}
	w := t.descWords[t.descLead]
	if c, _ := t.lx.verbOf(w); c != "" || !tbl().determiners[t.descWords[t.descLead+1]] {
		return
	}
	t.add(cand{tier: 3, effect: true, kinds: []string{model.KindWrite}, signal: sigDescription, ptr: "/description",
		detail: "begins \"" + excerpt(w, 30) + " " + t.descWords[t.descLead+1] + "\": a verb acting on an object, and nothing says it only reads"})
}

// hostLogin reads the split form of a connection string: a caller-chosen
// host beside a login (password, username, private key) is where the
// credentials go, so a tool that connects, changes or runs there sends
// them to any host (egress, channel other). On a tool that only reads,
// as far as its name and description say (inspect a database, list
// tables), the host is the key of what is read, as a recipient is on a
// tool that only reads messages.
func (t *tc) hostLogin() {
	if t.reads() {
		return
	}
	ps := t.w.Params
	for i := range ps {
		p := &ps[i]
		if !p.open() || !tbl().hostNames[snake(p)] {
			continue
		}
		for j := range ps {
			if q := &ps[j]; q != p && q.Parent == p.Parent && tbl().loginNames[snake(q)] {
				t.add(cand{tier: 4, effect: true, kinds: []string{model.KindEgress}, channel: "other", signal: sigSchema, ptr: p.Ptr,
					detail: "caller-chosen host \"" + p.Name + "\" given a login (" + q.Name + "): the credentials go to any host"})
				return
			}
		}
	}
}

// siteTLDs end a site's name in prose ("Booking.com URL").
var siteTLDs = [...]string{".com", ".org", ".net", ".io", ".co", ".ai", ".dev", ".app"}

// namesSite reports a parameter description that names the one site its
// URL belongs to ("Booking.com URL of the listing", "a tripsite.io
// page"): the host is fixed by the tool, the URL only says which record
// of that site. An example ("e.g. https://shop.com"), a scheme or a path
// after the name is a sample of any URL, not the site.
func namesSite(desc string) bool {
	d := strings.ToLower(desc)
	if strings.Contains(d, "http") || strings.Contains(d, "e.g") || strings.Contains(d, "example") || strings.Contains(d, "such as") {
		return false
	}
	for _, tld := range siteTLDs {
		for from := 0; ; {
			i := strings.Index(d[from:], tld)
			if i < 0 {
				break
			}
			i += from
			end := i + len(tld)
			from = end
			if i == 0 || !isNameByte(d[i-1]) || end < len(d) && (isNameByte(d[end]) || d[end] == '/') {
				continue // ".com" alone, "x.company", "x.com/path"
			}
			start := i
			for start > 0 && (isNameByte(d[start-1]) || d[start-1] == '-' || d[start-1] == '.') {
				start--
			}
			if start > 0 && (d[start-1] == '@' || d[start-1] == '/') {
				continue // an address or a path
			}
			return true
		}
	}
	return false
}

func isNameByte(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

// launchesProgram reads a parameter that chooses the program a tool starts
// (executable_path, binary_path, a path described as the binary): the
// caller picks what runs on the machine, a command in the ladder's words.
// Code execution, but starting a program deletes nothing by itself.
func (t *tc) launchesProgram() {
	for i := range t.w.Params {
		p := &t.w.Params[i]
		if !p.open() {
			continue
		}
		named := hasWord(p.Toks, tbl().programWords)
		if !named && p.lastTok() == "path" {
			named = hasWord(p.words(), tbl().programWords)
		}
		if named {
			t.add(cand{tier: 5, effect: true, kinds: []string{model.KindCodeExec, model.KindWrite}, signal: sigSchema, ptr: p.Ptr,
				detail: "caller-chosen program \"" + p.Name + "\": the caller picks what runs"})
			return
		}
	}
}
