package collectkit

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/collectkit/config"
	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
)

// minEchoed is the shortest flagged secret scrubbed from served text: a
// shorter one would match ordinary words.
const minEchoed = 8

// servedSafe applies the bundle's rules for served data to one collected
// server: members the MCP specification does not define, and _meta keys
// it does not name, keep only their hash (model.HashExtras, listed in
// report/model/allowlist.go), and the literal secrets Assay flagged in
// the target's launch data are scrubbed wherever the server echoed them
// (definitions, instructions, server info, collection errors).
func servedSafe(s *model.Server, t Target) {
	secrets := flaggedSecrets(t)
	forms := echoForms(secrets)
	fix := func(kind string, items []json.RawMessage) {
		for i, raw := range items {
			items[i] = scrubRaw(model.HashExtras(kind, raw), forms)
		}
	}
	fix("tools", s.Tools)
	fix("prompts", s.Prompts)
	fix("resources", s.Resources)
	fix("resourceTemplates", s.ResourceTemplates)
	s.ServerInfo = scrubRaw(s.ServerInfo, forms)
	s.Capabilities = scrubRaw(s.Capabilities, forms)
	s.Instructions = scrubText(s.Instructions, secrets)
	for i := range s.Errors {
		s.Errors[i].Message = redact.Scrub(s.Errors[i].Message, secrets...)
	}
	for i := range s.Clients {
		fix("tools", s.Clients[i].Tools)
		s.Clients[i].Instructions = scrubText(s.Clients[i].Instructions, secrets)
	}
}

// flaggedSecrets are the values of t's launch data that Assay flags as
// literal secrets (the same judgement as the config's literal_secret
// facts): env and header values redact.DetectSecret flags, secret
// arguments, and URL credentials and query values of a URL with a secret.
func flaggedSecrets(t Target) []string {
	var out []string
	for _, k := range sortedKeys(t.Env) {
		if v := t.Env[k]; flagged(k, v) {
			out = append(out, v)
		}
	}
	for _, k := range sortedKeys(t.Headers) {
		v := t.Headers[k]
		if flagged(k, v) {
			out = append(out, v)
			if f := strings.Fields(v); len(f) == 2 {
				out = append(out, f[1])
			}
		}
	}
	// The secret arguments, as the config's literal_secret facts see them.
	out = append(out, (&config.Launch{Args: t.Args}).Secrets()...)
	out = append(out, credArgValues(t.Args)...)
	if _, ok := redact.URLSecret(t.URL); ok {
		out = append(out, urlSecrets(t.URL)...)
	}
	var kept []string
	for _, v := range out {
		if len(v) >= minEchoed && !redact.IsReference(v) {
			kept = append(kept, v)
		}
	}
	return kept
}

func flagged(name, v string) bool {
	if redact.IsReference(v) {
		return false
	}
	if _, ok := redact.DetectSecret(name, v); ok {
		return true
	}
	// A value under a credential name is scrubbed from echoes even when
	// it looks like a placeholder to the secret detector: scrubbing a real
	// placeholder costs nothing, missing a real secret leaks it.
	if redact.IsCredentialName(name) {
		return true
	}
	_, ok := redact.URLSecret(v)
	return ok && strings.Contains(v, "://")
}

// echoForms are the byte strings a secret takes inside JSON text: as
// JavaScript's JSON.stringify writes it and as Go's encoder does (HTML
// characters escaped), longest first so a secret holding another is
// replaced whole.
func echoForms(secrets []string) [][]byte {
	var out [][]byte
	seen := map[string]bool{}
	add := func(b []byte) {
		if len(b) >= minEchoed && !seen[string(b)] {
			seen[string(b)] = true
			out = append(out, b)
		}
	}
	for _, s := range secrets {
		var plain bytes.Buffer
		enc := json.NewEncoder(&plain)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		add(bytes.TrimSuffix(bytes.TrimSuffix(bytes.TrimPrefix(plain.Bytes(), []byte(`"`)), []byte("\n")), []byte(`"`)))
		if html, err := json.Marshal(s); err == nil {
			add(html[1 : len(html)-1])
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// scrubRaw replaces every form in raw JSON text by the redaction marker;
// raw is returned unchanged, byte for byte, when none occurs.
func scrubRaw(raw json.RawMessage, forms [][]byte) json.RawMessage {
	for _, f := range forms {
		if bytes.Contains(raw, f) {
			raw = bytes.ReplaceAll(raw, f, []byte(redact.Marker))
		}
	}
	return raw
}

// scrubText replaces the secrets in plain text, longest first, and
// nothing else (instructions are judged as served).
func scrubText(s *string, secrets []string) *string {
	if s == nil {
		return nil
	}
	ks := append([]string(nil), secrets...)
	sort.Slice(ks, func(i, j int) bool { return len(ks[i]) > len(ks[j]) })
	out := *s
	for _, k := range ks {
		out = strings.ReplaceAll(out, k, redact.Marker)
	}
	return &out
}
