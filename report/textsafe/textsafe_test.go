package textsafe

import "testing"

func TestLine(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain ascii unchanged", "List files in a dir", "List files in a dir"},
		{"non-ascii letters unchanged", "Résumé 日本語 Ωmega", "Résumé 日本語 Ωmega"},
		{"emoji with presentation selector unchanged", "⚠️ careful", "⚠️ careful"},
		{"newline and tab escaped", "a\nb\tc\r", `a\nb\tc\r`},
		{"ansi escape neutralised", "\x1b[31mred\x1b[0m", `\u001b[31mred\u001b[0m`},
		{"bell and DEL", "\a\x7f", `\u0007\u007f`},
		{"C1 control", "a\u0085b\u009bc", `a\u0085b\u009bc`},
		{"right-to-left override", "abc\u202egnp.exe", `abc\u202egnp.exe`},
		{"bidi isolates", "\u2066x\u2069", `\u2066x\u2069`},
		{"LRM RLM ALM", "\u200e\u200f\u061c", `\u200e\u200f\u061c`},
		{"zero width space joiner", "ig\u200bnore\u200d\u200c", `ig\u200bnore\u200d\u200c`},
		{"word joiner and BOM", "\u2060\ufeff", `\u2060\ufeff`},
		{"tag characters", "hi\U000E0041\U000E007F", `hi\U000e0041\U000e007f`},
		{"variation selectors", "a\ufe00b\U000E0100", `a\ufe00b\U000e0100`},
		{"line separator", "a\u2028b", `a\u2028b`},
		{"hangul filler", "a\u3164b", `a\u3164b`},
		{"private use", "\ue000", `\ue000`},
		{"soft hyphen", "pass\u00adword", `pass\u00adword`},
		{"invalid utf8 byte", "a\xffb", `a\xffb`},
		{"literal replacement char stays", "a\ufffdb", "a\ufffdb"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Line(c.in); got != c.want {
				t.Errorf("Line(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestTextKeepsLines(t *testing.T) {
	in := "one\n\ttwo\u202e\r"
	want := "one\n\ttwo\\u202e\\r"
	if got := Text(in); got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

func TestUnsafe(t *testing.T) {
	for _, s := range []string{"a\u200bb", "\x1b[0m", "\u202e", "x\U000E0020", "\xff"} {
		if !Unsafe(s) {
			t.Errorf("Unsafe(%q) = false, want true", s)
		}
	}
	for _, s := range []string{"", "plain", "two\nlines\ttab", "⚠️ Ωmega 日本"} {
		if Unsafe(s) {
			t.Errorf("Unsafe(%q) = true, want false", s)
		}
	}
}

func TestClip(t *testing.T) {
	cases := []struct {
		in   string
		max  int
		want string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"truncate me", 5, "trun…"},
		{"日本語テキスト", 3, "日本…"},
		{"x", 0, ""},
	}
	for _, c := range cases {
		if got := Clip(c.in, c.max); got != c.want {
			t.Errorf("Clip(%q,%d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

func TestLineOutputIsAlwaysSafe(t *testing.T) {
	// Whatever goes in, nothing hidden comes out.
	inputs := []string{"\u202e\u200b\x1b\x00\xff\xfe\U000E0041\u2028", "ok", "mixed \u2066text\u2069 \x9b"}
	for _, in := range inputs {
		if out := Line(in); Unsafe(out) {
			t.Errorf("Line(%q) = %q still unsafe", in, out)
		}
	}
}
