package config

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestDebugDump(t *testing.T) {
	dir := os.Getenv("DUMP")
	if dir == "" {
		t.Skip()
	}
	inv, _ := discoverFixture(t, dir, os.Getenv("DUMPOS"))
	var b strings.Builder
	for _, c := range inv.Contexts {
		fmt.Fprintf(&b, "CTX %s\n", c.ID)
		for _, s := range c.Servers {
			fmt.Fprintf(&b, "   %s %s scope=%s en=%v shadow=%s\n", s.Name, s.Identity, s.Scope, s.Enabled, s.ShadowedBy)
		}
	}
	for _, e := range inv.Servers {
		for i, c := range append([]any{e.Config}, func() []any {
			var o []any
			for j := range e.Config.Also {
				o = append(o, &e.Config.Also[j])
			}
			return o
		}()...) {
			_ = i
			cfg := c.(interface{})
			fmt.Fprintf(&b, "SRV %s %+v\n", e.Identity, cfg)
		}
	}
	for _, e := range inv.Errors {
		fmt.Fprintf(&b, "ERR %+v\n", e)
	}
	b.WriteString(inv.PlanText(false))
	t.Log(b.String())
}
