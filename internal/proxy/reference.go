package proxy

import (
	"github.com/assay-mcp/assay/collectkit/inputfile"
	"slices"

	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
)

// reference is the approved state the first answers are compared with: a
// lock or a baseline, and the one server of it this session is.
type reference struct {
	path string
	lock *lock.Lock
	bl   *blessed
	// the matched server
	locked *lock.Server
	report *model.ServerReport
}

// loadReference reads --lock or --baseline. An error means the session
// is compared within itself only; it never stops the proxy.
func loadReference(lockPath, baselinePath string) (*reference, error) {
	path := lockPath
	if path == "" {
		path = baselinePath
	}
	if path == "" {
		return nil, nil
	}
	data, err := inputfile.Read(path, inputfile.MaxBaseline)
	if err != nil {
		return nil, err
	}
	r := &reference{path: path}
	if lockPath != "" {
		r.lock, err = lock.Decode(path, data)
	} else {
		r.bl, err = decodeBaseline(path, data)
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

func (r *reference) matched() bool { return r != nil && (r.locked != nil || r.report != nil) }

// identity is the matched server's identity.
func (r *reference) identity() string {
	switch {
	case r.locked != nil:
		return r.locked.Identity
	case r.report != nil:
		return r.report.Identity
	}
	return ""
}

func (r *reference) name() string {
	switch {
	case r.locked != nil:
		return r.locked.Name
	case r.report != nil:
		return r.report.Name
	}
	return ""
}

// matchStart picks the server before anything was said: by --server-name,
// as the only server, or (in a lock) by its launch spec.
func (r *reference) matchStart(name string, launch func(salt []byte) lock.Launch) {
	if r == nil {
		return
	}
	if r.lock != nil {
		ls := r.lock.Servers
		pick := func(ok func(*lock.Server) bool) bool {
			var hit *lock.Server
			for i := range ls {
				if ok(&ls[i]) {
					if hit != nil {
						return false
					}
					hit = &ls[i]
				}
			}
			r.locked = hit
			return hit != nil
		}
		switch {
		case name != "":
			pick(func(s *lock.Server) bool { return s.Name == name || s.Identity == name })
		case len(ls) == 1:
			r.locked = &ls[0]
		default:
			salt, err := r.lock.SaltOf()
			if err != nil {
				return
			}
			l := launch(salt)
			pick(func(s *lock.Server) bool {
				return s.Launch.Command == l.Command && s.Launch.ArgsHMAC == l.ArgsHMAC && slices.Equal(s.Launch.Args, l.Args)
			})
		}
		return
	}
	ss := r.bl.Servers
	switch {
	case name != "":
		for i := range ss {
			if ss[i].Name == name || ss[i].Identity == name {
				r.report = &ss[i]
				return
			}
		}
	case len(ss) == 1:
		r.report = &ss[0]
	}
}

// matchServerInfo picks the server by the name it reports, when exactly
// one locked or blessed server reported that name.
func (r *reference) matchServerInfo(serverName string) {
	if r == nil || r.matched() || serverName == "" {
		return
	}
	if r.lock != nil {
		var hit *lock.Server
		for i := range r.lock.Servers {
			if s := r.lock.Servers[i].Surface; s != nil && s.ServerName == serverName {
				if hit != nil {
					return
				}
				hit = &r.lock.Servers[i]
			}
		}
		r.locked = hit
		return
	}
	var hit *model.ServerReport
	for i := range r.bl.Servers {
		if r.bl.Servers[i].Implementation == serverName {
			if hit != nil {
				return
			}
			hit = &r.bl.Servers[i]
		}
	}
	r.report = hit
}

// identitySurface is the matched server's handshake identity, nil when
// the reference holds none.
func (r *reference) identitySurface() *lock.Surface {
	switch {
	case r.locked != nil:
		return r.locked.Surface
	case r.report != nil:
		return surfaceOfReport(r.report)
	}
	return nil
}
