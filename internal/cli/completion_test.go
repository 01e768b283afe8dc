package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/internal/render"
)

// Every shell gets a script; where the shell is installed, the script
// must parse (bash -n, zsh -n, fish -n, PowerShell's parser).
func TestCompletionScripts(t *testing.T) {
	checks := map[string][]string{
		"bash":       {"bash", "-n"},
		"zsh":        {"zsh", "-n"},
		"fish":       {"fish", "-n"},
		"powershell": {"pwsh", "-NoProfile", "-Command", "$null = [System.Management.Automation.Language.Parser]::ParseFile($args[0], [ref]$null, [ref]$e); if ($e) { exit 1 }"},
	}
	for shell, check := range checks {
		for _, args := range [][]string{{"completion", shell}, {"completion", shell, "--no-descriptions"}} {
			code, out, errs := runAssay(t, args...)
			if code != 0 || !strings.Contains(out, "assay") || len(out) < 500 {
				t.Errorf("%v: exit %d, %d bytes, stderr %s", args, code, len(out), errs)
				continue
			}
			if _, err := exec.LookPath(check[0]); err != nil {
				t.Logf("%s not installed; script not parsed", check[0])
				continue
			}
			f := filepath.Join(t.TempDir(), "assay."+shell)
			if err := os.WriteFile(f, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(check[0], append(check[1:], f)...)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s rejects the %v script: %v\n%s", check[0], args, err, b)
			}
		}
	}
	if code, _, _ := runAssay(t, "completion", "tcsh"); code != ExitUsage {
		t.Errorf("completion tcsh: exit %d, want %d", code, ExitUsage)
	}
}

// complete asks cobra's completion engine, as the shell scripts do.
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	code, out, errs := runAssay(t, append([]string{cobra.ShellCompRequestCmd}, args...)...)
	if code != 0 {
		t.Fatalf("__complete %v: exit %d: %s", args, code, errs)
	}
	var vals []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(l, ":") {
			vals = append(vals, strings.SplitN(l, "\t", 2)[0])
		}
	}
	return vals
}

func TestFlagValueCompletion(t *testing.T) {
	cases := []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{"scan", "--format", ""}, render.Formats, nil},
		{[]string{"scan", "--fail-on", ""}, []string{"critical", "high", "medium", "low", "info", "none"}, nil},
		{[]string{"scan", "--fail-on", "h"}, []string{"high"}, []string{"low"}},
		{[]string{"scan", "--encoding", ""}, []string{"o200k_base", "cl100k_base"}, nil},
		{[]string{"rules", "--format", ""}, []string{"table", "json"}, []string{"sarif"}},
		{[]string{"rules", "--category", "inj"}, []string{"injection"}, nil},
		{[]string{"completion", ""}, []string{"bash", "zsh", "fish", "powershell"}, nil},
		{[]string{"__action", "run", "--fail-on", "injection,"}, []string{"injection,escalation", "injection,prompt"}, []string{"injection,injection", "injection,all"}},
	}
	for _, c := range cases {
		got := complete(t, c.args...)
		for _, w := range c.want {
			if !contains(got, w) {
				t.Errorf("%v: %q not offered (got %q)", c.args, w, got)
			}
		}
		for _, n := range c.not {
			if contains(got, n) {
				t.Errorf("%v: %q offered", c.args, n)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// Every command a user sees has examples in its --help.
func TestEveryCommandHasExamples(t *testing.T) {
	root := newRoot(&env{getenv: func(string) string { return "" }})
	if root.Example == "" {
		t.Error("assay --help has no examples")
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == cobra.ShellCompRequestCmd || sub.Name() == cobra.ShellCompNoDescRequestCmd {
				continue
			}
			if strings.TrimSpace(sub.Example) == "" {
				t.Errorf("%q has no examples in --help", sub.CommandPath())
			}
			walk(sub)
		}
	}
	walk(root)
}
