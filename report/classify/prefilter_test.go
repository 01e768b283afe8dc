package classify

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
)

// TestPhrasePrefilterIsSuperset: every description phrase match, over the
// whole corpus and the phrase samples, contains one of the phrase's
// prefilter substrings, so skipping the regexp never changes a decision.
func TestPhrasePrefilterIsSuperset(t *testing.T) {
	var texts []string
	files := testcorpus.Files()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Tools []struct{ Description string } `json:"tools"`
		}
		_ = json.Unmarshal(data, &c)
		for _, tl := range c.Tools {
			texts = append(texts, strings.ToLower(tl.Description))
		}
	}
	texts = append(texts, "executes arbitrary javascript", "run the sql", "permanently deletes", "cannot be undone",
		"sends an email", "posts a message to", "publishes it to", "broadcasts", "fetch any url", "scrapes web pages",
		"reads environment variables", "returns the contents of a file", "user-generated content", "data loss")
	matched := 0
	for _, d := range texts {
		for i, ph := range descPhrases {
			if ph.re.MatchString(d) {
				matched++
				if !containsAny(d, ph.need) {
					t.Errorf("phrase %d matches %q but its prefilter %v does not", i, d, ph.need)
				}
			}
		}
	}
	if matched < 50 {
		t.Fatalf("only %d phrase matches checked", matched)
	}
}
