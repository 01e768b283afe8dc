package collectkit

import (
	"bufio"
	"errors"
	"fmt"
	"github.com/assay-mcp/assay/report/textsafe"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
)

// ErrDeclined is returned by Collect when the operator did not agree to
// start the local servers.
var ErrDeclined = errors.New("not starting local servers: consent was not given (use --yes to skip the question)")

// plan is what collecting one target will do, decided before anything
// starts.
type plan struct {
	path    string                 // resolved program of a local server
	refused *model.CollectionError // set when the target must not be started
}

// makePlan resolves a local server's program. A bare command that
// resolves to the current directory is refused: a repository could plant
// an executable named like a well-known tool.
func makePlan(t Target) plan {
	if t.Transport != "stdio" {
		return plan{}
	}
	path, err := resolveProgram(t.Command)
	if err != nil {
		return plan{refused: &model.CollectionError{Code: "refused", Phase: "start", Message: err.Error()}}
	}
	return plan{path: path}
}

// ResolveProgram is the absolute path of the program command names, found
// the way a local server's is: a bare name on PATH, never in the current
// directory (a repository could plant an executable named like a
// well-known tool). The injection harness starts agents through it too.
func ResolveProgram(command string) (string, error) { return resolveProgram(command) }

func resolveProgram(command string) (string, error) {
	name := redact.Base(command)
	if command == "" {
		return "", errors.New("no command given")
	}
	if strings.ContainsAny(command, `/\`) {
		p, err := exec.LookPath(command)
		if err != nil {
			return "", fmt.Errorf("program %q not found or not executable", name)
		}
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		return p, nil
	}
	p, err := exec.LookPath(command)
	if errors.Is(err, exec.ErrDot) {
		return "", fmt.Errorf("refusing to start %q: it resolves to the current directory, not to a program on PATH", name)
	}
	if err != nil {
		return "", fmt.Errorf("program %q not found on PATH", name)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	if cwd, err := os.Getwd(); err == nil && filepath.Dir(abs) == cwd {
		return "", fmt.Errorf("refusing to start %q: it resolves to the current directory, not to a program on PATH", name)
	}
	return abs, nil
}

// confirm prints the plan for local servers and asks for consent unless
// Yes. Remote servers need no consent: nothing runs on this machine.
func confirm(targets []Target, plans []plan, o *Options) error {
	var lines []string
	n := 0
	for i, p := range plans {
		if p.path == "" {
			continue
		}
		n++
		lines = append(lines, describe(targets[i], p)...)
	}
	if n == 0 || o.Yes && o.Quiet {
		return nil
	}
	w := o.Stderr
	fmt.Fprintf(w, "Assay will start %s to list tools, prompts and resources (nothing is called):\n", plural(n, "local server"))
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w, "Each gets a fresh temporary HOME, PATH and only the variables listed.")
	if o.Yes {
		return nil
	}
	fmt.Fprint(w, "Start them? [y/N] ")
	if o.In == nil {
		fmt.Fprintln(w)
		return ErrDeclined
	}
	answer, _ := bufio.NewReader(o.In).ReadString('\n')
	switch strings.ToLower(strings.TrimSpace(answer)) {
	case "y", "yes":
		return nil
	}
	return ErrDeclined
}

// describe is the consent text for one local server: resolved program,
// redacted arguments and the names (never values) of its variables.
func describe(t Target, p plan) []string {
	args := shownArgs(t.Args)
	name := t.Name
	if name == "" {
		name = endpointOf(t)
	}
	out := []string{fmt.Sprintf("  %s: %s", name, strings.Join(append([]string{p.path}, args...), " "))}
	if names := sortedKeys(t.Env); len(names) > 0 {
		out = append(out, "      env: "+strings.Join(names, ", "))
	}
	return termLines(out)
}

func sortedKeys[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// shownArgs are the arguments as the consent plan shows them: the
// bundle's redaction, and in addition every value given to a
// credential-named flag hidden whatever it looks like.
func shownArgs(args []string) []string {
	out, _ := redact.Args(args)
	for i, a := range args {
		if name, _, ok := strings.Cut(a, "="); ok && strings.HasPrefix(name, "-") && redact.IsCredentialName(name) && !redact.IsReference(a[len(name)+1:]) {
			out[i] = name + "=" + redact.Marker
		}
		if i > 0 && strings.HasPrefix(args[i-1], "-") && !strings.Contains(args[i-1], "=") &&
			redact.IsCredentialName(args[i-1]) && !strings.HasPrefix(a, "-") && !redact.IsReference(a) {
			out[i] = redact.Marker
		}
	}
	return out
}

// PlanLines is what collecting targets would do, for a --dry-run: each
// local server with its resolved program, redacted arguments and the
// names of its variables (or why it would be refused), each remote
// server with its scheme and host and the names of its headers. Nothing
// is started.
func PlanLines(targets []Target) []string {
	var out []string
	for _, t := range targets {
		if t.Transport != "stdio" {
			name := t.Name
			if name == "" {
				name = endpointOf(t)
			}
			out = append(out, termLines([]string{fmt.Sprintf("  %s: %s %s", name, t.Transport, redact.URLLabel(t.URL))})...)
			if names := sortedKeys(t.Headers); len(names) > 0 {
				out = append(out, "      headers: "+strings.Join(names, ", "))
			}
			continue
		}
		p := makePlan(t)
		if p.refused != nil {
			out = append(out, termLines([]string{fmt.Sprintf("  %s: would be refused: %s", t.Name, p.refused.Message)})...)
			continue
		}
		out = append(out, describe(t, p)...)
	}
	return out
}

// termLines is the one sanitiser of consent and plan lines: the home
// directory and user name as ~ and <user>, and control, bidi and escape
// characters shown escaped, so a config cannot disguise the command a
// person is asked to approve.
func termLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = textsafe.Line(scrubLocal(l))
	}
	return out
}
