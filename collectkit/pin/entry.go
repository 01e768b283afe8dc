package pin

import (
	"encoding/json"
	"github.com/assay-mcp/assay/collectkit/inputfile"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"
)

// entry is what an interpreter or runner was asked to run: a script file,
// or a package (with its installed entry file when one was found).
type entry struct {
	path string // absolute path of the script or package entry; "" if none
	pkg  string // package or module spec, redacted
}

// A program and the flags of it that take a value (so the value is not
// mistaken for the script). Runners start a package, interpreters a file.
type launcher struct {
	runner    bool
	subcmds   []string // words skipped before the script or package (deno run)
	valued    []string // flags that take the next word as their value
	moduleArg string   // flag naming a module instead of a file (python -m)
	inline    []string // flags whose value is inline code: no entry
}

// launchers are the interpreters and package runners whose first
// positional argument is what really runs. One table entry each.
var launchers = map[string]launcher{
	"node":    {valued: []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions", "--title", "--inspect-port"}, inline: []string{"-e", "--eval", "-p", "--print"}},
	"nodejs":  {valued: []string{"-r", "--require", "--import", "--loader"}, inline: []string{"-e", "--eval", "-p", "--print"}},
	"bun":     {subcmds: []string{"run"}, valued: []string{"-r", "--preload", "--cwd"}, inline: []string{"-e", "--eval"}},
	"deno":    {subcmds: []string{"run"}, valued: []string{"--config", "-c", "--import-map", "--env-file", "--allow-read", "--allow-net"}},
	"tsx":     {valued: []string{"--tsconfig"}},
	"ts-node": {valued: []string{"-P", "--project"}, inline: []string{"-e", "--eval"}},
	"python":  {valued: []string{"-W", "-X"}, moduleArg: "-m", inline: []string{"-c"}},
	"python3": {valued: []string{"-W", "-X"}, moduleArg: "-m", inline: []string{"-c"}},
	"ruby":    {valued: []string{"-I", "-r"}, inline: []string{"-e"}},
	"php":     {valued: []string{"-c", "-d"}, inline: []string{"-r"}},
	"sh":      {inline: []string{"-c"}},
	"bash":    {inline: []string{"-c"}},
	"npx":     {runner: true, valued: []string{"-p", "--package", "--node-options", "--cache"}, inline: []string{"-c", "--call"}},
	"pnpx":    {runner: true},
	"bunx":    {runner: true},
	"pnpm":    {runner: true, subcmds: []string{"dlx", "exec"}},
	"yarn":    {runner: true, subcmds: []string{"dlx", "exec"}},
	"uvx":     {runner: true, valued: []string{"--from", "--with", "--python", "-p", "--index-url"}},
	"uv":      {subcmds: []string{"run", "tool"}, valued: []string{"--directory", "--project", "--with", "--python", "-p", "--from"}},
	"pipx":    {runner: true, subcmds: []string{"run"}, valued: []string{"--spec", "--python"}},
	"docker":  {runner: true, subcmds: []string{"run"}, valued: []string{"-e", "--env", "-v", "--volume", "--name", "--network", "-p", "--publish", "--env-file", "-w", "--workdir", "--user", "-u", "--entrypoint", "--platform", "--mount"}},
}

// programName is the launcher key of a resolved program path.
func programName(path string) string {
	n := strings.ToLower(filepath.Base(path))
	for _, ext := range []string{".exe", ".cmd", ".bat"} {
		n = strings.TrimSuffix(n, ext)
	}
	if strings.HasPrefix(n, "python3.") {
		return "python3"
	}
	return n
}

// entryOf finds what the program at path runs with args.
func entryOf(path string, args []string, o *Options) entry {
	l, ok := launchers[programName(path)]
	if !ok {
		return entry{}
	}
	in := func(list []string, a string) bool {
		for _, x := range list {
			if x == a {
				return true
			}
		}
		return false
	}
	subcmdOK := true
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(a, "=")
		switch {
		case in(l.inline, name):
			return entry{}
		case l.moduleArg != "" && a == l.moduleArg && i+1 < len(args):
			return entry{pkg: redact.Value(args[i+1])}
		case strings.HasPrefix(a, "-"):
			if in(l.valued, name) && !hasValue {
				i++
			}
			continue
		case subcmdOK && in(l.subcmds, a):
			subcmdOK = false
			continue
		}
		if l.runner && len(l.subcmds) > 0 && subcmdOK {
			return entry{} // pnpm start, docker ps: not a package run
		}
		if l.runner {
			e := entry{pkg: redact.Value(a)}
			if programName(path) != "uvx" && programName(path) != "pipx" && programName(path) != "docker" {
				e.path = npmEntry(a, o)
			}
			return e
		}
		return entry{path: scriptPath(a, o.Dir)}
	}
	return entry{}
}

// scriptPath is a by-path argument made absolute, if it names a file.
func scriptPath(a, dir string) string {
	p := a
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return p
}

// npmEntry finds the installed entry file of an npm package spec the way
// npx would run it: a node_modules folder in dir or above, then npx's own
// cache (~/.npm/_npx/*/node_modules), preferring a matching version.
func npmEntry(spec string, o *Options) string {
	name, version := splitSpec(spec)
	if name == "" {
		return ""
	}
	var dirs []string
	for d := o.Dir; d != ""; d = filepath.Dir(d) {
		dirs = append(dirs, filepath.Join(d, "node_modules", name))
		if filepath.Dir(d) == d {
			break
		}
	}
	cached, _ := filepath.Glob(filepath.Join(o.Home, ".npm", "_npx", "*", "node_modules", name))
	sort.Strings(cached)
	dirs = append(dirs, cached...)
	fallback := ""
	for _, d := range dirs {
		p, v, ok := packageEntry(d, name)
		if !ok {
			continue
		}
		if version == "" || v == version {
			return p
		}
		if fallback == "" {
			fallback = p
		}
	}
	if version == "" {
		return fallback
	}
	return "" // the pinned version is not installed: npx would fetch it
}

// splitSpec splits "@scope/name@1.2.3" into name and version.
func splitSpec(spec string) (name, version string) {
	if strings.Contains(spec, "/") && !strings.HasPrefix(spec, "@") || strings.Contains(spec, ":") {
		return "", "" // a path, URL or git spec
	}
	at := strings.LastIndexByte(spec, '@')
	if at > 0 {
		return spec[:at], spec[at+1:]
	}
	return spec, ""
}

// packageEntry reads dir/package.json and returns its entry file: the bin
// named like the package (or its only bin), else main, else index.js.
func packageEntry(dir, name string) (path, version string, ok bool) {
	data, err := inputfile.Read(filepath.Join(dir, "package.json"), 1<<20)
	if err != nil {
		return "", "", false
	}
	var pj struct {
		Version string          `json:"version"`
		Main    string          `json:"main"`
		Bin     json.RawMessage `json:"bin"`
	}
	if json.Unmarshal(data, &pj) != nil {
		return "", "", false
	}
	rel := pj.Main
	var one string
	if json.Unmarshal(pj.Bin, &one) == nil && one != "" {
		rel = one
	} else {
		var bins map[string]string
		if json.Unmarshal(pj.Bin, &bins) == nil && len(bins) > 0 {
			base := name[strings.LastIndexByte(name, '/')+1:]
			if b, ok := bins[base]; ok {
				rel = b
			} else if len(bins) == 1 {
				for _, b := range bins {
					rel = b
				}
			}
		}
	}
	if rel == "" {
		rel = "index.js"
	}
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if !strings.HasPrefix(p, filepath.Clean(dir)+string(filepath.Separator)) {
		return "", "", false // a bin pointing outside its package
	}
	if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
		return "", "", false
	}
	return p, pj.Version, true
}
