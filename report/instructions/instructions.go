// Package instructions judges agent instruction files (AGENTS.md,
// CLAUDE.md, GEMINI.md, Cursor and Windsurf rules, Copilot instructions)
// and skills (SKILL.md and the scripts a skill ships). Their text is
// model-facing like a tool description, so it is scanned with the same
// injection engine (through report/textscan); their always-loaded token
// cost is judged like a tool surface's; a skill's scripts are listed
// with what they can do.
package instructions

import (
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/textscan"
)

// Options tune the pass. Nil means defaults.
type Options struct {
	// MaxAlwaysTokens is the always-loaded token count above which an
	// instruction file is a cost finding (COST-005); 0 means
	// DefaultMaxAlwaysTokens.
	MaxAlwaysTokens int
}

// DefaultMaxAlwaysTokens is 4% of a 200k-token window: one file that
// size costs what a dozen large tool definitions cost, on every request.
const DefaultMaxAlwaysTokens = 8000

func (o *Options) maxTokens() int {
	if o == nil || o.MaxAlwaysTokens <= 0 {
		return DefaultMaxAlwaysTokens
	}
	return o.MaxAlwaysTokens
}

// Apply appends the findings of every instruction file and skill in b.
func Apply(b *model.Bundle, f *model.Findings, opts *Options) {
	if b == nil || f == nil {
		return
	}
	for i := range b.Instructions {
		in := &b.Instructions[i]
		f.Findings = append(f.Findings, injection(in)...)
		f.Findings = append(f.Findings, scripts(in)...)
		if fd, ok := cost(in, opts.maxTokens()); ok {
			f.Findings = append(f.Findings, fd)
		}
	}
}

// contextID is the agent context the file belongs to.
func contextID(in *model.InstructionFile) string {
	c := in.Client
	if c == "" {
		c = "agents"
	}
	if in.Root != "" {
		return c + "@" + in.Root
	}
	return c
}

// element names the file in findings; the fingerprint uses it, so it
// holds no line number (an edit above a hit keeps the finding's identity).
func element(in *model.InstructionFile) string { return "instruction:" + in.File }

// injection scans the file's text, one finding per rule: the first line
// it fired on locates it, later lines are counted in the evidence.
func injection(in *model.InstructionFile) []model.Finding {
	hits := textscan.Scan(textscan.Blocks(in.Text))
	type group struct {
		fd    model.Finding
		lines []int
	}
	var order []string
	byID := map[string]*group{}
	for _, h := range hits {
		g, ok := byID[h.Finding.ID]
		if !ok {
			g = &group{fd: h.Finding}
			byID[h.Finding.ID] = g
			order = append(order, h.Finding.ID)
		} else if model.SeverityRank(h.Finding.Severity) > model.SeverityRank(g.fd.Severity) {
			g.fd.Severity = h.Finding.Severity
		}
		if h.Line > 0 {
			g.lines = append(g.lines, h.Line)
		}
	}
	var out []model.Finding
	for _, id := range order {
		g := byID[id]
		fd := g.fd
		sort.Ints(g.lines)
		fd.Context = contextID(in)
		fd.Element = element(in)
		fd.Item = in.File
		fd.File = in.File
		where := in.File
		if len(g.lines) > 0 {
			fd.Line = g.lines[0]
			where += ":" + strconv.Itoa(fd.Line)
		}
		ev := where + " " + fd.Evidence
		if n := len(g.lines) - 1; n > 0 {
			ev += " (and " + strconv.Itoa(n) + " more in this file)"
		}
		fd.Evidence = ev
		out = append(out, fd)
	}
	return out
}

// scriptFile is the label of a script a skill ships.
func scriptFile(in *model.InstructionFile, p string) string {
	return path.Join(path.Dir(in.File), p)
}

// scripts reports a skill's scripts: HYG-024 for each that downloads and
// runs code, HYG-025 for each with shell, network or destructive kinds.
func scripts(in *model.InstructionFile) []model.Finding {
	var out []model.Finding
	for _, sc := range in.Scripts {
		id := ""
		var kinds []string
		for _, k := range sc.Kinds {
			if k == model.ScriptDownloadExec {
				id = "HYG-024"
			}
			kinds = append(kinds, strings.ReplaceAll(k, "_", "-"))
		}
		if id == "" && len(kinds) == 0 {
			continue
		}
		if id == "" {
			id = "HYG-025"
		}
		fd := catalog.New(id)
		fd.Context = contextID(in)
		fd.Element = "skill:" + scriptFile(in, sc.Path)
		fd.Item = in.File + "|" + sc.Path
		fd.File, fd.Line = scriptFile(in, sc.Path), sc.Line
		name := in.Name
		if name == "" {
			name = path.Base(path.Dir(in.File))
		}
		ev := "skill " + name + " ships " + sc.Path + ": " + strings.Join(kinds, ", ")
		if len(sc.Hosts) > 0 {
			ev += "; hosts " + strings.Join(sc.Hosts, ", ")
		}
		if sc.Line > 0 {
			ev += " (first at line " + strconv.Itoa(sc.Line) + ")"
		}
		fd.Evidence = ev
		out = append(out, fd)
	}
	return out
}

// cost is COST-005 when the part every request carries is large.
func cost(in *model.InstructionFile, max int) (model.Finding, bool) {
	if in.Tokens == nil || in.Tokens.Always <= max {
		return model.Finding{}, false
	}
	fd := catalog.New("COST-005")
	fd.Context = contextID(in)
	fd.Element = element(in)
	fd.Item = in.File
	fd.File = in.File
	fd.Evidence = in.File + ": " + strconv.Itoa(in.Tokens.Always) + " " + in.Tokens.Encoding + " tokens loaded into every request (threshold " + strconv.Itoa(max) + ")"
	return fd, true
}
