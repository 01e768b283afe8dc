package kittest

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSignatureRoundTrip: a key from assay keygen signs a bundle in the
// collector; assay verify --pub accepts it, and rejects (exit 1, loudly)
// a one-byte edit, another key and an unsigned bundle. The fleet report
// shows the same verdicts.
func TestSignatureRoundTrip(t *testing.T) {
	_, _, proj, env := fakeMachine(t)
	keys := t.TempDir()
	key := filepath.Join(keys, "consultant.key")
	if r := run(t, keys, env, bin.assay, "keygen", "-o", key); r.code != 0 {
		t.Fatalf("keygen: exit %d: %s", r.code, r.stderr)
	}
	r := run(t, proj, env, bin.collect, "--sign", key, "--out", "signed.json", "--label", "laptop")
	if r.code != 0 || !strings.Contains(r.stderr, "signed by ed25519:") {
		t.Fatalf("collect --sign: exit %d: %s", r.code, r.stderr)
	}
	signed := assertAllowed(t, filepath.Join(proj, "signed.json"))
	if !bytes.Contains(signed, []byte(`"signature"`)) {
		t.Fatal("no signature in the bundle")
	}
	verify := func(pub, file string) result {
		return run(t, proj, env, bin.assay, "verify", "--pub", pub, file)
	}
	if r := verify(key+".pub", "signed.json"); r.code != 0 || !strings.Contains(r.stdout, "ok:") {
		t.Fatalf("verify of the untouched bundle: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}

	// One byte changed: in createdAt (covered by the signature only, not
	// by the document hash) and in a server name (covered by both).
	for _, c := range []struct{ name, re string }{
		{"createdAt", `"createdAt": "\d`},
		{"server name", `"name": "file`},
	} {
		loc := regexp.MustCompile(c.re).FindIndex(signed)
		if loc == nil {
			t.Fatalf("%s not found in the bundle", c.name)
		}
		tampered := append([]byte(nil), signed...)
		i := loc[1] - 1
		if tampered[i] == '1' {
			tampered[i] = '2'
		} else if tampered[i] >= '0' && tampered[i] <= '9' {
			tampered[i] = '1'
		} else {
			tampered[i] ^= 0x20 // flip case
		}
		if bytes.Equal(tampered, signed) || len(tampered) != len(signed) {
			t.Fatal("tamper did not change exactly one byte")
		}
		file := "tampered-" + strings.ReplaceAll(c.name, " ", "-") + ".json"
		writeFile(t, filepath.Join(proj, file), string(tampered))
		r := verify(key+".pub", file)
		if r.code != 1 || !strings.Contains(strings.ToLower(r.stdout+r.stderr), "signature invalid") {
			t.Errorf("%s tampered: exit %d, want 1 with 'signature invalid'\n%s%s", c.name, r.code, r.stdout, r.stderr)
		}
		f := run(t, proj, env, bin.assay, "report", file, "--format", "json")
		if f.code != 0 || !strings.Contains(f.stdout, `"status": "invalid"`) || !strings.Contains(f.stderr, "SIGNATURE INVALID") {
			t.Errorf("%s tampered: fleet report exit %d does not flag it:\n%s%s", c.name, f.code, f.stdout, f.stderr)
		}
	}

	other := filepath.Join(keys, "other.key")
	if r := run(t, keys, env, bin.assay, "keygen", "-o", other); r.code != 0 {
		t.Fatalf("keygen: %s", r.stderr)
	}
	if r := verify(other+".pub", "signed.json"); r.code != 1 || !strings.Contains(r.stdout, "not by the expected key") {
		t.Errorf("wrong key: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, proj, env, bin.collect, "--out", "unsigned.json"); r.code != 0 {
		t.Fatalf("collect: %s", r.stderr)
	}
	if r := verify(key+".pub", "unsigned.json"); r.code != 1 || !strings.Contains(r.stdout, "not signed") {
		t.Errorf("unsigned bundle with --pub: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, proj, env, bin.assay, "verify", "unsigned.json"); r.code != 0 {
		t.Errorf("unsigned collector bundle fails hash verification: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	f := run(t, proj, env, bin.assay, "report", "signed.json", "--format", "markdown")
	if f.code != 0 || !strings.Contains(f.stdout, "signed by ed25519:") || !strings.Contains(f.stdout, "(not pinned)") {
		t.Errorf("fleet markdown does not show the verified signature: exit %d\n%s%s", f.code, f.stdout, f.stderr)
	}
	if _, err := os.Stat(filepath.Join(proj, "assay-bundle.json")); err == nil {
		t.Error("a default-named bundle appeared")
	}
}
