package inject

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/internal/lazyre"
	"github.com/assay-mcp/assay/report/pctenc"
)

// Encoded payloads: base64, hex, percent-encoding, \u escapes and ROT13
// are decoded when the result is text, and the text is scanned again with
// every rule. A hit inside decoded text is an encoded payload (high); a
// decoded sentence with no hit is reported medium, since real
// descriptions have no reason to carry prose in base64.

var (
	reHexRun = lazyre.New(`(?:\\x[0-9a-fA-F]{2}){8,}`)
	rePct    = lazyre.New(`(?:[^\s%]{0,16}%[0-9a-fA-F]{2}){5,}[^\s%]*`)
	reUEsc   = lazyre.New(`(?:\\u[0-9a-fA-F]{4}){4,}`)
)

// decoded is one decoded candidate with its span in the original.
type decoded struct {
	how        string
	start, end int // original byte span of the encoded run
	text       string
}

// decodeAll finds encoded runs in the original string whose decoding is
// text.
func decodeAll(orig string) []decoded {
	var out []decoded
	if len(orig) < 16 {
		return nil
	}
	for _, m := range runs(orig, &b64Bytes, 20, 16) {
		run := strings.TrimRight(orig[m[0]:m[1]], "=")
		if !mixedB64(run) || strings.Count(run, "/") > len(run)/8 {
			continue // paths and URLs are not payloads
		}
		for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
			if b, err := enc.DecodeString(run); err == nil {
				if s := string(b); isText(s) {
					out = append(out, decoded{"base64", m[0], m[1], s})
					break
				} else if s, ok := unwrapB64(s); ok {
					out = append(out, decoded{"base64 of base64", m[0], m[1], s})
					break
				}
			}
		}
	}
	hexRuns := runs(orig, &hexBytes, 32, 16)
	if strings.Contains(orig, `\x`) {
		hexRuns = append(hexRuns, reHexRun.FindAllStringIndex(orig, 16)...)
	}
	for _, m := range hexRuns {
		run := orig[m[0]:m[1]]
		clean := strings.NewReplacer(`\x`, "", " ", "", ":", "").Replace(run)
		if len(clean)%2 == 1 {
			clean = clean[:len(clean)-1]
		}
		if b, err := hex.DecodeString(clean); err == nil {
			if s := string(b); isText(s) {
				out = append(out, decoded{"hex", m[0], m[1], s})
			}
		}
	}
	if strings.Contains(orig, "%") {
		for _, m := range rePct.FindAllStringIndex(orig, 16) {
			if s, err := pctenc.QueryUnescape(orig[m[0]:m[1]]); err == nil && isText(s) && strings.Count(s, " ") >= 2 {
				out = append(out, decoded{"percent", m[0], m[1], s})
			}
		}
	}
	if strings.Contains(orig, `\u`) {
		for _, m := range reUEsc.FindAllStringIndex(orig, 16) {
			var sb strings.Builder
			run := orig[m[0]:m[1]]
			for i := 0; i+6 <= len(run); i += 6 {
				v, _ := strconv.ParseUint(run[i+2:i+6], 16, 32)
				sb.WriteRune(rune(v))
			}
			if s := sb.String(); isText(s) {
				out = append(out, decoded{"unicode-escape", m[0], m[1], s})
			}
		}
	}
	return out
}

// byteSet is a set of bytes as a bitmap, written as constants so nothing
// is built at start.
type byteSet [4]uint64

func (b *byteSet) has(c byte) bool { return b[c>>6]&(1<<(c&63)) != 0 }

// The byte sets of the encoded runs: base64 (both alphabets), hex,
// base32 and decimal character codes; TestByteSets checks them.
var (
	b64Bytes  = byteSet{0x03ffa80000000000, 0x07fffffe87fffffe, 0, 0}
	hexBytes  = byteSet{0x03ff000000000000, 0x0000007e0000007e, 0, 0}
	b32Bytes  = byteSet{0x00fc000000000000, 0x0000000007fffffe, 0, 0}
	codeBytes = byteSet{0x03ff100100000000, 0, 0, 0}
)

// runs returns spans of at least min bytes in set ok, up to n. A hand
// loop: these runs are searched in every string.
func runs(s string, ok *byteSet, min, n int) [][]int {
	var out [][]int
	for i := 0; i < len(s) && len(out) < n; {
		if !ok.has(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && ok.has(s[j]) {
			j++
		}
		k := j
		for k < len(s) && s[k] == '=' && k-i < 4096 {
			k++
		}
		if k < len(s) && k > j && ok.has(s[k]) {
			k = j // "key=value": the '=' separates, it is not padding
		}
		if k-i >= min {
			out = append(out, []int{i, k})
		}
		i = max(k, j+1)
	}
	return out
}

// unwrapB64 decodes s again when it is itself one base64 run that
// decodes to text (a payload wrapped twice).
func unwrapB64(s string) (string, bool) {
	if len(s) < 20 {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if !b64Bytes.has(s[i]) && s[i] != '=' {
			return "", false
		}
	}
	b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
	if err != nil || !isText(string(b)) {
		return "", false
	}
	return string(b), true
}

// mixedB64 requires upper, lower and digit or a long run: identifiers and
// words are not base64 payloads.
func mixedB64(s string) bool {
	var up, lo, dg bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			up = true
		case c >= 'a' && c <= 'z':
			lo = true
		case c >= '0' && c <= '9':
			dg = true
		}
	}
	return up && lo && (dg || len(s) >= 28)
}

// isText reports decoded bytes that read as natural-language text:
// valid UTF-8, printable, with letters and spaces between words.
func isText(s string) bool {
	if len(s) < 8 || !utf8.ValidString(s) {
		return false
	}
	letters, spaces, bad, n := 0, 0, 0, 0
	for _, r := range s {
		n++
		switch {
		case unicode.IsLetter(r):
			letters++
		case r == ' ':
			spaces++
		case unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r':
			bad++
		case r == utf8.RuneError:
			bad++
		}
	}
	if bad > 0 {
		return false
	}
	// CJK text has no spaces; accept dense letters there.
	return letters*10 >= n*6 && (spaces >= 2 || (letters >= 6 && !isASCII(s)))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// rot13Words are words whose ROT13 form in a string suggests a ROT13
// payload; two distinct ones are needed before the rescan.
var rot13Words = []string{"ignore", "instruction", "previous", "system", "prompt", "user", "send", "password", "secret", "ssh", "credential", "api key",
	"confidential", "tell", "mention", "forward", "email", "file", "contents", "token", "approval", "confirm", "hidden", "always", "never", "silently", "secretly",
	"bcc", "history", "conversation", "upload", "webhook", "http", "private", "every", "inform", "copy", "chat", "transcript", "do not", "don't", "include",
	"assistant", "must", "rules", "sidenote", "parameter"}

// rot13 maps ASCII letters thirteen places on.
func rot13(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = 'a' + (c-'a'+13)%26
		case c >= 'A' && c <= 'Z':
			b[i] = 'A' + (c-'A'+13)%26
		}
	}
	return string(b)
}

// rot13Candidate reports whether the ROT13 of the shadow holds enough
// attack vocabulary to be worth a rescan.
func rot13Candidate(r string) bool {
	n := 0
	for _, w := range rot13Words {
		if strings.Contains(r, w) {
			n++
			if n >= 2 {
				return true
			}
		}
	}
	return false
}

// candidates lists every decoded form of a string worth judging: encoded
// runs, Unicode tag text, ROT13, base32, decimal character codes and
// reversed text.
// toks are the shadow's tokens (the caller has them already).
func candidates(orig string, sh *Shadow, toks []token) []decoded {
	var cands []decoded
	if longRun(orig, 16) {
		cands = append(cands, decodeAll(orig)...)
		cands = append(cands, base32Runs(orig)...)
	}
	if sh.Tagged != "" {
		cands = append(cands, decoded{"unicode tags", 0, 0, sh.Tagged})
	}
	rot, rev := spacedWords(sh.Text, toks)
	if rot {
		// Only text carrying ROT13 forms of common words is rotated.
		if r := rot13(sh.Text); rot13Candidate(r) {
			cands = append(cands, decoded{"rot13", 0, len(orig), r})
		}
	}
	cands = append(cands, charCodes(orig)...)
	if rev {
		if r := reverse(sh.Text); commonWords(r) >= 2 {
			cands = append(cands, decoded{"reversed text", 0, len(orig), r})
		}
	}
	return cands
}

// longRun reports a run of at least n bytes with no space: every encoded
// run decodeAll and base32Runs look for is one.
func longRun(s string, n int) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\n' || s[i] == '\t' {
			run = 0
			continue
		}
		if run++; run >= n {
			return true
		}
	}
	return false
}

// base32Runs decodes runs of upper-case base32 of at least 24 characters.
func base32Runs(orig string) []decoded {
	var out []decoded
	for _, m := range runs(orig, &b32Bytes, 24, 8) {
		run := strings.TrimRight(orig[m[0]:m[1]], "=")
		if b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(run); err == nil && isText(string(b)) {
			out = append(out, decoded{"base32", m[0], m[1], string(b)})
		}
	}
	return out
}

// charCodes decodes runs of at least eight decimal character codes
// ("99,117,114,108").
func charCodes(orig string) []decoded {
	if strings.Count(orig, ",") < 7 {
		return nil
	}
	var out []decoded
	for _, m := range runs(orig, &codeBytes, 24, 8) {
		var sb strings.Builder
		for _, f := range strings.FieldsFunc(orig[m[0]:m[1]], func(r rune) bool { return r == ',' || r == ' ' }) {
			v, err := strconv.Atoi(f)
			if err != nil || v < 9 || v > 0x2FFFF {
				sb.Reset()
				break
			}
			sb.WriteRune(rune(v))
		}
		if s := sb.String(); isText(s) {
			out = append(out, decoded{"character codes", m[0], m[1], s})
		}
	}
	return out
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// spacedWords reports whether the shadow t holds, between two spaces, a
// ROT13 form of a common word (rot) or a reversed one (rev): the gates
// before rotating or reversing a whole string.
func spacedWords(t string, toks []token) (rot, rev bool) {
	for _, k := range toks {
		if k.start == 0 || k.end >= len(t) || t[k.start-1] != ' ' || t[k.end] != ' ' {
			continue
		}
		switch k.s {
		case "gur", "lbh", "naq", "gb", "nyy", "vtaber", "ba", "bs", "vf", "sbe", "rirel", "hfre", "fraq":
			rot = true
		case "eht", "uoy", "dna", "lla", "ot":
			rev = true
		}
	}
	return rot, rev
}

// commonWords counts frequent English function words in a shadow text.
func commonWords(s string) int {
	n := 0
	for _, w := range []string{" the ", " and ", " you ", " to ", " of ", " this ", " is ", " all "} {
		if strings.Contains(s, w) {
			n++
		}
	}
	return n
}
