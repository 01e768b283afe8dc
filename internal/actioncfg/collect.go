package actioncfg

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/assay-mcp/assay/internal/render"
	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textsafe"
)

// StepResult is what running one Step produced.
type StepResult struct {
	Step Step
	// Code is assay's exit code: the OR of category bits (below 64) or an
	// error code (64 and above).
	Code int
	// Stdout holds the findings JSON (--format json).
	Stdout []byte
	Stderr []byte
	// Err is set when assay could not be run at all.
	Err error
}

// ServerResult is the per-server line of the summary.
type ServerResult struct {
	Name     string
	Baseline string
	Line     int
	Code     int
	// Error explains a run that ended in an error code or unreadable
	// output; the server then counts as incomplete.
	Error string
}

// Report is the merged outcome of all steps.
type Report struct {
	// Code is the OR of every server's category bits; a server that
	// errored adds the incomplete bit.
	Code     int
	Servers  []ServerResult
	Findings *model.Findings
	// Failing lists the fail-on categories that are set in Code.
	Failing []string
}

// Collect merges step results into one report: one findings document
// whose server configs point at the [[server]] lines of assay.toml.
func Collect(cfg *Config, results []StepResult) *Report {
	r := &Report{Findings: &model.Findings{Kind: model.FindingsKind, Servers: []model.ServerReport{}, Findings: []model.Finding{}}}
	var tokens []*model.TokenSummary
	for _, res := range results {
		s := res.Step.Server
		sr := ServerResult{Name: s.Name, Baseline: s.Baseline, Line: s.Line, Code: res.Code}
		var f *model.Findings
		switch {
		case res.Err != nil:
			sr.Error = "could not run assay: " + res.Err.Error()
		case res.Code >= 64:
			sr.Error = fmt.Sprintf("assay exited %d: %s", res.Code, lastLine(res.Stderr))
		default:
			in, err := model.Decode(s.Name+" findings", res.Stdout)
			switch {
			case err != nil:
				sr.Error = "unreadable findings output: " + err.Error()
			case in.Findings == nil:
				sr.Error = "assay printed a bundle, not findings"
			default:
				f = in.Findings
			}
		}
		if sr.Error != "" {
			sr.Code = BitOf("incomplete")
			sr.Error = textsafe.Clip(textsafe.Line(sr.Error), 300)
			fd := catalog.New("COL-001")
			fd.Item = "action:" + s.Name
			fd.Evidence = "server " + s.Name + ": " + sr.Error
			r.Findings.Findings = append(r.Findings.Findings, fd)
		}
		r.Code |= sr.Code
		r.Servers = append(r.Servers, sr)
		if f == nil {
			continue
		}
		if r.Findings.Generator.Name == "" {
			r.Findings.Generator = f.Generator
		}
		for _, sv := range f.Servers {
			sv.Config = pointAt(sv.Config, cfg.File, s)
			r.Findings.Servers = append(r.Findings.Servers, sv)
		}
		r.Findings.Contexts = append(r.Findings.Contexts, f.Contexts...)
		r.Findings.Findings = append(r.Findings.Findings, f.Findings...)
		tokens = append(tokens, f.Summary.Tokens)
	}
	if r.Findings.Generator.Name == "" {
		r.Findings.Generator = model.Generator{Name: "assay", Ruleset: catalog.Ruleset}
	}
	r.Findings.Summary.Tokens = sumTokens(tokens)
	analyze.Finish(r.Findings)
	r.Failing = Failing(r.Code, cfg.FailOn)
	return r
}

// pointAt rewrites a server's declaration to the assay.toml line it came
// from, so SARIF locations land in the repository file a reviewer edits.
func pointAt(c *model.ServerConfig, file string, s Server) *model.ServerConfig {
	out := model.ServerConfig{Client: "assay-action", Scope: "project", Transport: "stdio"}
	if s.IsURL() {
		out.Transport = "http"
	}
	if c != nil {
		out = *c
	}
	out.File, out.Line = file, s.Line
	return &out
}

// sumTokens totals per-server token summaries when they share an encoding
// and window; otherwise no total is claimed.
func sumTokens(ts []*model.TokenSummary) *model.TokenSummary {
	var out *model.TokenSummary
	for _, t := range ts {
		if t == nil {
			continue
		}
		if out == nil {
			out = &model.TokenSummary{Encoding: t.Encoding, Window: t.Window}
		}
		if t.Encoding != out.Encoding || t.Window != out.Window {
			return nil
		}
		out.Total += t.Total
		out.Estimated = out.Estimated || t.Estimated
	}
	return out
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			return l
		}
	}
	return "no message"
}

// categoriesOf names the category bits set in code, in bit order.
func categoriesOf(code int) []string {
	var out []string
	for _, c := range Categories {
		if code&c.Bit != 0 {
			out = append(out, c.Name)
		}
	}
	return out
}

// SARIF renders the merged findings for code scanning; results whose
// server is unknown point at the config file.
func (r *Report) SARIF(cfg *Config) ([]byte, error) {
	var buf bytes.Buffer
	if err := render.Write(&buf, "sarif", r.Findings, &render.Options{Artifact: cfg.File}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// FindingsJSON is the merged findings document.
func (r *Report) FindingsJSON() ([]byte, error) { return model.Marshal(r.Findings) }

// Summary is the step-summary markdown: the per-server check results and
// the decision, then the findings in the markdown renderer's format.
func (r *Report) Summary(cfg *Config) ([]byte, error) {
	var b strings.Builder
	b.WriteString("## Assay check\n\n")
	switch {
	case len(r.Failing) > 0:
		fmt.Fprintf(&b, "> [!CAUTION]\n> **Failed** on %s (fail-on: %s).\n\n", strings.Join(r.Failing, ", "), strings.Join(cfg.FailOn, ", "))
	case r.Code != 0:
		fmt.Fprintf(&b, "> [!NOTE]\n> Changes found (%s); none is in fail-on (%s).\n\n", strings.Join(categoriesOf(r.Code), ", "), listOrNone(cfg.FailOn))
	default:
		b.WriteString("> [!TIP]\n> No change against the baselines.\n\n")
	}
	b.WriteString("| Server | Declared | Baseline | Result |\n|---|---|---|---|\n")
	for _, s := range r.Servers {
		decl := "`" + cfg.File + "`"
		if s.Line > 0 {
			decl = fmt.Sprintf("`%s:%d`", cfg.File, s.Line)
		}
		result := "no change"
		if s.Code != 0 {
			result = fmt.Sprintf("%s (code %d)", strings.Join(categoriesOf(s.Code), ", "), s.Code)
		}
		if s.Error != "" {
			result += ": " + codeCell(s.Error)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", codeCell(s.Name), strings.ReplaceAll(decl, "|", `\|`), codeCell(s.Baseline), result)
	}
	b.WriteString("\n")
	var md bytes.Buffer
	if err := render.Write(&md, "markdown", r.Findings, nil); err != nil {
		return nil, err
	}
	// Nest the findings report one heading level below ours.
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(md.String(), "\n### ", "\n#### "), "## Assay:", "### Assay:"))
	return []byte(b.String()), nil
}

func listOrNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, ", ")
}

// codeCell puts text from config or assay's stderr in a code span safe in
// a table cell.
func codeCell(s string) string {
	s = textsafe.Line(s)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	pad := ""
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		pad = " "
	}
	return fence + pad + strings.ReplaceAll(s, "|", `\|`) + pad + fence
}

// OutputFiles are the paths reported as step outputs.
type OutputFiles struct {
	SARIF, Findings, Summary string
}

// Outputs returns the GITHUB_OUTPUT text for this report.
func (r *Report) Outputs(files OutputFiles) string {
	m := map[string]string{}
	if files.SARIF != "" {
		m["sarif"] = files.SARIF
	}
	if files.Findings != "" {
		m["findings"] = files.Findings
	}
	if files.Summary != "" {
		m["summary"] = files.Summary
	}
	outs := Outputs(r.Code, m)
	outs = append(outs, [2]string{"failing", strings.Join(r.Failing, ",")})
	return FormatOutputs(outs)
}
