package cost

import (
	"encoding/json"
	"fmt"
	"github.com/assay-mcp/assay/report/numfmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
	"github.com/assay-mcp/assay/report/textsafe"
)

// Window share thresholds of COST-001 and the severity each raises.
var windowSteps = []struct {
	share    float64
	severity string
}{
	{0.50, model.SevHigh},
	{0.25, model.SevMedium},
	{0.10, model.SevLow},
}

// windowFindings raises COST-001 for every context whose fixed overhead
// passes 10 % of the window, with severity rising at 25 % and 50 %.
func windowFindings(sum *model.TokenSummary, o *Options) []model.Finding {
	var out []model.Finding
	for _, ct := range sum.PerContext {
		for _, st := range windowSteps {
			if ct.Share < st.share {
				continue
			}
			fd := catalog.New("COST-001")
			fd.Severity = st.severity
			fd.Context = ct.ID
			fd.Evidence = fmt.Sprintf("%s%s tokens (%s) from %d server(s) before the first message: %.1f%% of a %s-token window",
				approx(ct.Estimated), thousands(ct.Tokens), label(sum.Encoding, ct.Estimated), ct.Servers, ct.Share*100, thousands(o.Window))
			if ct.CostPerRequest > 0 {
				fd.Evidence += fmt.Sprintf("; %s per request at %s per million tokens", money(ct.CostPerRequest), money(o.PricePerMTok))
			}
			out = append(out, fd)
			break
		}
	}
	return out
}

// Concentration limits of COST-002: at most this many tools, and at most
// one in five of the server's tools, holding half its tool tokens.
const (
	fewTools    = 3
	minToolsFor = 5
	mostShare   = 0.5
)

// concentrationFindings raises COST-002 when a few tools hold at least half
// of a server's tool tokens: trimming those few pays off most.
func concentrationFindings(v *surface.Server, c *serverCost, enc string) []model.Finding {
	s := v.Src
	n := len(c.perTool)
	if n < minToolsFor || c.tokens.ToolsSum <= 0 {
		return nil
	}
	type tool struct {
		name   string
		tokens int
	}
	tools := make([]tool, n)
	for i := range v.Tools {
		tools[i] = tool{toolName(&v.Tools[i]), c.perTool[i]}
	}
	sort.SliceStable(tools, func(i, j int) bool {
		if tools[i].tokens != tools[j].tokens {
			return tools[i].tokens > tools[j].tokens
		}
		return tools[i].name < tools[j].name
	})
	k, held := 0, 0
	for k < n && float64(held) < mostShare*float64(c.tokens.ToolsSum) {
		held += tools[k].tokens
		k++
	}
	if k > fewTools || k*5 > n {
		return nil
	}
	names := make([]string, k)
	for i := range names {
		names[i] = fmt.Sprintf("%s (%s)", textsafe.Clip(textsafe.Line(tools[i].name), 60), thousands(tools[i].tokens))
	}
	fd := catalog.New("COST-002")
	fd.Server = s.Identity
	fd.Element = "server:tools"
	fd.Evidence = fmt.Sprintf("%d of %d tools hold %.0f%% of this server's %s%s tool tokens (%s): %s",
		k, n, 100*float64(held)/float64(c.tokens.ToolsSum), approx(c.tokens.Estimated), thousands(c.tokens.ToolsSum),
		label(enc, c.tokens.Estimated), strings.Join(names, ", "))
	return []model.Finding{fd}
}

// largeToolFindings raises COST-003 for each tool over the threshold,
// naming the part of the definition that holds most of it.
func largeToolFindings(v *surface.Server, c *serverCost, enc string, o *Options) []model.Finding {
	s := v.Src
	var out []model.Finding
	for i, raw := range s.Tools {
		n := c.perTool[i]
		if n <= o.ToolThreshold {
			continue
		}
		name := toolName(&v.Tools[i])
		fd := catalog.New("COST-003")
		if n > 5*o.ToolThreshold {
			fd.Severity = model.SevMedium
		}
		fd.Server = s.Identity
		fd.Tool = name
		fd.Element = "tool:" + name
		fd.Evidence = fmt.Sprintf("%s%s tokens (%s), over the %s-token threshold", approx(c.tokens.Estimated), thousands(n), label(enc, c.tokens.Estimated), thousands(o.ToolThreshold))
		if c.tokens.ToolsSum > 0 {
			fd.Evidence += fmt.Sprintf("; %.0f%% of this server's tool tokens", 100*float64(n)/float64(c.tokens.ToolsSum))
		}
		if part, share := largestPart(raw); part != "" {
			fd.Evidence += fmt.Sprintf("; %s is %.0f%% of the definition", part, share*100)
		}
		out = append(out, fd)
	}
	return out
}

// largestPart names the counted member of a tool with the most characters
// in canonical form and its share of the whole.
func largestPart(raw json.RawMessage) (string, float64) {
	if c, parts, ok := canon.PickParts(raw, canon.ToolFields); ok {
		// One canonical pass: a member's share is its `"name":value`.
		whole := utf8.RuneCount(c)
		if whole == 0 {
			return "", 0
		}
		best, bestN := "", 0
		for _, f := range canon.ToolFields {
			v, ok := parts[f]
			if !ok {
				continue
			}
			if n := utf8.RuneCount(canon.AppendString(nil, f)) + 1 + utf8.RuneCount(v); n > bestN {
				best, bestN = f, n
			}
		}
		return best, float64(bestN) / float64(whole)
	}
	return largestPartSlow(raw)
}

// largestPartSlow is largestPart by one canonical form per member: the
// definition of its result, for what the one-pass writer does not take.
func largestPartSlow(raw json.RawMessage) (string, float64) {
	whole := utf8.RuneCount(canon.CountText(raw, canon.ToolFields))
	if whole == 0 {
		return "", 0
	}
	best, bestN := "", 0
	for _, f := range canon.ToolFields {
		c, err := canon.FieldsJSON(raw, []string{f})
		if err != nil {
			return "", 0
		}
		if n := utf8.RuneCount(c) - 2; n > bestN { // minus the braces
			best, bestN = f, n
		}
	}
	return best, float64(bestN) / float64(whole)
}

// approx prefixes estimated figures.
func approx(estimated bool) string {
	if estimated {
		return "≈"
	}
	return ""
}

// label names the encoding and whether the figure is estimated.
func label(enc string, estimated bool) string {
	if estimated {
		return enc + ", estimated"
	}
	return enc
}

// money writes an amount without a currency symbol the user never gave.
func money(x float64) string {
	switch {
	case x >= 1:
		return strconv.FormatFloat(x, 'f', 2, 64)
	case x >= 0.01:
		return strconv.FormatFloat(x, 'f', 4, 64)
	default:
		return strconv.FormatFloat(x, 'f', 6, 64)
	}
}

func thousands(n int) string { return numfmt.Thousands(n) }
