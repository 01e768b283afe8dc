package tui

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/canon"
)

// toolHead is the part of a raw definition the tree reads.
type toolHead struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// readHead reads name, title and description of a raw tool definition
// as json.Unmarshal into toolHead does (member names matched without
// regard to case, the last one winning, values of another type ignored),
// but without decoding the rest: canon.RawMembers splits the members
// and skips the schema and every other value by scanning bytes, which is
// what lets 10,000 tools open at once. A definition it does not take
// falls back to json.Unmarshal.
func readHead(raw []byte) toolHead {
	ms, err := canon.RawMembers(raw)
	if err != nil {
		return slowHead(raw)
	}
	var h toolHead
	for _, m := range ms {
		var dst *string
		switch {
		case strings.EqualFold(m.Key, "name"):
			dst = &h.Name
		case strings.EqualFold(m.Key, "title"):
			dst = &h.Title
		case strings.EqualFold(m.Key, "description"):
			dst = &h.Description
		}
		if dst == nil || len(m.Raw) == 0 || m.Raw[0] != '"' {
			continue
		}
		v, ok := str(m.Raw)
		if !ok {
			return slowHead(raw)
		}
		*dst = v
	}
	return h
}

func slowHead(raw []byte) toolHead {
	var h toolHead
	_ = json.Unmarshal(raw, &h)
	return h
}

// str decodes one JSON string token; plain ones without a copy through
// the decoder.
func str(tok []byte) (string, bool) {
	if len(tok) < 2 || tok[len(tok)-1] != '"' {
		return "", false
	}
	if bytes.IndexByte(tok, '\\') < 0 && utf8.Valid(tok) {
		return string(tok[1 : len(tok)-1]), true
	}
	var s string
	return s, json.Unmarshal(tok, &s) == nil
}
