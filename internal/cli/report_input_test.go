package cli

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	rhtml "github.com/assay-mcp/assay/internal/htmlreport"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/signature"
)

// machineBundle is a small bundle from machine label (empty: no label)
// running one server with the given tool.
func machineBundle(label, server, version, toolName, desc string) *model.Bundle {
	b := &model.Bundle{Kind: model.BundleKind, Generator: model.Generator{Name: "assay", Version: "test"}}
	if label != "" {
		b.Host = &model.Host{OS: "linux", Label: label}
	}
	tool, _ := json.Marshal(map[string]any{"name": toolName, "description": desc, "inputSchema": map[string]any{"type": "object"}})
	b.Servers = []model.Server{{
		Name: server, Identity: model.Identity(server, "stdio", server), Transport: "stdio", Endpoint: server, Source: "live",
		ServerInfo: json.RawMessage(`{"name":"` + server + `","version":"` + version + `"}`),
		Tools:      []json.RawMessage{tool},
	}}
	return b
}

func writeTestBundle(t *testing.T, dir, name string, b *model.Bundle, key ed25519.PrivateKey) string {
	t.Helper()
	data, _, err := model.Project(b)
	if err != nil {
		t.Fatal(err)
	}
	if key != nil {
		if data, err = signature.Sign(data, key); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReportInputSignatures: the signature status comes from each file's
// own bytes; a one-byte edit of a signed bundle is invalid, warned about
// on stderr and shown as a banner; the page shows the verified line.
func TestReportInputSignatures(t *testing.T) {
	dir := t.TempDir()
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))
	keyID := signature.KeyID(key.Public().(ed25519.PublicKey))
	signed := writeTestBundle(t, dir, "signed.json", machineBundle("m1", "files", "1.0", "read_file", "Read a file."), key)
	tampered := writeTestBundle(t, dir, "tampered.json", machineBundle("m2", "files", "1.0", "read_file", "Read a file."), key)
	data, _ := os.ReadFile(tampered)
	i := bytes.Index(data, []byte("Read a file."))
	if i < 0 {
		t.Fatal("tool description not found in the bundle")
	}
	data[i+1] = 'o' // "Road a file."
	if err := os.WriteFile(tampered, data, 0o644); err != nil {
		t.Fatal(err)
	}
	plain := writeTestBundle(t, dir, "plain.json", machineBundle("m3", "files", "1.0", "read_file", "Read a file."), nil)

	var warn bytes.Buffer
	in, err := reportInput(&warn, []string{signed, tampered, plain}, "")
	if err != nil {
		t.Fatal(err)
	}
	want := []rhtml.Signature{
		{Source: "signed.json", Status: "verified", KeyID: keyID},
		{Source: "tampered.json", Status: "invalid", KeyID: keyID, Problem: signature.Verify(data, nil).Problem},
		{Source: "plain.json", Status: "unsigned"},
	}
	if len(in.Signatures) != len(want) {
		t.Fatalf("signatures = %+v", in.Signatures)
	}
	for i := range want {
		if in.Signatures[i] != want[i] {
			t.Errorf("signature %d = %+v, want %+v", i, in.Signatures[i], want[i])
		}
	}
	if want[1].Problem == "" {
		t.Error("the tampered file verified")
	}
	if w := warn.String(); !strings.Contains(w, "WARNING") || !strings.Contains(w, "tampered.json") || strings.Contains(w, "signed.json") || strings.Contains(w, "plain.json") {
		t.Errorf("stderr = %q, want one warning about tampered.json", w)
	}
	page, err := rhtml.Page(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"signed.json: signed by " + keyID + " (not pinned)", "SIGNATURE INVALID: " + want[1].Problem} {
		if !bytes.Contains(page, []byte(s)) {
			t.Errorf("page lacks %q", s)
		}
	}
	if bytes.Contains(page, []byte("plain.json: signed")) {
		t.Error("an unsigned input is shown as signed")
	}
}

// TestReportInputFleet: bundles from several machines add the fleet
// section with each kept machine's own findings; a labelled machine sent
// twice is one machine, the later bundle kept.
func TestReportInputFleet(t *testing.T) {
	dir := t.TempDir()
	a := writeTestBundle(t, dir, "machine-a.json", machineBundle("alpha", "files", "1.0", "read_file", "Read a file."), nil)
	b := writeTestBundle(t, dir, "machine-b.json", machineBundle("beta", "shell", "2.0", "run_shell", "Execute a shell command and return stdout."), nil)
	c := writeTestBundle(t, dir, "machine-c.json", machineBundle("gamma", "files", "1.1", "read_file", "Read a file."), nil)
	b2 := writeTestBundle(t, dir, "machine-b-again.json", machineBundle("beta", "web", "3.0", "fetch_url", "Fetch a URL."), nil)
	in, err := reportInput(&bytes.Buffer{}, []string{a, b, c, b2}, "")
	if err != nil {
		t.Fatal(err)
	}
	if in.Fleet == nil || in.Fleet.Fleet == nil {
		t.Fatal("no fleet section for bundles from three machines")
	}
	rows := in.Fleet.Fleet.Machines
	if len(rows) != 3 || len(in.Fleet.Machines) != 3 {
		t.Fatalf("machines: %d rows, %d drill-downs, want 3", len(rows), len(in.Fleet.Machines))
	}
	wantServer := map[string]string{"alpha": "files", "beta": "web", "gamma": "files"}
	for i, m := range in.Fleet.Machines {
		if m.Label != rows[i].Label {
			t.Errorf("drill-down %d is %q, row is %q", i, m.Label, rows[i].Label)
		}
		if m.Findings == nil || len(m.Findings.Servers) != 1 || m.Findings.Servers[0].Name != wantServer[m.Label] {
			t.Errorf("machine %s: findings are not its own bundle's analysis", m.Label)
		}
		if m.Signature == nil || m.Signature.Status != "unsigned" {
			t.Errorf("machine %s: signature %+v", m.Label, m.Signature)
		}
	}
	if d := in.Fleet.Fleet.Duplicates; len(d) != 1 || d[0].Label != "beta" {
		t.Errorf("duplicates = %+v, want beta once", d)
	}
	// The page's other sections count every machine once: beta's first
	// bundle (shell) is replaced by its second (web).
	var names []string
	for _, s := range in.Findings.Servers {
		names = append(names, s.Name)
	}
	if got := strings.Join(names, ","); got != "files,files,web" {
		t.Errorf("analysed servers = %s, want files,files,web in input order (the replaced bundle left out)", got)
	}
	page, err := rhtml.Page(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`id="s-fleet"`, "Servers × machines", "Riskiest tools across the fleet", "Per machine", `id="fleet-duplicates"`} {
		if !bytes.Contains(page, []byte(s)) {
			t.Errorf("page lacks %q", s)
		}
	}
}

// TestReportInputSingleMachine: one machine (one file, the same unlabelled
// bundle twice, or several plain surfaces) keeps the single report.
func TestReportInputSingleMachine(t *testing.T) {
	dir := t.TempDir()
	one := writeTestBundle(t, dir, "one.json", machineBundle("", "files", "1.0", "read_file", "Read a file."), nil)
	same := writeTestBundle(t, dir, "same.json", machineBundle("", "files", "1.0", "read_file", "Read a file."), nil)
	s1 := filepath.Join(dir, "s1.json")
	s2 := filepath.Join(dir, "s2.json")
	for _, p := range []string{s1, s2} {
		if err := os.WriteFile(p, []byte(`{"tools":[{"name":"t_`+filepath.Base(p)[:2]+`","inputSchema":{"type":"object"}}]}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, paths := range map[string][]string{"one file": {one}, "same bundle twice": {one, same}, "two surfaces": {s1, s2}} {
		in, err := reportInput(&bytes.Buffer{}, paths, "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if in.Fleet != nil {
			t.Errorf("%s: fleet section for one machine", name)
		}
	}
}
