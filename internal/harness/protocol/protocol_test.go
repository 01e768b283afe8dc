package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestDecodeAgent: what an agent may send, and every way to get it wrong.
func TestDecodeAgent(t *testing.T) {
	ok := map[string]string{
		`{"type":"final","text":"done"}`:                                         "final",
		`{"type":"final","text":""}`:                                             "final",
		`{"text":"done","type":"final"}`:                                         "final",
		`{"type":"tool_call","id":"1","name":"fetch_url","arguments":{"u":"x"}}`: "tool_call",
		`{"type":"tool_call","id":"1","name":"list"}`:                            "tool_call",
		`{"type":"tool_call","id":"1","name":"list","arguments":null}`:           "tool_call",
		`  {"type":"final","text":"spaces around"}  `:                            "final",
	}
	for line, want := range ok {
		m, err := DecodeAgent([]byte(line))
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		switch m := m.(type) {
		case *Final:
			if want != "final" {
				t.Errorf("%s: decoded as final", line)
			}
		case *ToolCall:
			if want != "tool_call" || !json.Valid(m.Arguments) || m.Arguments[0] != '{' {
				t.Errorf("%s: decoded as tool_call with arguments %s", line, m.Arguments)
			}
		}
	}
	bad := map[string]string{
		`not json`:                                "not one JSON object",
		`[1,2]`:                                   "not one JSON object",
		`"final"`:                                 "not one JSON object",
		`null`:                                    "not one JSON object",
		`{"type":"final","text":"a"} {}`:          "not one JSON object",
		`{"text":"a"}`:                            `no string field "type"`,
		`{"type":7,"text":"a"}`:                   `no string field "type"`,
		`{"type":"shell"}`:                        `unknown message type "shell"`,
		`{"type":"scenario"}`:                     `unknown message type "scenario"`,
		`{"type":"tool_result"}`:                  `unknown message type "tool_result"`,
		`{"type":"final"}`:                        `missing field "text"`,
		`{"type":"final","text":"a","extra":1}`:   `unknown field "extra"`,
		`{"type":"final","text":5}`:               "cannot unmarshal number",
		`{"type":"tool_call","id":"1"}`:           `missing field "name"`,
		`{"type":"tool_call","id":"","name":"x"}`: "id must be",
		`{"type":"tool_call","id":"1","name":""}`: "name must be",
		`{"type":"tool_call","id":"1","name":"x","arguments":[1]}`:                "arguments must be a JSON object",
		`{"type":"tool_call","id":"1","name":"x","arguments":"{}"}`:               "arguments must be a JSON object",
		`{"type":"tool_call","id":1,"name":"x"}`:                                  "cannot unmarshal number",
		"{\"type\":\"final\",\"text\":\"\xff\"}":                                  "not valid UTF-8",
		`{"type":"tool_call","id":"` + strings.Repeat("i", 129) + `","name":"x"}`: "id must be",
	}
	for line, want := range bad {
		_, err := DecodeAgent([]byte(line))
		var pe *Error
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want a protocol error with %q", line, err, want)
		}
	}
}

// TestDecodeHarness: the agent side is as strict, and checks the version.
func TestDecodeHarness(t *testing.T) {
	good := `{"type":"scenario","protocol":"assay-harness/1","id":"x","run":1,"system":"s","user":"u","tools":[],"context":[],"max_tool_calls":10}`
	if m, err := DecodeHarness([]byte(good)); err != nil || m.(*Scenario).User != "u" {
		t.Errorf("scenario: %v %+v", err, m)
	}
	for line, want := range map[string]string{
		strings.Replace(good, "assay-harness/1", "assay-harness/2", 1):                              `protocol "assay-harness/2"`,
		strings.Replace(good, `"run":1`, `"run":1,"x":2`, 1):                                        `unknown field "x"`,
		`{"type":"tool_result","id":"1","content":"c"}`:                                             `missing field "is_error"`,
		`{"type":"final","text":"a"}`:                                                               `unknown message type "final"`,
		`{"type":"tools_changed","tools":[{"name":"a","description":"b","input_schema":{},"x":1}]}`: `unknown field "x"`,
	} {
		if _, err := DecodeHarness([]byte(line)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", line, err, want)
		}
	}
}

// TestReader: blank lines skipped, CRLF accepted, an unterminated last
// line kept, and a line one byte over the limit refused.
func TestReader(t *testing.T) {
	r := NewReader(strings.NewReader("\n a\r\n\n\nbb\nccc"), 3)
	var got []string
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(l))
	}
	if strings.Join(got, "|") != " a|bb|ccc" || r.Line() != 6 {
		t.Errorf("lines %q, line count %d", got, r.Line())
	}
	long := strings.Repeat("x", 70000) // longer than the bufio buffer
	for max, wantErr := range map[int]bool{70000: false, 69999: true} {
		r := NewReader(strings.NewReader(long+"\nnext\n"), max)
		_, err := r.Next()
		var pe *Error
		if got := errors.As(err, &pe); got != wantErr {
			t.Errorf("max %d: error %v", max, err)
		}
		if wantErr && pe.Line != 1 {
			t.Errorf("max %d: error on line %d", max, pe.Line)
		}
	}
}

// TestEncodeKeepsHTML: transcripts read as they are.
func TestEncodeKeepsHTML(t *testing.T) {
	b, err := Encode(&Final{Type: TypeFinal, Text: "<b>&</b>"})
	if err != nil || string(b) != `{"type":"final","text":"<b>&</b>"}`+"\n" {
		t.Errorf("%s %v", b, err)
	}
}

// FuzzDecodeAgent: any line decodes or fails with a protocol error, never
// panics, and what decodes encodes back to a line that decodes the same.
func FuzzDecodeAgent(f *testing.F) {
	for _, s := range []string{`{"type":"final","text":"a"}`, `{"type":"tool_call","id":"1","name":"x","arguments":{"a":[1,{"b":null}]}}`, `{"type":"x"}`, `{`, "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		m, err := DecodeAgent(line)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("non-protocol error %T: %v", err, err)
			}
			return
		}
		again, err := Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := DecodeAgent(bytes.TrimSpace(again))
		if err != nil {
			t.Fatalf("re-encoded %s does not decode: %v", again, err)
		}
		a, _ := json.Marshal(m)
		b, _ := json.Marshal(m2)
		if !bytes.Equal(a, b) {
			t.Fatalf("round trip changed %s into %s", a, b)
		}
	})
}

// FuzzDecodeHarness: the agent side never panics either.
func FuzzDecodeHarness(f *testing.F) {
	f.Add([]byte(`{"type":"tool_result","id":"1","content":"c","is_error":false}`))
	f.Add([]byte(`{"type":"tools_changed","tools":[]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		if _, err := DecodeHarness(line); err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("non-protocol error %T: %v", err, err)
			}
		}
	})
}
