package cost

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/internal/sentence"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
	"github.com/assay-mcp/assay/report/textsafe"
)

// Boilerplate limits of COST-004.
const (
	// minSentence is the shortest sentence, in runes, worth reporting;
	// shorter repeats ("Required.") cost little and are often unavoidable.
	minSentence = 30
	// minSaving is the smallest estimated saving, in tokens, reported.
	minSaving = 25
	// lowSaving raises the finding from info to low.
	lowSaving = 500
	// maxPerServer caps the findings per server, largest savings first.
	maxPerServer = 5
)

// boilerplateFindings raises COST-004 for each sentence that recurs in the
// descriptions of RepeatMin or more of a server's tools: every copy after
// the first costs tokens on every request and could be said once, in the
// server instructions. Savings are estimates even when the tools carry
// exact counts, because the page has no tokenizer to count one sentence.
// tools[i] is tool i's cost (its description's sentences, each once).
func boilerplateFindings(v *surface.Server, tools []*toolCost, enc string, o *Options) []model.Finding {
	s := v.Src
	where := map[string][]string{}
	for _, tc := range tools {
		for _, sen := range tc.sentences {
			where[sen] = append(where[sen], tc.descName)
		}
	}
	type repeat struct {
		sentence string
		tools    []string
		saving   int
	}
	var reps []repeat
	for sen, tools := range where {
		if len(tools) < o.RepeatMin {
			continue
		}
		saving := EstimateText(" "+sen, enc) * (len(tools) - 1)
		if saving < minSaving {
			continue
		}
		sort.Strings(tools)
		reps = append(reps, repeat{sen, tools, saving})
	}
	sort.Slice(reps, func(i, j int) bool {
		if reps[i].saving != reps[j].saving {
			return reps[i].saving > reps[j].saving
		}
		return reps[i].sentence < reps[j].sentence
	})
	if len(reps) > maxPerServer {
		reps = reps[:maxPerServer]
	}
	var out []model.Finding
	for _, r := range reps {
		fd := catalog.New("COST-004")
		if r.saving >= lowSaving {
			fd.Severity = model.SevLow
		}
		fd.Server = s.Identity
		fd.Element = "tool:" + r.tools[0] + "/description"
		fd.Item = "boilerplate:" + strings.TrimPrefix(canon.Sum([]byte(r.sentence)), "sha256:")[:16]
		fd.Evidence = fmt.Sprintf("%q appears in %d tool descriptions (%s): ≈%s tokens (%s, estimated) could be saved by saying it once",
			textsafe.Clip(textsafe.Line(r.sentence), 90), len(r.tools), toolList(r.tools, 4), thousands(r.saving), enc)
		out = append(out, fd)
	}
	return out
}

// toolDescription reads a tool's name and description as a struct decode
// of the definition does (a non-string description reads as "").
func toolDescription(t *surface.Tool) (string, string) {
	if !t.KeyCaseVariant {
		return t.Name, t.Description
	}
	raw := t.Raw
	var h struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	_ = json.Unmarshal(raw, &h)
	return h.Name, h.Description
}

// sentences splits a description into whitespace-collapsed sentences of at
// least minSentence runes. A sentence ends at '.', '!' or '?' followed by a
// space, or at a line break; list markers at the start are dropped.
func sentences(desc string) []string {
	var out []string
	for _, line := range strings.Split(desc, "\n") {
		for _, s := range sentence.Split(joinFields(line)) {
			out = appendSentence(out, s)
		}
	}
	return out
}

func appendSentence(out []string, s string) []string {
	s = strings.TrimSpace(s)
	for _, marker := range []string{"- ", "* ", "• ", "+ "} {
		s = strings.TrimPrefix(s, marker)
	}
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) < minSentence {
		return out
	}
	return append(out, s)
}

// toolList names up to max tools, then says how many more.
func toolList(tools []string, max int) string {
	names := make([]string, 0, max+1)
	for i, t := range tools {
		if i == max {
			names = append(names, fmt.Sprintf("and %d more", len(tools)-max))
			break
		}
		names = append(names, textsafe.Clip(textsafe.Line(t), 40))
	}
	return strings.Join(names, ", ")
}

// joinFields is strings.Join(strings.Fields(line), " "): line itself when
// it is already so (no space at either end, no run of spaces, no other
// space character), which is most lines, or line without its one
// trailing space, so nothing is allocated.
func joinFields(line string) string {
	prevSpace := true // a leading space is not kept
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c >= utf8.RuneSelf {
			return strings.Join(strings.Fields(line), " ")
		}
		if asciiSpace(c) {
			if c != ' ' || prevSpace {
				return strings.Join(strings.Fields(line), " ")
			}
			prevSpace = true
			continue
		}
		prevSpace = false
	}
	if prevSpace && len(line) > 0 {
		// One space at the end after a non-space byte (a leading space
		// or a run would have returned above): the line without it.
		return line[:len(line)-1]
	}
	return line
}

// asciiSpace is unicode.IsSpace for a byte below utf8.RuneSelf.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}
