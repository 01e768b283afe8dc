package redact

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Root is a project root and the label it is shown under.
type Root struct {
	Path  string
	Label string
}

// slash normalises separators so Windows and POSIX layouts compare alike.
func slash(p string) string { return strings.ReplaceAll(p, `\`, "/") }

// under returns the part of p below dir, if p is dir or inside it.
func under(p, dir string) (string, bool) {
	p, dir = slash(p), strings.TrimRight(slash(dir), "/")
	if dir == "" {
		return "", false
	}
	if p == dir {
		return "", true
	}
	if rest, ok := strings.CutPrefix(p, dir+"/"); ok {
		return rest, true
	}
	return "", false
}

// PathLabel names a file without its absolute location: inside a project
// root it is "<label>/rel", inside home "~/rel", anywhere else only its
// base name. Roots are tried longest first by the caller's order.
func PathLabel(p, home string, roots []Root) string {
	best := -1
	bestLen := -1
	for i, r := range roots {
		if _, ok := under(p, r.Path); ok && len(r.Path) > bestLen {
			best, bestLen = i, len(r.Path)
		}
	}
	if best >= 0 {
		rest, _ := under(p, roots[best].Path)
		if rest == "" {
			return "{" + roots[best].Label + "}"
		}
		return "{" + roots[best].Label + "}/" + rest
	}
	if rest, ok := under(p, home); ok {
		if rest == "" {
			return "~"
		}
		return "~/" + rest
	}
	return "…/" + Base(p)
}

// Base is the last element of a POSIX or Windows path.
func Base(p string) string {
	p = strings.TrimRight(slash(p), "/")
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// RootLabel is the label a project root is shown under: its base name,
// which says which project without saying where or whose.
func RootLabel(p string) string {
	b := Base(p)
	if b == "" || strings.HasSuffix(b, ":") {
		return "root"
	}
	return b
}

// ProjectLabel is the default label of a project root: "project-" and
// six hex digits of the SHA-256 of key (the root's home-relative path),
// which tells projects apart and stays the same from one scan to the next
// without naming the project.
func ProjectLabel(key string) string {
	sum := sha256.Sum256([]byte(key))
	return "project-" + hex.EncodeToString(sum[:3])
}

// LooksLikePath reports whether an argument is a filesystem path
// (absolute, home-relative, or Windows drive) rather than a word.
func LooksLikePath(a string) bool {
	// "/c", "/user:Administrator": Windows switches and one-segment paths
	// name no user directory; they stay readable.
	if strings.HasPrefix(a, "/") && !strings.Contains(a[1:], "/") && !strings.Contains(a, `\`) {
		return false
	}
	if strings.HasPrefix(a, "/") || strings.HasPrefix(a, "~/") || strings.HasPrefix(a, `~\`) || strings.HasPrefix(a, "./") || strings.HasPrefix(a, "../") || strings.HasPrefix(a, `\\`) {
		return true
	}
	return len(a) >= 3 && a[1] == ':' && (a[2] == '\\' || a[2] == '/') && (a[0]|0x20 >= 'a' && a[0]|0x20 <= 'z')
}
