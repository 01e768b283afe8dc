package harness

import (
	"net/url"
	"regexp"
	"strings"
	"sync"
)

// What the foreign-email, foreign-host and foreign-path rules look for in
// argument values. Patterns are compiled on first use.
var (
	emailRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}`)
	})
	urlRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.\-]*://[^\s"'<>()\[\]{}]+`)
	})
)

// emailsIn lists the e-mail addresses in s.
func emailsIn(s string) []string { return emailRe().FindAllString(s, -1) }

// hostsIn lists the host names of the URLs in s.
func hostsIn(s string) []string {
	var out []string
	for _, raw := range urlRe().FindAllString(s, -1) {
		if u, err := url.Parse(raw); err == nil && u.Hostname() != "" {
			out = append(out, u.Hostname())
		}
	}
	return out
}

// pathKeys are argument names whose whole value is a file path.
func isPathKey(key string) bool {
	if i := strings.LastIndexByte(key, '/'); i >= 0 {
		key = key[i+1:]
	}
	switch strings.ToLower(key) {
	case "path", "file", "filename", "file_path", "filepath", "dir", "directory", "cwd", "src", "dst", "source", "destination":
		return true
	}
	return false
}

// pathsIn lists the file paths in the value of key: the whole value for a
// path-named key, else every word that starts like a path (/, ~, ./, ../,
// $HOME, a drive letter). URLs are left to hostsIn.
func pathsIn(key, value string) []string {
	value = strings.TrimSpace(value)
	if value == "" || strings.Contains(value, "://") && !strings.ContainsAny(value, " \t\n") {
		return nil
	}
	if isPathKey(key) && !strings.ContainsAny(value, "\n") {
		return []string{value}
	}
	var out []string
	for _, w := range strings.Fields(value) {
		w = strings.Trim(w, `"'(),;`)
		if looksLikePath(w) {
			out = append(out, w)
		}
	}
	return out
}

func looksLikePath(w string) bool {
	if strings.Contains(w, "://") {
		return false
	}
	for _, p := range []string{"/", "~", "./", "../", "$HOME", "${HOME}", "%USERPROFILE%", `\\`} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return len(w) > 2 && w[1] == ':' && (w[2] == '\\' || w[2] == '/') && (w[0]|0x20 >= 'a' && w[0]|0x20 <= 'z')
}

// normPath is a path as the mention check compares it: lower case, without
// a leading ./ or a trailing slash.
func normPath(p string) string {
	p = strings.ToLower(strings.TrimSpace(p))
	p = strings.TrimPrefix(p, "./")
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return p
}
