package config

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
)

// pkgRef is a package a runner fetches: ecosystem (npm, pypi, docker),
// name, version as written ("" when none) and the argument index.
type pkgRef struct {
	Eco     string
	Name    string
	Version string
	Index   int
	// Src is registry, git, url or local ("" means registry).
	Src string
}

// valueFlags take a value in the next argument, per runner.
var valueFlags = map[string]map[string]bool{
	"npx":    {"-p": true, "--package": true, "-c": true, "--call": true, "--registry": true, "--cache": true, "--userconfig": true, "-w": true, "--workspace": true},
	"uvx":    {"--from": true, "--with": true, "--with-requirements": true, "-p": true, "--python": true, "--index": true, "--index-url": true, "--extra-index-url": true, "--directory": true, "--env-file": true, "-w": true},
	"docker": {"-e": true, "--env": true, "--env-file": true, "-v": true, "--volume": true, "--name": true, "-p": true, "--publish": true, "--network": true, "-w": true, "--workdir": true, "--entrypoint": true, "-u": true, "--user": true, "--mount": true, "--platform": true, "-l": true, "--label": true, "--pull": true, "--cpus": true, "-m": true, "--memory": true, "--add-host": true, "--cap-add": true, "--cap-drop": true, "--security-opt": true},
}

// runnerPackage finds the package a runner (npx, bunx, pnpm dlx, uvx,
// pipx run, uv tool run, docker run) starts, if any.
func runnerPackage(prog string, args []string) (pkgRef, bool) {
	var eco, table string
	rest, off := args, 0
	switch prog {
	case "npx", "bunx", "pnpx":
		eco, table = "npm", "npx"
	case "pnpm", "yarn", "bun":
		if len(args) > 0 && (args[0] == "dlx" || (prog == "bun" && args[0] == "x")) {
			eco, table, rest, off = "npm", "npx", args[1:], 1
		}
	case "uvx":
		eco, table = "pypi", "uvx"
	case "uv":
		if len(args) > 1 && args[0] == "tool" && args[1] == "run" {
			eco, table, rest, off = "pypi", "uvx", args[2:], 2
		}
	case "pipx":
		if len(args) > 0 && args[0] == "run" {
			eco, table, rest, off = "pypi", "uvx", args[1:], 1
		}
	case "docker", "podman":
		if len(args) > 0 && args[0] == "run" {
			eco, table, rest, off = "docker", "docker", args[1:], 1
		}
	}
	if eco == "" {
		return pkgRef{}, false
	}
	flags := valueFlags[table]
	fromIdx := -1
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			continue
		}
		if strings.HasPrefix(a, "-") {
			name, _, hasEq := strings.Cut(a, "=")
			if (name == "-p" || name == "--package" || name == "--from") && eco != "docker" {
				if hasEq {
					return splitSpec(eco, a[len(name)+1:], off+i), true
				}
				if i+1 < len(rest) {
					fromIdx = i + 1
				}
			}
			if !hasEq && flags[name] {
				i++
			}
			continue
		}
		if fromIdx >= 0 {
			return splitSpec(eco, rest[fromIdx], off+fromIdx), true
		}
		return splitSpec(eco, a, off+i), true
	}
	if fromIdx >= 0 {
		return splitSpec(eco, rest[fromIdx], off+fromIdx), true
	}
	return pkgRef{}, false
}

func splitSpec(eco, spec string, idx int) pkgRef {
	p := pkgRef{Eco: eco, Index: idx}
	if src := specSource(eco, spec); src != srcRegistry {
		p.Src = src
		p.Name, p.Version = splitRef(spec)
		return p
	}
	switch eco {
	case "npm":
		at := strings.LastIndex(spec, "@")
		if at > 0 {
			p.Name, p.Version = spec[:at], spec[at+1:]
		} else {
			p.Name = spec
		}
	case "pypi":
		for _, sep := range []string{"==", "@", ">=", "<=", "~=", ">", "<"} {
			if i := strings.Index(spec, sep); i > 0 {
				p.Name, p.Version = spec[:i], sep+spec[i+len(sep):]
				if sep == "==" || sep == "@" {
					p.Version = spec[i+len(sep):]
				}
				return p
			}
		}
		p.Name = spec
	case "docker":
		if i := strings.Index(spec, "@sha256:"); i > 0 {
			p.Name, p.Version = spec[:i], spec[i+1:]
			return p
		}
		slash := strings.LastIndex(spec, "/")
		if i := strings.LastIndex(spec, ":"); i > slash {
			p.Name, p.Version = spec[:i], spec[i+1:]
		} else {
			p.Name = spec
		}
	}
	return p
}

// Package sources.
const (
	srcRegistry = "registry"
	srcGit      = "git"
	srcURL      = "url"
	srcLocal    = "local"
)

// specSource tells where a runner fetches spec from. npm reads
// "git+https://…", "github:u/r", "gitlab:…", "bitbucket:…" and a bare
// "user/repo" (GitHub shorthand) as git; pip and uv read "git+…" as git;
// an http(s) URL to an archive is a URL source.
// (npm: https://docs.npmjs.com/cli/v10/using-npm/package-spec)
func specSource(eco, spec string) string {
	l := strings.ToLower(spec)
	switch {
	case eco == "docker":
		return srcRegistry
	case redact.LooksLikePath(spec) || strings.HasPrefix(l, "file:") || spec == "." || strings.HasSuffix(l, ".tgz") && !strings.Contains(l, "://"):
		return srcLocal
	case strings.HasPrefix(l, "git+") || strings.HasPrefix(l, "git://") || strings.HasPrefix(l, "git@") ||
		strings.HasPrefix(l, "github:") || strings.HasPrefix(l, "gitlab:") || strings.HasPrefix(l, "bitbucket:") || strings.HasPrefix(l, "gist:"):
		return srcGit
	case strings.Contains(l, "://"):
		if strings.Contains(l, "github.com/") || strings.Contains(l, "gitlab.com/") || strings.HasSuffix(strings.SplitN(l, "#", 2)[0], ".git") {
			return srcGit
		}
		return srcURL
	case eco == "npm" && !strings.HasPrefix(spec, "@") && strings.Count(spec, "/") == 1:
		return srcGit // user/repo is GitHub shorthand
	}
	return srcRegistry
}

// splitRef splits a git or URL spec into where and the ref it names:
// npm's "#ref", pip's "@ref" after the repository path.
func splitRef(spec string) (string, string) {
	if i := strings.LastIndex(spec, "#"); i > 0 {
		return spec[:i], spec[i+1:]
	}
	if i := strings.LastIndex(spec, "@"); i > strings.LastIndex(spec, "/") && i > 0 {
		return spec[:i], spec[i+1:]
	}
	return spec, ""
}

var exactNpm = regexp.MustCompile(`^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.\-]+)?$`)
var exactPy = regexp.MustCompile(`^\d+(?:\.\d+)*(?:(?:a|b|rc|\.post|\.dev)\d+)?$`)
var gitCommit = regexp.MustCompile(`@[0-9a-f]{40}$`)

// pinned reports whether p names one exact version: an exact registry
// version, a commit of a git source, an image digest or explicit tag.
func (p pkgRef) pinned() bool {
	switch p.Src {
	case srcGit:
		return gitCommit.MatchString("@" + p.Version)
	case srcURL:
		return false
	case srcLocal:
		return true
	}
	switch p.Eco {
	case "npm":
		return exactNpm.MatchString(p.Version)
	case "pypi":
		return exactPy.MatchString(p.Version)
	case "docker":
		// A digest is exact; an explicit tag other than latest is taken as a
		// deliberate pin (tags can move, but flagging every tag is noise).
		return strings.HasPrefix(p.Version, "sha256:") || (p.Version != "" && p.Version != "latest")
	}
	return true
}

// local reports a package given as a path, not fetched from a registry.
func (p pkgRef) local() bool {
	return p.Src == srcLocal || redact.LooksLikePath(p.Name) || strings.HasPrefix(p.Name, "file:") || p.Name == "." || strings.HasSuffix(p.Name, ".tgz") && p.Src == ""
}

func unpinnedFacts(prog string, args []string, at string) []model.ConfigFact {
	p, ok := runnerPackage(prog, args)
	if !ok || p.local() || p.pinned() {
		return nil
	}
	loc := at
	if loc == "" {
		loc = "args[" + strconv.Itoa(p.Index) + "]"
	}
	if p.Src == srcGit || p.Src == srcURL {
		what := "a git repository"
		if p.Src == srcURL {
			what = "an archive URL"
		}
		detail := prog + " fetches the server from " + what + " on " + sourceHost(p.Name)
		if p.Version == "" {
			detail += " (no ref)"
		} else {
			detail += " (ref is not a commit)"
		}
		return []model.ConfigFact{{Kind: FactGitSource, Location: loc, Detail: detail}}
	}
	name := safeWord(p.Name)
	var why string
	switch {
	case p.Version == "":
		why = "no version"
	case p.Version == "latest":
		why = "@latest"
	case p.Eco == "docker":
		why = "tag " + redact.Value(p.Version) + " is not a digest"
	default:
		why = "version range " + redact.Value(p.Version)
	}
	return []model.ConfigFact{{Kind: FactUnpinned, Location: loc, Detail: prog + " " + name + " (" + why + ")"}}
}

// sourceHost names the host of a git or URL source without its path:
// "github.com" for "git+https://github.com/u/r" or "github:u/r".
func sourceHost(name string) string {
	l := strings.ToLower(name)
	for prefix, host := range map[string]string{"github:": "github.com", "gitlab:": "gitlab.com", "bitbucket:": "bitbucket.org", "gist:": "gist.github.com"} {
		if strings.HasPrefix(l, prefix) {
			return host
		}
	}
	l = strings.TrimPrefix(l, "git+")
	if strings.HasPrefix(l, "git@") {
		h, _, _ := strings.Cut(strings.TrimPrefix(l, "git@"), ":")
		return safeWord(h)
	}
	if h := redact.URLHost(l); h != "" {
		if at := strings.LastIndex(h, "@"); at >= 0 {
			h = h[at+1:]
		}
		return safeWord(h)
	}
	if !strings.Contains(l, "://") && strings.Count(l, "/") == 1 {
		return "github.com"
	}
	return redact.Marker
}

// safeWord shows a package or program name unless it looks like a secret
// (someone pasted a token where a name goes).
func safeWord(w string) string {
	if _, ok := redact.DetectBareToken(w); ok {
		return redact.Marker
	}
	if s, ok := redact.URLSecret(w); ok && s.Detail != "" {
		return redact.Marker
	}
	return redact.Value(w)
}
