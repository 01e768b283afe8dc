package classify

import "strings"

// router reports whether the tool is a generic dispatcher: an open
// parameters object (no declared properties) plus either a free operation
// name or a dispatching name. Its real operations are invisible, so its
// classification covers only what the wrapper shows.
func (t *tc) router() (bool, string) {
	var free *param
	for i := range t.w.Params {
		p := &t.w.Params[i]
		top := strings.Count(p.Ptr, "/properties/") == 1
		// An open object, or its JSON text in a string ("args": "{...}").
		if top && (p.Free || p.open() && tbl().argNames[snake(p)]) {
			free = p
			break
		}
	}
	if free == nil {
		return false, ""
	}
	for i := range t.w.Params {
		p := &t.w.Params[i]
		if p != free && p.stringy() && p.Parent == free.Parent && tbl().opNames[snake(p)] && (!p.Closed || len(p.Enum) > 8) && !t.isCode(p.Ptr) {
			return true, "operation \"" + p.Name + "\" with open object \"" + free.Name + "\""
		}
	}
	if !tbl().argNames[snake(free)] {
		return false, ""
	}
	for _, w := range t.toks {
		if tbl().dispatchWords[w] {
			return true, "name word \"" + w + "\" with open object \"" + free.Name + "\""
		}
	}
	return false, ""
}

// isCode reports whether the parameter at ptr was read as code: a shell
// command is code to run, not the name of an operation.
func (t *tc) isCode(ptr string) bool {
	for _, c := range t.cands {
		if c.ptr == ptr && hasAnyKind(c.kinds, "code_exec") {
			return true
		}
	}
	return false
}
