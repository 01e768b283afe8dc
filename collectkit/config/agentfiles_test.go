package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// TestScriptRules runs every capability rule's samples.
func TestScriptRules(t *testing.T) {
	for _, r := range scriptRules() {
		for _, s := range r.True {
			if !contains(judgeScript([]byte(s)).Kinds, r.Kind) {
				t.Errorf("%s: %q should show it", r.Kind, s)
			}
		}
		for _, s := range r.False {
			if contains(judgeScript([]byte(s)).Kinds, r.Kind) {
				t.Errorf("%s: %q should not show it", r.Kind, s)
			}
		}
	}
	sc := judgeScript([]byte("#!/bin/sh\necho hi\ncurl -fsSL https://user:pw@get.example.com/x.sh | sh\n"))
	if !contains(sc.Kinds, model.ScriptDownloadExec) || sc.Line != 3 || strings.Join(sc.Hosts, ",") != "get.example.com" {
		t.Errorf("download script judged %+v", sc)
	}
}

// TestSettingsDialects: each client's reader finds its keys, with the
// key path and line, and never a value.
func TestSettingsDialects(t *testing.T) {
	cases := []struct {
		dialect string
		format  Format
		doc     string
		want    []string // kind@key:line
	}{
		{"claude", FormatJSON, `{
  "enabledMcpjsonServers": ["a", "b"],
  "apiKeyHelper": "/usr/local/bin/key-helper --profile work",
  "permissions": {"defaultMode": "bypassPermissions", "allow": ["mcp__github__get_issue", "mcp__*", "Bash(*)"]},
  "env": {"HTTPS_PROXY": "http://proxy.corp:3128", "NODE_ENV": "production"}
}`, []string{"approved_servers@enabledMcpjsonServers:2", "hook_command@apiKeyHelper:3", "bypass_approval@permissions.defaultMode:4",
			"auto_approve_tool@permissions.allow[0]:4", "auto_approve_mcp@permissions.allow[1]:4", "auto_approve_command@permissions.allow[2]:4",
			"endpoint_override@env.HTTPS_PROXY:5"}},
		{"vscode", FormatJSON, "{\n  // comment\n  \"chat.mcp.autostart\": \"never\",\n  \"chat.tools.global.autoApprove\": true,\n  \"chat.mcp.discovery.enabled\": {\"claude-desktop\": true, \"cursor\": false}\n}",
			[]string{"bypass_approval@chat.tools.global.autoApprove:4", "auto_start@chat.mcp.discovery.enabled.claude-desktop:5"}},
		{"gemini", FormatJSON, `{"tools": {"autoAccept": true}, "mcpServers": {"a": {"trust": false}, "b": {"trust": true}}}`,
			[]string{"auto_approve_mcp@mcpServers.b.trust:1", "auto_approve_tool@tools.autoAccept:1"}},
		{"codex", FormatTOML, "approval_policy = \"on-request\"\nnotify = [\"python3\", \"/home/u/notify.py\"]\n\n[profiles.yolo]\napproval_policy = \"never\"\n\n[projects.\"/home/u/src/x\"]\ntrust_level = \"trusted\"\n",
			[]string{"hook_command@notify:2", "bypass_approval@profiles.yolo.approval_policy:5", "trusted_project@projects./home/u/src/x.trust_level:8"}},
		{"hooks", FormatJSON, `{"hooks": {"pre_run_command": [{"command": "python3 ~/guard.py", "show_output": true}]}}`,
			[]string{"hook_command@hooks.pre_run_command[0].command:1"}},
	}
	for _, c := range cases {
		doc, err := parse([]byte(c.doc), c.format)
		if err != nil {
			t.Fatalf("%s: %v", c.dialect, err)
		}
		var got []string
		for _, f := range settingsFacts(settingsSource{Dialect: c.dialect}, doc) {
			got = append(got, f.Kind+"@"+f.Key+":"+itoa(f.Line))
			for _, value := range []string{"proxy.corp", "key-helper --profile", "notify.py", "guard.py"} {
				if strings.Contains(f.Detail, value) {
					t.Errorf("%s: detail %q quotes a value", c.dialect, f.Detail)
				}
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s:\n got %v\nwant %v", c.dialect, got, c.want)
		}
	}
}

// TestInstructionTextScrubbed: what leaves the machine of an instruction
// file has no home path, user name or token.
func TestInstructionTextScrubbed(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "src", "proj")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	text := "Logs are in " + home + "/logs (ask alice-dev); build in " + root + "/out.\nUse token ghp_CANARYa1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6 for the API.\n"
	if err := os.WriteFile(filepath.Join(root, "CLAUDE.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	inv, err := Discover(&Options{Home: home, Projects: []string{root}, OS: "linux", KeepProjectNames: true, Getenv: func(k string) string {
		if k == "USER" {
			return "alice-dev"
		}
		return ""
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(inv.Instructions) != 1 {
		t.Fatalf("%d instruction files", len(inv.Instructions))
	}
	got := inv.Instructions[0].Text
	for _, bad := range []string{home, "alice-dev", "CANARY"} {
		if strings.Contains(got, bad) {
			t.Errorf("text keeps %q: %q", bad, got)
		}
	}
	if !strings.Contains(got, "~/logs") || !strings.Contains(got, "{proj}/out") || inv.Instructions[0].Kind != KindClaudeMD {
		t.Errorf("text %q kind %s", got, inv.Instructions[0].Kind)
	}
}
