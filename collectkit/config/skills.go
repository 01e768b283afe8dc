package config

import (
	"bufio"
	"bytes"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
)

// scriptRule is one capability a skill's script can show, as words to
// look for on a line (case-insensitive), with samples beside it that a
// test runs. Script content never leaves the machine: only the kinds,
// the URL hosts and the first line that showed them.
type scriptRule struct {
	Kind  string
	Words []string
	True  []string
	False []string
}

// scriptRules is the table; built once on first use.
var scriptRules = sync.OnceValue(func() []scriptRule {
	return []scriptRule{
		{Kind: model.ScriptShell,
			Words: []string{"subprocess.", "os.system(", "os.popen(", "child_process", "execsync(", "spawnsync(", "exec.command(", "runtime.getruntime().exec", "shell=true", "invoke-expression", "start-process", "eval \"$"},
			True:  []string{"subprocess.run(['git', 'push'])", "const { exec } = require('child_process')", "os.system(cmd)"},
			False: []string{"# no external commands here", "print('done')"}},
		{Kind: model.ScriptNetwork,
			Words: []string{"curl ", "wget ", "requests.", "urllib.", "http.client", "httpx.", "fetch(", "axios", "net/http", "socket.", "invoke-webrequest", "invoke-restmethod", "xmlhttprequest", "new websocket("},
			True:  []string{"r = requests.post(url, json=data)", "curl -s https://api.example.com", "await fetch(endpoint)"},
			False: []string{"with open(path) as f:", "echo building"}},
		{Kind: model.ScriptDestructive,
			Words: []string{"rm -rf ", "rm -fr ", "shutil.rmtree(", "remove-item -recurse", "del /s ", "rmdir /s ", "git push --force", "git reset --hard", "drop table", "mkfs"},
			True:  []string{"rm -rf \"$TMPDIR/build\"", "shutil.rmtree(out)"},
			False: []string{"rm file.txt", "git push"}},
	}
})

// shellExts are script files that are shell scripts whatever they contain.
var shellExts = map[string]bool{".sh": true, ".bash": true, ".zsh": true, ".ps1": true, ".bat": true, ".cmd": true, ".fish": true}

// maxSkillFiles and maxScriptBytes bound what one skill costs to judge.
const (
	maxSkillFiles  = 100
	maxScriptBytes = 1 << 20
	maxHosts       = 10
)

// skillScripts lists the files a skill ships besides SKILL.md (up to
// maxSkillFiles, depth 4) with the capabilities each shows. Markdown and
// plain text are reference material, not scripts, and are skipped.
func (d *discovery) skillScripts(dir string) []model.SkillScript {
	var out []model.SkillScript
	_ = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || len(out) >= maxSkillFiles {
			return fs.SkipDir
		}
		rel, _ := filepath.Rel(dir, p)
		if e.IsDir() {
			if strings.Count(rel, string(filepath.Separator)) >= 4 || strings.HasPrefix(e.Name(), ".") && rel != "." {
				return fs.SkipDir
			}
			return nil
		}
		ext := strings.ToLower(filepath.Ext(p))
		if rel == skillFileName || ext == ".md" || ext == ".txt" || !e.Type().IsRegular() {
			return nil
		}
		data, _, err := readCapped(p, maxScriptBytes)
		if err != nil {
			return nil
		}
		sc := judgeScript(data)
		sc.Path = safeWord(filepath.ToSlash(rel))
		if shellExts[ext] && !contains(sc.Kinds, model.ScriptShell) {
			sc.Kinds = append([]string{model.ScriptShell}, sc.Kinds...)
		}
		sort.Strings(sc.Kinds)
		out = append(out, sc)
		return nil
	})
	return out
}

// judgeScript finds capability kinds, URL hosts and the first line that
// showed a capability.
func judgeScript(data []byte) model.SkillScript {
	var sc model.SkillScript
	kinds := map[string]bool{}
	hosts := map[string]bool{}
	sn := bufio.NewScanner(bytes.NewReader(data))
	sn.Buffer(make([]byte, 64<<10), maxScriptBytes)
	for line := 1; sn.Scan(); line++ {
		l := strings.ToLower(sn.Text())
		hit := false
		if downloadsAndRuns(l) {
			kinds[model.ScriptDownloadExec] = true
			hit = true
		}
		for _, r := range scriptRules() {
			for _, w := range r.Words {
				if strings.Contains(l, w) {
					kinds[r.Kind] = true
					hit = true
				}
			}
		}
		for _, h := range urlHosts(sn.Text()) {
			if len(hosts) < maxHosts {
				hosts[h] = true
			}
		}
		if hit && sc.Line == 0 {
			sc.Line = line
		}
	}
	for k := range kinds {
		sc.Kinds = append(sc.Kinds, k)
	}
	for h := range hosts {
		sc.Hosts = append(sc.Hosts, h)
	}
	sort.Strings(sc.Hosts)
	return sc
}

// urlHosts returns the hosts of the http(s) URLs on a line, each shown
// the way a bundle shows hosts (no user info, no path).
func urlHosts(line string) []string {
	var out []string
	rest := line
	for {
		i := strings.Index(rest, "://")
		if i < 0 {
			return out
		}
		scheme := strings.ToLower(rest[max(0, i-5):i])
		rest = rest[i+3:]
		if !strings.HasSuffix(scheme, "http") && !strings.HasSuffix(scheme, "https") {
			continue
		}
		end := strings.IndexAny(rest, "/?#\"' \t)]}>`")
		if end < 0 {
			end = len(rest)
		}
		h := rest[:end]
		if at := strings.LastIndex(h, "@"); at >= 0 {
			h = h[at+1:]
		}
		if h != "" && !redact.HasReference(h) && !strings.ContainsAny(h, "$%{}") {
			out = append(out, strings.ToLower(safeWord(h)))
		}
	}
}
