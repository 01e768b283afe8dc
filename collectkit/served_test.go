package collectkit

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/internal/hostile"
	"github.com/assay-mcp/assay/report/model"
)

// TestServedSafe: a server that echoes the API key it was given (flagged
// as a literal secret) into its instructions, a description and _meta,
// and sends its home path in "metadata", yields a bundle without the key
// and without the path; the extra members keep their hashes, the spec's
// _meta.ui is kept.
func TestServedSafe(t *testing.T) {
	const key = "sk-echo-9f8e7d6c5b4a39281706"
	servers, err := Collect(context.Background(), []Target{hostileTarget(t, hostile.ModeEcho, map[string]string{hostile.EnvEcho: key})}, &Options{Yes: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	s := servers[0]
	if len(s.Tools) != 1 || s.Instructions == nil {
		t.Fatalf("tools %d, instructions %v, errors %v", len(s.Tools), s.Instructions, s.Errors)
	}
	data, err := EncodeBundle(NewBundle(model.Generator{Name: "assay"}, "", servers))
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{key, "acme-merger", "assay-home-"} {
		if strings.Contains(string(data), leak) {
			t.Errorf("bundle holds %q", leak)
		}
	}
	var tool struct {
		Description string         `json:"description"`
		Metadata    string         `json:"metadata"`
		Meta        map[string]any `json:"_meta"`
	}
	if err := json.Unmarshal(s.Tools[0], &tool); err != nil {
		t.Fatal(err)
	}
	if tool.Description != "Search the workspace. Key in use: <redacted>" {
		t.Errorf("description %q", tool.Description)
	}
	if !strings.HasPrefix(tool.Metadata, "sha256:") || tool.Meta["ui"] == nil {
		t.Errorf("extra members: metadata %q, _meta %v", tool.Metadata, tool.Meta)
	}
	if k, _ := tool.Meta["com.example/key"].(string); !strings.HasPrefix(k, "sha256:") {
		t.Errorf("_meta vendor key %q, want its hash", k)
	}
	if *s.Instructions != "Authenticated with <redacted>." {
		t.Errorf("instructions %q", *s.Instructions)
	}
}

// TestServedSafePlaceholderLike: a value under a credential name is
// scrubbed from echoes even when it looks like a placeholder to the
// secret detector (QA found PWSEKRET14 in a bundle).
func TestServedSafePlaceholderLike(t *testing.T) {
	const key = "PWSEKRET14"
	if !flagged(hostile.EnvEcho, key) {
		t.Fatalf("%s=%s is not flagged", hostile.EnvEcho, key)
	}
	if flagged("LOG_LEVEL", "VERBOSE14") {
		t.Errorf("a value under an ordinary name is flagged")
	}
	servers, err := Collect(context.Background(), []Target{hostileTarget(t, hostile.ModeEcho, map[string]string{hostile.EnvEcho: key})}, &Options{Yes: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	data, err := EncodeBundle(NewBundle(model.Generator{Name: "assay"}, "", servers))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), key) {
		t.Errorf("bundle holds %q", key)
	}
}
