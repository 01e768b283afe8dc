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
	r := diff(t, srv("", withTask), srv("", noTask))
	if ev := r.Findings.Findings[0].Evidence; !strings.Contains(ev, `"optional" → absent`) || r.Exit&BitEscalation == 0 {
		t.Errorf("evidence %q exit %d", ev, r.Exit)
	}
}
