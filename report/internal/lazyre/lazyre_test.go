package lazyre

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// cases are expressions whose prefilters are easy to get wrong: case
// folding (the Kelvin sign K and the long s ſ fold to k and s), optional
// parts, alternations that factor, repeats, classes and anchors.
var cases = []string{
	`\bignore\s+(?:all\s+)?previous\s+instructions\b`,
	`(?i)\bkeep\s+secret\b`,
	`(?i)ask`,
	`e-?mails?`,
	`\b(?:not|never|no|don'?t)\s*$`,
	`(?:foo|bar)+baz`,
	`a{2,3}b`,
	`x{0,1}yz`,
	`(?i)ſtop|stop`,
	`[Kk]ey`,
	`^(?:please\s+)?(?:go|run)\b`,
	`(?s).*secret.*`,
	`\x{FFFD}x`,
	`(?i)İstanbul`,
	`(a|b|c|d|e)(f|g|h|i|j)(k|l|m|n|o)(p|q|r|s|t)`,
}

// TestPrefilterSound: whenever the engine matches, the prefilter said
// "may match", on inputs built from each expression's own literals mixed
// with case changes, fold look-alikes and noise.
func TestPrefilterSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"ignore", "all", "previous", "instructions", " ", "\t", "KEEP", "Secret", "\u212Aeep", "ſecret",
		"ASK", "aſk", "e-mail", "email", "mails", "never", "don't", "no", "foo", "bar", "baz", "aa", "aaa", "b", "yz",
		"ſtop", "STOP", "key", "Key", "\u212Aey", "please ", "go", "run", "x", "\xff", "\uFFFD", "İstanbul", "istanbul",
		"a", "f", "k", "p", "e", "j", "o", "t", ".", "\n"}
	for _, expr := range cases {
		lr := New(expr)
		re := regexp.MustCompile(expr)
		for i := 0; i < 4000; i++ {
			var b strings.Builder
			for n := rng.IntN(8); n >= 0; n-- {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			s := b.String()
			if re.MatchString(s) && !lr.may(s) {
				t.Fatalf("%s: prefilter %q refused %q, which matches", expr, lr.Required(), s)
			}
			if got, want := lr.FindAllStringSubmatchIndex(s, -1), re.FindAllStringSubmatchIndex(s, -1); len(got) != len(want) {
				t.Fatalf("%s on %q: %v, want %v", expr, s, got, want)
			}
		}
	}
}

// TestPrefilterFilters: the filter is not vacuous where literals exist.
func TestPrefilterFilters(t *testing.T) {
	for _, c := range []struct {
		expr string
		want string
	}{
		{`\bignore\s+(?:all\s+)?previous\s+instructions\b`, "instructions"},
		{`e-?mails?`, "e-mail|email"},
		{`(?i)\bkeep\s+secret\b`, "i:ecret"}, // s splits (ſ); k splits (K)
		{`\b(?:not|never|no|don'?t)\s*$`, "no|don't|dont"},
	} {
		req := strings.Join(New(c.expr).Required(), " & ")
		if !strings.Contains(req, c.want) {
			t.Errorf("%s: required %q, want it to include %q", c.expr, req, c.want)
		}
	}
	if r := New(`.*`).Required(); len(r) != 0 {
		t.Errorf(".*: required %q, want nothing", r)
	}
}
