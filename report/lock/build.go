package lock

import (
	"encoding/hex"
	"fmt"
	"sort"

	"github.com/assay-mcp/assay/report/model"
)

// Entry is one server to lock: its identity, how it starts (computed
// natively, see collectkit/pin) and, when it was contacted, what it served.
type Entry struct {
	Name, Identity string
	Launch         Launch
	Pin            *Pin
	// Server is the collected surface; nil when the server was not
	// started or contacted.
	Server *model.Server
}

// Build assembles a lock from entries, sorted by identity (then name).
// salt must be 32 bytes. prev, when not nil, is the lock being replaced:
// a pin that did not change keeps the date it was first recorded.
func Build(entries []Entry, salt []byte, prev *Lock) (*Lock, error) {
	if len(salt) != SaltBytes {
		return nil, fmt.Errorf("lock salt must be %d bytes, got %d", SaltBytes, len(salt))
	}
	l := &Lock{Kind: Kind, Salt: hex.EncodeToString(salt), Servers: make([]Server, 0, len(entries))}
	old := map[string]*Pin{}
	if prev != nil {
		for i := range prev.Servers {
			old[prev.Servers[i].Identity] = prev.Servers[i].Pin
		}
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if seen[e.Identity] {
			return nil, fmt.Errorf("server %s is named twice; a lock holds each server once", quote(e.Identity))
		}
		seen[e.Identity] = true
		s := Server{Name: e.Name, Identity: e.Identity, Launch: e.Launch, Pin: e.Pin}
		if e.Server != nil {
			s.Surface = SurfaceOf(e.Server)
		}
		if p := old[e.Identity]; p != nil && s.Pin != nil && SamePin(p, s.Pin) {
			pin := *s.Pin
			pin.Date = p.Date
			s.Pin = &pin
		}
		l.Servers = append(l.Servers, s)
	}
	sort.SliceStable(l.Servers, func(i, j int) bool {
		a, b := l.Servers[i], l.Servers[j]
		if a.Identity != b.Identity {
			return a.Identity < b.Identity
		}
		return a.Name < b.Name
	})
	return l, nil
}

// SaltBytes is the length of a lock's salt.
const SaltBytes = 32

// SamePin reports whether two pins name the same program and entry with
// the same content (dates aside).
func SamePin(a, b *Pin) bool {
	return a.Executable == b.Executable && a.SHA256 == b.SHA256 && a.Entry == b.Entry &&
		a.EntrySHA256 == b.EntrySHA256 && a.Package == b.Package
}

// SaltOf decodes the lock's salt.
func (l *Lock) SaltOf() ([]byte, error) {
	b, err := hex.DecodeString(l.Salt)
	if err != nil || len(b) != SaltBytes {
		return nil, fmt.Errorf("salt is not %d hex-encoded bytes", SaltBytes)
	}
	return b, nil
}

// Find returns the locked server with this identity, or nil.
func (l *Lock) Find(identity string) *Server {
	for i := range l.Servers {
		if l.Servers[i].Identity == identity {
			return &l.Servers[i]
		}
	}
	return nil
}
