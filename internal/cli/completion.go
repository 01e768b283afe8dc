package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/assay-mcp/assay/internal/render"
)

// Shell completion. Cobra generates the scripts; this file documents how
// to install them for each shell and teaches completion the values of
// Assay's enumerated flags (formats, severities, categories, encodings,
// tiers) and which flags take files.

func newCompletionCmd(e *env) *cobra.Command {
	var noDesc bool
	cmd := &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print the shell completion script for bash, zsh, fish or PowerShell",
		Long: `Completion prints a script that makes your shell complete assay's commands,
flags, flag values (formats, severities, categories, encodings, tiers),
rule ids and file names.

Bash (needs the bash-completion package):
  one session:  source <(assay completion bash)
  permanently:  assay completion bash > /etc/bash_completion.d/assay         (Linux)
                assay completion bash > $(brew --prefix)/etc/bash_completion.d/assay  (macOS)

Zsh (compinit must be enabled: 'autoload -U compinit; compinit' in ~/.zshrc):
  one session:  source <(assay completion zsh)
  permanently:  assay completion zsh > "${fpath[1]}/_assay"   then start a new shell

Fish:
  one session:  assay completion fish | source
  permanently:  assay completion fish > ~/.config/fish/completions/assay.fish

PowerShell:
  one session:  assay completion powershell | Out-String | Invoke-Expression
  permanently:  add that line to your $PROFILE`,
		Example: `  source <(assay completion bash)
  assay completion zsh > "${fpath[1]}/_assay"
  assay completion fish > ~/.config/fish/completions/assay.fish
  assay completion powershell | Out-String | Invoke-Expression`,
		ValidArgs:             []string{"bash", "zsh", "fish", "powershell"},
		Args:                  cobra.MatchAll(cobra.ExactArgs(1), cobra.OnlyValidArgs),
		DisableFlagsInUseLine: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			root := cmd.Root()
			out := e.stdout
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(out, !noDesc)
			case "zsh":
				if noDesc {
					return root.GenZshCompletionNoDesc(out)
				}
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, !noDesc)
			case "powershell":
				if noDesc {
					return root.GenPowerShellCompletion(out)
				}
				return root.GenPowerShellCompletionWithDesc(out)
			}
			return usageErr("unknown shell %q", args[0])
		},
	}
	cmd.Flags().BoolVar(&noDesc, "no-descriptions", false, "complete without descriptions")
	return cmd
}

// fixedCompletions completes a flag from a fixed list, never with files.
func fixedCompletions(values ...string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		for _, v := range values {
			if strings.HasPrefix(v, toComplete) {
				out = append(out, v)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// listCompletions completes a comma-separated list flag (fail-on
// categories of the Action): it completes the last element.
func listCompletions(values ...string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		head, last := "", toComplete
		if i := strings.LastIndex(toComplete, ","); i >= 0 {
			head, last = toComplete[:i+1], toComplete[i+1:]
		}
		var out []cobra.Completion
		for _, v := range values {
			if head != "" && (v == "all" || v == "none") {
				continue
			}
			if strings.HasPrefix(v, last) && !strings.Contains(","+head, ","+v+",") {
				out = append(out, head+v)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

var (
	severityValues = []string{"critical", "high", "medium", "low", "info", "none"}
	categoryValues = []string{"escalation", "prompt", "removal", "injection", "incomplete", "all", "none"}
	tierValues     = []string{"R0", "R1", "R2", "R3", "R4", "R5"}
	encodingValues = []string{"o200k_base", "cl100k_base"}
	// flags that name a file to read or write, with the extensions offered
	fileFlags = map[string][]string{
		"output": nil, "findings": {"json"}, "bundle": {"json"}, "html": {"html"},
		"baseline": {"json"}, "surface": {"json"}, "rules": {"yaml", "yml", "json"},
		"config": {"toml"}, "out": nil, "summary": {"md"}, "github-output": nil, "advisories": {"json"},
	}
)

// registerFlagCompletions walks the command tree once and attaches value
// completion to every well-known flag that has none yet. newRoot calls it
// after adding the commands.
func registerFlagCompletions(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		add := func(name string, f cobra.CompletionFunc) {
			if c.Flags().Lookup(name) == nil {
				return
			}
			if _, ok := c.GetFlagCompletionFunc(name); ok {
				return
			}
			_ = c.RegisterFlagCompletionFunc(name, f)
		}
		add("format", fixedCompletions(render.Formats...))
		if c.Parent() != nil && c.Parent().Name() == "__action" {
			add("fail-on", listCompletions(categoryValues...))
		} else {
			add("fail-on", fixedCompletions(severityValues...))
		}
		add("encoding", fixedCompletions(encodingValues...))
		add("ceiling", fixedCompletions(tierValues...))
		for name, exts := range fileFlags {
			if fl := c.Flags().Lookup(name); fl != nil && fl.Value.Type() != "bool" {
				if _, ok := c.GetFlagCompletionFunc(name); !ok {
					if len(exts) == 0 {
						_ = c.MarkFlagFilename(name)
					} else {
						_ = c.MarkFlagFilename(name, exts...)
					}
				}
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
