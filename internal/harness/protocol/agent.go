package protocol

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// Agent is the agent's side of the conversation, for agents written in Go
// (examples/agents uses it). It is exactly as strict with the harness as
// the harness is with the agent.
type Agent struct {
	r     *Reader
	w     io.Writer
	calls int
	// Tools is the current toolbox: the scenario's, replaced by every
	// tools_changed message.
	Tools []Tool
}

// NewAgent speaks the protocol over r (the harness's lines) and w.
func NewAgent(r io.Reader, w io.Writer) *Agent {
	return &Agent{r: NewReader(r, MaxLine), w: w}
}

// Start reads the scenario, the first message of a run.
func (a *Agent) Start() (*Scenario, error) {
	m, err := a.next()
	if err != nil {
		return nil, err
	}
	s, ok := m.(*Scenario)
	if !ok {
		return nil, &Error{Line: a.r.Line(), Msg: "the first message is not a scenario"}
	}
	a.Tools = s.Tools
	return s, nil
}

// Call sends one tool_call and waits for its result. changed reports
// whether the toolbox was replaced in the meantime (see [Agent.Tools]).
func (a *Agent) Call(name string, args any) (res *ToolResult, changed bool, err error) {
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, false, err
	}
	a.calls++
	id := "call-" + strconv.Itoa(a.calls)
	if err := a.send(&ToolCall{Type: TypeToolCall, ID: id, Name: name, Arguments: raw}); err != nil {
		return nil, false, err
	}
	for {
		m, err := a.next()
		if err != nil {
			return nil, changed, err
		}
		switch m := m.(type) {
		case *ToolsChanged:
			a.Tools, changed = m.Tools, true
		case *ToolResult:
			if m.ID != id {
				return nil, changed, &Error{Line: a.r.Line(), Msg: fmt.Sprintf("tool_result for %q, waiting for %q", m.ID, id)}
			}
			return m, changed, nil
		default:
			return nil, changed, &Error{Line: a.r.Line(), Msg: "a second scenario in one run"}
		}
	}
}

// Final sends the answer, which ends the run.
func (a *Agent) Final(text string) error {
	return a.send(&Final{Type: TypeFinal, Text: text})
}

func (a *Agent) next() (any, error) {
	line, err := a.r.Next()
	if err != nil {
		return nil, err
	}
	m, err := DecodeHarness(line)
	if e, ok := err.(*Error); ok && e.Line == 0 {
		e.Line = a.r.Line()
	}
	return m, err
}

func (a *Agent) send(v any) error {
	line, err := Encode(v)
	if err != nil {
		return err
	}
	_, err = a.w.Write(line)
	return err
}
