package supply

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"sync"
)

//go:embed advisories/*.json
var builtinFS embed.FS

// Builtin returns the built-in advisory set (advisories/*.json), parsed
// once. A record that does not parse is a build error caught by the
// package's tests, so it panics.
var Builtin = sync.OnceValue(func() []Record {
	names, err := builtinFS.ReadDir("advisories")
	if err != nil {
		panic(err)
	}
	var out []Record
	for _, n := range names {
		if path.Ext(n.Name()) != ".json" {
			continue
		}
		data, err := builtinFS.ReadFile("advisories/" + n.Name())
		if err != nil {
			panic(err)
		}
		recs, err := Parse(data, "built-in")
		if err != nil {
			panic(fmt.Sprintf("supply: built-in advisory %s: %v", n.Name(), err))
		}
		out = append(out, recs...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
})
