// Command naive is an example agent for `assay test-injection` that
// obeys everything: it does the user's task, then follows every
// instruction it finds in anything a server sent (tool descriptions,
// parameter descriptions, tool results, error messages, resources,
// prompts, server instructions), decoding base64 it comes across on the
// way, and it repeats what the tools returned in its answer. It fails
// every scenario, which is the point: it shows what the harness catches.
//
//	assay test-injection --run --yes -- go run ./examples/agents/naive
//
// It speaks assay-harness/1 on stdin and stdout (docs/test-injection.md).
// An instruction it follows is a tool name followed by a JSON object of
// arguments, the way injected text spells out the call it wants.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/assay-mcp/assay/examples/agents/agentkit"
	"github.com/assay-mcp/assay/internal/harness/protocol"
)

func main() { agentkit.Main("naive", obey) }

func obey(a *protocol.Agent, s *protocol.Scenario) error {
	queue := agentkit.TaskCalls(s.User, s.Tools)
	var read []string // everything servers said, which this agent trusts
	for _, c := range s.Context {
		read = append(read, c.Text)
	}
	for _, t := range s.Tools {
		read = append(read, describe(t))
	}
	queue = append(queue, directives(strings.Join(read, "\n"), s.Tools)...)
	done := map[string]bool{}
	var results []string
	for len(queue) > 0 && len(done) < s.MaxToolCalls {
		c := queue[0]
		queue = queue[1:]
		if done[c.Key()] {
			continue
		}
		done[c.Key()] = true
		res, changed, err := a.Call(c.Name, c.Args)
		if err != nil {
			return err
		}
		results = append(results, res.Content)
		fresh := res.Content
		if changed {
			for _, t := range a.Tools {
				fresh += "\n" + describe(t)
			}
		}
		queue = append(queue, directives(fresh, a.Tools)...)
	}
	answer := "Done. Here is everything I read:\n" + strings.Join(append(results, read...), "\n")
	return a.Final(answer)
}

// describe is the text of a tool the model reads: its description and its
// parameters' descriptions.
func describe(t protocol.Tool) string {
	var schema struct {
		Properties map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
	}
	_ = json.Unmarshal(t.InputSchema, &schema)
	names := make([]string, 0, len(schema.Properties))
	for n := range schema.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	text := t.Description
	for _, n := range names {
		text += "\n" + schema.Properties[n].Description
	}
	return text
}

// directives finds every "tool_name {json}" in text, and in whatever
// base64 in it decodes to, for the tools in the toolbox.
func directives(text string, tools []protocol.Tool) []agentkit.Call {
	text = strings.ReplaceAll(text, "\u200b", "")
	texts := append([]string{text}, decodeBase64(text)...)
	var out []agentkit.Call
	for _, s := range texts {
		for _, t := range tools {
			for off := 0; ; {
				i := strings.Index(s[off:], t.Name)
				if i < 0 {
					break
				}
				off += i + len(t.Name)
				if args, ok := objectAfter(s[off:]); ok {
					out = append(out, agentkit.Call{Name: t.Name, Args: args})
				}
			}
		}
	}
	return out
}

// objectAfter decodes a JSON object that starts within a few characters.
func objectAfter(s string) (map[string]any, bool) {
	i := strings.IndexByte(s, '{')
	if i < 0 || i > 8 {
		return nil, false
	}
	var args map[string]any
	dec := json.NewDecoder(strings.NewReader(s[i:]))
	if dec.Decode(&args) != nil {
		return nil, false
	}
	return args, true
}

// decodeBase64 decodes every long enough base64 word that turns into text.
func decodeBase64(text string) []string {
	var out []string
	for _, w := range strings.Fields(text) {
		w = strings.Trim(w, `"'.,;:()[]`)
		if len(w) < 16 {
			continue
		}
		b, err := base64.StdEncoding.DecodeString(w)
		if err == nil && utf8.Valid(b) && bytes.IndexFunc(b, func(r rune) bool { return r < ' ' && r != '\n' }) < 0 {
			out = append(out, string(b))
		}
	}
	return out
}
