package lock

import (
	"fmt"
	"slices"
	"strings"
)

// launch compares how a server starts. Strict forms are shown; values
// are only ever named, never shown, since the lock holds only their HMAC.
func (c *checker) launch(id string, o, n *Launch) {
	var diffs []string
	field := func(what, ov, nv string) {
		if ov != nv {
			diffs = append(diffs, fmt.Sprintf("%s %s → %s", what, quote(ov), quote(nv)))
		}
	}
	field("transport", o.Transport, n.Transport)
	field("command", o.Command, n.Command)
	field("URL", o.URL, n.URL)
	if !slices.Equal(o.Args, n.Args) {
		diffs = append(diffs, fmt.Sprintf("arguments [%s] → [%s]", joinQuoted(o.Args), joinQuoted(n.Args)))
	} else if o.ArgsHMAC != n.ArgsHMAC && o.ArgsHMAC != "" && n.ArgsHMAC != "" {
		diffs = append(diffs, "an argument changed in a part the lock keeps only as an HMAC (a path or a long value)")
	}
	if !c.opts.NoEnv {
		if d := nameDelta(o.Env, n.Env); d != "" {
			diffs = append(diffs, "env "+d)
		}
	}
	if d := nameDelta(o.Headers, n.Headers); d != "" {
		diffs = append(diffs, "headers "+d)
	}
	if !c.opts.NoEnv && o.ValuesHMAC != n.ValuesHMAC && len(diffs) == 0 {
		diffs = append(diffs, "a non-secret env, header or URL value changed (values are locked as an HMAC only)")
	}
	if len(diffs) > 0 {
		c.add(newFinding("DRIFT-035", id, "", "server:launch", strings.Join(diffs, "; ")))
	}
}

// pin compares command pins: another program or other content is
// DRIFT-032 (high), the same content at another path DRIFT-033 (a note).
func (c *checker) pin(id string, o, n *Pin) {
	switch {
	case o == nil:
		return
	case n == nil:
		c.add(newFinding("DRIFT-032", id, "", "server:pin", "the pinned program "+quote(o.Executable)+" could not be resolved or read now"))
		return
	}
	var high, moved []string
	file := func(what, op, oh, np, nh string) {
		switch {
		case op == "" && np == "":
		case oh != nh && np == "":
			high = append(high, fmt.Sprintf("%s %s (%s) is gone", what, quote(op), short(oh)))
		case oh != nh && op == np:
			high = append(high, fmt.Sprintf("%s %s changed content %s → %s", what, quote(op), short(oh), short(nh)))
		case oh != nh:
			high = append(high, fmt.Sprintf("%s is another program: %s (%s) → %s (%s)", what, quote(op), short(oh), quote(np), short(nh)))
		case op != np:
			moved = append(moved, fmt.Sprintf("%s %s → %s (same content %s)", what, quote(op), quote(np), short(nh)))
		}
	}
	file("executable", o.Executable, o.SHA256, n.Executable, n.SHA256)
	file("entry", o.Entry, o.EntrySHA256, n.Entry, n.EntrySHA256)
	if o.Package != n.Package {
		high = append(high, fmt.Sprintf("package %s → %s", quote(o.Package), quote(n.Package)))
	}
	if len(high) > 0 {
		c.add(newFinding("DRIFT-032", id, "", "server:pin", strings.Join(high, "; ")+"; pinned "+o.Date))
	}
	if len(moved) > 0 {
		c.add(newFinding("DRIFT-033", id, "", "server:pin", strings.Join(moved, "; ")))
	}
}

func joinQuoted(l []string) string {
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = quote(s)
	}
	return strings.Join(q, " ")
}

// nameDelta is "+ADDED -REMOVED" between two sorted name lists.
func nameDelta(o, n []string) string {
	in := func(l []string, s string) bool {
		for _, x := range l {
			if x == s {
				return true
			}
		}
		return false
	}
	var d []string
	for _, s := range n {
		if !in(o, s) {
			d = append(d, "+"+safe(s))
		}
	}
	for _, s := range o {
		if !in(n, s) {
			d = append(d, "-"+safe(s))
		}
	}
	return strings.Join(d, " ")
}
