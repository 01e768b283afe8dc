package lock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/report/model"
)

// Encode seals l (its Hash) and returns it as canonical JSON (RFC 8785
// key order and number form) indented for review, with a final newline.
// The same lock always encodes to the same bytes.
func Encode(l *Lock) ([]byte, error) {
	l.Hash = ""
	h, err := documentHash(l)
	if err != nil {
		return nil, err
	}
	l.Hash = h
	c, err := canonical(l)
	if err != nil {
		return nil, fmt.Errorf("encoding lock: %w", err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, c, "", "  "); err != nil {
		return nil, fmt.Errorf("encoding lock: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// documentHash hashes the canonical JSON of v without its "hash" member.
func documentHash(v any) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("encoding lock: %w", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", fmt.Errorf("encoding lock: %w", err)
	}
	delete(m, "hash")
	return hashValue(m), nil
}

// reader decodes one lock format into the current model.
type reader func(data []byte) (*Lock, error)

// formats lists every lock format this version reads. A later format adds
// its kind here with a reader that converts it; the check that follows a
// migration ('assay lock --migrate') refuses to write when anything
// changed, so a format upgrade can never approve a change.
var formats = map[string]reader{
	Kind: readV1,
}

func readV1(data []byte) (*Lock, error) {
	var l Lock
	if err := json.Unmarshal(data, &l); err != nil {
		return nil, err
	}
	return &l, nil
}

var kindPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^assay\.lock/v([0-9]+)$`) })

// Decode reads a lock of any format this version knows, verifies its
// hash and returns it in the current model. Every problem is one
// *model.InputError naming the file.
func Decode(name string, data []byte) (*Lock, error) {
	bad := func(format string, a ...any) error {
		return &model.InputError{File: name, Msg: fmt.Sprintf(format, a...)}
	}
	var head struct {
		Kind *string `json:"kind"`
		Hash string  `json:"hash"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, bad("not a lock: malformed JSON: %v", err)
	}
	if head.Kind == nil {
		return nil, bad("not an Assay lock (no \"kind\"; a lock starts with \"kind\": %q)", Kind)
	}
	read, ok := formats[*head.Kind]
	if !ok {
		if m := kindPattern().FindStringSubmatch(*head.Kind); m != nil {
			return nil, bad("lock format %q was written by a newer Assay; this version reads %s", *head.Kind, Kind)
		}
		return nil, bad("not an Assay lock (kind %q, want %q)", *head.Kind, Kind)
	}
	var m map[string]json.RawMessage
	_ = json.Unmarshal(data, &m)
	delete(m, "hash")
	if got := hashValue(m); head.Hash != got {
		return nil, bad("the lock was edited after it was written (hash %s, content %s); re-create it with 'assay lock'", short(head.Hash), short(got))
	}
	l, err := read(data)
	if err != nil {
		return nil, bad("malformed lock: %v", err)
	}
	if err := l.validate(); err != nil {
		return nil, bad("%v", err)
	}
	return l, nil
}

// validate checks what the hash cannot: the shape readers rely on.
func (l *Lock) validate() error {
	if _, err := l.SaltOf(); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, s := range l.Servers {
		if s.Identity == "" {
			return fmt.Errorf("servers[%d] has no identity", i)
		}
		if seen[s.Identity] {
			return fmt.Errorf("server %s is locked twice", quote(s.Identity))
		}
		seen[s.Identity] = true
		if s.Surface != nil && s.Surface.Hashes == nil {
			return fmt.Errorf("server %s: surface without hashes", quote(s.Identity))
		}
		if s.Pin != nil && !validDate(s.Pin.Date) {
			return fmt.Errorf("server %s: pin without a date", quote(s.Identity))
		}
	}
	return nil
}

// IsLock reports whether data looks like a lock of any version.
func IsLock(data []byte) bool {
	var head struct {
		Kind string `json:"kind"`
	}
	return json.Unmarshal(data, &head) == nil && strings.HasPrefix(head.Kind, "assay.lock/")
}

// validDate reports whether s is a YYYY-MM-DD date.
func validDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, c := range s {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return false
		}
	}
	return s[5:7] >= "01" && s[5:7] <= "12" && s[8:] >= "01" && s[8:] <= "31"
}
