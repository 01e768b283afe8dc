package config

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
)

// Instruction file kinds (model.InstructionFile.Kind).
const (
	KindAgentsMD  = "agents_md"
	KindClaudeMD  = "claude_md"
	KindGeminiMD  = "gemini_md"
	KindCursor    = "cursor_rule"
	KindWindsurf  = "windsurf_rule"
	KindCopilot   = "copilot_instructions"
	KindSkill     = "skill"
	skillFileName = "SKILL.md"
)

// instructionSource is a file (or a directory of files) an agent loads as
// instructions into its context.
type instructionSource struct {
	Kind, Client, Scope, Path, Root string
	// Glob, when set, reads every match inside Path (a directory).
	Glob []string
}

// userInstructions are the user-scope instruction files and skill folders.
func userInstructions(home string) []instructionSource {
	return []instructionSource{
		{Kind: KindClaudeMD, Client: ClaudeCode, Scope: ScopeUser, Path: filepath.Join(home, ".claude", "CLAUDE.md")},
		{Kind: KindAgentsMD, Client: Codex, Scope: ScopeUser, Path: filepath.Join(home, ".codex", "AGENTS.md")},
		{Kind: KindGeminiMD, Client: GeminiCLI, Scope: ScopeUser, Path: filepath.Join(home, ".gemini", "GEMINI.md")},
		{Kind: KindWindsurf, Client: Windsurf, Scope: ScopeUser, Path: filepath.Join(home, ".codeium", "windsurf", "memories", "global_rules.md")},
		{Kind: KindSkill, Client: ClaudeCode, Scope: ScopeUser, Path: filepath.Join(home, ".claude", "skills"), Glob: []string{"*/" + skillFileName}},
	}
}

// projectInstructions are the instruction files a client reads in a
// project root. AGENTS.md is read by several agents (Codex, Cursor,
// Copilot, Gemini CLI when configured); it is listed once, without a client.
func projectInstructions(root string) []instructionSource {
	return []instructionSource{
		{Kind: KindAgentsMD, Scope: ScopeProject, Path: filepath.Join(root, "AGENTS.md"), Root: root},
		{Kind: KindClaudeMD, Client: ClaudeCode, Scope: ScopeProject, Path: filepath.Join(root, "CLAUDE.md"), Root: root},
		{Kind: KindClaudeMD, Client: ClaudeCode, Scope: ScopeProject, Path: filepath.Join(root, ".claude", "CLAUDE.md"), Root: root},
		{Kind: KindClaudeMD, Client: ClaudeCode, Scope: ScopeLocal, Path: filepath.Join(root, "CLAUDE.local.md"), Root: root},
		{Kind: KindGeminiMD, Client: GeminiCLI, Scope: ScopeProject, Path: filepath.Join(root, "GEMINI.md"), Root: root},
		{Kind: KindCursor, Client: Cursor, Scope: ScopeProject, Path: filepath.Join(root, ".cursorrules"), Root: root},
		{Kind: KindCursor, Client: Cursor, Scope: ScopeProject, Path: filepath.Join(root, ".cursor", "rules"), Glob: []string{"*.mdc", "*.md", "*/*.mdc", "*/*.md"}, Root: root},
		{Kind: KindWindsurf, Client: Windsurf, Scope: ScopeProject, Path: filepath.Join(root, ".windsurfrules"), Root: root},
		{Kind: KindWindsurf, Client: Windsurf, Scope: ScopeProject, Path: filepath.Join(root, ".windsurf", "rules"), Glob: []string{"*.md"}, Root: root},
		{Kind: KindCopilot, Client: VSCode, Scope: ScopeProject, Path: filepath.Join(root, ".github", "copilot-instructions.md"), Root: root},
		{Kind: KindSkill, Client: ClaudeCode, Scope: ScopeProject, Path: filepath.Join(root, ".claude", "skills"), Glob: []string{"*/" + skillFileName}, Root: root},
	}
}

// maxGlobFiles bounds the files read from one rules or skills folder.
const maxGlobFiles = 200

// discoverInstructions reads the instruction files and skills of the
// user and each project root.
func (d *discovery) discoverInstructions() {
	src := userInstructions(d.opts.Home)
	for _, r := range d.roots {
		src = append(src, projectInstructions(r.Path)...)
	}
	for _, s := range src {
		if s.Client != "" && !d.wantClient(s.Client) {
			continue
		}
		files := []string{s.Path}
		if len(s.Glob) > 0 {
			files = nil
			for _, g := range s.Glob {
				m, _ := filepath.Glob(filepath.Join(s.Path, g))
				files = append(files, m...)
			}
			sort.Strings(files)
			if len(files) > maxGlobFiles {
				files = files[:maxGlobFiles]
			}
		}
		for _, f := range files {
			d.loadInstruction(s, f)
		}
	}
}

func (d *discovery) loadInstruction(s instructionSource, path string) {
	data, truncated, err := readCapped(path, model.MaxInstructionBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	label := d.label(path)
	item := PlanItem{Client: s.Client, Scope: s.Scope, File: label, Root: d.rootLabel(s.Root), What: PlanInstructions, Status: "read"}
	if item.Client == "" {
		item.Client = "agents"
	}
	if err != nil {
		item.Status = "error"
		d.inv.Errors = append(d.inv.Errors, model.CollectionError{Code: "config_parse", Phase: "config", Message: label + ": cannot read: " + unwrapPathErr(err).Error()})
		d.inv.Plan = append(d.inv.Plan, item)
		return
	}
	in := model.InstructionFile{Kind: s.Kind, Client: s.Client, Scope: s.Scope, File: label, Root: item.Root,
		Text: d.scrubText(string(data)), Truncated: truncated}
	if s.Kind == KindSkill {
		in.Name, in.Description = skillFrontmatter(data)
		in.Name, in.Description = d.scrubText(in.Name), d.scrubText(in.Description)
		in.Scripts = d.skillScripts(filepath.Dir(path))
		item.Count = len(in.Scripts)
	}
	d.inv.Plan = append(d.inv.Plan, item)
	d.inv.Instructions = append(d.inv.Instructions, in)
}

// readCapped reads at most limit bytes of a regular file (cut at a rune
// boundary) and says whether the file was longer.
func readCapped(path string, limit int) ([]byte, bool, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, false, err
	}
	if !st.Mode().IsRegular() {
		return nil, false, fs.ErrNotExist
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	buf := make([]byte, limit+1)
	n, _ := io.ReadFull(f, buf)
	data := buf[:n]
	truncated := n > limit
	if truncated {
		data = data[:limit]
		for len(data) > 0 && !utf8.RuneStart(data[len(data)-1]) {
			data = data[:len(data)-1]
		}
		if len(data) > 0 {
			data = data[:len(data)-1]
		}
	}
	return bytes.ToValidUTF8(data, []byte("\uFFFD")), truncated, nil
}

// scrubText is what leaves the machine of a model-facing file: secrets
// scrubbed, project roots shown by their label ({app}), the home
// directory as ~ and the user name replaced.
func (d *discovery) scrubText(s string) string {
	s = redact.Scrub(s)
	roots := append([]redact.Root(nil), d.roots...)
	sort.Slice(roots, func(i, j int) bool { return len(roots[i].Path) > len(roots[j].Path) })
	for _, r := range roots {
		if len(r.Path) > 1 {
			s = strings.ReplaceAll(s, r.Path, "{"+r.Label+"}")
		}
	}
	if h := d.opts.Home; len(h) > 1 {
		s = strings.ReplaceAll(s, h, "~")
	}
	if d.opts.Getenv != nil {
		for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
			if u := d.opts.Getenv(k); len(u) > 2 {
				s = strings.ReplaceAll(s, u, "<user>")
			}
		}
	}
	return s
}

// skillFrontmatter reads name and description from a SKILL.md's YAML
// frontmatter ("---" lines around it), the fields every request carries.
func skillFrontmatter(data []byte) (name, description string) {
	text := string(data)
	if !strings.HasPrefix(text, "---") {
		return "", ""
	}
	rest := text[3:]
	end := strings.Index(rest, "\n---")
	if end < 0 {
		return "", ""
	}
	doc, err := parse([]byte(rest[:end]), FormatYAML)
	if err != nil || doc == nil {
		return "", ""
	}
	m, _ := doc.Root.(map[string]any)
	name, _ = m["name"].(string)
	description, _ = m["description"].(string)
	return name, description
}
