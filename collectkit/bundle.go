package collectkit

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/assay-mcp/assay/collectkit/tokens"
	"github.com/assay-mcp/assay/report/hashes"
	"github.com/assay-mcp/assay/report/model"
)

// NewBundle wraps collected servers in a bundle: generator, coarse host
// (OS and architecture, never the host name) and the creation time, which
// no hash covers.
func NewBundle(gen model.Generator, label string, servers []model.Server) *model.Bundle {
	if servers == nil {
		servers = []model.Server{}
	}
	return &model.Bundle{
		Kind:      model.BundleKind,
		Generator: gen,
		CreatedAt: time.Now().UTC().Format(time.RFC3339),
		Host:      &model.Host{OS: runtime.GOOS, Arch: runtime.GOARCH, Label: label},
		Servers:   servers,
	}
}

// CountTokens records token counts for every server of b in an encoding
// ("" is the default).
func CountTokens(b *model.Bundle, encoding string) error {
	for i := range b.Servers {
		t, err := tokens.CountServer(&b.Servers[i], encoding)
		if err != nil {
			return err
		}
		b.Servers[i].Tokens = t
	}
	c, err := tokens.Get(encoding)
	if err != nil {
		return err
	}
	c.CountInstructions(b.Instructions)
	return nil
}

// WriteFileAtomic writes data through a temporary file in the same
// directory and a rename: a reader never sees half a file, and a failed
// write never replaces the previous one.
func WriteFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// EncodeBundle seals b (per-server surface hashes and the document hash,
// so 'assay verify' catches a later edit) and encodes it through the
// allowlist projection: only the paths in model.BundleAllowlist are in
// the returned bytes.
func EncodeBundle(b *model.Bundle) ([]byte, error) {
	if err := hashes.SealBundle(b); err != nil {
		return nil, fmt.Errorf("hashing bundle: %w", err)
	}
	data, _, err := model.Project(b)
	if err != nil {
		return nil, fmt.Errorf("encoding bundle: %w", err)
	}
	return data, nil
}

// WriteBundle writes b sealed, through the allowlist projection,
// deterministically and atomically.
func WriteBundle(path string, b *model.Bundle) error {
	data, err := EncodeBundle(b)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return WriteFileAtomic(path, data)
}
