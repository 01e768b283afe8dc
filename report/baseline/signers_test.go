package baseline

import (
	"crypto/ed25519"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/drift"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
)

// signedFile returns the bundle's file bytes signed by a key made from seed.
func signedFile(t *testing.T, b *model.Bundle, seed byte) ([]byte, []byte) {
	t.Helper()
	plain, _, err := model.Project(b)
	if err != nil {
		t.Fatal(err)
	}
	key := ed25519.NewKeyFromSeed([]byte(strings.Repeat(string(rune(seed)), ed25519.SeedSize)))
	signed, err := signature.Sign(plain, key)
	if err != nil {
		t.Fatal(err)
	}
	return plain, signed
}

func TestSignersRecordedAndChecked(t *testing.T) {
	b := capture("", v1...)
	plain, signed := signedFile(t, b, 'a')
	_, other := signedFile(t, b, 'b')
	bl, _, err := New(b, analyze.Analyze(b, nil), Options{By: "alice", Note: "n", WithText: true, Inputs: []Observed{Observe("signed.json", signed)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(bl.Signers) != 1 {
		t.Fatalf("signers = %+v, want the one key", bl.Signers)
	}
	bl = roundTrip(t, bl)
	if ms := bl.Verify(); len(ms) > 0 {
		t.Fatalf("fresh baseline: %v", ms)
	}
	for _, c := range []struct {
		name, data string
		want       string
	}{
		{"signed", string(signed), ""},
		{"stripped", string(plain), "DRIFT-038"},
		{"re-signed", string(other), "DRIFT-039"},
		{"edited after signing", strings.Replace(string(signed), "Read a file.", "Read a file!", 1), "DRIFT-039"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Check(bl, "bl.json", b, "2026-11-29", nil, Observe(c.name+".json", []byte(c.data)))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Findings.Findings {
				if f.Element == "signature" {
					got = append(got, f.ID)
				}
			}
			if c.want == "" {
				if len(got) > 0 || res.Exit != 0 {
					t.Fatalf("findings %v exit %d, want none", got, res.Exit)
				}
				return
			}
			if len(got) != 1 || got[0] != c.want || res.Exit != drift.BitSignature {
				t.Fatalf("findings %v exit %d, want [%s] exit %d", got, res.Exit, c.want, drift.BitSignature)
			}
		})
	}
}

func TestNoSignersExpectNothing(t *testing.T) {
	b := capture("", v1...)
	plain, signed := signedFile(t, b, 'a')
	// Inputs not all signed: no signer recorded, and a reason given.
	obs := []Observed{Observe("signed.json", signed), Observe("plain.json", plain)}
	if s, why := SignersOf(obs); s != nil || !strings.Contains(why, "1 of 2") {
		t.Fatalf("SignersOf mixed = %v %q", s, why)
	}
	bl := mk(t, b, true) // as a baseline written before signers existed
	if fs := SignerFindings(bl, obs); len(fs) != 0 {
		t.Fatalf("a baseline without signers raised %v", fs)
	}
}

// The key id in the file is never trusted: one that does not match the
// recorded key fails verification even when the document hash is resealed.
func TestSignerKeyIDDerivedFromKey(t *testing.T) {
	b := capture("", v1...)
	_, signed := signedFile(t, b, 'a')
	bl, _, err := New(b, analyze.Analyze(b, nil), Options{By: "alice", Note: "n", Inputs: []Observed{Observe("s.json", signed)}})
	if err != nil {
		t.Fatal(err)
	}
	bl.Signers[0].KeyID = "ed25519:0000000000000000"
	if err := bl.Seal(); err != nil {
		t.Fatal(err)
	}
	ms := bl.Verify()
	if len(ms) != 1 || ms[0].Key != "keyId" {
		t.Fatalf("Verify = %v, want one keyId mismatch", ms)
	}
	fs := SignerFindings(bl, []Observed{Observe("x.json", []byte(`{"kind":"assay.bundle/v1"}`))})
	if len(fs) != 1 || strings.Contains(fs[0].Evidence, "0000000000000000") {
		t.Fatalf("evidence must name the derived key id: %v", fs)
	}
}
