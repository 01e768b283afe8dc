package view

// Signature is what one input file's embedded signature says. The CLI
// computes it from the file's bytes (model.Merge drops signatures) and the
// page's core from a dropped file's text, with the same verifier.
type Signature struct {
	// Source is the input file's name.
	Source string `json:"source"`
	// Status is unsigned, verified or invalid.
	Status string `json:"status"`
	KeyID  string `json:"keyId,omitempty"`
	// Pinned is true when the signing key is one the reader pinned
	// (assay verify --pub): only then is the signer trusted. Anyone can
	// re-sign an edited bundle with their own key.
	Pinned bool `json:"pinned,omitempty"`
	// OtherKey marks an invalid status whose signature verifies, but by
	// a key that is not pinned: the content matches its signer, whom the
	// reader has no reason to trust.
	OtherKey bool   `json:"otherKey,omitempty"`
	Problem  string `json:"problem,omitempty"`
}

// Signature statuses.
const (
	SigUnsigned = "unsigned"
	SigVerified = "verified"
	SigInvalid  = "invalid"
	// SigMissing: unsigned although a pinned key expects a signature.
	SigMissing = "missing"
)

// signatures is the block above the sections: a neutral line per signed
// input and a loud banner per invalid one. Unsigned inputs say nothing:
// most bundles are not signed and that is not news on every page.
func signatures(sigs []Signature) *Node {
	var kids []*Node
	for _, s := range sigs {
		switch s.Status {
		case SigVerified:
			kids = append(kids, El("p", T(line(s.Source)+": "+s.Line())).Class("sig sig-ok").Attr("data-sig", SigVerified))
		case SigMissing:
			msg := "SIGNATURE MISSING: " + line(s.Source) + ": " + line(s.Problem)
			kids = append(kids, El("div", El("strong", T(msg))).Class("sig sig-bad").Attr("role", "alert").Attr("data-sig", SigMissing))
		case SigInvalid:
			msg := "SIGNATURE INVALID: " + line(s.Problem)
			b := El("div", El("strong", T(msg))).Class("sig sig-bad").Attr("role", "alert").Attr("data-sig", SigInvalid)
			detail := line(s.Source)
			if s.KeyID != "" {
				detail += " claims to be signed by " + line(s.KeyID)
			}
			why := ". Do not trust its content: it was changed after signing or the signature is damaged."
			if s.OtherKey {
				why = ". The signature itself is valid, but the key is not one this report expects, and anyone can re-sign an edited bundle: do not trust its content until the collector confirms the key."
			}
			b.Add(El("p", T(detail+why)))
			kids = append(kids, b)
		}
	}
	if len(kids) == 0 {
		return nil
	}
	return El("div", kids...).ID("signatures").Class("sigs")
}

// Line is the trust line of a verified signature, the same words in the
// CLI and the page: a signature proves only that the content matches the
// key that signed it, so an unpinned key says so.
func (s Signature) Line() string {
	if s.Pinned {
		return "signed by " + line(s.KeyID) + " (pinned), verified"
	}
	return "signed by " + line(s.KeyID) + " (not pinned): the content matches this key, but anyone can sign; pin the key to trust the signer"
}
