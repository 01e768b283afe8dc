package tui

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
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
// but without decoding the rest: it skips the schema and every other
// member by scanning bytes, which is what lets 10,000 tools open at
// once. raw is a definition from a decoded bundle or a live capture, so
// it is valid JSON; a malformed head falls back to json.Unmarshal (which
// rejects it), malformed skipped values are not looked into.
func readHead(raw []byte) toolHead {
	var h toolHead
	i := ws(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return slowHead(raw)
	}
	i++
	for first := true; ; first = false {
		i = ws(raw, i)
		if first && i < len(raw) && raw[i] == '}' {
			return h
		}
		if i >= len(raw) || raw[i] != '"' {
			return slowHead(raw)
		}
		end := skipString(raw, i)
		key, ok := str(raw[i:end])
		if !ok {
			return slowHead(raw)
		}
		i = ws(raw, end)
		if i >= len(raw) || raw[i] != ':' {
			return slowHead(raw)
		}
		i = ws(raw, i+1)
		vend := skipValue(raw, i)
		if vend <= i {
			return slowHead(raw)
		}
		var dst *string
		switch {
		case strings.EqualFold(key, "name"):
			dst = &h.Name
		case strings.EqualFold(key, "title"):
			dst = &h.Title
		case strings.EqualFold(key, "description"):
			dst = &h.Description
		}
		if dst != nil && raw[i] == '"' {
			if v, ok := str(raw[i:vend]); ok {
				*dst = v
			} else {
				return slowHead(raw)
			}
		}
		i = ws(raw, vend)
		if i < len(raw) && raw[i] == ',' {
			i++
			continue // another member must follow
		}
		if i < len(raw) && raw[i] == '}' {
			return h
		}
		return slowHead(raw)
	}
}

func slowHead(raw []byte) toolHead {
	var h toolHead
	_ = json.Unmarshal(raw, &h)
	return h
}

func ws(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i] == '"'.
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// skipValue returns the index after the value starting at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = skipString(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	}
	j := i
	for ; j < len(b); j++ {
		switch b[j] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return j
		}
	}
	return j
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
