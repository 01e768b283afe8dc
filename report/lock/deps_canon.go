package lock

// The one place this package reaches report/canon: canonical JSON (RFC
// 8785) and SHA-256 over it.

import "github.com/assay-mcp/assay/report/canon"

// hashRaw is "sha256:" + hex over the canonical form of raw JSON.
func hashRaw(raw []byte) string { return canon.Hash(raw) }

// hashValue hashes the canonical JSON of a Go value.
func hashValue(v any) string { return canon.HashValue(v) }

// canonical is the RFC 8785 form of v.
func canonical(v any) ([]byte, error) { return canon.Marshal(v) }
