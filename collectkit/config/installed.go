package config

import (
	"encoding/json"
	"os"
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

type installed struct{ version, where string }

func (d *discovery) installedVersions(p pkgRef, root string) []installed {
	home := d.opts.Home
	var out []installed
	seen := map[string]bool{}
	addNpm := func(pkgJSON, where string) {
		data, err := os.ReadFile(pkgJSON)
		if err != nil {
			return
		}
		var meta struct {
			Version string `json:"version"`
		}
		if json.Unmarshal(data, &meta) == nil && meta.Version != "" && !seen[meta.Version+where] {
			seen[meta.Version+where] = true
			out = append(out, installed{meta.Version, where})
		}
	}
	switch p.Eco {
	case "npm":
		rel := filepath.FromSlash(p.Name)
		if root != "" {
			addNpm(filepath.Join(root, "node_modules", rel, "package.json"), "node_modules")
		}
		caches := []string{filepath.Join(home, ".npm", "_npx")}
		if d.goos == "windows" {
			caches = append(caches, filepath.Join(home, "AppData", "Local", "npm-cache", "_npx"))
		}
		for _, c := range caches {
			m, _ := filepath.Glob(filepath.Join(c, "*", "node_modules", rel, "package.json"))
			sort.Strings(m)
			for _, f := range m {
				addNpm(f, "npx cache")
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
						out = append(out, installed{v, "uv cache"})
					}
				}
			}
		}
	}
	return out
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
