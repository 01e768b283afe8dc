package config

import (
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
)

// Fact kinds recorded in model.ServerConfig.Facts (defined once in
// report/model, which report/hygiene and report/fleet read too).
const (
	FactLiteralSecret   = model.FactLiteralSecret
	FactEscalation      = model.FactEscalation
	FactShellLauncher   = model.FactShellLauncher
	FactShellDownload   = model.FactShellDownload
	FactCodeLoadingEnv  = model.FactCodeLoadingEnv
	FactUnpinned        = model.FactUnpinned
	FactVersionMismatch = model.FactVersionMismatch
	FactPlainHTTP       = model.FactPlainHTTP
	FactGitSource       = model.FactGitSource
)

// Auth postures.
const (
	AuthNone          = "none"
	AuthEnvRef        = "env_ref"
	AuthLiteralSecret = "literal_secret"
	AuthHelper        = "helper_command"
	AuthOAuth         = "oauth"
)

// codeLoadingEnv are variables that make an interpreter or the dynamic
// loader run code the server's author did not ship.
var codeLoadingEnv = map[string]string{
	"NODE_OPTIONS": "node", "NODE_PATH": "node", "LD_PRELOAD": "loader", "LD_LIBRARY_PATH": "loader", "LD_AUDIT": "loader",
	"PYTHONPATH": "python", "PYTHONSTARTUP": "python", "PYTHONHOME": "python", "PYTHONUSERBASE": "python",
	"PERL5OPT": "perl", "PERL5LIB": "perl", "RUBYOPT": "ruby", "RUBYLIB": "ruby", "JAVA_TOOL_OPTIONS": "java", "_JAVA_OPTIONS": "java",
	"BASH_ENV": "shell", "ENV": "shell",
}

func isCodeLoadingEnv(name string) (string, bool) {
	u := strings.ToUpper(name)
	if strings.HasPrefix(u, "DYLD_") {
		return "loader", true
	}
	k, ok := codeLoadingEnv[u]
	return k, ok
}

var escalators = map[string]bool{"sudo": true, "doas": true, "runas": true, "pkexec": true, "su": true, "gsudo": true}

var shells = map[string]string{"sh": "-c", "bash": "-c", "zsh": "-c", "dash": "-c", "ksh": "-c", "fish": "-c",
	"cmd": "/c", "powershell": "-command", "pwsh": "-command"}

func progName(cmd string) string {
	b := strings.ToLower(redact.Base(cmd))
	for _, ext := range []string{".exe", ".cmd", ".bat"} {
		b = strings.TrimSuffix(b, ext)
	}
	return b
}

// redactedConfig builds the bundle-safe view of d with its facts. No
// value from env, headers or secrets-bearing args reaches the result.
func redactedConfig(d *decl, fileLabel, rootLabel string) *model.ServerConfig {
	l := &d.launch
	c := &model.ServerConfig{
		Client:    d.src.Client,
		Scope:     d.src.Scope,
		File:      fileLabel,
		Line:      d.line,
		Transport: l.Transport,
		Disabled:  d.disabled,
		Root:      rootLabel,
	}
	var facts []model.ConfigFact
	add := func(kind, loc, detail string) {
		facts = append(facts, model.ConfigFact{Kind: kind, Location: loc, Detail: detail})
	}
	literal, refs := false, false

	if l.Transport == "stdio" {
		c.Command = redact.Value(redact.Base(l.Command))
		args, found := redact.Args(l.Args)
		c.Args = args
		for _, f := range found {
			add(FactLiteralSecret, "args["+strconv.Itoa(f.Index)+"]", f.Secret.Detail)
			literal = true
		}
		for _, a := range l.Args {
			if redact.HasReference(a) {
				for _, r := range redact.References(a) {
					if r.Kind == "env" || r.Kind == "secret" || r.Kind == "input" {
						refs = true
					}
				}
			}
		}
		facts = append(facts, launcherFacts(l.Command, l.Args, "")...)
	} else {
		c.URLHost = redact.URLHost(l.URL)
		if s, ok := redact.URLSecret(l.URL); ok {
			add(FactLiteralSecret, "url", s.Detail)
			literal = true
		} else if redact.HasReference(l.URL) {
			refs = true
		}
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(l.URL)), "http://") && !isLoopback(c.URLHost) {
			add(FactPlainHTTP, "url", "plain http to "+c.URLHost)
		}
	}

	for _, k := range sortedKeys(l.Env) {
		v := l.Env[k]
		c.EnvNames = append(c.EnvNames, k)
		if redact.IsReference(v) {
			if redact.IsCredentialName(k) {
				refs = true
			}
		} else if s, ok := redact.DetectSecret(k, v); ok {
			add(FactLiteralSecret, "env."+k, s.Detail)
			literal = true
		} else if s, ok := redact.URLSecret(v); ok && strings.Contains(v, "://") {
			add(FactLiteralSecret, "env."+k, s.Detail)
			literal = true
		} else if redact.HasReference(v) && redact.IsCredentialName(k) {
			refs = true
		}
		if lang, ok := isCodeLoadingEnv(k); ok && strings.TrimSpace(v) != "" {
			if detail, ok := codeLoadingDetail(k, lang, v); ok {
				add(FactCodeLoadingEnv, "env."+k, detail)
			}
		}
	}
	for _, k := range sortedKeys(l.Headers) {
		v := l.Headers[k]
		c.HeaderNames = append(c.HeaderNames, k)
		if d.literalBearer && strings.EqualFold(k, "authorization") {
			add(FactLiteralSecret, "bearer_token", "literal bearer token")
			literal = true
			continue
		}
		if redact.HasReference(v) && strings.TrimSpace(redact.StripReferences(v)) == "" || redact.HasReference(v) && !hasSecret(k, v) {
			refs = true
			continue
		}
		if s, ok := redact.DetectSecret(k, v); ok {
			add(FactLiteralSecret, "headers."+k, s.Detail)
			literal = true
		} else if s, ok := redact.URLSecret(v); ok && strings.Contains(v, "://") {
			add(FactLiteralSecret, "headers."+k, s.Detail)
			literal = true
		}
	}
	for _, k := range sortedKeys(l.EnvHeaders) {
		c.HeaderNames = append(c.HeaderNames, k)
		refs = true
	}
	sort.Strings(c.HeaderNames)
	c.HeaderNames = dedupe(c.HeaderNames)
	if l.BearerEnv != "" {
		refs = true
		if !contains(c.HeaderNames, "Authorization") {
			c.HeaderNames = append(c.HeaderNames, "Authorization")
			sort.Strings(c.HeaderNames)
		}
	}
	switch {
	case literal:
		c.Auth = AuthLiteralSecret
	case d.helper != "":
		c.Auth = AuthHelper
	case d.oauth:
		c.Auth = AuthOAuth
	case refs:
		c.Auth = AuthEnvRef
	default:
		c.Auth = AuthNone
	}
	c.Facts = facts
	return c
}

func hasSecret(name, v string) bool {
	_, ok := redact.DetectSecret(name, v)
	return ok
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if strings.EqualFold(x, y) {
			return true
		}
	}
	return false
}

func isLoopback(host string) bool {
	h := host
	if i := strings.LastIndex(h, ":"); i >= 0 && !strings.HasSuffix(h, "]") {
		h = h[:i]
	}
	h = strings.Trim(h, "[]")
	return h == "localhost" || strings.HasPrefix(h, "127.") || h == "::1" || strings.HasSuffix(h, ".localhost")
}

// codeLoadingDetail says what the variable does without quoting its value
// (NODE_OPTIONS may carry a path with a user name). NODE_OPTIONS counts
// only when it preloads a module: memory limits and the like are benign.
func codeLoadingDetail(name, lang, v string) (string, bool) {
	how := "literal value"
	if redact.IsReference(v) {
		how = "value from a reference"
	}
	if strings.EqualFold(name, "NODE_OPTIONS") {
		for _, f := range strings.Fields(v) {
			for _, flag := range []string{"--require", "-r", "--import", "--loader", "--experimental-loader"} {
				if f == flag || strings.HasPrefix(f, flag+"=") {
					return name + " preloads a module (" + flag + "), " + how, true
				}
			}
		}
		if redact.IsReference(v) {
			return name + " is set from a reference and may preload a module", true
		}
		return "", false
	}
	return name + " changes what " + lang + " loads at start, " + how, true
}

// launcherFacts judges how a stdio server is started: escalation, shell
// wrappers (and what they run), unpinned package runners. at prefixes
// locations when judging a command nested in a shell string.
func launcherFacts(cmd string, args []string, at string) []model.ConfigFact {
	var facts []model.ConfigFact
	loc := func(i int) string {
		if at != "" {
			return at
		}
		if i < 0 {
			return "command"
		}
		return "args[" + strconv.Itoa(i) + "]"
	}
	prog := progName(cmd)
	// Peel escalators and env wrappers: "sudo -E npx ..." judges npx too.
	for depth := 0; depth < 4; depth++ {
		if escalators[prog] {
			facts = append(facts, model.ConfigFact{Kind: FactEscalation, Location: loc(-1 + depth*0), Detail: prog})
		} else if prog != "env" {
			break
		}
		i := 0
		for i < len(args) && (strings.HasPrefix(args[i], "-") || strings.Contains(args[i], "=")) {
			i++
		}
		if i >= len(args) {
			return facts
		}
		cmd, args = args[i], args[i+1:]
		prog = progName(cmd)
	}
	if flag, ok := shells[prog]; ok {
		for i, a := range args {
			if strings.EqualFold(a, flag) || (flag == "-c" && len(a) > 1 && a[0] == '-' && !strings.HasPrefix(a, "--") && strings.HasSuffix(a, "c")) || (prog == "cmd" && strings.EqualFold(a, "/k")) {
				if i+1 >= len(args) {
					break
				}
				script := args[i+1]
				if prog == "cmd" || prog == "powershell" || prog == "pwsh" {
					// cmd /c and -Command take the rest of the line.
					script = strings.Join(args[i+1:], " ")
				}
				facts = append(facts, judgeShell(prog, script, loc(i+1))...)
				return facts
			}
		}
		for i, a := range args {
			if downloadsAndRuns(a) {
				return append(facts, model.ConfigFact{Kind: FactShellDownload, Location: loc(i), Detail: prog + " downloads a script and runs it"})
			}
		}
		facts = append(facts, model.ConfigFact{Kind: FactShellLauncher, Location: loc(-1), Detail: prog + " runs a script file"})
		return facts
	}
	if i, script, ok := npxCall(prog, args); ok {
		// npx -c/--call runs its argument through a shell
		// (https://docs.npmjs.com/cli/v10/commands/npx).
		at := at
		if at == "" {
			at = "args[" + strconv.Itoa(i) + "]"
		}
		return append(facts, judgeShell(prog+" -c", script, at)...)
	}
	facts = append(facts, unpinnedFacts(prog, args, at)...)
	return facts
}

// npxCall finds the shell string of "npx -c CMD" / "npx --call=CMD".
func npxCall(prog string, args []string) (int, string, bool) {
	if prog != "npx" && prog != "pnpx" {
		return 0, "", false
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case (a == "-c" || a == "--call") && i+1 < len(args):
			return i + 1, args[i+1], true
		case strings.HasPrefix(a, "--call="):
			return i, strings.TrimPrefix(a, "--call="), true
		case !strings.HasPrefix(a, "-"):
			return 0, "", false // the package comes first: later flags are its own
		case valueFlags["npx"][a]:
			i++ // its value is the next argument
		}
	}
	return 0, "", false
}

// downloadsAndRuns reports a script that fetches code from the network
// and hands it to an interpreter: "curl … | sh", "bash <(curl …)",
// "eval "$(curl …)"", "iwr … | iex".
func downloadsAndRuns(script string) bool {
	l := strings.ToLower(script)
	downloads := false
	for _, w := range []string{"curl ", "wget ", "invoke-webrequest", "iwr ", "irm ", "invoke-restmethod"} {
		if strings.Contains(l, w) {
			downloads = true
		}
	}
	if !downloads {
		return false
	}
	for _, w := range []string{"| sh", "|sh", "| bash", "|bash", "| zsh", "| iex", "|iex", "invoke-expression", "| python", "| node", "| sudo", "<(curl", "<(wget", "eval ", "source <(", ". <("} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// judgeShell describes what a "bash -c SCRIPT" runs: downloads piped to
// an interpreter are the worst case; otherwise the programs it starts.
func judgeShell(shell, script, loc string) []model.ConfigFact {
	if downloadsAndRuns(script) {
		return []model.ConfigFact{{Kind: FactShellDownload, Location: loc, Detail: shell + " downloads a script and runs it"}}
	}
	var facts []model.ConfigFact
	var progs []string
	seen := map[string]bool{}
	for _, part := range splitShell(script) {
		words := strings.Fields(part)
		if len(words) == 0 {
			continue
		}
		// Skip leading VAR=value assignments (their values stay unseen).
		for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		p := progName(strings.Trim(words[0], `"'`))
		if p == "cd" || p == "export" || p == "set" || p == "source" || p == "." {
			continue
		}
		if !seen[p] {
			seen[p] = true
			progs = append(progs, safeWord(p))
		}
		inner := make([]string, 0, len(words)-1)
		for _, w := range words[1:] {
			inner = append(inner, strings.Trim(w, `"'`))
		}
		for _, f := range launcherFacts(p, inner, loc) {
			if f.Kind == FactShellLauncher {
				continue
			}
			facts = append(facts, f)
		}
	}
	if len(progs) > 5 {
		progs = append(progs[:5], "…")
	}
	detail := shell + " runs a script"
	if len(progs) > 0 {
		detail += " starting " + strings.Join(progs, ", ")
	}
	return append([]model.ConfigFact{{Kind: FactShellLauncher, Location: loc, Detail: detail}}, facts...)
}

func splitShell(s string) []string {
	r := strings.NewReplacer("&&", "\n", "||", "\n", ";", "\n", "|", "\n", "&", "\n")
	return strings.Split(r.Replace(s), "\n")
}
