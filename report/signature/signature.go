// Package signature signs and verifies bundles with Ed25519 (stdlib
// crypto/ed25519, no home-made crypto). The signature covers the RFC 8785
// canonical JSON of the whole bundle file with its "signature" member
// removed, so any edit to any other byte of meaning is detected, while
// re-indenting the file is not an edit. It is pure, so the report page
// verifies signatures too.
package signature

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// Algorithm is the only algorithm Assay signs with.
const Algorithm = "ed25519"

// KeyID is a short fingerprint of a public key: the first 16 hex digits of
// its SHA-256, shown as "ed25519:xxxx…".
func KeyID(pub ed25519.PublicKey) string {
	h := sha256.Sum256(pub)
	return "ed25519:" + hex.EncodeToString(h[:8])
}

// signedBytes is the canonical JSON of doc without its signature member.
func signedBytes(doc []byte) ([]byte, *model.Signature, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, nil, fmt.Errorf("not a JSON object: %w", err)
	}
	var sig *model.Signature
	if raw, ok := m["signature"]; ok {
		if err := json.Unmarshal(raw, &sig); err != nil {
			return nil, nil, fmt.Errorf("signature field: %w", err)
		}
		delete(m, "signature")
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, nil, err
	}
	c, err := canon.JSON(raw)
	return c, sig, err
}

// Sign returns doc (a bundle's JSON) with a signature member added or
// replaced. The returned document is re-encoded with model.Marshal.
func Sign(doc []byte, priv ed25519.PrivateKey) ([]byte, error) {
	msg, _, err := signedBytes(doc)
	if err != nil {
		return nil, err
	}
	pub := priv.Public().(ed25519.PublicKey)
	sig := model.Signature{
		Algorithm: Algorithm,
		PublicKey: base64.StdEncoding.EncodeToString(pub),
		KeyID:     KeyID(pub),
		Value:     base64.StdEncoding.EncodeToString(ed25519.Sign(priv, msg)),
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, err
	}
	rawSig, _ := json.Marshal(sig)
	m["signature"] = rawSig
	// Keep the document's key order stable: decode into the bundle shape
	// when possible so output matches unsigned bundles.
	var b model.Bundle
	joined, _ := json.Marshal(m)
	if err := json.Unmarshal(joined, &b); err == nil && b.Kind == model.BundleKind {
		out, _, err := model.Project(&b)
		return out, err
	}
	return model.Marshal(m)
}

// Result says what verification found.
type Result struct {
	Signed bool
	KeyID  string
	// PublicKey is the key the signature names, set when it decodes; KeyID
	// is derived from it. Only a Valid result proves it signed.
	PublicKey ed25519.PublicKey
	Valid     bool
	// Trusted is true when the signing key equals the expected key given
	// to Verify (nil expected = not checked).
	Trusted bool
	Problem string
}

// ErrUnsigned is returned when a signature was required but is absent.
var ErrUnsigned = errors.New("document is not signed")

// Verify checks doc's embedded signature. When want is non-nil the
// signature must also be made by that key.
func Verify(doc []byte, want ed25519.PublicKey) Result {
	msg, sig, err := signedBytes(doc)
	if err != nil {
		return Result{Problem: err.Error()}
	}
	if sig == nil {
		return Result{Problem: ErrUnsigned.Error()}
	}
	// The key id shown is always derived from the public key bytes, never
	// the keyId the file claims.
	r := Result{Signed: true}
	if sig.Algorithm != Algorithm {
		r.Problem = fmt.Sprintf("unsupported signature algorithm %q", sig.Algorithm)
		return r
	}
	pub, err := base64.StdEncoding.DecodeString(sig.PublicKey)
	if err != nil || len(pub) != ed25519.PublicKeySize {
		r.Problem = "malformed public key in signature"
		return r
	}
	r.KeyID, r.PublicKey = KeyID(pub), pub
	val, err := base64.StdEncoding.DecodeString(sig.Value)
	if err != nil || len(val) != ed25519.SignatureSize {
		r.Problem = "malformed signature value"
		return r
	}
	if !ed25519.Verify(pub, msg, val) {
		r.Problem = "signature invalid: the document was changed after signing"
		return r
	}
	r.Valid = true
	if want != nil {
		r.Trusted = ed25519.PublicKey(pub).Equal(want)
		if !r.Trusted {
			r.Problem = fmt.Sprintf("signed by %s, not by the expected key %s", r.KeyID, KeyID(want))
		}
	}
	return r
}

// VerifyDecoded is [Verify] for a document the caller has already decoded
// successfully as an Assay input (model.Decode accepted these very bytes,
// so they are one well-formed JSON object). An unsigned document is then
// recognised from its top-level member names alone, instead of being
// decoded, re-encoded and canonicalised only to find no signature: for a
// 25 MB bundle that was a third of a second. Anything else, or bytes the
// member scan does not take (a byte-order mark, say), goes through Verify,
// so the result is always Verify's.
func VerifyDecoded(doc []byte, want ed25519.PublicKey) Result {
	ms, err := canon.RawMembers(doc)
	if err != nil {
		return Verify(doc, want)
	}
	for _, m := range ms {
		if m.Key == "signature" {
			return Verify(doc, want)
		}
	}
	return Result{Problem: ErrUnsigned.Error()}
}

// Key files are one line of text: a label and base64, so they can be
// pasted into e-mail or a secret store.
const (
	privLabel = "assay-ed25519-private-key:"
	pubLabel  = "assay-ed25519-public-key:"
)

// EncodePrivate and EncodePublic format keys for files.
func EncodePrivate(k ed25519.PrivateKey) []byte {
	return []byte(privLabel + base64.StdEncoding.EncodeToString(k.Seed()) + "\n")
}

func EncodePublic(k ed25519.PublicKey) []byte {
	return []byte(pubLabel + base64.StdEncoding.EncodeToString(k) + "\n")
}

// ParsePrivate reads a private key file's contents.
func ParsePrivate(data []byte) (ed25519.PrivateKey, error) {
	s := strings.TrimSpace(string(data))
	if !strings.HasPrefix(s, privLabel) {
		return nil, errors.New("not an Assay private key (expected a line starting " + privLabel + ")")
	}
	seed, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, privLabel))
	if err != nil || len(seed) != ed25519.SeedSize {
		return nil, errors.New("malformed private key")
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

// ParsePublic reads a public key file's contents.
func ParsePublic(data []byte) (ed25519.PublicKey, error) {
	s := strings.TrimSpace(string(data))
	if !strings.HasPrefix(s, pubLabel) {
		return nil, errors.New("not an Assay public key (expected a line starting " + pubLabel + ")")
	}
	k, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, pubLabel))
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, errors.New("malformed public key")
	}
	return ed25519.PublicKey(k), nil
}
