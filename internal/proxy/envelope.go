package proxy

import (
	"bytes"
	"encoding/json"
)

// envelope is the JSON-RPC frame of one message; params and result stay
// raw until a method that matters needs them.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
	valid  bool
}

// parse decodes line; a line that is not a JSON object leaves env invalid.
func parse(line []byte) *envelope {
	env := &envelope{}
	if t := bytes.TrimSpace(line); len(t) == 0 || t[0] != '{' {
		return env
	}
	if json.Unmarshal(line, env) == nil {
		env.valid = true
	}
	return env
}

func (e *envelope) hasID() bool { return len(e.ID) > 0 && string(e.ID) != "null" }

// kind names the message for the journal.
func (e *envelope) kind() string {
	switch {
	case !e.valid:
		return "invalid"
	case e.Method != "" && e.hasID():
		return "request"
	case e.Method != "":
		return "notification"
	case len(e.Error) > 0:
		return "error"
	case e.hasID():
		return "response"
	}
	return "invalid"
}

// idString is the id as written (a number, or a string without quotes).
func (e *envelope) idString() string {
	if !e.hasID() {
		return ""
	}
	var s string
	if json.Unmarshal(e.ID, &s) == nil {
		return s
	}
	return string(e.ID)
}

// idKey pairs a request with its response: "s:abc" or "n:3".
func (e *envelope) idKey() string {
	if !e.hasID() {
		return ""
	}
	if e.ID[0] == '"' {
		return "s:" + e.idString()
	}
	return "n:" + string(bytes.TrimSpace(e.ID))
}
