package tui

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/assay-mcp/assay/report/textsafe"
)

// styles are the colours of one Model. Without colour every style is the
// identity and the screen is plain text (selection is then the '>' marker).
type styles struct {
	sev                                   [5]lipgloss.Style
	dim, bold, sel, key, str, num, header lipgloss.Style
}

func newStyles(color bool) styles {
	r := lipgloss.NewRenderer(io.Discard)
	if color {
		r.SetColorProfile(termenv.ANSI256)
	} else {
		r.SetColorProfile(termenv.Ascii)
	}
	c := func(n string) lipgloss.Style { return r.NewStyle().Foreground(lipgloss.Color(n)) }
	return styles{
		sev:    [5]lipgloss.Style{c("244"), c("39"), c("214"), c("196"), c("201").Bold(true)},
		dim:    c("244"),
		bold:   r.NewStyle().Bold(true),
		sel:    r.NewStyle().Reverse(true),
		key:    c("75"),
		str:    c("114"),
		num:    c("179"),
		header: r.NewStyle().Bold(true).Reverse(true),
	}
}

// sevStyle is the style of a severity rank (-1: none).
func (s *styles) sevStyle(rank int) lipgloss.Style {
	if rank < 0 {
		return s.dim
	}
	return s.sev[rank]
}

var sevNames = []string{"info", "low", "medium", "high", "critical"}

// pendingLetter marks a row whose severity the analysis has not given yet.
const pendingLetter = "…"

// sevLetter is the one-cell severity mark shown even without colour.
func sevLetter(rank int) string {
	if rank < 0 {
		return "·"
	}
	return string("ilMHC"[rank])
}

// jsonLines pretty-prints raw JSON, neutralises every line and highlights
// keys, strings and literals. Invalid JSON is shown as neutralised text.
func (s *styles) jsonLines(raw json.RawMessage) []string {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return []string{textsafe.Line(string(raw))}
	}
	lines := strings.Split(buf.String(), "\n")
	for i, l := range lines {
		lines[i] = s.highlight(textsafe.Line(l))
	}
	return lines
}

// highlight colours one line of indented JSON.
func (s *styles) highlight(l string) string {
	var b strings.Builder
	for i := 0; i < len(l); {
		c := l[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(l) && l[j] != '"' {
				if l[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(l))
			tok := l[i:j]
			if strings.HasPrefix(strings.TrimLeft(l[j:], " "), ":") {
				b.WriteString(s.key.Render(tok))
			} else {
				b.WriteString(s.str.Render(tok))
			}
			i = j
		case c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n':
			j := i
			for j < len(l) && !strings.ContainsRune(",]} ", rune(l[j])) {
				j++
			}
			b.WriteString(s.num.Render(l[i:j]))
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}
