package core

import (
	"bytes"
	"crypto/ed25519"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/html/view"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
)

// signedCaptures is the test capture unsigned, signed by our key and by
// theirs, and the pins that trust only ours.
func signedCaptures(t *testing.T) (raw, byUs, byThem []byte, pins []ed25519.PublicKey) {
	t.Helper()
	ours := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{5}, ed25519.SeedSize))
	theirs := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{6}, ed25519.SeedSize))
	in, err := model.Decode("c.json", []byte(capture))
	if err != nil {
		t.Fatal(err)
	}
	raw, _, err = model.Project(in.Bundle)
	if err != nil {
		t.Fatal(err)
	}
	byUs, _ = signature.Sign(raw, ours)
	byThem, _ = signature.Sign(raw, theirs)
	return raw, byUs, byThem, []ed25519.PublicKey{ours.Public().(ed25519.PublicKey)}
}

// TestSignatureWithPins: only a pinned key is trusted; an unsigned file
// is a missing signature when a key is pinned; another key is invalid.
func TestSignatureWithPins(t *testing.T) {
	raw, byUs, byThem, pins := signedCaptures(t)
	for _, c := range []struct {
		name   string
		data   []byte
		pins   []ed25519.PublicKey
		status string
		pinned bool
		line   string
	}{
		{"ours, pinned", byUs, pins, view.SigVerified, true, "(pinned), verified"},
		{"ours, no pin", byUs, nil, view.SigVerified, false, "(not pinned)"},
		{"theirs", byThem, pins, view.SigInvalid, false, "not a pinned key"},
		{"stripped", raw, pins, view.SigMissing, false, "was it stripped?"},
		{"unsigned, no pin", raw, nil, view.SigUnsigned, false, ""},
	} {
		s := SignatureWith("b.json", c.data, c.pins)
		got := s.Problem
		if s.Status == view.SigVerified {
			got = s.Line()
		}
		if s.Status != c.status || s.Pinned != c.pinned || !strings.Contains(got, c.line) {
			t.Errorf("%s: %+v (%q)", c.name, s, got)
		}
	}
}

// TestOtherKey: a valid signature by a key that is not pinned is marked
// as such (the page then does not call the file changed); an edited file
// is not.
func TestOtherKey(t *testing.T) {
	_, _, byThem, pins := signedCaptures(t)
	s := SignatureWith("b.json", byThem, pins)
	if !s.OtherKey {
		t.Fatalf("a valid signature by another key: %+v", s)
	}
	broken := bytes.Replace(byThem, []byte("Read the graph."), []byte("Read the graph!"), 1)
	if b := SignatureWith("b.json", broken, nil); b.OtherKey || b.Status != view.SigInvalid {
		t.Errorf("an edited file: %+v", b)
	}
}
