package proxy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// MCP methods the proxy follows. It only reads them; it never sends one.
const (
	mInitialize  = "initialize"
	mDiscover    = "server/discover"
	mToolsList   = "tools/list"
	mListChanged = "notifications/tools/list_changed"
	// metaServerInfo and metaProtocol are the 2026-07-28 _meta keys.
	metaServerInfo = "io.modelcontextprotocol/serverInfo"
	metaProtocol   = "io.modelcontextprotocol/protocolVersion"
)

// request is what the proxy remembers of an unanswered request.
type request struct {
	method string
	cursor string
}

// session follows the conversation on the inspection goroutine: it frames
// both directions, journals every message, pairs answers with requests,
// assembles complete tool listings and hands what it learns to the
// evaluator. Nothing here can block forwarding.
type session struct {
	lim     Limits
	out     *lines
	jr      *journal
	ev      *evaluator
	frames  [2]framer
	pending map[string]request
	order   []string // pending keys, oldest first
	// the listing being assembled (pages of one tools/list)
	listing   []json.RawMessage
	capped    bool
	assembled bool
	protocol  string
	lastInfo  []byte // the last serverInfo a result carried in _meta
	nonJSON   [2]int
	noted     map[string]bool
}

func newSession(lim Limits, out *lines, jr *journal, ev *evaluator) *session {
	s := &session{lim: lim, out: out, jr: jr, ev: ev, pending: map[string]request{}, noted: map[string]bool{}}
	for i := range s.frames {
		s.frames[i].max = lim.MaxMessage
	}
	return s
}

// note prints an "assay: note:" line the first time key happens.
func (s *session) note(key, format string, a ...any) {
	if s.noted[key] {
		return
	}
	s.noted[key] = true
	s.out.put("assay: note: " + fmt.Sprintf(format, a...))
}

// feed handles one chunk of copies.
func (s *session) feed(c chunk) {
	f := &s.frames[c.dir]
	before := f.tooLong
	f.feed(c, func(line []byte) { s.message(c.dir, c.at, line) })
	if f.tooLong > before {
		s.note("too-long", "a message longer than %d bytes was forwarded but not inspected", s.lim.MaxMessage)
	}
	if c.gap {
		s.note("gap", "the inspection queue was full: some messages were forwarded without inspection")
	}
}

// message handles one complete line.
func (s *session) message(dir Direction, at time.Time, line []byte) {
	if s.skip(dir, line) {
		return
	}
	env := parse(line)
	if s.jr != nil {
		s.jr.add(dir, at, env, line)
	}
	if !env.valid {
		s.nonJSON[dir]++
		s.note("nonjson-"+dir.String(), "a line that is not JSON-RPC went %s; forwarded unchanged", map[Direction]string{ClientToServer: "to the server", ServerToClient: "to the client"}[dir])
		return
	}
	if dir == ClientToServer {
		s.request(env)
		return
	}
	s.fromServer(env)
}

// skip reports whether a line can be passed over unparsed, which bulk
// traffic makes the common case (a byte search instead of a parse). With
// no journal: from the client, only requests matter (they have an id);
// from the server, with no request waiting for its answer, only a
// notification or a serverInfo in _meta would.
func (s *session) skip(dir Direction, line []byte) bool {
	if s.jr != nil || line[0] != '{' {
		return false
	}
	if dir == ClientToServer {
		return !bytes.Contains(line, []byte(`"id"`))
	}
	return len(s.pending) == 0 && !bytes.Contains(line, []byte(`"method"`)) && !bytes.Contains(line, []byte(metaServerInfo))
}

// request remembers what a client request was, to read its answer.
func (s *session) request(env *envelope) {
	if env.Method == "" || !env.hasID() {
		return
	}
	var p struct {
		Cursor string                     `json:"cursor"`
		Meta   map[string]json.RawMessage `json:"_meta"`
	}
	_ = json.Unmarshal(env.Params, &p)
	var v string
	if json.Unmarshal(p.Meta[metaProtocol], &v) == nil && v != "" && v != s.protocol {
		// 2026-07-28: every request carries the protocol version.
		s.protocol = v
		s.ev.protocolSeen(v)
	}
	switch env.Method {
	case mInitialize, mDiscover, mToolsList:
	default:
		return
	}
	key := env.idKey()
	if _, dup := s.pending[key]; !dup {
		s.order = append(s.order, key)
	}
	s.pending[key] = request{method: env.Method, cursor: p.Cursor}
	for len(s.order) > s.lim.MaxPending {
		delete(s.pending, s.order[0])
		s.order = s.order[1:]
		s.note("pending", "more than %d requests were unanswered at once; the oldest are no longer followed", s.lim.MaxPending)
	}
}

// take returns and forgets the request an answer belongs to.
func (s *session) take(key string) (request, bool) {
	r, ok := s.pending[key]
	if !ok {
		return r, false
	}
	delete(s.pending, key)
	for i, k := range s.order {
		if k == key {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
	return r, true
}

// fromServer reads what the server says.
func (s *session) fromServer(env *envelope) {
	if env.Method == mListChanged {
		s.out.put("assay: the server announced that its tools changed (notifications/tools/list_changed); the next tools/list is compared")
		s.ev.listChanged()
		return
	}
	if env.Method != "" || !env.hasID() {
		return
	}
	var meta struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if len(env.Result) > 0 && bytes.Contains(env.Result, []byte(metaServerInfo)) && json.Unmarshal(env.Result, &meta) == nil {
		if info, ok := meta.Meta[metaServerInfo]; ok && !bytes.Equal(info, s.lastInfo) {
			s.lastInfo = append(s.lastInfo[:0], info...)
			s.ev.serverInfoSeen(info)
		}
	}
	req, ok := s.take(env.idKey())
	if !ok {
		return
	}
	if len(env.Error) > 0 {
		if req.method == mToolsList {
			s.listing, s.assembled = nil, false
		}
		return
	}
	switch req.method {
	case mInitialize, mDiscover:
		s.handshake(req.method, env.Result)
	case mToolsList:
		s.page(req, env.Result)
	}
}

// handshake reads an initialize or server/discover result.
func (s *session) handshake(method string, result json.RawMessage) {
	var r struct {
		ProtocolVersion   string                     `json:"protocolVersion"`
		SupportedVersions []string                   `json:"supportedVersions"`
		ServerInfo        json.RawMessage            `json:"serverInfo"`
		Capabilities      json.RawMessage            `json:"capabilities"`
		Instructions      *string                    `json:"instructions"`
		Meta              map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(result, &r) != nil {
		s.note("bad-handshake", "the %s result could not be read; identity is not compared", method)
		return
	}
	h := &handshake{method: method, protocol: r.ProtocolVersion, serverInfo: r.ServerInfo, capabilities: r.Capabilities, instructions: r.Instructions}
	if method == mDiscover {
		h.serverInfo = r.Meta[metaServerInfo]
		h.protocol = s.protocol
		if h.protocol == "" && len(r.SupportedVersions) > 0 {
			h.protocol = r.SupportedVersions[0]
		}
	}
	s.ev.handshakeSeen(h)
}

// page adds one tools/list page; the last page completes the listing.
func (s *session) page(req request, result json.RawMessage) {
	var r struct {
		Tools      []json.RawMessage `json:"tools"`
		NextCursor *string           `json:"nextCursor"`
	}
	if json.Unmarshal(result, &r) != nil {
		s.note("bad-list", "a tools/list result could not be read; that listing is not compared")
		s.listing, s.assembled = nil, false
		return
	}
	if req.cursor == "" {
		s.listing, s.capped, s.assembled = nil, false, true
	}
	if !s.assembled {
		return // a page of a listing whose start was not seen
	}
	for _, t := range r.Tools {
		if len(s.listing) >= s.lim.MaxTools {
			s.capped = true
			break
		}
		s.listing = append(s.listing, t)
	}
	if r.NextCursor != nil && *r.NextCursor != "" {
		return
	}
	if s.capped {
		s.note("tools-cap", "a tools/list had more than %d tools; only the first %d are compared", s.lim.MaxTools, s.lim.MaxTools)
	}
	s.ev.listSeen(s.listing, s.capped)
	s.listing, s.assembled = nil, false
}
