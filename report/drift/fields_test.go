package drift

import (
	"reflect"
	"strings"
	"testing"
)

// TestCurrentFields: removing execution.taskSupport or changing icons is
// reported although the tool hash covers neither; reordering icon keys
// is not a change.
func TestCurrentFields(t *testing.T) {
	base := strings.TrimSuffix(basic("Read a file.", ""), "}")
	withTask := base + `,"execution":{"taskSupport":"optional"},"icons":[{"src":"https://a.example/i.png","mimeType":"image/png"}]}`
	reordered := base + `,"icons":[{"mimeType":"image/png","src":"https://a.example/i.png"}],"execution":{"taskSupport":"optional"}}`
	noTask := base + `,"icons":[{"src":"https://a.example/i.png","mimeType":"image/png"}]}`
	newIcon := base + `,"execution":{"taskSupport":"optional"},"icons":[{"src":"https://b.example/i.svg","mimeType":"image/svg+xml"}]}`
	for _, c := range []struct {
		name, new string
		want      []string
	}{
		{"same", reordered, nil},
		{"task removed", noTask, []string{"DRIFT-036"}},
		{"icon changed", newIcon, []string{"DRIFT-037"}},
	} {
		r := diff(t, srv("", withTask), srv("", c.new))
		if got := ids(r.Findings.Findings); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	r := diff(t, srv("", withTask), srv("", newIcon))
	if ev := r.Findings.Findings[0].Evidence; ev != "icons 1 icon from a.example → 1 icon from b.example" {
		t.Errorf("icon evidence %q: want the hosts, old and new", ev)
	}
	secret := base + `,"execution":{"taskSupport":"optional"},"icons":[{"src":"https://user:pw@a.example/p/secret.png?t=1"},{"src":"data:image/png;base64,AAAA"}]}`
	r = diff(t, srv("", withTask), srv("", secret))
	if ev := r.Findings.Findings[0].Evidence; ev != "icons 1 icon from a.example → 2 icons from a.example, data:image/png" {
		t.Errorf("icon evidence %q: want hosts and media types only", ev)
	}
	r = diff(t, srv("", withTask), srv("", noTask))
	if ev := r.Findings.Findings[0].Evidence; !strings.Contains(ev, `"optional" → absent`) || r.Exit&BitEscalation == 0 {
		t.Errorf("evidence %q exit %d", ev, r.Exit)
	}
}

// TestListCacheScope: a list whose cacheScope changes is DRIFT-040,
// medium when it was private; an absent scope is the default "public";
// ttlMs alone and a side without hints are not changes.
func TestListCacheScope(t *testing.T) {
	hint := func(list, ttl, scope string) string {
		s := `{"list":"` + list + `","ttlMs":` + ttl
		if scope != "" {
			s += `,"cacheScope":"` + scope + `"`
		}
		return `"listCache":[` + s + `}]`
	}
	t1 := basic("Read a file.", "")
	for _, c := range []struct {
		name, old, new string
		want           []string
		sev            string
	}{
		{"private to public", hint("tools", "1000", "private"), hint("tools", "1000", "public"), []string{"DRIFT-040"}, "medium"},
		{"public to private", hint("tools", "0", "public"), hint("tools", "0", "private"), []string{"DRIFT-040"}, "low"},
		{"absent is public", hint("tools", "0", ""), hint("tools", "5", "public"), nil, ""},
		{"ttl only", hint("tools", "0", "private"), hint("tools", "60000", "private"), nil, ""},
		{"no hints before", "", hint("tools", "0", "public"), nil, ""},
		{"other list", hint("prompts", "0", "private"), hint("tools", "0", "public"), nil, ""},
	} {
		r := diff(t, srv(c.old, t1), srv(c.new, t1))
		got := ids(r.Findings.Findings)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
			continue
		}
		if len(got) > 0 {
			if f := r.Findings.Findings[0]; f.Severity != c.sev || f.Element != "server:tools/cacheScope" || r.Exit != 0 {
				t.Errorf("%s: severity %s element %s exit %d", c.name, f.Severity, f.Element, r.Exit)
			}
		}
	}
}
