package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// writeSet writes a tiny labelled set: one captured server with three
// tools whose verdicts are plain, and labels chosen so that one
// disagrees, one reviewer B label differs, and one labelled tool is
// missing from the capture.
func writeSet(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "surfaces"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"surfaces/notes@1.0.0.json": `{"serverInfo":{"name":"notes","version":"1.0.0"},"tools":[
 {"name":"list_notes","description":"Lists the titles of every note.","inputSchema":{"type":"object","properties":{}}},
 {"name":"delete_note","description":"Permanently deletes a note.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}},"annotations":{"destructiveHint":false}},
 {"name":"send_note","description":"Sends a note by e-mail to the address given.","inputSchema":{"type":"object","properties":{"id":{"type":"string"},"to":{"type":"string"}}}}]}`,
		"labels_a.json": `{"kind":"assay.classification-labels/v1","reviewer":"a","items":[
 {"file":"notes@1.0.0.json","tool":"list_notes","effect":"read","kinds":[]},
 {"file":"notes@1.0.0.json","tool":"delete_note","effect":"irreversible","kinds":["destructive","write"]},
 {"file":"notes@1.0.0.json","tool":"send_note","effect":"write","kinds":["write"]},
 {"file":"notes@1.0.0.json","tool":"gone","effect":"read","kinds":[]}]}`,
		"labels_b.json": `{"kind":"assay.classification-labels/v1","reviewer":"b","items":[
 {"file":"notes@1.0.0.json","tool":"list_notes","effect":"read","kinds":[]},
 {"file":"notes@1.0.0.json","tool":"send_note","effect":"external","kinds":["egress"],"egress_channel":"email"}]}`,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestScoreSet(t *testing.T) {
	a, b, got, err := scoreSet(writeSet(t))
	if err != nil {
		t.Fatal(err)
	}
	sc := compute(a, b, got)
	if sc.n != 3 || sc.missing != 1 {
		t.Fatalf("scored %d, missing %d; want 3 and 1", sc.n, sc.missing)
	}
	// list_notes read and delete_note irreversible agree; send_note is
	// egress by e-mail, which reviewer A called a write.
	if sc.agree != 2 || sc.readAgree != 3 {
		t.Errorf("agreement %d, read-vs-not %d; want 2 and 3", sc.agree, sc.readAgree)
	}
	if c := sc.conf[[2]string{model.EffectWrite, model.EffectExternal}]; c != 1 {
		t.Errorf("confusion write->external %d, want 1", c)
	}
	if d := sc.kinds[model.KindDestructive]; d.tp != 1 || d.fp != 0 || d.fn != 0 {
		t.Errorf("destructive %+v, want one true positive", *d)
	}
	if e := sc.kinds[model.KindEgress]; e.tp != 0 || e.fp != 1 {
		t.Errorf("egress %+v, want one false positive", *e)
	}
	if sc.shared != 2 || sc.same != 1 {
		t.Errorf("reviewer A–B %d/%d, want 1/2", sc.same, sc.shared)
	}
	// The annotation is stripped, as the reviewers saw the tool.
	if g := got["notes@1.0.0.json\x00delete_note"]; g == nil || g.Effect != model.EffectIrreversible {
		t.Errorf("delete_note: %+v", g)
	}
}

func TestScoreSetMissingDir(t *testing.T) {
	_, _, _, err := scoreSet(filepath.Join(t.TempDir(), "frozen-v3"))
	if err == nil || !strings.Contains(err.Error(), "labels_a.json") {
		t.Fatalf("error %v, want one that names what the directory holds", err)
	}
	dir := writeSet(t)
	if err := os.Remove(filepath.Join(dir, "surfaces", "notes@1.0.0.json")); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := scoreSet(dir); err == nil {
		t.Fatal("a labelled server missing from surfaces/ must be an error")
	}
}

func TestHeldServerSplitsThePool(t *testing.T) {
	root = "../.."
	a, _, err := tuningLabels()
	if err != nil {
		t.Fatal(err)
	}
	held, dev := map[string]bool{}, map[string]bool{}
	for _, l := range a {
		if heldServer(l.File) {
			held[l.File] = true
		} else {
			dev[l.File] = true
		}
	}
	if len(held) == 0 || len(dev) == 0 {
		t.Fatalf("held %d servers, dev %d: the split must keep both", len(held), len(dev))
	}
}

// TestAllDump scores every labelled tuning set and checks the dump has one
// line per labelled tool of each part, with the label and Assay's verdict.
func TestAllDump(t *testing.T) {
	root = "../.."
	out := filepath.Join(t.TempDir(), "all.tsv")
	if err := all(false, out); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	parts := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 8 || f[3] == "" || f[5] == "" {
			t.Fatalf("bad line %q", line)
		}
		parts[f[0]]++
	}
	want := map[string]int{"pool": 727, "frozen-v3": 262, "frozen-v3-supplement": 122}
	for p, n := range want {
		if parts[p] != n {
			t.Errorf("%s: %d lines, want %d", p, parts[p], n)
		}
	}
}
