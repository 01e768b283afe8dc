package main

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/collectkit/live"
)

// attempt is one way of starting a server: its dummy environment and its
// arguments after the bin. $DATA stands for the capture's data folder.
type attempt struct {
	Env  map[string]string `json:"-"`
	Args []string          `json:"args"`
	// EnvNames and Outcome are what the surface file records of it.
	EnvNames []string `json:"env"`
	Why      string   `json:"why"`
	Outcome  string   `json:"outcome"`
	// Protocol, when set, is the initialize-era version offered instead
	// of probing with server/discover (see [live.Spec.ProtocolVersion]).
	Protocol string `json:"protocol,omitempty"`
	// Stderr is the end of what the server wrote to stderr (scrubbed).
	Stderr string `json:"stderr,omitempty"`
}

// plan decides how to start a server, and after a failed start whether
// something new is worth another try: variables the server named on
// stderr, a folder argument it asked for, a --stdio flag its README shows.
// It never repeats a configuration already tried.
type plan struct {
	pkg    string
	readme string
	sn     snippet
	home   string
	tried  []attempt
}

func newPlan(pkg, readme string, l *layout) *plan {
	return &plan{pkg: pkg, readme: readme, sn: readmeSnippet(readme, pkg), home: l.home}
}

var (
	needsArgPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)usage:|argument|director(y|ies)|\bpath\b|allowed|at least one|provide a|missing required|not enough|expected \d`)
	})
	stdioFlagPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`--stdio\b|--transport[ =]stdio\b`)
	})
	// requiredOptionPattern finds options a CLI says it needs, as
	// commander and yargs word it.
	requiredOptionPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(?:required option|missing required argument)[^\n]*?'?(--[a-z][a-z0-9-]+)`)
	})
	// assignArgPattern finds NAME=<value> arguments in a usage text.
	assignArgPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=<[^>\n]*>`)
	})
	// subcommandPattern finds a usage text's command that starts the
	// server: a line that begins with one of these words.
	subcommandPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?m)^\\s+(mcp|stdio|serve|server|start|run)\\b(?:\\s|$)|did you mean [`'\"]?(mcp|stdio|serve|server|start|run)\\b")
	})
)

// serverSubcommand is the subcommand a usage text offers for running the
// MCP server, preferring the most specific word.
func serverSubcommand(usage string) string {
	found := map[string]bool{}
	for _, m := range subcommandPattern().FindAllStringSubmatch(usage, -1) {
		found[m[1]+m[2]] = true
	}
	for _, w := range []string{"mcp", "stdio", "serve", "server", "start", "run"} {
		if found[w] {
			return w
		}
	}
	return ""
}

// next returns the next attempt after res (nil before the first), or an
// attempt with a nil Env when there is nothing new to try.
func (p *plan) next(res *live.Result) attempt {
	if len(p.tried) == 0 {
		return p.first()
	}
	prev := p.tried[len(p.tried)-1]
	env := maps.Clone(prev.Env)
	args := slices.Clone(prev.Args)
	var why []string
	text := res.Stderr
	for _, e := range res.Errors {
		text += "\n" + e.Message
	}
	added := 0
	for _, n := range namesIn(text, 20) {
		if _, ok := env[n]; !ok {
			env[n] = dummyValue(n)
			added++
		}
	}
	if added > 0 {
		why = append(why, "variables named on stderr")
	}
	last, _ := fatal(res)
	timedOut := last.Code == live.CodeTimeout
	proto := prev.Protocol
	if proto == "" && !res.Connected && strings.Contains(text, "server/discover") {
		// The server choked on the probe of the 2026 handshake: offer
		// the initialize handshake of 2025-11-25 directly.
		proto = initializeEra
		why = append(why, "the initialize handshake without the server/discover probe it failed on")
	}
	if sub := serverSubcommand(res.Stderr); sub != "" && !slices.Contains(args, sub) {
		args = append([]string{sub}, withoutPositional(args)...)
		why = append(why, "the subcommand its usage text offers")
	}
	for _, m := range assignArgPattern().FindAllStringSubmatch(res.Stderr, 5) {
		// "Usage: node script.js VERCEL_API_KEY=<YOUR_API_KEY>"
		if a := m[1] + "=" + dummyValue(m[1]); !slices.Contains(args, a) {
			args = append(args, a)
			why = append(why, "the NAME=VALUE argument its usage text shows")
		}
	}
	for _, m := range requiredOptionPattern().FindAllStringSubmatch(res.Stderr, 5) {
		if !slices.Contains(args, m[1]) {
			name := strings.ToUpper(strings.ReplaceAll(strings.TrimLeft(m[1], "-"), "-", "_"))
			args = append(args, m[1], dummyValue(name))
			why = append(why, "the option "+m[1]+" it requires")
		}
	}
	if len(why) == 0 && !slices.ContainsFunc(args, isPositional) && !p.triedPositional() &&
		(needsArgPattern().MatchString(res.Stderr) || (!timedOut && !res.Connected && added == 0)) {
		args = append(args, "$DATA")
		why = append(why, "a folder argument")
	}
	if m := stdioFlagPattern().FindString(p.readme + "\n" + res.Stderr); m != "" && !slices.Contains(args, "--stdio") &&
		!slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--transport") }) {
		args = append(args, strings.Fields(strings.ReplaceAll(m, "=", " "))...)
		why = append(why, "the --stdio flag its README or stderr shows")
	}
	if len(why) == 0 {
		return attempt{}
	}
	return attempt{Env: env, Args: args, Protocol: proto, Why: strings.Join(why, ", ")}
}

// initializeEra is the protocol version offered to a server that fails on
// the server/discover probe.
const initializeEra = "2025-11-25"

// first is the opening attempt: common dummy credentials, the README's
// example env and args, and the credential-like names its README mentions.
func (p *plan) first() attempt {
	env := map[string]string{}
	for _, n := range commonEnv {
		env[n] = dummyValue(n)
	}
	why := []string{"common dummy credentials"}
	if n := namesIn(p.readme, 30); len(n) > 0 {
		for _, k := range n {
			env[k] = dummyValue(k)
		}
		why = append(why, "variables its README names")
	}
	if len(p.sn.Env) > 0 {
		maps.Copy(env, snippetEnv(p.sn.Env))
		why = append(why, "its README's example env")
	}
	args := snippetArgs(p.sn.Args)
	if len(args) > 0 {
		why = append(why, "its README's example args")
	}
	return attempt{Env: env, Args: args, Why: strings.Join(why, ", ")}
}

func withoutPositional(args []string) []string {
	return slices.DeleteFunc(slices.Clone(args), isPositional)
}

// isPositional reports whether an argument is the data folder.
func isPositional(a string) bool { return strings.HasPrefix(a, "$DATA") }

func (p *plan) triedPositional() bool {
	for _, t := range p.tried {
		if slices.ContainsFunc(t.Args, isPositional) {
			return true
		}
	}
	return false
}

// record notes how an attempt went.
func (p *plan) record(a attempt, res *live.Result) {
	a.EnvNames = sortedKeys(a.Env)
	a.Stderr = tail(scrubText(res.Stderr, p.home), 400)
	if a.Args == nil {
		a.Args = []string{}
	}
	switch {
	case res.Connected:
		a.Outcome = "connected"
	case len(res.Errors) > 0:
		e, _ := fatal(res)
		a.Outcome = e.Code + ": " + clip(scrubText(e.Message, p.home), 200)
	default:
		a.Outcome = "failed"
	}
	p.tried = append(p.tried, a)
}

// last is the final attempt made.
func (p *plan) last() attempt {
	if len(p.tried) == 0 {
		return attempt{}
	}
	return p.tried[len(p.tried)-1]
}
