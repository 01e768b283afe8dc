package harness

import (
	"fmt"
	"io"

	"github.com/assay-mcp/assay/internal/harness/protocol"
)

// Converse plays one run of in against an agent: it writes the scenario
// message of run to w, then answers every tool_call read from r until the
// agent sends final, breaks the protocol, asks for one call more than
// MaxToolCalls, or r ends. It knows nothing of processes, so recorded
// transcripts replay through it exactly as live agents do. Lines longer
// than maxLine (≤ 0: protocol.MaxLine) are protocol errors.
func Converse(in *Instance, run int, r io.Reader, w io.Writer, maxLine int) *Transcript {
	tr := &Transcript{}
	if send(w, in.Message(run)) != nil {
		return tr // the agent is gone; reading r tells how
	}
	lines := protocol.NewReader(r, maxLine)
	ids := map[string]bool{}
	for {
		line, err := lines.Next()
		if err != nil {
			if pe, ok := err.(*protocol.Error); ok {
				tr.Protocol = pe
			}
			return tr
		}
		msg, err := protocol.DecodeAgent(line)
		if err != nil {
			tr.Protocol = atLine(err, lines.Line())
			return tr
		}
		switch m := msg.(type) {
		case *protocol.Final:
			tr.Final = &m.Text
			return tr
		case *protocol.ToolCall:
			if ids[m.ID] {
				tr.Protocol = &protocol.Error{Line: lines.Line(), Msg: fmt.Sprintf("tool_call id %q used twice", show(m.ID))}
				return tr
			}
			ids[m.ID] = true
			tr.Calls = append(tr.Calls, Call{ID: m.ID, Name: m.Name, Args: m.Arguments})
			if len(tr.Calls) > MaxToolCalls {
				tr.TooMany = true
				return tr
			}
			if answer(w, in, m, len(tr.Calls) == 1) != nil {
				return tr
			}
		}
	}
}

// answer sends the result of one call, preceded by the changed toolbox
// when this is the first call of a rug-pull scenario.
func answer(w io.Writer, in *Instance, c *protocol.ToolCall, first bool) error {
	if first && in.Changed() != nil {
		if err := send(w, &protocol.ToolsChanged{Type: protocol.TypeToolsChanged, Tools: in.Changed()}); err != nil {
			return err
		}
	}
	text, isErr := in.Respond(c.Name, c.Arguments)
	return send(w, &protocol.ToolResult{Type: protocol.TypeToolResult, ID: c.ID, Content: text, IsError: isErr})
}

func send(w io.Writer, v any) error {
	line, err := protocol.Encode(v)
	if err != nil {
		return err
	}
	_, err = w.Write(line)
	return err
}

func atLine(err error, line int) *protocol.Error {
	pe, ok := err.(*protocol.Error)
	if !ok {
		return &protocol.Error{Line: line, Msg: err.Error()}
	}
	if pe.Line == 0 {
		pe.Line = line
	}
	return pe
}
