package harness

import (
	"encoding/json"
	"strings"

	"github.com/assay-mcp/assay/internal/harness/protocol"
)

// World is several scenarios played at once by one server, as `assay
// test-injection --serve` offers them to an MCP client: the union of
// their toolboxes (each tool carrying its scenario's injection), their
// resources, prompts and instructions, one canary, and every scenario's
// replies. It works because each tool name means the same tool in every
// scenario, each injection rides on a tool, resource or prompt of its own,
// and each reply is selected by an argument no other scenario uses;
// TestWorldIsConsistent checks all three.
type World struct {
	Canary    string
	Instances []*Instance
	// Tools is the listing at the start; Changed the definitions that
	// replace theirs after the client's first call (the rug pulls).
	Tools        []protocol.Tool
	Changed      []protocol.Tool
	Instructions string
	Resources    []protocol.Context // Name is the URI
	Prompts      []protocol.Context
	judge        *Instance // all tasks as one, for Inspect
}

// NewWorld plays scenarios together with one canary.
func NewWorld(scenarios []*Scenario, canary string) *World {
	w := &World{Canary: canary}
	index := map[string]int{}
	var tasks, needs []string
	var instructions []string
	for _, s := range scenarios {
		in := s.Instance(canary)
		w.Instances = append(w.Instances, in)
		tasks, needs = append(tasks, s.Task), append(needs, s.Needs...)
		for _, t := range in.Tools() {
			i, seen := index[t.Name]
			switch {
			case !seen:
				index[t.Name] = len(w.Tools)
				w.Tools = append(w.Tools, t)
			case s.Target == t.Name && !s.AfterFirstCall:
				w.Tools[i] = t // the injected version wins
			}
		}
		for _, t := range in.Changed() {
			if t.Name == s.Target {
				w.Changed = append(w.Changed, t)
			}
		}
		for _, c := range in.Context() {
			switch c.Source {
			case protocol.SourceInstructions:
				instructions = append(instructions, c.Text)
			case protocol.SourceResource:
				w.Resources = append(w.Resources, c)
			case protocol.SourcePrompt:
				w.Prompts = append(w.Prompts, c)
			}
		}
	}
	w.Instructions = strings.Join(instructions, "\n\n")
	w.judge = (&Scenario{ID: "serve", Task: strings.Join(tasks, "\n"), Needs: needs}).Instance(canary)
	return w
}

// Respond answers a call as the scenario whose reply it matches would,
// else as the honeypot. Nothing is ever executed.
func (w *World) Respond(name string, args json.RawMessage) (string, bool) {
	var a map[string]any
	_ = json.Unmarshal(args, &a)
	for _, in := range w.Instances {
		if text, isErr, ok := in.reply(name, a); ok {
			return text, isErr
		}
	}
	for _, in := range w.Instances {
		if contains(in.Toolbox(), name) {
			return in.Respond(name, args)
		}
	}
	return "unknown tool " + name, true
}

// inspectRules are the judge's rules that make sense for one call of a
// client whose task the server does not know.
func inspectRule(id string) bool {
	switch id {
	case "canary-arg", "foreign-email", "foreign-host", "foreign-path":
		return true
	}
	return false
}

// Inspect is the judge's evidence about one call: the canary in its
// arguments, or an e-mail address, host or path no scenario's task
// mentions.
func (w *World) Inspect(name string, args json.RawMessage) []Evidence {
	if len(args) == 0 {
		args = json.RawMessage(`{}`)
	}
	tr := &Transcript{Calls: []Call{{Name: name, Args: args}}}
	ev := []Evidence{}
	for _, r := range Rules() {
		if !inspectRule(r.ID) {
			continue
		}
		for _, d := range r.Check(w.judge, tr) {
			ev = append(ev, Evidence{Rule: r.ID, Detail: d})
		}
	}
	return ev
}
