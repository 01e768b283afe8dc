package model

import (
	"encoding/json"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
)

// A bundle of 10,000 tools is 25 MB, nearly all of it raw definitions
// that the Bundle keeps as json.RawMessage. encoding/json reads such a
// document in three passes (validation, a scan past every raw value, a
// copy of it). checkDocument has already validated it, so the fast path
// below only splits: the top-level members, each server's members, and
// the elements of the four raw lists, each element the very bytes
// encoding/json would copy. Everything else (identity, config, tokens,
// errors...) is small and goes through encoding/json as before, as an
// object of the remaining members. Anything it does not expect — a list
// that is not an array, a member spelled in another case (encoding/json
// matches names case-insensitively) — sends the whole document to
// encoding/json, so the two always agree (TestFastBundleMatchesStdlib).

// rawLists are the Server members read as lists of raw definitions.
var rawLists = []string{"tools", "prompts", "resources", "resourceTemplates"}

// fastBundle decodes a checked bundle document; ok is false when it must
// take encoding/json's path.
func fastBundle(data []byte) (*Bundle, bool) {
	top, err := canon.RawMembers(data)
	if err != nil {
		return nil, false
	}
	var servers []byte
	rest := make([]canon.RawMember, 0, len(top))
	for _, m := range top {
		switch {
		case m.Key == "servers":
			servers = m.Raw
		case strings.EqualFold(m.Key, "servers"):
			return nil, false
		default:
			rest = append(rest, m)
		}
	}
	if servers == nil {
		return nil, false
	}
	elems, err := canon.RawElements(servers)
	if err != nil {
		return nil, false
	}
	var b Bundle
	if json.Unmarshal(joinMembers(rest), &b) != nil {
		return nil, false
	}
	b.Servers = make([]Server, len(elems))
	for i, e := range elems {
		if !fastServer(e, &b.Servers[i]) {
			return nil, false
		}
	}
	return &b, true
}

func fastServer(raw []byte, s *Server) bool {
	ms, err := canon.RawMembers(raw)
	if err != nil {
		return false
	}
	var lists [4][]json.RawMessage
	var present [4]bool
	rest := make([]canon.RawMember, 0, len(ms))
next:
	for _, m := range ms {
		for i, k := range rawLists {
			if m.Key == k {
				l, ok := splitRawList(m.Raw)
				if !ok {
					return false
				}
				lists[i], present[i] = l, true
				continue next
			}
			if strings.EqualFold(m.Key, k) {
				return false
			}
		}
		rest = append(rest, m)
	}
	if json.Unmarshal(joinMembers(rest), s) != nil {
		return false
	}
	if present[0] {
		s.Tools = lists[0]
	}
	if present[1] {
		s.Prompts = lists[1]
	}
	if present[2] {
		s.Resources = lists[2]
	}
	if present[3] {
		s.ResourceTemplates = lists[3]
	}
	return true
}

// splitRawList is what encoding/json makes of a []json.RawMessage member:
// null is nil, an array its elements as written.
func splitRawList(raw []byte) ([]json.RawMessage, bool) {
	if string(raw) == "null" {
		return nil, true
	}
	elems, err := canon.RawElements(raw)
	if err != nil {
		return nil, false
	}
	out := make([]json.RawMessage, len(elems))
	for i, e := range elems {
		out[i] = e
	}
	return out, true
}

// joinMembers writes the members back as one JSON object.
func joinMembers(ms []canon.RawMember) []byte {
	n := 2
	for _, m := range ms {
		n += len(m.Raw) + len(m.Key) + 8
	}
	out := make([]byte, 0, n)
	out = append(out, '{')
	for i, m := range ms {
		if i > 0 {
			out = append(out, ',')
		}
		out = AppendJSONString(out, m.Key)
		out = append(out, ':')
		out = append(out, m.Raw...)
	}
	return append(out, '}')
}
