package core

import (
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

func signaturesOf(files []File) []view.Signature {
	return Verify(files).Signatures
}
