package demoserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/internal/demoserver"
	"github.com/assay-mcp/assay/report/canon"
)

const envServe = "ASSAY_TEST_DEMO_SERVER"

// TestMain lets this test binary double as the demo server.
func TestMain(m *testing.M) {
	if os.Getenv(envServe) == "1" {
		if err := demoserver.Run(context.Background(), os.Stdin, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestLiveCollection collects the demo server over stdio like `assay demo`
// does and checks that every definition arrives exactly as the server
// defines it.
func TestLiveCollection(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	servers, err := collectkit.Collect(context.Background(), []collectkit.Target{{
		Name: "demo", Transport: "stdio", Command: exe, Env: map[string]string{envServe: "1"},
	}}, &collectkit.Options{Yes: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	s := servers[0]
	if len(s.Errors) > 0 {
		t.Fatalf("errors: %+v", s.Errors)
	}
	if s.ProtocolVersion == "" {
		t.Error("no negotiated protocol version recorded")
	}
	want := demoserver.Tools()
	if len(s.Tools) != len(want) {
		t.Fatalf("%d tools, want %d", len(s.Tools), len(want))
	}
	// The SDK serves tools sorted by name; pair them by name.
	byName := map[string]json.RawMessage{}
	for _, raw := range s.Tools {
		var tl struct{ Name string }
		if err := json.Unmarshal(raw, &tl); err != nil {
			t.Fatal(err)
		}
		byName[tl.Name] = raw
	}
	for _, w := range want {
		raw, ok := byName[w.Name]
		if !ok {
			t.Errorf("tool %s missing", w.Name)
			continue
		}
		exp, err := json.Marshal(w)
		if err != nil {
			t.Fatal(err)
		}
		got, err1 := canon.JSON(raw)
		wantC, err2 := canon.JSON(exp)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if d := cmp.Diff(string(wantC), string(got)); d != "" {
			t.Errorf("tool %s differs from its definition (-want +got):\n%s", w.Name, d)
		}
	}
	if s.Instructions == nil || *s.Instructions != demoserver.Instructions {
		t.Errorf("instructions %v", s.Instructions)
	}
	var info struct{ Name, Version string }
	if err := json.Unmarshal(s.ServerInfo, &info); err != nil || info.Name != demoserver.Name || info.Version != demoserver.Version {
		t.Errorf("serverInfo %s", s.ServerInfo)
	}
	if len(s.Prompts) != 1 || len(s.Resources) != 1 {
		t.Errorf("prompts %d resources %d, want 1 and 1", len(s.Prompts), len(s.Resources))
	}
	if w := byName["get_weather"]; !bytes.Contains(w, []byte(`\u200b`)) && !bytes.Contains(w, []byte("\u200b")) {
		t.Error("the zero-width space of get_weather was lost")
	}
	t.Logf("negotiated %s", s.ProtocolVersion)
}
