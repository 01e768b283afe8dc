package proxy

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// SyncBuffer is a goroutine-safe bytes.Buffer for the tests of this
// package and of proxy_test.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// feedSession plays a conversation into a session and returns what the
// proxy reported.
func feedSession(t *testing.T, lim Limits, msgs ...[2]string) string {
	t.Helper()
	var buf SyncBuffer
	out := newLines(&buf, 1024)
	o := &Options{Command: "sh", Version: "test"}
	ev := newEvaluator(o, out)
	go ev.run()
	s := newSession(lim.withDefaults(), out, nil, ev)
	for _, m := range msgs {
		dir := ClientToServer
		if m[0] == "s" {
			dir = ServerToClient
		}
		s.feed(chunk{dir: dir, data: []byte(m[1] + "\n"), at: time.Now()})
	}
	ev.close(10 * time.Second)
	out.close(time.Second)
	return buf.String()
}

const discover = `{"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":true}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"notes","version":"1.0"}}}}`

// TestSessionModernIdentity: in the 2026-07-28 era the identity comes from
// server/discover's _meta, and a later result whose _meta names another
// server is reported.
func TestSessionModernIdentity(t *testing.T) {
	got := feedSession(t, Limits{},
		[2]string{"c", `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`},
		[2]string{"s", discover},
		[2]string{"c", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`},
		[2]string{"s", `{"jsonrpc":"2.0","id":2,"result":{"tools":[],"ttlMs":0,"cacheScope":"private","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"evil","version":"1.0"}}}}`},
	)
	if !strings.Contains(got, `DRIFT-034`) || !strings.Contains(got, `"notes" → "evil"`) {
		t.Fatalf("identity change not reported:\n%s", got)
	}
}

// TestSessionPagination: the pages of one listing are compared as one
// listing; an unrelated id or a page without its start is ignored.
func TestSessionPagination(t *testing.T) {
	tool := func(name, desc string) string {
		return `{"name":"` + name + `","description":"` + desc + `","inputSchema":{"type":"object"}}`
	}
	list := func(id, cursor, next string, tools ...string) [2][2]string {
		params := `{}`
		if cursor != "" {
			params = `{"cursor":"` + cursor + `"}`
		}
		res := `{"tools":[` + strings.Join(tools, ",") + `]`
		if next != "" {
			res += `,"nextCursor":"` + next + `"`
		}
		return [2][2]string{{"c", `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/list","params":` + params + `}`}, {"s", `{"jsonrpc":"2.0","id":` + id + `,"result":` + res + `}}`}}
	}
	var msgs [][2]string
	add := func(p [2][2]string) { msgs = append(msgs, p[0], p[1]) }
	msgs = append(msgs, [2]string{"c", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}`},
		[2]string{"s", `{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"notes","version":"1"}}}`})
	add(list("1", "", "p2", tool("a", "Alpha.")))
	add(list("2", "p2", "", tool("b", "Beta.")))
	msgs = append(msgs, [2]string{"s", `{"jsonrpc":"2.0","id":99,"result":{"tools":[]}}`})
	add(list("3", "", "p2", tool("a", "Alpha.")))
	add(list("4", "p2", "", tool("b", "Beta."), tool("c", "Gamma.")))
	got := feedSession(t, Limits{}, msgs...)
	if strings.Count(got, "DRIFT-") != 1 || !strings.Contains(got, "DRIFT-009 notes@stdio:sh/c") {
		t.Fatalf("want exactly the new tool c:\n%s", got)
	}
	got = feedSession(t, Limits{MaxTools: 1}, msgs...)
	if !strings.Contains(got, "more than 1 tools; only the first 1 are compared") {
		t.Fatalf("no note for the tools cap:\n%s", got)
	}
}
