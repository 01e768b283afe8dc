package inject

import (
	"net/url"
	"testing"
)

// TestQueryUnescapeMatchesNetURL: the core's own decoder agrees with
// net/url (used only here, in a test) on valid and malformed input.
func TestQueryUnescapeMatchesNetURL(t *testing.T) {
	for _, s := range []string{"", "plain", "a+b", "%41%42c", "%e2%80%8b", "%zz", "%4", "%", "100%25+sure", "%2B+%2b", "%C3%A9t%C3%A9"} {
		want, werr := url.QueryUnescape(s)
		got, gerr := queryUnescape(s)
		if (werr != nil) != (gerr != nil) || (werr == nil && got != want) {
			t.Errorf("queryUnescape(%q) = %q, %v; net/url gives %q, %v", s, got, gerr, want, werr)
		}
	}
}
