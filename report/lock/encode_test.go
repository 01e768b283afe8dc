package lock

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// TestDecodeRefuses: every bad lock is one InputError naming the file and
// the problem.
func TestDecodeRefuses(t *testing.T) {
	good := lockOf(t, fixture())
	cases := map[string]struct {
		data, want string
	}{
		"not JSON":     {"{\"kind\": ", "malformed JSON"},
		"no kind":      {`{"servers":[]}`, "no \"kind\""},
		"a baseline":   {`{"kind":"assay.baseline/v1"}`, `kind "assay.baseline/v1"`},
		"newer format": {`{"kind":"assay.lock/v2","servers":[]}`, "newer Assay"},
		"hand edit":    {strings.Replace(string(good), `"notes-server"`, `"notes-servfr"`, 1), "edited after it was written"},
		"hash removed": {strings.Replace(string(good), `"hash": "sha256:`, `"hash_": "sha256:`, 1), "edited after it was written"},
		"bad salt":     {resealed(t, strings.Replace(string(good), `"salt": "07`, `"salt": "zz`, 1)), "salt"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Decode("team/assay.lock", []byte(c.data))
			var ie *model.InputError
			if !errors.As(err, &ie) || ie.File != "team/assay.lock" || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want an InputError about %q", err, c.want)
			}
		})
	}
	if _, err := Decode("ok.lock", good); err != nil {
		t.Fatalf("good lock: %v", err)
	}
}

// resealed recomputes the hash of an edited lock, so a test reaches the
// checks behind the hash.
func resealed(t *testing.T, data string) string {
	t.Helper()
	var m map[string]any
	if err := jsonUnmarshal([]byte(data), &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "hash")
	m["hash"] = hashValue(m)
	b, err := canonical(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRelockKeepsPinDates: a pin that did not change keeps the day it
// was first recorded; a changed pin takes the new day.
func TestRelockKeepsPinDates(t *testing.T) {
	prev := buildLock(t, fixture(), fixtureLaunch(), fixturePin())
	p := fixturePin()
	p.Date = "2027-01-01"
	l, err := Build([]Entry{{Name: "notes", Identity: "notes@stdio:node", Launch: fixtureLaunch(), Pin: p, Server: fixture()}}, testSalt, prev)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := Encode(prev)
	b, _ := Encode(l)
	if !bytes.Equal(a, b) || l.Servers[0].Pin.Date != "2026-12-01" {
		t.Fatalf("unchanged pin: date %s; bytes equal %v", l.Servers[0].Pin.Date, bytes.Equal(a, b))
	}
	p = fixturePin()
	p.Date, p.SHA256 = "2027-01-01", "ff"
	l, _ = Build([]Entry{{Name: "notes", Identity: "notes@stdio:node", Launch: fixtureLaunch(), Pin: p}}, testSalt, prev)
	if l.Servers[0].Pin.Date != "2027-01-01" {
		t.Fatalf("changed pin kept the old date")
	}
}

// FuzzDecode: no input panics the decoder, and whatever it accepts
// encodes back to a lock it accepts again.
func FuzzDecode(f *testing.F) {
	s := fixture()
	l, err := Build([]Entry{{Name: s.Name, Identity: s.Identity, Launch: fixtureLaunch(), Pin: fixturePin(), Server: s}}, testSalt, nil)
	if err != nil {
		f.Fatal(err)
	}
	good, err := Encode(l)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"kind":"assay.lock/v1"}`))
	f.Add([]byte(`{"kind":"assay.lock/v9","servers":null}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Decode("fuzz.lock", data)
		if err != nil {
			return
		}
		out, err := Encode(l)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode("again.lock", out); err != nil {
			t.Fatalf("re-encoded lock refused: %v", err)
		}
	})
}

// TestBuildRefusesDuplicates: a lock that Decode would refuse is never
// built.
func TestBuildRefusesDuplicates(t *testing.T) {
	s := fixture()
	e := Entry{Name: s.Name, Identity: s.Identity, Launch: fixtureLaunch(), Server: s}
	if _, err := Build([]Entry{e, e}, testSalt, nil); err == nil || !strings.Contains(err.Error(), "named twice") {
		t.Fatalf("err %v", err)
	}
}
