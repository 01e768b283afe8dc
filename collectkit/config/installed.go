package config

import (
	"encoding/json"
	"github.com/assay-mcp/assay/collectkit/inputfile"
	"path/filepath"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// versionFacts compares a pinned package with what is installed offline:
// the project's node_modules, the npx cache and the uv cache. Nothing is
// fetched and no tool is run.
func (d *discovery) versionFacts(dc *decl) []model.ConfigFact {
	if dc.launch.Transport != "stdio" {
		return nil
	}
	p, ok := runnerPackage(progName(dc.launch.Command), dc.launch.Args)
	if !ok || !p.pinned() || p.local() || p.Eco == "docker" {
		return nil
	}
	found := d.installedVersions(p, dc.src.Root)
	if len(found) == 0 {
		return nil
	}
	var where []string
	for _, f := range found {
		if f.version == strings.TrimPrefix(p.Version, "v") {
			return nil
		}
		where = append(where, f.version+" in "+f.where)
	}
	sort.Strings(where)
	return []model.ConfigFact{{Kind: FactVersionMismatch, Location: "args[" + itoa(p.Index) + "]",
		Detail: safeWord(p.Name) + " pinned " + p.Version + ", installed " + strings.Join(where, "; ")}}
}

type installed struct{ version, where, integrity string }

func (d *discovery) installedVersions(p pkgRef, root string) []installed {
	home := d.opts.Home
	var out []installed
	seen := map[string]bool{}
	addNpm := func(pkgJSON, where, lock string) {
		data, err := inputfile.Read(pkgJSON, inputfile.MaxConfig)
		if err != nil {
			return
		}
		var meta struct {
			Version string `json:"version"`
		}
		if json.Unmarshal(data, &meta) == nil && meta.Version != "" && !seen[meta.Version+where] {
			seen[meta.Version+where] = true
			out = append(out, installed{meta.Version, where, lockIntegrity(lock, p.Name, meta.Version)})
		}
	}
	switch p.Eco {
	case "npm":
		rel := filepath.FromSlash(p.Name)
		if root != "" {
			addNpm(filepath.Join(root, "node_modules", rel, "package.json"), "node_modules", filepath.Join(root, "package-lock.json"))
		}
		caches := []string{filepath.Join(home, ".npm", "_npx")}
		if d.goos == "windows" {
			caches = append(caches, filepath.Join(home, "AppData", "Local", "npm-cache", "_npx"))
		}
		for _, c := range caches {
			m, _ := filepath.Glob(filepath.Join(c, "*", "node_modules", rel, "package.json"))
			sort.Strings(m)
			for _, f := range m {
				// <cache>/_npx/<hash>/node_modules/<name>/package.json; the
				// lock beside node_modules records the integrity npm checked.
				dir := filepath.Dir(f)
				for range strings.Split(p.Name, "/") {
					dir = filepath.Dir(dir)
				}
				addNpm(f, "npx cache", filepath.Join(filepath.Dir(dir), "package-lock.json"))
			}
		}
	case "pypi":
		norm := strings.ReplaceAll(strings.ToLower(p.Name), "-", "_")
		bases := []string{filepath.Join(home, ".cache", "uv"), filepath.Join(home, "Library", "Caches", "uv"), filepath.Join(home, "AppData", "Local", "uv", "cache")}
		for _, b := range bases {
			for _, pat := range []string{
				filepath.Join(b, "archive-v0", "*", "lib", "python*", "site-packages", "*.dist-info"),
				filepath.Join(b, "archive-v0", "*", "Lib", "site-packages", "*.dist-info"),
			} {
				m, _ := filepath.Glob(pat)
				sort.Strings(m)
				for _, f := range m {
					name := strings.TrimSuffix(filepath.Base(f), ".dist-info")
					i := strings.LastIndex(name, "-")
					if i <= 0 || strings.ToLower(strings.ReplaceAll(name[:i], "-", "_")) != norm {
						continue
					}
					v := name[i+1:]
					if !seen[v] {
						seen[v] = true
						out = append(out, installed{v, "uv cache", ""})
					}
				}
			}
		}
	}
	return out
}

// lockIntegrity reads the Subresource Integrity string npm recorded for
// name@version in a package-lock.json (lockfileVersion 2 and 3 list
// packages under "node_modules/NAME"), or "".
func lockIntegrity(lock, name, version string) string {
	data, err := inputfile.Read(lock, inputfile.MaxConfig)
	if err != nil {
		return ""
	}
	var l struct {
		Packages map[string]struct {
			Version   string `json:"version"`
			Integrity string `json:"integrity"`
		} `json:"packages"`
	}
	if json.Unmarshal(data, &l) != nil {
		return ""
	}
	e, ok := l.Packages["node_modules/"+name]
	if !ok || e.Version != version || !sriPattern(e.Integrity) {
		return ""
	}
	return e.Integrity
}

// sriPattern accepts "sha512-BASE64" (and sha256/sha384), nothing else.
func sriPattern(s string) bool {
	alg, b64, ok := strings.Cut(s, "-")
	if !ok || (alg != "sha512" && alg != "sha384" && alg != "sha256") || len(b64) < 40 || len(b64) > 100 {
		return false
	}
	for _, c := range b64 {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=') {
			return false
		}
	}
	return true
}

// packageOf records the package a runner fetches, with the copies found
// on disk, for advisory matching and the bill of materials. Names of git
// and URL sources keep their host only.
func (d *discovery) packageOf(dc *decl) *model.PackageRef {
	if dc.launch.Transport != "stdio" {
		return nil
	}
	p, ok := runnerPackage(progName(dc.launch.Command), dc.launch.Args)
	if !ok || p.local() {
		return nil
	}
	ref := &model.PackageRef{Ecosystem: p.Eco, Source: srcRegistry, Pinned: p.pinned(), Location: "args[" + itoa(p.Index) + "]"}
	if p.Src != "" {
		ref.Source = p.Src
	}
	if ref.Source == srcRegistry {
		ref.Name, ref.Version = safeWord(p.Name), safeWord(p.Version)
	} else {
		ref.Name = sourceHost(p.Name) + "/…"
		if gitCommit.MatchString("@" + p.Version) {
			ref.Version = p.Version
		}
		return ref
	}
	if p.Eco == "docker" {
		return ref
	}
	for _, f := range d.installedVersions(p, dc.src.Root) {
		ref.Installed = append(ref.Installed, model.InstalledPackage{Version: safeWord(f.version), Where: f.where, Integrity: f.integrity})
	}
	return ref
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
