package redact

import (
	"regexp"
	"strings"
)

// The argument redaction is an allowlist: a flag's value is shown only
// when the flag is known to be harmless. A denylist of secret-looking
// names misses "-p hunter2", "-k KEY" and whatever the next server
// invents; an unknown flag costs at most an over-redacted word.

// noValueFlags take no value: the word after them is the next argument.
var noValueFlags = set("-y", "--yes", "-q", "--quiet", "--silent", "-s", "--stdio", "-v", "--verbose",
	"--debug", "-h", "--help", "--version", "-V", "--read-only", "--readonly", "--no-cache",
	"--prefer-offline", "--offline", "--ignore-existing", "--isolated", "-i", "--sse", "--insecure-skip-none",
	"--experimental-modules", "--no-warnings", "--no-deprecation", "--enable-source-maps", "--inspect",
	"--allow-all", "-A", "--allow-read", "--allow-net", "--allow-env", "--allow-write", "--allow-run")

// plainValueFlags take a value that is safe to show (after the usual
// path and URL shortening by [Value]).
var plainValueFlags = set("--package", "--from", "--with", "--python", "--directory", "--dir", "--cwd",
	"--config", "--transport", "--port", "--log-level", "--loglevel", "--mode", "--registry", "--cache",
	"--root", "--roots", "--workspace", "--project", "--profile", "--region", "--timeout", "--format",
	"--node-options", "--import", "--require", "-r", "--loader", "--index-url", "--allow-tool", "--tools",
	"--toolsets", "--name", "--host", "--scope", "--model", "--image", "--entrypoint", "--rm", "-c")

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// email matches an e-mail address anywhere in a word.
var email = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`)

// keyValue is a positional NAME=value argument (docker -e style, env
// assignments passed to wrappers).
var keyValue = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.\-]*=`)

// scriptAssign is NAME=value inside a script string.
var scriptAssign = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]*=[^\s;&|'"]+`)

// isFlag reports whether a is a flag word without an attached value.
func isFlag(a string) bool {
	return len(a) > 1 && a[0] == '-' && !strings.Contains(a, "=") && a != "--"
}

// flagName is the flag word as looked up in the allowlists: "-p" and
// "--pass" as given, "--no-x" as a no-value flag.
func takesNoValue(f string) bool {
	return noValueFlags[f] || strings.HasPrefix(f, "--no-")
}

// allowlist applies the allowlist to the shown arguments out of args:
// values of flags not known to be harmless, NAME=value pairs and e-mail
// addresses become the marker. References (${VAR}) stay: they are not
// values.
func allowlist(args, out []string) {
	for i, a := range args {
		if out[i] == Marker {
			continue
		}
		switch {
		case i > 0 && (args[i-1] == "--header" || args[i-1] == "-H") && strings.Contains(a, ":"):
			// A header's name is shown, its value never.
			name, _, _ := strings.Cut(a, ":")
			out[i] = strings.TrimSpace(name) + ": " + Marker
		case i > 0 && isFlag(args[i-1]) && !takesNoValue(args[i-1]) && !plainValueFlags[args[i-1]] && !isFlag(a) && !IsReference(a):
			out[i] = Marker
		case strings.HasPrefix(a, "-") && strings.Contains(a, "="):
			name, val, _ := strings.Cut(a, "=")
			if !plainValueFlags[name] && val != "" && !IsReference(val) {
				out[i] = name + "=" + Marker
			}
		case keyValue.MatchString(a) && !strings.Contains(a, "://"):
			name, val, _ := strings.Cut(a, "=")
			if val != "" && !IsReference(val) {
				out[i] = name + "=" + Marker
			}
		}
		if strings.ContainsAny(a, " \t") {
			// A script string: every NAME=value inside it.
			out[i] = scriptAssign.ReplaceAllStringFunc(out[i], func(m string) string {
				name, val, _ := strings.Cut(m, "=")
				if IsReference(val) {
					return m
				}
				return name + "=" + Marker
			})
		}
		out[i] = email.ReplaceAllString(out[i], Marker)
	}
}
