package collectkit

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/assay-mcp/assay/collectkit/outfile"
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

// WriteFileAtomic writes data by the rules of package outfile (temp and
// rename over a regular file or a new path, write-through for devices and
// FIFOs, refusal of directories and read-only files), outside any run's
// context. Runs that can be interrupted call outfile.Write with theirs.
func WriteFileAtomic(path string, data []byte) error {
	return outfile.Write(context.Background(), path, data, nil)
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
