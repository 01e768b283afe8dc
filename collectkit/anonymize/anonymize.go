// Package anonymize replaces what names a client's infrastructure in a
// bundle — server names, URL hosts, program names, implementation names,
// project root labels and the machine label — with labels derived by
// HMAC-SHA256 under a salt the consultant chooses (--anonymize SALT).
//
// The same salt gives the same label for the same value on every machine,
// so a fleet report still pairs one server across machines, while nobody
// without the salt can reverse or confirm a guess cheaply. Tool, prompt
// and resource text is kept as served: it is what the model sees and what
// the analysis is about.
package anonymize

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/collectkit/authprobe"
	"github.com/assay-mcp/assay/report/model"
)

// Anonymizer derives labels from one salt. The zero value is unusable;
// use New.
type Anonymizer struct {
	key []byte
	// seen maps each original string replaced so far to its label, so
	// free text (error messages, fact details) can be rewritten too.
	seen map[string]string
}

// New returns an anonymizer keyed by salt.
func New(salt string) *Anonymizer {
	return &Anonymizer{key: []byte(salt), seen: map[string]string{}}
}

// Label is kind + "-" + the first 10 hex digits of
// HMAC-SHA256(salt, kind + ":" + value). Empty values stay empty.
func (a *Anonymizer) Label(kind, value string) string {
	if value == "" {
		return ""
	}
	m := hmac.New(sha256.New, a.key)
	m.Write([]byte(kind + ":" + value))
	l := kind + "-" + hex.EncodeToString(m.Sum(nil))[:10]
	a.seen[value] = l
	return l
}

// runners are generic launcher programs: their names say nothing about
// the client and stay readable.
var runners = map[string]bool{
	"node": true, "nodejs": true, "npx": true, "npm": true, "pnpm": true, "pnpx": true, "yarn": true,
	"bun": true, "bunx": true, "deno": true, "uv": true, "uvx": true, "pipx": true, "python": true,
	"python3": true, "docker": true, "podman": true, "java": true, "go": true, "ruby": true, "php": true,
	"sh": true, "bash": true, "cmd": true, "powershell": true, "pwsh": true, "tsx": true, "ts-node": true,
	"dotnet": true, "cargo": true, "mcp-remote": true,
}

// program anonymizes a command basename unless it is a generic runner.
func (a *Anonymizer) program(p string) string {
	if p == "" || runners[strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(p, ".exe"), ".cmd"))] {
		return p
	}
	return a.Label("cmd", p)
}

// endpoint anonymizes a server endpoint: a URL host for remote servers,
// a program name for local ones.
func (a *Anonymizer) endpoint(transport, e string) string {
	if transport == "stdio" {
		return a.program(e)
	}
	return a.host(e)
}

// host labels a URL host; the bare host name (without the port), as
// error messages quote it, maps to the same label.
func (a *Anonymizer) host(h string) string {
	l := a.Label("host", h)
	if name, _, ok := strings.Cut(h, ":"); ok && !strings.HasPrefix(h, "[") && name != "" {
		a.seen[name] = l
	}
	return l
}

// arg anonymizes one redacted argument: flag names stay, values and
// words (package names, script names, hosts) become labels.
func (a *Anonymizer) arg(s string) string {
	if s == "" || strings.Contains(s, "<redacted>") && !strings.Contains(s, "=") {
		return s
	}
	if strings.HasPrefix(s, "-") {
		name, val, ok := strings.Cut(s, "=")
		if !ok || val == "" || val == "<redacted>" {
			return s
		}
		return name + "=" + a.Label("arg", val)
	}
	return a.Label("arg", s)
}

// root anonymizes a project root label.
func (a *Anonymizer) root(r string) string { return a.Label("project", r) }

// Bundle rewrites b in place. Call it after collection and before the
// bundle is sealed and written: hashes must cover the anonymized text.
func (a *Anonymizer) Bundle(b *model.Bundle) {
	if b.Host != nil && b.Host.Label != "" {
		b.Host.Label = a.Label("machine", b.Host.Label)
	}
	ids := map[string]string{}
	for i := range b.Servers {
		s := &b.Servers[i]
		old := s.Identity
		s.Name = a.Label("server", s.Name)
		s.Endpoint = a.endpoint(s.Transport, s.Endpoint)
		s.Identity = model.Identity(s.Name, s.Transport, s.Endpoint)
		ids[old] = s.Identity
		s.ServerInfo = a.serverInfo(s.ServerInfo)
		authprobe.EachURL(s.Auth, func(u *model.AuthURL) {
			if u.Host != "" {
				u.Host = a.host(u.Host)
			}
		})
		if s.Config != nil {
			a.config(s.Config)
			for j := range s.Config.Also {
				a.config(&s.Config.Also[j])
			}
		}
	}
	for i := range b.Contexts {
		c := &b.Contexts[i]
		if c.Root != "" {
			c.Root = a.root(c.Root)
		}
		for j := range c.Servers {
			cs := &c.Servers[j]
			cs.Name = a.Label("server", cs.Name)
			if id, ok := ids[cs.Identity]; ok {
				cs.Identity = id
			} else {
				cs.Identity = a.Label("server", cs.Identity)
			}
		}
	}
	// Free text last, once every original is known.
	r := a.replacer()
	for i := range b.Contexts {
		b.Contexts[i].ID = r.Replace(b.Contexts[i].ID)
		for j := range b.Contexts[i].Servers {
			b.Contexts[i].Servers[j].ShadowedBy = r.Replace(b.Contexts[i].Servers[j].ShadowedBy)
		}
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		for j := range s.Errors {
			s.Errors[j].Message = r.Replace(s.Errors[j].Message)
		}
		if s.Config != nil {
			a.configText(s.Config, r)
			for j := range s.Config.Also {
				a.configText(&s.Config.Also[j], r)
			}
		}
	}
	for i := range b.Errors {
		b.Errors[i].Message = r.Replace(b.Errors[i].Message)
	}
	for i := range b.Settings {
		st := &b.Settings[i]
		if st.Root != "" {
			st.Root = a.root(st.Root)
		}
	}
	for i := range b.Instructions {
		in := &b.Instructions[i]
		if in.Root != "" {
			in.Root = a.root(in.Root)
		}
	}
	r = a.replacer()
	for i := range b.Settings {
		b.Settings[i].File = r.Replace(b.Settings[i].File)
	}
	for i := range b.Instructions {
		b.Instructions[i].File = r.Replace(b.Instructions[i].File)
	}
}

func (a *Anonymizer) config(c *model.ServerConfig) {
	c.Command = a.program(c.Command)
	if c.URLHost != "" {
		c.URLHost = a.host(c.URLHost)
	}
	for i, s := range c.Args {
		c.Args[i] = a.arg(s)
	}
	if c.Root != "" {
		c.Root = a.root(c.Root)
	}
	if p := c.Package; p != nil {
		// The package name says which server runs, like the arguments it
		// came from; advisories cannot match an anonymized bundle.
		p.Name = a.Label("package", p.Name)
		for i := range p.Installed {
			p.Installed[i].Integrity = ""
		}
	}
}

// configText rewrites the free-text parts of a config entry: the file
// label ("{project}/.mcp.json") and fact details.
func (a *Anonymizer) configText(c *model.ServerConfig, r *strings.Replacer) {
	c.File = r.Replace(c.File)
	for i := range c.Facts {
		c.Facts[i].Location = r.Replace(c.Facts[i].Location)
		c.Facts[i].Detail = r.Replace(c.Facts[i].Detail)
	}
}

// serverInfo anonymizes the implementation's name, title and website;
// the version and any other field stay.
func (a *Anonymizer) serverInfo(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return raw
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return raw
	}
	for _, k := range []string{"name", "title", "websiteUrl"} {
		var s string
		if v, ok := m[k]; ok && json.Unmarshal(v, &s) == nil && s != "" {
			m[k], _ = json.Marshal(a.Label("impl", s))
		}
	}
	delete(m, "icons") // icon URLs name hosts
	out, err := json.Marshal(m)
	if err != nil {
		return raw
	}
	return out
}

// replacer replaces every original value seen so far (3 characters or
// more, longest first) by its label.
func (a *Anonymizer) replacer() *strings.Replacer {
	keys := make([]string, 0, len(a.seen))
	for k := range a.seen {
		if len(k) >= 3 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(keys[i]) != len(keys[j]) {
			return len(keys[i]) > len(keys[j])
		}
		return keys[i] < keys[j]
	})
	pairs := make([]string, 0, 2*len(keys))
	for _, k := range keys {
		pairs = append(pairs, k, a.seen[k])
	}
	return strings.NewReplacer(pairs...)
}
