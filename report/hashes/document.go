package hashes

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// DocumentHash hashes the canonical JSON of v without its top-level
// "signature" and "createdAt" members and without hashes.document. v must
// encode to a JSON object.
func DocumentHash(v any) (string, error) {
	var raw []byte
	if f, ok := v.(*model.Findings); ok {
		// Canonical JSON written straight from the document: no encoding
		// and re-parsing of 28 MB for a 10,000-tool analysis.
		if c, err := model.AppendFindingsCanonical(nil, f, Document); err == nil {
			return canon.Sum(c), nil
		}
		// The same bytes as below, written without reflection.
		var err error
		if raw, err = model.AppendFindingsJSON(nil, f, false); err != nil {
			return "", fmt.Errorf("encoding document: %w", err)
		}
	} else {
		// Encoded without HTML escaping: the canonical form is the same
		// either way, and a string with no escape is copied by the
		// canonical writer instead of decoded and re-encoded ('<', '>' and
		// '&' are common in descriptions and evidence).
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return "", fmt.Errorf("encoding document: %w", err)
		}
		raw = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	}
	if h, ok := documentHashFast(raw); ok {
		return h, nil
	}
	return documentHashJCS(raw)
}

// documentHashFast is one canonicalising pass over the encoded document:
// top-level members split with their values already canonical, the
// excluded ones dropped, the rest written sorted. For a 10,000-tool
// findings document it replaces decode, re-encode and a JCS parse.
func documentHashFast(raw []byte) (string, bool) {
	ms, err := canon.RawMembers(raw)
	if err != nil {
		return "", false
	}
	kept := ms[:0]
	for _, m := range ms {
		switch m.Key {
		case "signature", "createdAt":
			continue
		case "hashes":
			hm, err := canon.RawMembers(m.Raw)
			if err != nil {
				return "", false
			}
			rest := hm[:0]
			for _, x := range hm {
				if x.Key != Document {
					rest = append(rest, x)
				}
			}
			if len(rest) == 0 {
				continue
			}
			if m.Raw, err = canon.AppendMembers(nil, rest); err != nil {
				return "", false
			}
		}
		kept = append(kept, m)
	}
	out, err := canon.AppendMembers(make([]byte, 0, len(raw)), kept)
	if err != nil {
		return "", false
	}
	return canon.Sum(out), true
}

// documentHashJCS is the reference path: decode, drop, re-encode, JCS.
func documentHashJCS(raw []byte) (string, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", fmt.Errorf("document is not an object: %w", err)
	}
	delete(m, "signature")
	delete(m, "createdAt")
	if hr, ok := m["hashes"]; ok {
		var hm map[string]json.RawMessage
		if json.Unmarshal(hr, &hm) == nil {
			delete(hm, Document)
			if len(hm) == 0 {
				delete(m, "hashes")
			} else {
				m["hashes"], _ = json.Marshal(hm)
			}
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	return canon.Hash(out), nil
}

// SealBundle fills every server's hash map from its raw definitions and
// then the bundle's document hash. Call it last, just before writing.
func SealBundle(b *model.Bundle) error {
	servers, _ := Bundle(b)
	for i := range b.Servers {
		b.Servers[i].Hashes = servers[i]
	}
	if b.Hashes == nil {
		b.Hashes = map[string]string{}
	}
	delete(b.Hashes, Document)
	d, err := DocumentHash(b)
	if err != nil {
		return err
	}
	b.Hashes[Document] = d
	return nil
}

// SealFindings sets f's document-level hashes, the document hash last.
// Call it once the document is final (after any suppression), just before
// writing; any later edit is then reported by `assay verify`.
func SealFindings(f *model.Findings) error {
	if f.Hashes == nil {
		f.Hashes = map[string]string{}
	}
	for k, v := range FindingsHashes(f) {
		f.Hashes[k] = v
	}
	delete(f.Hashes, Document)
	d, err := DocumentHash(f)
	if err != nil {
		return err
	}
	f.Hashes[Document] = d
	return nil
}
