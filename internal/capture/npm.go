package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/assay-mcp/assay/internal/procgroup"
)

// manifest is the part of `npm view PKG --json` the capture uses.
type manifest struct {
	Name           string            `json:"name"`
	Version        string            `json:"version"`
	License        json.RawMessage   `json:"license"`
	Bin            json.RawMessage   `json:"bin"`
	Dependencies   map[string]string `json:"dependencies"`
	PeerDeps       map[string]string `json:"peerDependencies"`
	Keywords       json.RawMessage   `json:"keywords"`
	Description    string            `json:"description"`
	Deprecated     json.RawMessage   `json:"deprecated"`
	MaintainersRaw json.RawMessage   `json:"maintainers"`
	RepositoryRaw  json.RawMessage   `json:"repository"`
	Engines        json.RawMessage   `json:"engines"`
	Dist           struct {
		Integrity    string `json:"integrity"`
		Shasum       string `json:"shasum"`
		UnpackedSize int64  `json:"unpackedSize"`
	} `json:"dist"`
}

// mcpSDKs are the dependencies that make a package an MCP server
// implementation rather than, say, a library that mentions MCP.
var mcpSDKs = []string{
	"@modelcontextprotocol/sdk", "fastmcp", "mcp-framework", "mcp-use", "tmcp",
	"@mastra/mcp", "xmcp", "@modelcontextprotocol/server", "mcp-handler",
}

// licence returns the declared licence as one string: an SPDX expression,
// "SEE LICENSE IN ...", or "" when none is declared. Old manifests use an
// object {type} or an array of them.
func (m *manifest) licence() string {
	var s string
	if json.Unmarshal(m.License, &s) == nil {
		return strings.TrimSpace(s)
	}
	var o struct{ Type string }
	if json.Unmarshal(m.License, &o) == nil && o.Type != "" {
		return o.Type
	}
	var arr []struct{ Type string }
	if json.Unmarshal(m.License, &arr) == nil && len(arr) > 0 {
		var ts []string
		for _, a := range arr {
			ts = append(ts, a.Type)
		}
		return strings.Join(ts, " OR ")
	}
	return ""
}

// sdk names the MCP SDK the package depends on, or "".
func (m *manifest) sdk() string {
	for _, s := range mcpSDKs {
		if v, ok := m.Dependencies[s]; ok {
			return s + "@" + v
		}
		if v, ok := m.PeerDeps[s]; ok {
			return s + "@" + v + " (peer)"
		}
	}
	return ""
}

// bins returns the package's bin entries, name → path inside the package.
// A string bin is named after the package (without its scope).
func (m *manifest) bins() map[string]string {
	var s string
	if json.Unmarshal(m.Bin, &s) == nil && s != "" {
		return map[string]string{baseName(m.Name): s}
	}
	var mm map[string]string
	if json.Unmarshal(m.Bin, &mm) == nil && len(mm) > 0 {
		return mm
	}
	return nil
}

func baseName(pkg string) string {
	if i := strings.LastIndex(pkg, "/"); i >= 0 {
		return pkg[i+1:]
	}
	return pkg
}

// pickBin chooses the entry a user's MCP config would run: the one named
// after the package, else one that says mcp or server, else the first by
// name. It returns the bin name and its path.
func pickBin(pkg string, bins map[string]string) (string, string) {
	names := make([]string, 0, len(bins))
	for n := range bins {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "", ""
	}
	base := baseName(pkg)
	for _, n := range names {
		if n == base {
			return n, bins[n]
		}
	}
	for _, want := range []string{"mcp", "server"} {
		for _, n := range names {
			if strings.Contains(strings.ToLower(n), want) {
				return n, bins[n]
			}
		}
	}
	return names[0], bins[names[0]]
}

// runCmd runs a short npm command under nice with a deadline, in its own
// process group so that a timeout kills everything it started. Output is
// capped at max bytes. It starts through procgroup so that the orphan
// sweep run after each server (procgroup.ReapIfIdle) counts it as running:
// started any other way, an npm of one job was taken for an adopted orphan
// and killed when another job's server ended (-jobs above 1).
func runCmd(ctx context.Context, dir string, env []string, max int, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "nice", append([]string{"-n", "10", name}, args...)...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	out := &capBuffer{max: max}
	cmd.Stdout, cmd.Stderr = out, out
	err := procgroup.Start(cmd)
	if err == nil {
		err = procgroup.Wait(cmd)
		procgroup.Kill(cmd) // children npm left behind in its group
	}
	if ctx.Err() != nil {
		err = fmt.Errorf("%s %s timed out", name, args[0])
	}
	return out.Bytes(), err
}

// npmEnv is the environment of npm itself: the operator's, so the shared
// cache and registry settings apply, with scripts off for good measure.
// Retries are short: a dependency fetched from anywhere but the registry
// (a GitHub tarball) cannot be reached here, and npm's default backoff
// spends minutes finding that out.
func npmEnv() []string {
	return append(os.Environ(), "npm_config_ignore_scripts=true", "npm_config_fund=false",
		"npm_config_audit=false", "npm_config_update_notifier=false",
		"npm_config_fetch_retries=1", "npm_config_fetch_retry_mintimeout=2000", "npm_config_fetch_retry_maxtimeout=5000")
}

// view resolves pkg to its latest version's manifest.
func view(ctx context.Context, pkg string) (*manifest, error) {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	out, err := runCmd(ctx, os.TempDir(), npmEnv(), 8<<20, "npm", "view", pkg+"@latest", "--json")
	if err != nil {
		return nil, fmt.Errorf("%v: %s", err, lastLine(out))
	}
	out = bytes.TrimSpace(out)
	if len(out) > 0 && out[0] == '[' { // several versions matched: take the last
		var all []json.RawMessage
		if json.Unmarshal(out, &all) == nil && len(all) > 0 {
			out = all[len(all)-1]
		}
	}
	var m manifest
	if err := json.Unmarshal(out, &m); err != nil {
		return nil, fmt.Errorf("npm view: unreadable answer: %v", err)
	}
	if m.Name == "" || m.Version == "" {
		return nil, errors.New("npm view: no name or version in the answer")
	}
	return &m, nil
}

// install installs pkg@version, pinned, with lifecycle scripts off, into
// dir (a fresh folder of its own).
func install(ctx context.Context, dir, pkg, version string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"assay-capture","private":true}`+"\n"), 0o644); err != nil {
		return err
	}
	// Cached package metadata is used without asking the registry again
	// (most servers share most dependencies); when a cached copy is too
	// old to hold a version asked for (ETARGET), npm is run once more
	// against the registry.
	args := []string{"install", "--ignore-scripts", "--no-audit", "--no-fund", "--save-exact", "--loglevel=error", pkg + "@" + version}
	out, err := runCmd(ctx, dir, npmEnv(), 1<<20, "npm", append(args, "--prefer-offline")...)
	if err != nil && bytes.Contains(out, []byte("ETARGET")) && ctx.Err() == nil {
		out, err = runCmd(ctx, dir, npmEnv(), 1<<20, "npm", args...)
	}
	if err != nil {
		return fmt.Errorf("%v: %s", err, lastLine(out))
	}
	return nil
}

// installedDeps reads the versions actually installed of the MCP SDKs and
// zod, which decide how schemas are served.
func installedDeps(modules string) map[string]string {
	out := map[string]string{}
	for _, d := range append([]string{"zod"}, mcpSDKs...) {
		data, err := os.ReadFile(filepath.Join(modules, d, "package.json"))
		if err != nil {
			continue
		}
		var v struct{ Version string }
		if json.Unmarshal(data, &v) == nil && v.Version != "" {
			out[d] = v.Version
		}
	}
	return out
}

// lastLine is the line of npm's output that says what went wrong: its
// first error line other than the pointer to its log, else the last line.
func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, want := range []string{"Not Found", "npm error"} {
		for _, l := range lines {
			if strings.Contains(l, want) && !strings.Contains(l, "complete log") && !strings.HasSuffix(strings.TrimSpace(l), "npm error") {
				return clip(strings.TrimSpace(l), 300)
			}
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			return clip(l, 300)
		}
	}
	return ""
}

// capBuffer keeps the first max bytes written to it.
type capBuffer struct {
	bytes.Buffer
	max int
}

func (c *capBuffer) Write(p []byte) (int, error) {
	if room := c.max - c.Len(); room > 0 {
		c.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && (s[n]&0xC0) == 0x80 {
		n--
	}
	return s[:n] + "…"
}
