package proxy

// The one place the proxy reaches collectkit: the command pin of the
// server it starts, and the launch spec a lock compares.

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/collectkit/pin"
	"github.com/assay-mcp/assay/report/lock"
)

// resolve finds the program to start as the collector would.
func resolve(command string) (string, error) { return collectkit.ResolveProgram(command) }

// pinOf pins the command (nil and the reason when it cannot be pinned).
func pinOf(command string, args []string, dir string) (*lock.Pin, error) {
	return pin.Of(command, args, &pin.Options{Dir: dir, Date: time.Now().UTC().Format(time.DateOnly)})
}

// launchOf is the strict launch spec of the command as a lock holds it.
// The environment is not part of it: the proxy cannot tell what the
// client configured from what it inherited.
func launchOf(command string, args []string, salt []byte) lock.Launch {
	return pin.LaunchOf(collectkit.Target{Transport: "stdio", Command: command, Args: args}, salt)
}

// serverName is what a server started with this command is called when
// nothing else names it, as 'assay scan --server' would call it.
func serverName(command string, args []string) string {
	t, err := collectkit.ParseServerFlag(quoteWords(append([]string{command}, args...)), nil, nil)
	if err != nil || t.Name == "" {
		return strings.TrimSuffix(filepath.Base(command), ".exe")
	}
	return t.Name
}

func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// fileStamp identifies a file's current content cheaply: a changed stamp
// is the cue to hash again.
type fileStamp struct {
	size  int64
	mod   time.Time
	ident string // device and inode where the platform has them
}

func stampOf(path string) (fileStamp, bool) {
	st, err := os.Stat(path)
	if err != nil {
		return fileStamp{}, false
	}
	return fileStamp{size: st.Size(), mod: st.ModTime(), ident: inode(st)}, true
}

// expand turns a pinned path (home as ~) back into a file path.
func expand(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, filepath.FromSlash(rest))
		}
	}
	return filepath.FromSlash(p)
}

// fileSHA256 hashes a pinned file.
func fileSHA256(path string) (string, error) { return pin.FileSHA256(path) }
