package baseline

import (
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
)

// Signer is a key that signed the stored bundles a baseline was approved
// from. Only the public key counts: the key id shown anywhere is derived
// from it (KeyID is kept for people reading the file, and Verify refuses a
// baseline whose KeyID does not match its key).
type Signer struct {
	KeyID string `json:"keyId"`
	// PublicKey is the Ed25519 public key, base64.
	PublicKey string `json:"publicKey"`
}

// Key decodes the signer's public key.
func (s Signer) Key() (ed25519.PublicKey, error) {
	k, err := base64.StdEncoding.DecodeString(s.PublicKey)
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("signer %q: malformed public key", s.KeyID)
	}
	return k, nil
}

// Observed is one stored input file (a --surface FILE) with its embedded
// signature checked on the file's bytes. Live collection has no file and
// no signature: it is not observed.
type Observed struct {
	Source string
	Sig    signature.Result
}

// Observe checks the signature embedded in one input file's bytes.
func Observe(source string, data []byte) Observed {
	return Observed{Source: source, Sig: signature.Verify(data, nil)}
}

// ObserveDecoded is [Observe] for bytes model.Decode has accepted: an
// unsigned input is recognised without re-encoding it (see
// signature.VerifyDecoded).
func ObserveDecoded(source string, data []byte) Observed {
	return Observed{Source: source, Sig: signature.VerifyDecoded(data, nil)}
}

// SignersOf returns the distinct keys that validly signed the inputs,
// sorted by key id, when every input carries a valid signature. Otherwise
// it returns nil and says why (empty when there was no stored input), so
// a baseline never expects a signature its own inputs did not all have.
func SignersOf(obs []Observed) ([]Signer, string) {
	seen := map[string]bool{}
	var out []Signer
	unsigned := 0
	for _, o := range obs {
		if !o.Sig.Valid {
			unsigned++
			continue
		}
		if !seen[o.Sig.KeyID] {
			seen[o.Sig.KeyID] = true
			out = append(out, Signer{KeyID: o.Sig.KeyID, PublicKey: base64.StdEncoding.EncodeToString(o.Sig.PublicKey)})
		}
	}
	if unsigned > 0 {
		if len(out) == 0 {
			return nil, ""
		}
		return nil, fmt.Sprintf("%d of %d input files carry no valid signature, so the baseline expects none", unsigned, len(obs))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].KeyID < out[j].KeyID })
	return out, ""
}

// verifySigners checks every recorded signer's key decodes and its key id
// is the one derived from the key.
func (bl *Baseline) verifySigners() []hashes.Mismatch {
	var out []hashes.Mismatch
	for i, s := range bl.Signers {
		where := fmt.Sprintf("signers[%d]", i)
		k, err := s.Key()
		if err != nil {
			out = append(out, hashes.Mismatch{Where: where, Key: "publicKey", Stored: s.PublicKey, Computed: "an Ed25519 public key"})
			continue
		}
		if id := signature.KeyID(k); id != s.KeyID {
			out = append(out, hashes.Mismatch{Where: where, Key: "keyId", Stored: s.KeyID, Computed: id})
		}
	}
	return out
}

// SignerFindings compares the stored inputs of a check with the signers
// the baseline records: an input without a signature is DRIFT-038
// (SIGNATURE MISSING: it was stripped, or the bundle never came from the
// expected signer), one signed by another key or whose signature does not
// verify is DRIFT-039. A baseline that records no signer expects nothing,
// so baselines written before signers were recorded keep working.
func SignerFindings(bl *Baseline, obs []Observed) []model.Finding {
	if len(bl.Signers) == 0 {
		return nil
	}
	keys := bl.SignerKeys()
	ids := make([]string, len(keys))
	for i, k := range keys {
		ids[i] = signature.KeyID(k)
	}
	expected := joinIDs(ids)
	var out []model.Finding
	for _, o := range obs {
		var f model.Finding
		switch {
		case !o.Sig.Signed:
			f = catalog.New("DRIFT-038")
			f.Evidence = "SIGNATURE MISSING: " + o.Source + " is not signed, but the baseline was approved from a bundle signed by " + expected + " (was the signature stripped?)"
		case !o.Sig.Valid:
			f = catalog.New("DRIFT-039")
			f.Evidence = o.Source + ": " + o.Sig.Problem + "; the baseline expects a valid signature by " + expected
		case !signedByAny(o.Sig.PublicKey, keys):
			f = catalog.New("DRIFT-039")
			f.Evidence = o.Source + " is signed by " + o.Sig.KeyID + ", but the baseline was approved from a bundle signed by " + expected
		default:
			continue
		}
		f.Element = "signature"
		f.Item = "file:" + o.Source
		f.File = o.Source // SARIF and code scanning point at the file
		f.SetFingerprint()
		out = append(out, f)
	}
	return out
}

// SignerLines is SignerFindings as the lines `assay verify --baseline`
// prints: one per problem, empty when the file is signed as expected.
func SignerLines(bl *Baseline, obs []Observed) []string {
	var out []string
	for _, f := range SignerFindings(bl, obs) {
		out = append(out, f.ID+": "+f.Evidence)
	}
	return out
}

// SignerKeys returns the recorded signers' keys, the keys a report pins
// when it is read against this baseline.
func (bl *Baseline) SignerKeys() []ed25519.PublicKey {
	var out []ed25519.PublicKey
	for _, s := range bl.Signers {
		if k, err := s.Key(); err == nil {
			out = append(out, k)
		}
	}
	return out
}

// addSignerFindings appends the signer findings to a finished check
// result and recomputes its order, hashes and exit code.
func addSignerFindings(res *drift.Result, bl *Baseline, obs []Observed) {
	fs := SignerFindings(bl, obs)
	if len(fs) == 0 {
		return
	}
	res.Findings.Findings = append(res.Findings.Findings, fs...)
	analyze.Finish(res.Findings)
}

func signedByAny(pub ed25519.PublicKey, keys []ed25519.PublicKey) bool {
	return slices.ContainsFunc(keys, func(k ed25519.PublicKey) bool { return k.Equal(pub) })
}

func joinIDs(ids []string) string {
	if len(ids) == 0 {
		return "a recorded key"
	}
	return strings.Join(ids, " or ")
}
