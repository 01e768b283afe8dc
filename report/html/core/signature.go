package core

import (
	"crypto/ed25519"

	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/signature"
)

// SignatureOf checks the signature embedded in one input file's bytes.
// The CLI and the page both call it, so a report written by `assay
// report` and a file dropped onto the page say the same thing about the
// same bytes. Verification needs the file as written: model.Merge and
// re-encoding drop or change what was signed.
func SignatureOf(source string, data []byte) view.Signature {
	r := signature.Verify(data, nil)
	s := view.Signature{Source: source, Status: view.SigUnsigned}
	if !r.Signed {
		return s
	}
	s.KeyID = r.KeyID
	if r.Valid {
		s.Status = view.SigVerified
		return s
	}
	s.Status, s.Problem = view.SigInvalid, r.Problem
	return s
}

// Verify checks the signature of every file.
func Verify(files []File) *Result {
	r := &Result{OK: true}
	for _, f := range files {
		r.Signatures = append(r.Signatures, SignatureOf(f.Name, []byte(f.Text)))
	}
	return r
}

// signaturesOf is Verify's answer, each file checked once per page.
func signaturesOf(files []File) []view.Signature {
	var out []view.Signature
	for _, f := range files {
		out = append(out, reuse().read(f).signature(f))
	}
	return out
}

// SignatureWith is SignatureOf against pinned keys: with any pinned, an
// unsigned file is reported as a missing signature (it was stripped, or
// never signed by the expected signer), a valid signature by another key
// is invalid, and one by a pinned key is verified and pinned.
func SignatureWith(source string, data []byte, pins []ed25519.PublicKey) view.Signature {
	s := SignatureOf(source, data)
	if len(pins) == 0 {
		return s
	}
	switch s.Status {
	case view.SigUnsigned:
		s.Status, s.Problem = view.SigMissing, "not signed, but a signature by a pinned key is expected (was it stripped?)"
	case view.SigVerified:
		for _, k := range pins {
			if r := signature.Verify(data, k); r.Trusted {
				s.Pinned = true
				return s
			}
		}
		s.Status, s.Problem, s.OtherKey = view.SigInvalid, "signed by "+s.KeyID+", which is not a pinned key", true
	}
	return s
}
