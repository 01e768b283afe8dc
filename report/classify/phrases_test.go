package classify

import (
	"strings"
	"testing"
)

// TestPhraseSamples runs every description rule over its own true and
// false samples: a rule and its samples are one table, tested together.
func TestPhraseSamples(t *testing.T) {
	rules := phrases().all
	if len(rules) < 15 {
		t.Fatalf("only %d phrase rules", len(rules))
	}
	for _, c := range rules {
		r := c.rule
		if len(r.yes) == 0 || len(r.no) == 0 {
			t.Errorf("%s: a rule needs true and false samples", r.id)
		}
		for _, s := range r.yes {
			if !matchesRule(s, r.id) {
				t.Errorf("%s: should match %q", r.id, s)
			}
		}
		for _, s := range r.no {
			if matchesRule(s, r.id) {
				t.Errorf("%s: should not match %q", r.id, s)
			}
		}
	}
}

func matchesRule(text, id string) bool {
	for _, m := range findPhrases(proseWords(text)) {
		if m.rule.id == id {
			return true
		}
	}
	return false
}

func TestProseWords(t *testing.T) {
	got := strings.Join(proseWords("Doesn't DELETE user-provided Files’ data; évalue 2 items"), " ")
	want := "doesn't delete user provided files data évalue 2 items"
	if got != want {
		t.Errorf("proseWords = %q, want %q", got, want)
	}
}

// TestNegationAndObjects: a verb phrase after a negation or a reading
// verb does not count.
func TestNegationAndObjects(t *testing.T) {
	for text, want := range map[string]bool{
		"Permanently deletes the file":           true,
		"This tool does not send messages":       false,
		"Never sends a message":                  false,
		"Sends an email":                         true,
		"Returns deploy logs":                    false,
		"Lists upload sessions":                  false,
		"Uploads the file":                       true,
		"Use this to send a message to the team": true,
	} {
		got := len(findPhrases(proseWords(text))) > 0
		if got != want {
			t.Errorf("%q: matched %v, want %v", text, got, want)
		}
	}
}

func TestLeadVerb(t *testing.T) {
	for text, want := range map[string]string{
		"This tool is used to list the projects": "list",
		"Use this to create an issue":            "create",
		"Returns review comments":                "returns",
		"":                                       "",
	} {
		ws := proseWords(text)
		got := ""
		if i := leadVerb(ws); i >= 0 {
			got = ws[i]
		}
		if got != want {
			t.Errorf("leadVerb(%q) = %q, want %q", text, got, want)
		}
	}
}
