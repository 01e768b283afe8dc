package model

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Fingerprint identifies a finding across scans: a hash of rule id, server
// identity, item and field. It never includes line numbers, order or text
// an attacker could reword, so a finding keeps its fingerprint when the
// offending sentence is rephrased.
func Fingerprint(ruleID, server, item, field string) string {
	h := sha256.Sum256([]byte(strings.Join([]string{ruleID, server, item, field}, "\x00")))
	return hex.EncodeToString(h[:16])
}

// SetFingerprint fills f.Fingerprint from its identity fields when empty.
func (f *Finding) SetFingerprint() {
	if f.Fingerprint != "" {
		return
	}
	item := f.Item
	if item == "" {
		item = f.Tool
	}
	if item == "" {
		item = f.Context
	}
	f.Fingerprint = Fingerprint(f.ID, f.Server, item, f.Element)
}
