package redact

import "testing"

func TestPathLabel(t *testing.T) {
	roots := []Root{{Path: "/home/alice/src/app", Label: "app"}, {Path: `C:\Users\alice\work\lib`, Label: "lib"}}
	cases := []struct{ path, home, want string }{
		{"/home/alice/.cursor/mcp.json", "/home/alice", "~/.cursor/mcp.json"},
		{"/home/alice/src/app/.mcp.json", "/home/alice", "{app}/.mcp.json"},
		{"/home/alice/src/app", "/home/alice", "{app}"},
		{`C:\Users\alice\AppData\Roaming\Claude\claude_desktop_config.json`, `C:\Users\alice`, "~/AppData/Roaming/Claude/claude_desktop_config.json"},
		{`C:\Users\alice\work\lib\.vscode\mcp.json`, `C:\Users\alice`, "{lib}/.vscode/mcp.json"},
		{"/etc/gemini-cli/settings.json", "/home/alice", "…/settings.json"},
		{"/home/alicex/.cursor/mcp.json", "/home/alice", "…/mcp.json"},
	}
	for _, c := range cases {
		if got := PathLabel(c.path, c.home, roots); got != c.want {
			t.Errorf("PathLabel(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}

func TestLooksLikePath(t *testing.T) {
	yes := []string{"/Users/alice/Desktop", "~/x", `C:\Users\alice`, "c:/x", "./a", "../b", `\\server\share`}
	no := []string{"/c", "/user:Administrator", "-y", "pkg@1.0.0", "https://x.example", "C:", "word"}
	for _, a := range yes {
		if !LooksLikePath(a) {
			t.Errorf("LooksLikePath(%q) = false", a)
		}
	}
	for _, a := range no {
		if LooksLikePath(a) {
			t.Errorf("LooksLikePath(%q) = true", a)
		}
	}
}
