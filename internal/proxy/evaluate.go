package proxy

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/assay-mcp/assay/report/lock"
	"github.com/assay-mcp/assay/report/model"
)

// handshake is what an initialize or server/discover result declared.
type handshake struct {
	method       string
	protocol     string
	serverInfo   json.RawMessage
	capabilities json.RawMessage
	instructions *string
}

// event is one thing the session learnt, in the order it learnt it.
type event struct {
	hs          *handshake
	info        json.RawMessage // a serverInfo seen in a result's _meta
	tools       []json.RawMessage
	list        bool
	capped      bool
	protocol    string
	listChanged bool
	first       bool // the session's first listing
}

// maxEvents bounds the evaluator's backlog: past it, a new listing
// replaces the newest one waiting (it compares against the last one
// evaluated, so nothing is lost but the intermediate state).
const maxEvents = 64

// evaluator compares on its own goroutine, so a slow comparison never
// holds up framing, let alone forwarding. It owns the reference, the
// session's last handshake and listing, and the command pin.
type evaluator struct {
	o   *Options
	out *lines

	mu     sync.Mutex
	events []event
	listed bool // a listing was queued
	wake   chan struct{}
	stop   chan struct{}
	done   chan struct{}

	// evaluator goroutine only
	ref       *reference
	name      string
	protocol  string
	hs        handshake
	lastHS    *lock.Surface
	prev      *model.Server
	prevHash  string
	startPin  *lock.Pin
	stamps    [2]fileStamp
	startDone bool
	reported  map[string]bool

	lists    atomic.Int64
	findings atomic.Int64
}

func newEvaluator(o *Options, out *lines) *evaluator {
	return &evaluator{o: o, out: out, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}), reported: map[string]bool{}}
}

func (e *evaluator) push(ev event) {
	e.mu.Lock()
	last := len(e.events) - 1
	switch {
	case ev.list && last >= 0 && e.events[last].list && !e.events[last].first:
		// A newer listing replaces one still waiting; never the first of
		// the session, which later ones are compared with.
		e.events[last] = ev
	case len(e.events) < maxEvents:
		if ev.list && !e.listed {
			ev.first, e.listed = true, true
		}
		e.events = append(e.events, ev)
	}
	e.mu.Unlock()
	select {
	case e.wake <- struct{}{}:
	default:
	}
}

func (e *evaluator) protocolSeen(v string) { e.push(event{protocol: v}) }
func (e *evaluator) serverInfoSeen(i json.RawMessage) {
	e.push(event{info: append(json.RawMessage(nil), i...)})
}
func (e *evaluator) handshakeSeen(h *handshake) { e.push(event{hs: h}) }
func (e *evaluator) listChanged()               { e.push(event{listChanged: true}) }
func (e *evaluator) listSeen(tools []json.RawMessage, capped bool) {
	e.push(event{list: true, tools: append([]json.RawMessage(nil), tools...), capped: capped})
}

// run loads the reference and the start pin, then evaluates events until
// close. A panic stops evaluation, never the proxy.
func (e *evaluator) run() {
	defer close(e.done)
	defer func() {
		if r := recover(); r != nil {
			e.out.put(fmt.Sprintf("assay: internal error while comparing (%v); comparisons stopped, forwarding continues", r))
		}
	}()
	e.start()
	for {
		e.drain()
		select {
		case <-e.wake:
		case <-e.stop:
			e.drain()
			return
		}
	}
}

// drain evaluates every event waiting, in order.
func (e *evaluator) drain() {
	e.mu.Lock()
	evs := e.events
	e.events = nil
	e.mu.Unlock()
	for _, ev := range evs {
		e.handle(ev)
	}
}

// close evaluates what is waiting, for at most wait.
func (e *evaluator) close(wait time.Duration) {
	close(e.stop)
	select {
	case <-e.done:
	case <-time.After(wait):
	}
}

func (e *evaluator) handle(ev event) {
	switch {
	case ev.protocol != "":
		e.protocol = ev.protocol
	case ev.hs != nil:
		e.handshake(ev.hs)
	case ev.info != nil:
		e.serverInfo(ev.info)
	case ev.list:
		e.list(ev.tools, ev.capped)
	case ev.listChanged:
		e.recheckPin()
	}
}

// start reads the reference and pins the command, off the hot path.
func (e *evaluator) start() {
	ref, err := loadReference(e.o.Lock, e.o.Baseline)
	if err != nil {
		e.out.put("assay: " + safe(err.Error(), 300) + "; comparing within this session only")
	}
	e.ref = ref
	p, err := pinOf(e.o.Command, e.o.Args, e.o.Dir)
	if err != nil {
		e.out.put("assay: note: no command pin: " + safe(err.Error(), 200))
	} else {
		e.startPin = p
		e.stamps[0], _ = stampOf(expand(p.Executable))
		if p.Entry != "" {
			e.stamps[1], _ = stampOf(expand(p.Entry))
		}
	}
	if e.ref != nil {
		e.ref.matchStart(e.o.ServerName, func(salt []byte) lock.Launch { return launchOf(e.o.Command, e.o.Args, salt) })
	}
	e.out.put("assay: " + e.watching())
	e.checkStart()
}

// watching is the line that says the proxy is active and against what.
func (e *evaluator) watching() string {
	s := "watching " + safe(filepath.Base(e.o.Command), 60)
	if e.startPin != nil {
		s += " (pinned sha256 " + e.startPin.SHA256[:min(12, len(e.startPin.SHA256))] + ")"
	}
	switch {
	case e.ref.matched():
		return s + "; comparing with " + safe(e.ref.path, 200) + ", server " + safe(e.ref.name(), 80)
	case e.ref != nil:
		return s + "; comparing with " + safe(e.ref.path, 200) + " once the server names itself"
	}
	return s + "; no lock or baseline: comparing within this session"
}

// checkStart compares the launch spec and pin with the lock, once the
// session's server is known in it.
func (e *evaluator) checkStart() {
	if e.startDone || e.ref == nil || e.ref.locked == nil {
		return
	}
	e.startDone = true
	salt, err := e.ref.lock.SaltOf()
	if err != nil {
		return
	}
	cur := &lock.Server{Name: e.ref.locked.Name, Identity: e.ref.locked.Identity, Launch: launchOf(e.o.Command, e.o.Args, salt), Pin: e.startPin}
	e.report(lock.CheckStart(e.ref.locked, cur, &lock.Options{NoEnv: true}))
}

// identity is the server's identity in reports.
func (e *evaluator) identity() string {
	if e.ref.matched() {
		return e.ref.identity()
	}
	return model.Identity(e.serverName(), "stdio", strings.ToLower(strings.TrimSuffix(filepath.Base(e.o.Command), ".exe")))
}

func (e *evaluator) serverName() string {
	switch {
	case e.o.ServerName != "":
		return e.o.ServerName
	case e.ref.matched():
		return e.ref.name()
	}
	var info struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(e.hs.serverInfo, &info) == nil && info.Name != "" {
		return info.Name
	}
	return serverName(e.o.Command, e.o.Args)
}

// observed is the server as the session has seen it so far.
func (e *evaluator) observed(tools []json.RawMessage) *model.Server {
	s := &model.Server{Name: e.serverName(), Identity: e.identity(), Transport: "stdio", Source: "live",
		ProtocolVersion: e.hs.protocol, ServerInfo: e.hs.serverInfo, Capabilities: e.hs.capabilities, Instructions: e.hs.instructions,
		Tools: tools}
	if s.ProtocolVersion == "" {
		s.ProtocolVersion = e.protocol
	}
	if s.Tools == nil {
		s.Tools = []json.RawMessage{}
	}
	return s
}

// handshake compares a new handshake with the reference (the first time)
// or with the previous one.
func (e *evaluator) handshake(h *handshake) {
	if h.protocol == "" {
		h.protocol = e.protocol
	}
	e.hs = *h
	var info struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(h.serverInfo, &info)
	if e.ref != nil && !e.ref.matched() {
		e.ref.matchServerInfo(info.Name)
		if !e.ref.matched() {
			e.out.put(fmt.Sprintf("assay: note: no server in %s matches this one (serverInfo.name %s); pass --server-name; comparing within this session only", e.ref.path, safe(info.Name, 80)))
		}
		e.checkStart()
	}
	e.compareIdentity()
}

// serverInfo handles a serverInfo a result carried in its _meta.
func (e *evaluator) serverInfo(info json.RawMessage) {
	if e.lastHS == nil || string(info) == string(e.hs.serverInfo) {
		return
	}
	e.hs.serverInfo = info
	e.compareIdentity()
}

func (e *evaluator) compareIdentity() {
	raw := e.observed(nil)
	cur := lock.SurfaceOf(raw)
	old, opts := e.lastHS, (*lock.Options)(nil)
	if old == nil && e.ref.matched() {
		// The reference was collected by another client, which may have
		// negotiated another version: only a change of era counts.
		old, opts = e.ref.identitySurface(), &lock.Options{EraOnly: true}
	}
	if old != nil {
		e.report(lock.CheckIdentity(raw.Identity, old, cur, raw, opts))
	}
	e.lastHS = cur
}

// list compares a complete tools/list with the reference (the first) or
// the previous listing, by the rules of 'assay check' and 'assay diff'.
func (e *evaluator) list(tools []json.RawMessage, capped bool) {
	e.lists.Add(1)
	srv := e.observed(tools)
	h := listHash(tools)
	defer func() { e.prev, e.prevHash = srv, h }()
	defer e.recheckPin()
	if e.prev != nil && h == e.prevHash {
		return
	}
	var fs []model.Finding
	var analysis *model.Findings
	var err error
	switch {
	case e.prev != nil:
		fs, analysis, err = diffServers(sessionSide(e.prev), srv, e.o.Version)
	case e.ref.matched() && e.ref.locked != nil && e.ref.locked.Surface != nil:
		analysis = analysisOf(srv, e.o.Version)
		obs := &lock.Observed{Bundle: &model.Bundle{Servers: []model.Server{*srv}}, Analysis: analysis}
		fs = lock.CheckTools(srv.Identity, e.ref.locked.Surface, lock.SurfaceOf(srv), obs, nil)
	case e.ref.matched() && e.ref.report != nil:
		fs, analysis, err = diffServers(baselineSide(e.ref.bl, srv.Identity, e.ref.path), srv, e.o.Version)
		fs = applyExceptions(e.ref.bl, fs, time.Now().UTC().Format(time.DateOnly))
	default:
		analysis = analysisOf(srv, e.o.Version)
		e.report(selfFindings(analysis, nil))
		return
	}
	if err != nil {
		e.out.put("assay: note: the listing could not be compared: " + safe(err.Error(), 200))
		return
	}
	fs = toolLevel(fs)
	e.report(fs)
	e.report(selfFindings(analysis, changedTools(fs)))
}

// toolLevel keeps the findings about tools: identity changes are
// compared on each handshake, and the proxy does not follow prompts or
// resources.
func toolLevel(fs []model.Finding) []model.Finding {
	var out []model.Finding
	for _, f := range fs {
		if f.Tool != "" || strings.HasPrefix(f.Element, "tool:") || f.ID == "DRIFT-007" || (f.ID == "DRIFT-026" && f.Item == "incomplete") {
			out = append(out, f)
		}
	}
	return out
}

// changedTools are the tools a comparison had something to say about.
func changedTools(fs []model.Finding) map[string]bool {
	out := map[string]bool{}
	for _, f := range fs {
		if f.Tool != "" {
			out[f.Tool] = true
		}
	}
	return out
}

// contradictions are the annotation rules that catch a tool claiming to
// be safer than it is.
var contradictions = map[string]bool{"CAP-001": true, "CAP-002": true, "CAP-003": true}

// selfFindings are what the analysis says about the listing itself:
// injection findings and annotation contradictions, of every tool when
// there is nothing to compare with (tools nil), else of the tools that
// changed (injection there is already a DRIFT-006).
func selfFindings(f *model.Findings, tools map[string]bool) []model.Finding {
	if f == nil {
		return nil
	}
	var out []model.Finding
	for _, fd := range f.Findings {
		switch {
		case tools == nil && (fd.Category == model.CatInjection || contradictions[fd.ID]):
			out = append(out, fd)
		case tools != nil && contradictions[fd.ID] && tools[fd.Tool]:
			out = append(out, fd)
		}
	}
	return out
}

// recheckPin hashes the pinned program and entry again when their file
// stamps moved: a program swapped on disk mid-session is reported.
func (e *evaluator) recheckPin() {
	if e.startPin == nil {
		return
	}
	cur := *e.startPin
	moved := false
	for i, p := range []*string{&cur.Executable, &cur.Entry} {
		if *p == "" {
			continue
		}
		st, ok := stampOf(expand(*p))
		if ok && st == e.stamps[i] {
			continue
		}
		moved = true
		e.stamps[i] = st
		sum, err := fileSHA256(expand(*p))
		if err != nil {
			sum = ""
		}
		if i == 0 {
			cur.SHA256 = sum
		} else {
			cur.EntrySHA256 = sum
		}
	}
	if !moved || lock.SamePin(e.startPin, &cur) {
		return
	}
	id := e.identity()
	fs := lock.CheckStart(&lock.Server{Identity: id, Pin: e.startPin}, &lock.Server{Identity: id, Pin: &cur}, nil)
	for i := range fs {
		fs[i].Evidence += " (on disk, during this session)"
	}
	e.report(fs)
	e.startPin = &cur
}

// report prints each finding once per session.
func (e *evaluator) report(fs []model.Finding) {
	for i := range fs {
		f := &fs[i]
		key := strings.Join([]string{f.ID, f.Server, f.Tool, f.Element, f.Evidence}, "\x00")
		if e.reported[key] {
			continue
		}
		e.reported[key] = true
		e.findings.Add(1)
		e.out.put("assay: " + line(f))
	}
}

// listHash identifies a listing by its exact bytes.
func listHash(tools []json.RawMessage) string {
	h := sha256.New()
	for _, t := range tools {
		h.Write(t)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
