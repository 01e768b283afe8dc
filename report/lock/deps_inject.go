package lock

// The one place this package reaches report/inject: its normalised view
// of a string (the "shadow" the injection rules match), used for the
// descriptionNormalized hash and to locate hidden characters.

import "github.com/assay-mcp/assay/report/inject"

// hiddenChar is one invisible character or the start of a look-alike word.
type hiddenChar struct {
	Off  int  // byte offset in the original string
	Rune rune // the invisible rune; 0 for a mixed-script word
}

// normalized returns the normalised form of s and where s hides
// characters: every invisible rune and the first mixed-script word.
func normalized(s string) (string, []hiddenChar, int) {
	sh := inject.Normalize(s)
	var out []hiddenChar
	for _, h := range sh.Hidden {
		out = append(out, hiddenChar{Off: h.Off, Rune: h.Rune})
	}
	if sh.Mixed > 0 {
		out = append(out, hiddenChar{Off: sh.MixedAt})
	}
	return sh.Text, out, len(sh.Hidden) + sh.Mixed
}
