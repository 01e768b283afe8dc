package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/report/model"
)

// surface is one capture file, in the format of testdata/corpus/surfaces:
// the served definitions exactly as served (raw JSON), then metadata.
type surface struct {
	Package           string            `json:"package"`
	Version           string            `json:"version"`
	Command           string            `json:"command"`
	Args              []string          `json:"args"`
	ProtocolVersion   string            `json:"protocolVersion"`
	ServerInfo        json.RawMessage   `json:"serverInfo"`
	Capabilities      json.RawMessage   `json:"capabilities"`
	Instructions      *string           `json:"instructions"`
	Tools             []json.RawMessage `json:"tools"`
	Prompts           []json.RawMessage `json:"prompts"`
	Resources         []json.RawMessage `json:"resources"`
	ResourceTemplates []json.RawMessage `json:"resourceTemplates"`
	// ListCache are the lists' ttlMs/cacheScope, as a bundle keeps them.
	ListCache      []model.ListCache `json:"listCache,omitempty"`
	Errors         []captureError    `json:"errors"`
	DummyEnv       map[string]string `json:"dummyEnv"`
	ServerRequests []string          `json:"serverRequests"`
	CapturedAt     string            `json:"capturedAt"`
	DurationMs     int64             `json:"durationMs"`
	InstalledDeps  map[string]string `json:"installedDeps"`
	InstallMode    string            `json:"installMode"`
	NodeVersion    string            `json:"nodeVersion"`
	Licence        string            `json:"licence"`
	Integrity      string            `json:"integrity"`
	Shasum         string            `json:"shasum"`
	Attempts       []attempt         `json:"attempts"`
	PathsRewritten string            `json:"pathsRewritten"`
	StderrTail     string            `json:"stderrTail"`
	CapturedBy     string            `json:"capturedBy"`
}

// captureError is one collection error, named as testdata/corpus names
// them (stage, message) plus the collector's code.
type captureError struct {
	Stage   string `json:"stage"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

const pathsNote = "the capture's HOME (and the project and data folders inside it) and /root were rewritten to /home/user in every served string and in stderr"

// surfaceOf builds the file for one capture, with machine paths rewritten.
func (r *runner) surfaceOf(m *manifest, rel string, p *plan, res *live.Result, l *layout, ms int64) *surface {
	att := p.last()
	sc := func(raw json.RawMessage) json.RawMessage { return scrubRaw(raw, l.home) }
	s := &surface{
		Package: m.Name, Version: m.Version, Command: "node",
		Args:              append([]string{rel}, att.Args...),
		ProtocolVersion:   res.ProtocolVersion,
		ServerInfo:        orNull(sc(res.ServerInfo)),
		Capabilities:      orNull(sc(res.Capabilities)),
		Tools:             scrubAllRaw(res.Tools, l.home),
		Prompts:           scrubAllRaw(res.Prompts, l.home),
		Resources:         scrubAllRaw(res.Resources, l.home),
		ResourceTemplates: scrubAllRaw(res.ResourceTemplates, l.home),
		ListCache:         res.ListCache,
		Errors:            []captureError{},
		DummyEnv:          map[string]string{},
		ServerRequests:    []string{},
		CapturedAt:        time.Now().UTC().Format(time.RFC3339),
		DurationMs:        ms,
		InstallMode:       "noscripts",
		NodeVersion:       r.nodeVer,
		Licence:           m.licence(),
		Integrity:         m.Dist.Integrity,
		Shasum:            m.Dist.Shasum,
		Attempts:          append([]attempt(nil), p.tried...),
		PathsRewritten:    pathsNote,
		StderrTail:        tail(scrubText(res.Stderr, l.home), 2000),
		CapturedBy:        "go run ./internal/capture (collectkit/live, go-sdk)",
	}
	if res.Instructions != nil {
		ins := scrubText(*res.Instructions, l.home)
		s.Instructions = &ins
	}
	for k, v := range att.Env {
		s.DummyEnv[k] = scrubText(expand(v, l), l.home)
	}
	for i, a := range s.Args {
		s.Args[i] = scrubText(expand(a, l), l.home)
	}
	for _, e := range res.Errors {
		msg := scrubText(e.Message, l.home)
		s.Errors = append(s.Errors, captureError{Stage: e.Phase, Code: e.Code, Message: msg})
		if e.Code == live.CodeServerRequest {
			s.ServerRequests = append(s.ServerRequests, msg)
		}
	}
	return s
}

func orNull(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return raw
}

func scrubAllRaw(items []json.RawMessage, home string) []json.RawMessage {
	out := make([]json.RawMessage, 0, len(items))
	for _, it := range items {
		out = append(out, scrubRaw(it, home))
	}
	return out
}

// rootPathPattern finds /root as a path (the superuser's home, which
// os.userInfo() reports whatever HOME says).
var rootPathPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_.\-/])/root(/|\b)`)
})

// scrubText rewrites machine paths to /home/user: the capture's HOME
// (everything the server was given lives under it) and /root.
func scrubText(s, home string) string {
	if home != "" {
		s = strings.ReplaceAll(s, home, "/home/user")
		if real, err := filepath.EvalSymlinks(home); err == nil && real != home {
			s = strings.ReplaceAll(s, real, "/home/user")
		}
		s = scrubCut(s, home)
	}
	return rootPathPattern().ReplaceAllString(s, "${1}/home/user${2}")
}

// scrubCut rewrites what is left of the home path where a server's
// stderr was cut mid-path (the collector keeps only its end): the
// capture folder's random suffix plus "/home" identifies it.
func scrubCut(s, home string) string {
	base := filepath.Base(filepath.Dir(home))
	i := strings.LastIndex(base, "-")
	if i < 0 || len(base)-i < 6 {
		return s
	}
	tag := base[i:] + "/" + filepath.Base(home)
	for {
		j := strings.Index(s, tag)
		if j < 0 {
			return s
		}
		k := j
		for k > 0 && !strings.ContainsRune(" \t\n\"'(`=:", rune(s[k-1])) {
			k--
		}
		s = s[:k] + "/home/user" + s[j+len(tag):]
	}
}

// scrubRaw rewrites machine paths inside raw JSON. The home folder holds
// no character JSON escapes except "/", which some encoders write as
// "\/", so both spellings are rewritten; the result stays valid JSON
// because only path text inside strings changes.
func scrubRaw(raw json.RawMessage, home string) json.RawMessage {
	if len(raw) == 0 {
		return raw
	}
	s := scrubText(string(raw), home)
	if home != "" {
		s = strings.ReplaceAll(s, strings.ReplaceAll(home, "/", `\/`), "/home/user")
	}
	if !json.Valid([]byte(s)) {
		return raw
	}
	return json.RawMessage(s)
}

// ansiPattern matches terminal escape sequences in stderr.
var ansiPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07`)
})

// tail is the last n bytes of stderr, on a rune boundary, without
// terminal escapes or other control characters than newline and tab.
func tail(s string, n int) string {
	s = ansiPattern().ReplaceAllString(s, "")
	if len(s) > n {
		s = s[len(s)-n:]
		for len(s) > 0 && (s[0]&0xC0) == 0x80 {
			s = s[1:]
		}
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}
