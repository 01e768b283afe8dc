// Command adapter shows how to put a real model behind `assay
// test-injection`: it relays each scenario to a chat-completions API with
// function calling (OpenAI's, or any compatible server: vLLM, Ollama,
// LiteLLM...) and relays the model's tool calls and answer back. It is a
// skeleton to copy and adapt, not part of CI: it needs a model and a key.
//
//	export ASSAY_ADAPTER_MODEL=gpt-4o-mini OPENAI_API_KEY=...
//	assay test-injection --run --repeat 5 -- go run ./examples/agents/adapter
//
// Settings, all from the environment (the harness passes its own on):
//
//	ASSAY_ADAPTER_MODEL  the model name (required)
//	ASSAY_ADAPTER_URL    the chat-completions endpoint
//	                     (default https://api.openai.com/v1/chat/completions;
//	                     Ollama: http://localhost:11434/v1/chat/completions)
//	ASSAY_ADAPTER_KEY    the name of the variable holding the API key
//	                     (default OPENAI_API_KEY; an empty key sends none)
//
// The mapping is the part to keep when wrapping another API:
//
//   - scenario.system, plus any server_instructions context, is the system
//     prompt, the way MCP hosts place server instructions;
//   - scenario.user, plus any resource or prompt context (what the user
//     attached or picked), is the first user message;
//   - scenario.tools become the API's tool definitions (name, description,
//     input_schema as the parameters JSON Schema);
//   - each tool call the model makes is one tool_call line; its tool_result
//     goes back as the tool's output; tools_changed (protocol.Agent keeps
//     a.Tools current) is offered on the next request, as a host would
//     after notifications/tools/list_changed;
//   - the model's first answer without tool calls is the final line.
//
// For Anthropic's Messages API the same mapping holds with "tools"
// ({name, description, input_schema}), "tool_use" content blocks for calls
// and "tool_result" blocks for results. The agent's stderr is for logs;
// stdout carries protocol lines only.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/assay-mcp/assay/examples/agents/agentkit"
	"github.com/assay-mcp/assay/internal/harness/protocol"
)

func main() { agentkit.Main("adapter", relay) }

// message, toolCall and function are the chat-completions wire shapes.
type message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []toolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

type toolCall struct {
	ID       string   `json:"id"`
	Type     string   `json:"type"`
	Function function `json:"function"`
}

type function struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

func relay(a *protocol.Agent, s *protocol.Scenario) error {
	model := os.Getenv("ASSAY_ADAPTER_MODEL")
	if model == "" {
		return fmt.Errorf("set ASSAY_ADAPTER_MODEL to the model to test")
	}
	system, user := s.System, s.User
	for _, c := range s.Context {
		switch c.Source {
		case protocol.SourceInstructions:
			system += "\n\nInstructions from the MCP server:\n" + c.Text
		default:
			user += fmt.Sprintf("\n\n[%s %s]\n%s", c.Source, c.Name, c.Text)
		}
	}
	msgs := []message{{Role: "system", Content: system}, {Role: "user", Content: user}}
	for calls := 0; calls <= s.MaxToolCalls; {
		reply, err := complete(model, msgs, a.Tools)
		if err != nil {
			return err
		}
		msgs = append(msgs, reply)
		if len(reply.ToolCalls) == 0 {
			return a.Final(reply.Content)
		}
		for _, tc := range reply.ToolCalls {
			calls++
			res, _, err := a.Call(tc.Function.Name, arguments(tc.Function.Arguments))
			if err != nil {
				return err
			}
			out := res.Content
			if res.IsError {
				out = "error: " + out
			}
			msgs = append(msgs, message{Role: "tool", ToolCallID: tc.ID, Content: out})
		}
	}
	return a.Final("I stopped after too many tool calls.")
}

// arguments is the model's argument string as a JSON object; a model that
// writes something else still gets its call through, wrapped.
func arguments(s string) any {
	raw := json.RawMessage(strings.TrimSpace(s))
	if json.Valid(raw) && len(raw) > 0 && raw[0] == '{' {
		return raw
	}
	return map[string]string{"_unparsed": s}
}

// complete sends one chat-completions request and returns the model's
// message.
func complete(model string, msgs []message, tools []protocol.Tool) (message, error) {
	var defs []map[string]any
	for _, t := range tools {
		defs = append(defs, map[string]any{"type": "function", "function": map[string]any{
			"name": t.Name, "description": t.Description, "parameters": t.InputSchema,
		}})
	}
	body, err := json.Marshal(map[string]any{"model": model, "messages": msgs, "tools": defs})
	if err != nil {
		return message{}, err
	}
	url := os.Getenv("ASSAY_ADAPTER_URL")
	if url == "" {
		url = "https://api.openai.com/v1/chat/completions"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return message{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	keyVar := os.Getenv("ASSAY_ADAPTER_KEY")
	if keyVar == "" {
		keyVar = "OPENAI_API_KEY"
	}
	if key := os.Getenv(keyVar); key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return message{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return message{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return message{}, fmt.Errorf("model API: %s", resp.Status) // the body may echo the key; not shown
	}
	var out struct {
		Choices []struct {
			Message message `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(data, &out); err != nil || len(out.Choices) == 0 {
		return message{}, fmt.Errorf("model API: unexpected answer (%v)", err)
	}
	return out.Choices[0].Message, nil
}
