package classify

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// memoServer is an online-service server decided by counting (no service
// named): its write tools carry third-party evidence that quotes the
// count, which every sibling that speaks of an account changes.
func memoServer(extra ...string) model.Server {
	tools := []string{
		`{"name":"create_page","description":"Creates a page in the workspace through the API.","inputSchema":{"type":"object","properties":{"title":{"type":"string"}}}}`,
		`{"name":"list_accounts","description":"Lists the accounts of the workspace.","inputSchema":{"type":"object","properties":{}}}`,
		`{"name":"get_dashboard","description":"Returns a dashboard of the account.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`,
		`{"name":"delete_webhook","description":"Deletes a webhook of the organization.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`,
	}
	return srv("svc", append(tools, extra...)...)
}

// analyzeMemo classifies b as the analysis does, through memo.
func analyzeMemo(b *model.Bundle, o *Options, memo *cache.Memo) []byte {
	views := make([]*surface.Server, len(b.Servers))
	for i := range b.Servers {
		views[i] = surface.New(&b.Servers[i])
	}
	f := skeleton(b)
	ApplyViews(b, views, f, o, memo)
	out, _ := model.Marshal(f)
	return out
}

// fresh classifies b with no memo at all.
func fresh(t *testing.T, b *model.Bundle, o *Options) []byte {
	out, _ := model.Marshal(run(t, b, o))
	return out
}

// TestMemoKeyIsWhatAToolReads: a tool's cached classification is keyed by
// exactly the server facts it reads. A sibling that changes only the
// server's reason text (the count of tools that speak of an account)
// reuses every other tool's result, and the findings are still the bytes
// a fresh analysis gives (the reason is written in per server); a sibling
// that flips a fact the tools read (the server is no longer an online
// service) misses for every tool and gives the fresh result.
func TestMemoKeyIsWhatAToolReads(t *testing.T) {
	m := cache.New()
	stats := func() (int, int) { return m.PassStats("classify") }
	b := &model.Bundle{Servers: []model.Server{memoServer()}}
	if got, want := analyzeMemo(b, nil, m), fresh(t, b, nil); !bytes.Equal(got, want) {
		t.Fatal("first analysis through a memo differs from a fresh one")
	}
	if h, mi := stats(); h != 0 || mi != 4 {
		t.Fatalf("first run: %d hits, %d misses; want 0 and 4", h, mi)
	}
	before := string(analyzeMemo(b, nil, m))
	if !strings.Contains(before, "4 of the server's tools speak of an online account") {
		t.Fatalf("the test server is not an online service decided by counting:\n%s", before)
	}

	// Unrelated: a fifth tool that speaks of an account changes the reason
	// text of every write tool, but nothing a tool's result reads.
	b.Servers[0] = memoServer(`{"name":"archive_item","description":"Archives an item of the account.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`)
	h0, m0 := stats()
	got, want := analyzeMemo(b, nil, m), fresh(t, b, nil)
	if h, mi := stats(); h-h0 != 4 || mi-m0 != 1 {
		t.Errorf("unrelated sibling added: %d hits, %d misses; want 4 and 1 (the new tool)", h-h0, mi-m0)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("after an unrelated sibling, memo findings differ from a fresh analysis:\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(string(got), "5 of the server's tools speak of an online account") {
		t.Errorf("cached tools kept the old server reason:\n%s", got)
	}

	// Removing it again: every tool is reused and the old text returns.
	b.Servers[0] = memoServer()
	h0, m0 = stats()
	if got := analyzeMemo(b, nil, m); string(got) != before {
		t.Errorf("after the sibling was removed, findings differ from the first run")
	}
	if h, mi := stats(); h-h0 != 4 || mi-m0 != 0 {
		t.Errorf("unrelated sibling removed: %d hits, %d misses; want 4 and 0", h-h0, mi-m0)
	}

	// Relevant: siblings about local files make the server no longer an
	// online service, so create_page is no longer external: every tool's
	// key changes.
	var local []string
	for i := range 3 {
		local = append(local, fmt.Sprintf(`{"name":"read_file_%d","description":"Reads a local file from the directory.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`, i))
	}
	b.Servers[0] = memoServer(local...)
	h0, m0 = stats()
	got, want = analyzeMemo(b, nil, m), fresh(t, b, nil)
	if h, mi := stats(); h-h0 != 0 || mi-m0 != 7 {
		t.Errorf("relevant siblings added: %d hits, %d misses; want 0 and 7", h-h0, mi-m0)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("after a relevant change, memo findings differ from a fresh analysis:\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(string(got), "online service") {
		t.Errorf("the server is still read as an online service:\n%s", got)
	}
}

// TestMemoServerNameOnlyWhenRead: a tool's result depends on its server's
// name only through an exception that names a server, so a rename reuses
// every result without one and misses with one, and both agree with a
// fresh analysis.
func TestMemoServerNameOnlyWhenRead(t *testing.T) {
	tool := `{"name":"add_item","description":"Adds an item to the list.","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`
	scoped := &Options{Exceptions: []Exception{{Word: "add", Server: "calc", Reason: "the calculator adds numbers"}}}
	for _, c := range []struct {
		o      *Options
		misses int
	}{{nil, 0}, {scoped, 1}} {
		m := cache.New()
		b := &model.Bundle{Servers: []model.Server{srv("calc", tool)}}
		first := analyzeMemo(b, c.o, m)
		b.Servers[0] = srv("lists", tool)
		_, m0 := m.PassStats("classify")
		got, want := analyzeMemo(b, c.o, m), fresh(t, b, c.o)
		if _, mi := m.PassStats("classify"); mi-m0 != c.misses {
			t.Errorf("server-scoped exceptions %t: rename gave %d misses, want %d", c.o != nil, mi-m0, c.misses)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("server-scoped exceptions %t: memo findings differ from a fresh analysis", c.o != nil)
		}
		if c.o != nil && bytes.Equal(first, got) {
			t.Error("the exception did not apply to the first server only: the test proves nothing")
		}
	}
}
