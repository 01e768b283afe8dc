package config

import (
	"bytes"
	"encoding/json"
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
// plus a second project root/work/lib, labelled by their folder names
// (TestProjectLabels covers the default labels).
func fixtureOptions(root, goos string) *Options {
	_ = os.MkdirAll(filepath.Join(root, "work", "app"), 0o755)
	_ = os.MkdirAll(filepath.Join(root, "work", "lib"), 0o755)
	return &Options{
		Home:     filepath.Join(root, "home"),
		Cwd:      filepath.Join(root, "work", "app"),
		Projects: []string{filepath.Join(root, "work", "lib")},
		OS:       goos,

		KeepProjectNames: true,
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

// TestProjectLabels: by default no project folder name reaches the
// inventory (contexts, config roots and file labels, settings,
// instructions, the plan); the labels are the same on a second discovery
// and differ between the two projects.
func TestProjectLabels(t *testing.T) {
	root := fixtureRoot(t, "continue/linux")
	labels := func() ([]byte, []string) {
		o := fixtureOptions(root, "linux")
		o.KeepProjectNames = false
		inv, err := Discover(o)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(inv)
		if err != nil {
			t.Fatal(err)
		}
		return data, contextIDs(inv)
	}
	first, ids := labels()
	second, _ := labels()
	if !bytes.Equal(first, second) {
		t.Error("two discoveries of the same machine label projects differently")
	}
	for _, name := range []string{`app`, `lib`} {
		for _, shape := range []string{"{" + name + "}", "@" + name + `"`, `"` + name + `"`} {
			if bytes.Contains(first, []byte(shape)) {
				t.Errorf("project folder name %q reaches the inventory as %s", name, shape)
			}
		}
	}
	if len(ids) != 2 || ids[0] == ids[1] || !strings.Contains(ids[0], "@project-") {
		t.Errorf("contexts %v, want two distinct project-… labels", ids)
	}
}
