package pctenc

import (
	"net/url"
	"testing"
)

var samples = []string{"", "plain", "a+b", "%41%42c", "%e2%80%8b", "%zz", "%4", "%", "100%25+sure", "%2B+%2b", "%C3%A9t%C3%A9", "/%24defs/a~1b"}

// The core's own decoders agree with net/url (used only here, in a test)
// on valid and malformed input.
func TestMatchesNetURL(t *testing.T) {
	for _, s := range samples {
		for _, c := range []struct {
			name      string
			got, want func(string) (string, error)
		}{{"QueryUnescape", QueryUnescape, url.QueryUnescape}, {"PathUnescape", PathUnescape, url.PathUnescape}} {
			want, werr := c.want(s)
			got, gerr := c.got(s)
			if (werr != nil) != (gerr != nil) || (werr == nil && got != want) {
				t.Errorf("%s(%q) = %q, %v; net/url gives %q, %v", c.name, s, got, gerr, want, werr)
			}
		}
	}
}
