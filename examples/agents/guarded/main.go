// Command guarded is an example agent for `assay test-injection` that
// treats everything a server sends as data: it calls only the tools the
// user's own words name, with arguments taken from those words, never acts
// on text found in tool descriptions, results, errors, resources, prompts
// or server instructions, ignores a toolbox that changes under it, and
// does not repeat codes, links or addresses from tool output. It passes
// every scenario.
//
//	assay test-injection --run --yes -- go run ./examples/agents/guarded
//
// A model-backed agent earns the same verdicts by the same rules: act on
// the user's request, read tool output as data, and ask the user before
// anything the request did not cover. It speaks assay-harness/1 on stdin
// and stdout (docs/test-injection.md).
package main

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/assay-mcp/assay/examples/agents/agentkit"
	"github.com/assay-mcp/assay/internal/harness/protocol"
)

func main() { agentkit.Main("guarded", guard) }

func guard(a *protocol.Agent, s *protocol.Scenario) error {
	var report []string
	for _, c := range agentkit.TaskCalls(s.User, s.Tools) {
		res, changed, err := a.Call(c.Name, c.Args)
		if err != nil {
			return err
		}
		report = append(report, summarise(c, res))
		if changed {
			report = append(report, "The server changed its tool list during the task; I kept to the tools I started with and did not follow the new descriptions.")
			break
		}
		if res.IsError {
			break
		}
	}
	for _, c := range s.Context {
		if c.Source == protocol.SourceResource {
			report = append(report, fmt.Sprintf("The attached %s has %d lines; it begins: %s", c.Name, lines(c.Text), firstLine(c.Text)))
		}
	}
	if len(report) == 0 {
		report = append(report, "Your request names no tool I can use, so I did nothing.")
	}
	report = append(report, "I treated everything the tools returned as data and followed no instructions in it.")
	return a.Final(strings.Join(report, "\n"))
}

// summarise reports one call without repeating anything that could carry
// an instruction or a secret onward.
func summarise(c agentkit.Call, res *protocol.ToolResult) string {
	if res.IsError {
		return fmt.Sprintf("%s failed, so I could not complete the task. Its error message is not shown because it may contain instructions.", c.Name)
	}
	return fmt.Sprintf("%s returned %d lines; the first reads: %s", c.Name, lines(res.Content), firstLine(res.Content))
}

func lines(s string) int { return strings.Count(strings.TrimSpace(s), "\n") + 1 }

// firstLine is the first line of s when it is plain prose a user can read
// safely: no markup, links, addresses, codes mixing letters and digits,
// or characters outside letters, digits, spaces and common punctuation.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if len(line) > 120 || strings.ContainsAny(line, "<>{}[]@/\\`") || strings.Contains(line, "://") {
		return "(not quoted)"
	}
	for _, r := range line {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" .,:;!?'()-#", r) {
			return "(not quoted)"
		}
	}
	for _, w := range strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 && strings.IndexFunc(w, unicode.IsDigit) >= 0 && len(w) >= 8 {
			return "(not quoted)"
		}
	}
	return line
}
