package config

import (
	"github.com/assay-mcp/assay/report/model"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureRoot copies testdata/configs/<client>/<layout> into a temp dir,
// replacing @ROOT@ in file contents with the temp dir (Claude Code keys
// projects by absolute path), and returns the temp dir.
func fixtureRoot(t testing.TB, dirs ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, dir := range dirs {
		src := filepath.Join("..", "..", "testdata", "configs", dir)
		err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			dst := filepath.Join(root, rel)
			if d.IsDir() {
				return os.MkdirAll(dst, 0o755)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			data = []byte(strings.ReplaceAll(string(data), "@ROOT@", filepath.ToSlash(root)))
			return os.WriteFile(dst, data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// fixtureOptions scans a fixture root as HOME=root/home, cwd=root/work/app,
// plus a second project root/work/lib.
func fixtureOptions(root, goos string) *Options {
	_ = os.MkdirAll(filepath.Join(root, "work", "app"), 0o755)
	_ = os.MkdirAll(filepath.Join(root, "work", "lib"), 0o755)
	return &Options{
		Home:     filepath.Join(root, "home"),
		Cwd:      filepath.Join(root, "work", "app"),
		Projects: []string{filepath.Join(root, "work", "lib")},
		OS:       goos,
	}
}

func discoverFixture(t testing.TB, dir, goos string) (*Inventory, string) {
	t.Helper()
	root := fixtureRoot(t, dir)
	inv, err := Discover(fixtureOptions(root, goos))
	if err != nil {
		t.Fatal(err)
	}
	return inv, root
}

// declsOf lists an entry's primary config and its other declarations.
func declsOf(e Entry) []*model.ServerConfig {
	out := []*model.ServerConfig{e.Config}
	for i := range e.Config.Also {
		out = append(out, &e.Config.Also[i])
	}
	return out
}
