// Package textscan is the one adapter between the injection engine
// (report/inject) and model-facing text that is not part of a server
// definition: agent instruction files, skills and MCP App text. It
// presents a document's blocks to the engine as a synthetic server whose
// prompts are the blocks, and maps the findings back to lines. When the
// engine's entry point changes, this file is the only caller to update.
package textscan

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/inject"
	"github.com/assay-mcp/assay/report/model"
)

// Block is a run of text with the 1-based line it starts on.
type Block struct {
	Line int
	Text string
}

// Hit is one injection finding in a document.
type Hit struct {
	// Finding carries the rule id, category, severity, title,
	// remediation and evidence; its server, tool and element are unset.
	Finding model.Finding
	// Line is where the block that triggered it starts (0: the hit spans
	// blocks and names them in its evidence).
	Line int
}

// maxBlocks bounds how many blocks one document is split into; the rest
// are joined into the last one.
const maxBlocks = 4000

// Scan runs the injection engine over blocks and returns its findings,
// one per rule and block, in block order.
func Scan(blocks []Block) []Hit {
	if len(blocks) == 0 {
		return nil
	}
	s := &model.Server{Name: "document", Identity: "document", Transport: "surface", Tools: []json.RawMessage{}}
	for _, b := range blocks {
		p, _ := json.Marshal(map[string]string{"name": "L" + strconv.Itoa(b.Line), "description": b.Text})
		s.Prompts = append(s.Prompts, p)
	}
	var out []Hit
	for _, fd := range inject.ScanServer(s, nil) {
		if strings.HasSuffix(fd.Element, "/name") {
			continue // the synthetic block names are Assay's own
		}
		line := lineOf(fd.Element)
		fd.Evidence = readable(fd.Evidence)
		fd.Server, fd.Tool, fd.Element = "", "", ""
		out = append(out, Hit{Finding: fd, Line: line})
	}
	return out
}

// lineOf reads N from an element "prompt:LN/...".
func lineOf(element string) int {
	rest, ok := strings.CutPrefix(element, "prompt:L")
	if !ok {
		return 0
	}
	end := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if end < 0 {
		end = len(rest)
	}
	n, _ := strconv.Atoi(rest[:end])
	return n
}

// readable rewrites the engine's element names in evidence
// ("prompt:L12/description") as "line 12".
func readable(ev string) string {
	var b strings.Builder
	for {
		i := strings.Index(ev, "prompt:L")
		if i < 0 {
			b.WriteString(ev)
			return b.String()
		}
		b.WriteString(ev[:i])
		rest := ev[i+len("prompt:L"):]
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		b.WriteString("line " + rest[:j])
		rest = rest[j:]
		for _, suffix := range []string{"/description", "/*"} {
			rest = strings.TrimPrefix(rest, suffix)
		}
		ev = rest
	}
}

// Blocks splits a document into paragraphs (runs of non-blank lines),
// keeping an HTML comment and a fenced code block whole however many
// blank lines they contain: hidden instructions live in both.
func Blocks(text string) []Block {
	var out []Block
	var cur strings.Builder
	start, inComment, inFence := 0, false, false
	flush := func() {
		if strings.TrimSpace(cur.String()) != "" {
			out = append(out, Block{Line: start, Text: cur.String()})
		}
		cur.Reset()
		start = 0
	}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		blank := strings.TrimSpace(line) == ""
		if blank && !inComment && !inFence {
			flush()
			continue
		}
		if start == 0 {
			start = n
		}
		cur.WriteString(line)
		cur.WriteString("\n")
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
		}
		if !inFence {
			if o, c := strings.LastIndex(line, "<!--"), strings.LastIndex(line, "-->"); o >= 0 && o > c {
				inComment = true
			} else if c >= 0 {
				inComment = false
			}
		}
	}
	flush()
	if len(out) > maxBlocks {
		var tail strings.Builder
		for _, b := range out[maxBlocks-1:] {
			tail.WriteString(b.Text)
		}
		out = append(out[:maxBlocks-1], Block{Line: out[maxBlocks-1].Line, Text: tail.String()})
	}
	return out
}
