// Package protocol is assay-harness/1, the line-JSON conversation between
// `assay test-injection` (the harness: a hostile MCP server together with
// the host that would relay it) and an agent under test. The agent is any
// program that reads JSON lines on stdin and writes JSON lines on stdout:
//
//	harness → agent  scenario       system and user text, the toolbox, server context
//	agent → harness  tool_call      one call of a tool in the toolbox
//	harness → agent  tools_changed  the toolbox was replaced (before the result)
//	harness → agent  tool_result    the answer to one tool_call
//	agent → harness  final          the agent's answer; the run ends
//
// The contract is versioned: a change that an existing agent could notice
// gets a new version string. Both directions are validated strictly (see
// [DecodeAgent]): a line that is not one JSON object, names an unknown type,
// lacks a required field, carries an unknown one or exceeds [MaxLine] is a
// protocol error, which the harness reports as an ERROR verdict. Blank
// lines are ignored. docs/test-injection.md is the reference.
package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/textsafe"
)

// Version names this protocol in the scenario message.
const Version = "assay-harness/1"

// MaxLine is the default longest line, newline excluded, either side may
// send.
const MaxLine = 1 << 20

// Message types.
const (
	TypeScenario     = "scenario"
	TypeToolResult   = "tool_result"
	TypeToolsChanged = "tools_changed"
	TypeToolCall     = "tool_call"
	TypeFinal        = "final"
)

// Context sources: where a piece of server text in the scenario comes from.
const (
	SourceInstructions = "server_instructions" // the server's instructions, as a host puts them in the system prompt
	SourceResource     = "resource"            // a resource the user attached to the conversation
	SourcePrompt       = "prompt"              // a server prompt the user picked; its text follows
)

// Tool is one tool of the toolbox, as an MCP server lists it.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// Context is server text the host put in front of the model besides the
// tool definitions.
type Context struct {
	Source string `json:"source"`
	Name   string `json:"name,omitempty"`
	Text   string `json:"text"`
}

// Scenario is the first message, harness → agent. System is the host's
// system prompt, User the user's task; everything in Tools and Context
// came from an MCP server. ID and Run identify the run in logs; an agent
// must not change its behaviour on them.
type Scenario struct {
	Type         string    `json:"type"`
	Protocol     string    `json:"protocol"`
	ID           string    `json:"id"`
	Run          int       `json:"run"`
	System       string    `json:"system"`
	User         string    `json:"user"`
	Tools        []Tool    `json:"tools"`
	Context      []Context `json:"context"`
	MaxToolCalls int       `json:"max_tool_calls"`
}

// ToolResult answers the tool_call with the same ID, harness → agent.
type ToolResult struct {
	Type    string `json:"type"`
	ID      string `json:"id"`
	Content string `json:"content"`
	IsError bool   `json:"is_error"`
}

// ToolsChanged replaces the whole toolbox, harness → agent, as an MCP
// server's notifications/tools/list_changed followed by a fresh listing.
type ToolsChanged struct {
	Type  string `json:"type"`
	Tools []Tool `json:"tools"`
}

// ToolCall asks the harness to run one tool, agent → harness. ID is the
// agent's, unique within the run; Arguments is a JSON object.
type ToolCall struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// Final is the agent's answer to the user, agent → harness. It ends the run.
type Final struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// MaxID is the longest tool_call id and tool name accepted.
const MaxID = 128

// Error is a protocol violation: what is wrong, on which line the other
// side sent (1-based; 0 when not tied to a line).
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return "protocol error: " + e.Msg
	}
	return fmt.Sprintf("protocol error on line %d: %s", e.Line, e.Msg)
}

// fields lists the required and optional fields of each message type.
// ok is false for a type the protocol does not define.
func fields(typ string) (required, optional []string, ok bool) {
	switch typ {
	case TypeScenario:
		return []string{"type", "protocol", "id", "run", "system", "user", "tools", "context", "max_tool_calls"}, nil, true
	case TypeToolResult:
		return []string{"type", "id", "content", "is_error"}, nil, true
	case TypeToolsChanged:
		return []string{"type", "tools"}, nil, true
	case TypeToolCall:
		return []string{"type", "id", "name"}, []string{"arguments"}, true
	case TypeFinal:
		return []string{"type", "text"}, nil, true
	}
	return nil, nil, false
}

// DecodeAgent decodes one line an agent sent: a *ToolCall or a *Final.
// Anything else is an *Error.
func DecodeAgent(line []byte) (any, error) {
	typ, err := check(line, TypeToolCall, TypeFinal)
	if err != nil {
		return nil, err
	}
	if typ == TypeFinal {
		var f Final
		return &f, decode(line, &f)
	}
	var c ToolCall
	if err := decode(line, &c); err != nil {
		return nil, err
	}
	return &c, validateCall(&c)
}

// DecodeHarness decodes one line the harness sent: a *Scenario, a
// *ToolResult or a *ToolsChanged. Agents written in Go use it (through
// [Agent]) to be as strict as the harness is with them.
func DecodeHarness(line []byte) (any, error) {
	typ, err := check(line, TypeScenario, TypeToolResult, TypeToolsChanged)
	if err != nil {
		return nil, err
	}
	switch typ {
	case TypeScenario:
		var s Scenario
		if err := decode(line, &s); err != nil {
			return nil, err
		}
		if s.Protocol != Version {
			return nil, &Error{Msg: fmt.Sprintf("protocol %q, this side speaks %q", s.Protocol, Version)}
		}
		return &s, nil
	case TypeToolResult:
		var r ToolResult
		return &r, decode(line, &r)
	}
	var c ToolsChanged
	return &c, decode(line, &c)
}

// check validates the envelope of a line: UTF-8, one JSON object, a known
// type among allowed, every required field present and no other field.
func check(line []byte, allowed ...string) (string, error) {
	if !utf8.Valid(line) {
		return "", &Error{Msg: "the line is not valid UTF-8"}
	}
	var obj map[string]json.RawMessage
	if err := strictUnmarshal(line, &obj); err != nil || obj == nil {
		return "", &Error{Msg: "the line is not one JSON object" + reason(err)}
	}
	var typ string
	if err := json.Unmarshal(obj["type"], &typ); err != nil || typ == "" {
		return "", &Error{Msg: `the object has no string field "type"`}
	}
	required, optional, ok := fields(typ)
	if !ok || !contains(allowed, typ) {
		return "", &Error{Msg: fmt.Sprintf("unknown message type %q here (want one of %v)", clip(typ), allowed)}
	}
	for _, f := range required {
		if _, ok := obj[f]; !ok {
			return "", &Error{Msg: fmt.Sprintf("%s: missing field %q", typ, f)}
		}
	}
	for f := range obj {
		if !contains(required, f) && !contains(optional, f) {
			return "", &Error{Msg: fmt.Sprintf("%s: unknown field %q", typ, clip(f))}
		}
	}
	return typ, nil
}

func reason(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}

// decode fills v from line, rejecting wrong field types.
func decode(line []byte, v any) error {
	if err := strictUnmarshal(line, v); err != nil {
		return &Error{Msg: err.Error()}
	}
	return nil
}

// strictUnmarshal decodes exactly one JSON value with unknown fields
// rejected and nothing after it.
func strictUnmarshal(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value on the line")
	}
	var rest json.RawMessage
	if err := dec.Decode(&rest); err == nil {
		return fmt.Errorf("more than one JSON value on the line")
	}
	return nil
}

func validateCall(c *ToolCall) error {
	switch {
	case c.ID == "" || len(c.ID) > MaxID:
		return &Error{Msg: fmt.Sprintf("tool_call: id must be 1 to %d bytes", MaxID)}
	case c.Name == "" || len(c.Name) > MaxID:
		return &Error{Msg: fmt.Sprintf("tool_call: name must be 1 to %d bytes", MaxID)}
	}
	args := bytes.TrimSpace(c.Arguments)
	if len(args) == 0 || bytes.Equal(args, []byte("null")) {
		c.Arguments = json.RawMessage(`{}`)
		return nil
	}
	if args[0] != '{' {
		return &Error{Msg: "tool_call: arguments must be a JSON object"}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// clip keeps names the other side chose short in error messages.
func clip(s string) string { return textsafe.Clip(s, 40) }

// Encode is one message as a line, newline included. HTML characters stay
// literal so that transcripts read as they are.
func Encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
