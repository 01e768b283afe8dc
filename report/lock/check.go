package lock

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// Options tune a check. Nil means defaults.
type Options struct {
	// Ceiling is the tier (R0…R5) at or above which a new tool or server
	// is graded high; default R4.
	Ceiling string
	// NoPin skips command pins: a pin names a program on one machine,
	// so a lock made on a laptop cannot pin the programs of CI.
	NoPin bool
	// NoEnv skips env names and the values HMAC: the proxy inherits the
	// client's whole environment and cannot tell the configured part.
	NoEnv bool
	// EraOnly compares the protocol era, not the exact version: another
	// client (the proxy's) negotiates its own version with the same server.
	EraOnly bool
}

// Observed is what a lock is checked against.
type Observed struct {
	// Lock fingerprints the observation. Build it with the checked lock's
	// salt, or every HMAC differs.
	Lock *Lock
	// Bundle holds the collected surfaces with their text, by identity:
	// evidence for hidden characters, and collection errors.
	Bundle *model.Bundle
	// Analysis is Bundle's analysis (tiers of new tools, injection
	// findings on changed text); nil skips those rules.
	Analysis *model.Findings
}

// Check compares lock with what was observed and returns the changes as
// DRIFT findings, servers by identity, in a fixed order.
func Check(lock *Lock, obs *Observed, opts *Options) []model.Finding {
	c := newChecker(obs, opts)
	pairs, gone, added := pairServers(lock.Servers, obs.Lock.Servers)
	for _, s := range gone {
		ev := "server " + quote(s.Name) + " is in the lock but not configured any more"
		if s.Surface != nil {
			ev += fmt.Sprintf(" (%d locked tools)", len(s.Surface.Tools))
		}
		c.add(newFinding("DRIFT-025", s.Identity, "", "server", ev))
	}
	for _, p := range pairs {
		c.server(p[0], p[1])
	}
	for _, s := range added {
		c.newServer(s)
	}
	return c.out
}

// CheckServer compares one locked server with its observation.
func CheckServer(old, cur *Server, obs *Observed, opts *Options) []model.Finding {
	c := newChecker(obs, opts)
	c.server(old, cur)
	return c.out
}

type checker struct {
	obs     *Observed
	opts    Options
	ceiling int
	out     []model.Finding
}

func newChecker(obs *Observed, opts *Options) *checker {
	c := &checker{obs: obs, ceiling: 4}
	if opts != nil {
		c.opts = *opts
	}
	if n, ok := tierNum(c.opts.Ceiling); ok {
		c.ceiling = n
	}
	return c
}

func (c *checker) add(f model.Finding) { c.out = append(c.out, f) }

// raw is the collected server with this identity, or nil.
func (c *checker) raw(identity string) *model.Server {
	if c.obs.Bundle == nil {
		return nil
	}
	for i := range c.obs.Bundle.Servers {
		if c.obs.Bundle.Servers[i].Identity == identity {
			return &c.obs.Bundle.Servers[i]
		}
	}
	return nil
}

// report is the analysed server with this identity, or nil.
func (c *checker) report(identity string) *model.ServerReport {
	if c.obs.Analysis == nil {
		return nil
	}
	for i := range c.obs.Analysis.Servers {
		if c.obs.Analysis.Servers[i].Identity == identity {
			return &c.obs.Analysis.Servers[i]
		}
	}
	return nil
}

// server compares one paired server: launch, pin, identity, surface.
func (c *checker) server(old, cur *Server) {
	id := cur.Identity
	c.launch(id, &old.Launch, &cur.Launch)
	if !c.opts.NoPin {
		c.pin(id, old.Pin, cur.Pin)
	}
	raw := c.raw(id)
	switch {
	case old.Surface == nil:
		return
	case cur.Surface == nil:
		why := "it was not contacted"
		if raw != nil && len(raw.Errors) > 0 {
			why = "it could not be reached (" + raw.Errors[0].Code + ": " + clip(raw.Errors[0].Message, 160) + ")"
		}
		f := newFinding("DRIFT-026", id, "", "server", fmt.Sprintf("%s: %s; its %d locked tools were not compared, none is reported as removed", quote(cur.Name), why, len(old.Surface.Tools)))
		f.Item = "unreachable"
		c.add(f)
		return
	}
	c.identity(id, old.Surface, cur.Surface)
	c.listings(id, old.Surface, cur.Surface)
	c.surfaceTools(id, old.Surface, cur.Surface, raw)
}

// surfaceTools compares the tools of a surface; an incomplete listing is
// reported and none of its missing tools counts as removed.
func (c *checker) surfaceTools(id string, old, cur *Surface, raw *model.Server) {
	complete := true
	if raw != nil {
		if g := gaps(raw); len(g) > 0 {
			complete = false
			f := newFinding("DRIFT-026", id, "", "server", "surface incomplete: "+strings.Join(g, "; ")+"; tools missing from it are not reported as removed")
			f.Item = "incomplete"
			c.add(f)
		}
	}
	c.tools(id, old.Tools, cur.Tools, raw, complete)
}

// CheckStart compares how a server starts: its launch spec and command
// pin, nothing it serves.
func CheckStart(old, cur *Server, opts *Options) []model.Finding {
	c := newChecker(&Observed{}, opts)
	c.launch(cur.Identity, &old.Launch, &cur.Launch)
	if !c.opts.NoPin {
		c.pin(cur.Identity, old.Pin, cur.Pin)
	}
	return c.out
}

// CheckIdentity compares what a server says it is in its handshake:
// serverInfo, protocol version and era, capabilities and instructions.
// raw, when not nil, is the observed server (for hidden characters in
// its instructions).
func CheckIdentity(id string, old, cur *Surface, raw *model.Server, opts *Options) []model.Finding {
	c := newChecker(&Observed{}, opts)
	if raw != nil {
		c.obs.Bundle = &model.Bundle{Servers: []model.Server{*raw}}
	}
	c.identity(id, old, cur)
	return c.out
}

// CheckTools compares the tools of two surfaces of one server. obs holds
// the observed server (by identity id) and its analysis, for evidence.
func CheckTools(id string, old, cur *Surface, obs *Observed, opts *Options) []model.Finding {
	c := newChecker(obs, opts)
	c.surfaceTools(id, old, cur, c.raw(id))
	return c.out
}

// newServer reports a server the lock does not know.
func (c *checker) newServer(s *Server) {
	ev := "server " + quote(s.Name) + " is not in the lock"
	f := newFinding("DRIFT-024", s.Identity, "", "server", ev)
	if s.Surface != nil {
		f.Evidence += fmt.Sprintf(" (%d tools)", len(s.Surface.Tools))
		if top := c.topTier(s.Identity); top >= c.ceiling {
			f.Severity = model.SevHigh
			f.Evidence += fmt.Sprintf("; highest tier R%d at or above ceiling R%d", top, c.ceiling)
		}
	}
	c.add(f)
}

func (c *checker) topTier(identity string) int {
	top := -1
	if r := c.report(identity); r != nil {
		for _, t := range r.Tools {
			if n, ok := tierNum(t.Tier); ok && n > top {
				top = n
			}
		}
	}
	return top
}

// identity compares what the server says it is.
func (c *checker) identity(id string, o, n *Surface) {
	if o.ServerName != n.ServerName {
		c.add(newFinding("DRIFT-034", id, "", "server:serverInfo/name", fmt.Sprintf("serverInfo.name %s → %s", quote(o.ServerName), quote(n.ServerName))))
	} else if o.ServerVersion == n.ServerVersion && o.Hashes[keyServerInfo] != n.Hashes[keyServerInfo] {
		f := newFinding("DRIFT-034", id, "", "server:serverInfo", fmt.Sprintf("serverInfo fields other than name and version changed (%s → %s)", short(o.Hashes[keyServerInfo]), short(n.Hashes[keyServerInfo])))
		f.Severity = model.SevLow
		c.add(f)
	}
	if o.ServerVersion != n.ServerVersion {
		c.add(newFinding("DRIFT-022", id, "", "server:serverInfo/version", fmt.Sprintf("%s → %s", quote(o.ServerVersion), quote(n.ServerVersion))))
	}
	if o.ProtocolVersion != n.ProtocolVersion && n.ProtocolVersion != "" && (!c.opts.EraOnly || o.Era != n.Era) {
		c.add(newFinding("DRIFT-023", id, "", "server:protocolVersion", fmt.Sprintf("%s (%s) → %s (%s)", quote(o.ProtocolVersion), o.Era, quote(n.ProtocolVersion), n.Era)))
	}
	changed := func(k string) bool { return o.Hashes[k] != n.Hashes[k] }
	if changed(keyCapabilities) {
		c.add(newFinding("DRIFT-013", id, "", "server:capabilities", fmt.Sprintf("capabilities %s → %s", short(o.Hashes[keyCapabilities]), short(n.Hashes[keyCapabilities]))))
	}
	if changed(keyInstructions) {
		ev := fmt.Sprintf("instructions %s → %s", short(o.Hashes[keyInstructions]), short(n.Hashes[keyInstructions]))
		if raw := c.raw(id); raw != nil && raw.Instructions != nil {
			if h := hiddenIn([]text{{"instructions", *raw.Instructions}}); h != "" {
				c.add(newFinding("DRIFT-004", id, "", "server:instructions", "now holds "+h))
			}
		}
		c.add(newFinding("DRIFT-010", id, "", "server:instructions", ev))
		c.newInjection(id, "", "server:")
	}
}

// listings compares the prompts, resources and templates a server lists.
func (c *checker) listings(id string, o, n *Surface) {
	changed := func(k string) bool { return o.Hashes[k] != n.Hashes[k] }
	if changed(keyPrompts) {
		c.add(newFinding("DRIFT-011", id, "", "server:prompts", fmt.Sprintf("prompts %s → %s", short(o.Hashes[keyPrompts]), short(n.Hashes[keyPrompts]))))
	}
	for _, k := range []string{keyResources, keyTemplates} {
		if changed(k) {
			c.add(newFinding("DRIFT-012", id, "", "server:"+k, fmt.Sprintf("%s %s → %s", k, short(o.Hashes[k]), short(n.Hashes[k]))))
		}
	}
}

// pairServers pairs by identity, then by name, then — when each side
// holds exactly one server — the two, as 'assay diff' does.
func pairServers(old, cur []Server) (pairs [][2]*Server, gone, added []*Server) {
	usedO, usedN := map[int]bool{}, map[int]bool{}
	match := func(key func(*Server) string) {
		idx := map[string][]int{}
		for i := range old {
			if !usedO[i] {
				k := key(&old[i])
				idx[k] = append(idx[k], i)
			}
		}
		for j := range cur {
			if usedN[j] {
				continue
			}
			k := key(&cur[j])
			if l := idx[k]; len(l) > 0 {
				usedO[l[0]], usedN[j] = true, true
				idx[k] = l[1:]
				pairs = append(pairs, [2]*Server{&old[l[0]], &cur[j]})
			}
		}
	}
	match(func(s *Server) string { return s.Identity })
	match(func(s *Server) string { return s.Name })
	if len(old) == 1 && len(cur) == 1 && !usedO[0] {
		usedO[0], usedN[0] = true, true
		pairs = append(pairs, [2]*Server{&old[0], &cur[0]})
	}
	for i := range old {
		if !usedO[i] {
			gone = append(gone, &old[i])
		}
	}
	for j := range cur {
		if !usedN[j] {
			added = append(added, &cur[j])
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a][1].Identity < pairs[b][1].Identity })
	return pairs, gone, added
}

// tierNum parses "R0".."R5".
func tierNum(t string) (int, bool) {
	if len(t) != 2 || (t[0] != 'R' && t[0] != 'r') {
		return 0, false
	}
	n, err := strconv.Atoi(t[1:])
	return n, err == nil && n >= 0 && n <= 5
}

// short abbreviates "sha256:<hex>" or "hmac-sha256:<hex>" to 12 digits.
func short(h string) string {
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		h = h[i+1:]
	}
	if h == "" {
		return "(none)"
	}
	return h[:min(12, len(h))]
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
