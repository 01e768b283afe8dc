package signature

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func key(seed byte) ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, ed25519.SeedSize))
}

func doc(t *testing.T) []byte {
	t.Helper()
	ins := "Be careful"
	b := &model.Bundle{Kind: model.BundleKind, Generator: model.Generator{Name: "assay", Version: "t"},
		Servers: []model.Server{{Name: "s", Identity: "s|stdio|node", Transport: "stdio", Source: "live", Instructions: &ins,
			Tools: []json.RawMessage{json.RawMessage(`{"name":"delete_file","description":"Deletes a file.","inputSchema":{"type":"object"}}`)}}}}
	out, _, err := model.Project(b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	k := key(1)
	signed, err := Sign(doc(t), k)
	if err != nil {
		t.Fatal(err)
	}
	r := Verify(signed, k.Public().(ed25519.PublicKey))
	if !r.Valid || !r.Trusted || r.Problem != "" {
		t.Fatalf("fresh signature: %+v", r)
	}
	if r.KeyID != KeyID(k.Public().(ed25519.PublicKey)) {
		t.Errorf("key id %s", r.KeyID)
	}
	// Re-signing replaces, never stacks.
	again, _ := Sign(signed, k)
	if !bytes.Equal(again, signed) {
		t.Error("signing twice changed the document")
	}
}

// TestEveryByteEditDetected flips each byte of meaning in turn: any edit
// that still parses as JSON must break the signature.
func TestEveryByteEditDetected(t *testing.T) {
	k := key(2)
	signed, _ := Sign(doc(t), k)
	sigStart := bytes.Index(signed, []byte(`"signature"`))
	checked := 0
	for i := 0; i < sigStart; i++ {
		c := signed[i]
		if c == ' ' || c == '\n' {
			continue
		}
		mut := append([]byte(nil), signed...)
		mut[i] ^= 0x01
		r := Verify(mut, nil)
		if r.Valid {
			// Only harmless if the edit did not change the JSON value.
			if strings.Contains(r.Problem, "not a JSON") {
				continue
			}
			t.Errorf("byte %d (%q→%q) edited without breaking the signature", i, c, mut[i])
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d edits checked", checked)
	}
}

func TestWrongKeyAndUnsigned(t *testing.T) {
	signed, _ := Sign(doc(t), key(3))
	r := Verify(signed, key(4).Public().(ed25519.PublicKey))
	if !r.Valid || r.Trusted || !strings.Contains(r.Problem, "not by the expected key") {
		t.Errorf("wrong key: %+v", r)
	}
	if r := Verify(doc(t), nil); r.Signed || r.Problem != ErrUnsigned.Error() {
		t.Errorf("unsigned: %+v", r)
	}
}

func TestKeyFiles(t *testing.T) {
	k := key(5)
	got, err := ParsePrivate(EncodePrivate(k))
	if err != nil || !got.Equal(k) {
		t.Fatalf("private round trip: %v", err)
	}
	pub, err := ParsePublic(EncodePublic(k.Public().(ed25519.PublicKey)))
	if err != nil || !pub.Equal(k.Public()) {
		t.Fatalf("public round trip: %v", err)
	}
	if _, err := ParsePrivate([]byte("garbage")); err == nil {
		t.Error("garbage accepted as a private key")
	}
	if _, err := ParsePublic(EncodePrivate(k)); err == nil {
		t.Error("a private key accepted as a public key")
	}
}

// TestBigIntegerEdit: a signed bundle whose schema bound beyond 2^53 is
// edited by one unit fails verification (RFC 8785 alone would round both
// to the same double and keep the signature valid).
func TestBigIntegerEdit(t *testing.T) {
	b := &model.Bundle{Kind: model.BundleKind, Generator: model.Generator{Name: "assay", Version: "t"},
		Servers: []model.Server{{Name: "s", Identity: "s|stdio|node", Transport: "stdio", Source: "live",
			Tools: []json.RawMessage{json.RawMessage(`{"name":"pay","inputSchema":{"type":"object","properties":{"n":{"type":"integer","maximum":9007199254740993}}}}`)}}}}
	raw, _, err := model.Project(b)
	if err != nil {
		t.Fatal(err)
	}
	k := key(3)
	signed, err := Sign(raw, k)
	if err != nil {
		t.Fatal(err)
	}
	if r := Verify(signed, k.Public().(ed25519.PublicKey)); !r.Valid {
		t.Fatalf("fresh signature: %+v", r)
	}
	edited := bytes.Replace(signed, []byte("9007199254740993"), []byte("9007199254740992"), 1)
	if bytes.Equal(edited, signed) {
		t.Fatal("the big integer is not in the signed bundle")
	}
	if r := Verify(edited, k.Public().(ed25519.PublicKey)); r.Valid {
		t.Fatal("an edited big integer kept the signature valid")
	}
}

// TestKeyIDFromKey: the key id reported comes from the public key bytes,
// not from the keyId the file claims.
func TestKeyIDFromKey(t *testing.T) {
	k := key(4)
	signed, err := Sign(doc(t), k)
	if err != nil {
		t.Fatal(err)
	}
	real := KeyID(k.Public().(ed25519.PublicKey))
	forged := bytes.Replace(signed, []byte(real), []byte("ed25519:0000000000000000"), 1)
	if r := Verify(forged, nil); r.KeyID != real {
		t.Errorf("key id %q, want %q derived from the key", r.KeyID, real)
	}
}

// TestVerifyDecodedMatchesVerify: on every document model.Decode accepts
// (signed, unsigned, edited after signing, the member name spelled
// with an escape, a byte-order mark), VerifyDecoded gives Verify's result.
func TestVerifyDecodedMatchesVerify(t *testing.T) {
	k := key(5)
	unsigned := doc(t)
	signed, err := Sign(unsigned, k)
	if err != nil {
		t.Fatal(err)
	}
	tampered := bytes.Replace(signed, []byte("Deletes a file."), []byte("Deletes a file!"), 1)
	escaped := bytes.Replace(signed, []byte(`"signature"`), []byte(`"signatur\u0065"`), 1)
	bom := append([]byte("\xef\xbb\xbf"), signed...)
	docs := map[string][]byte{"unsigned": unsigned, "signed": signed, "tampered": tampered,
		"escaped name": escaped, "byte-order mark": bom, "bom unsigned": append([]byte("\xef\xbb\xbf"), unsigned...)}
	for name, d := range docs {
		if _, err := model.Decode(name, d); err != nil {
			t.Logf("%s: not an input model.Decode takes (%v); compared anyway", name, err)
		}
		for _, want := range []ed25519.PublicKey{nil, k.Public().(ed25519.PublicKey), key(6).Public().(ed25519.PublicKey)} {
			got, exp := VerifyDecoded(d, want), Verify(d, want)
			if got.Problem != exp.Problem || got.Valid != exp.Valid || got.Signed != exp.Signed || got.Trusted != exp.Trusted || got.KeyID != exp.KeyID {
				t.Errorf("%s: VerifyDecoded %+v, Verify %+v", name, got, exp)
			}
		}
	}
	if r := VerifyDecoded(signed, nil); !r.Valid {
		t.Errorf("signed document not verified: %+v", r)
	}
}
