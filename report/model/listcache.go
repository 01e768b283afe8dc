package model

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// ListCache is the cache hint of one list result, as served on its first
// page: the 2026-07-28 revision requires ttlMs and cacheScope on every
// list result (tools, prompts, resources, resource templates). A server
// that lists different tools to different users should answer "private";
// "public" lets shared caches between client and server keep the list.
type ListCache struct {
	// List names the result: tools, prompts, resources or resourceTemplates.
	List string `json:"list"`
	// TTLMs is how long, in milliseconds, a client may reuse the result;
	// absent when the server sent none or a value that is not a
	// non-negative integer (then named in Malformed).
	TTLMs *int64 `json:"ttlMs,omitempty"`
	// CacheScope is the scope as served ("public", "private", or another
	// string, clipped to 32 bytes); empty when absent.
	CacheScope string `json:"cacheScope,omitempty"`
	// Malformed names the fields served with a wrong type or range.
	Malformed []string `json:"malformed,omitempty"`
}

// maxScope bounds a served cacheScope kept in a bundle.
const maxScope = 32

// ReadListCache reads ttlMs and cacheScope from the top level of a list
// result (head, its members as raw JSON); nil when it has neither.
func ReadListCache(list string, head map[string]json.RawMessage) *ListCache {
	ttl, hasTTL := head["ttlMs"]
	scope, hasScope := head["cacheScope"]
	if !hasTTL && !hasScope {
		return nil
	}
	c := &ListCache{List: list}
	if hasTTL {
		// A JSON integer, not a string, float or exponent form.
		var n int64
		t := bytes.TrimSpace(ttl)
		if len(t) > 0 && t[0] >= '0' && t[0] <= '9' && json.Unmarshal(t, &n) == nil {
			c.TTLMs = &n
		} else {
			c.Malformed = append(c.Malformed, "ttlMs")
		}
	}
	if hasScope {
		var s string
		if json.Unmarshal(scope, &s) == nil && s != "" {
			c.CacheScope = clipUTF8(s, maxScope)
		} else {
			c.Malformed = append(c.Malformed, "cacheScope")
		}
	}
	return c
}

func clipUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
