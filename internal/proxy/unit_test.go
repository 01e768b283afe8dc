package proxy

import (
	"strings"
	"testing"
)

func collect(f *framer, chunks ...chunk) []string {
	var out []string
	for _, c := range chunks {
		f.feed(c, func(l []byte) { out = append(out, string(l)) })
	}
	return out
}

// TestFramer: lines split across chunks join; CRLF and blank lines are
// handled; an over-long line and the partial line at a gap are skipped
// without losing the lines around them.
func TestFramer(t *testing.T) {
	f := &framer{max: 16}
	got := collect(f,
		chunk{data: []byte("ab")}, chunk{data: []byte("c\r\n\n12345678901234567890\nok\n")},
		chunk{data: []byte("par")}, chunk{data: []byte("tial\nafter\n"), gap: true},
	)
	if strings.Join(got, "|") != "abc|ok|after" || f.tooLong != 1 {
		t.Fatalf("lines %q, too long %d", got, f.tooLong)
	}
}

// TestTapNeverBlocks: a full queue drops copies, counts their bytes and
// marks a gap for the framer; the consumer gets the rest in order.
func TestTapNeverBlocks(t *testing.T) {
	tp := newTap(Limits{QueueChunks: 2, QueueBytes: 1 << 20})
	for i := range 5 {
		tp.offer(ServerToClient, []byte{'0' + byte(i)})
	}
	if n := tp.dropped[ServerToClient].Load(); n != 3 {
		t.Fatalf("dropped %d bytes, want 3", n)
	}
	got, ok := tp.next(nil)
	if !ok || len(got) != 2 || string(got[0].data)+string(got[1].data) != "01" {
		t.Fatalf("next: %v %v", got, ok)
	}
	tp.offer(ServerToClient, []byte("x"))
	if got, _ := tp.next(nil); !got[0].gap {
		t.Fatal("the chunk after a drop does not mark the gap")
	}
	tp.close()
	if _, ok := tp.next(nil); ok {
		t.Fatal("a closed, empty tap still delivers")
	}
	small := newTap(Limits{QueueChunks: 100, QueueBytes: 15})
	small.offer(ClientToServer, []byte("0123456789"))
	small.offer(ClientToServer, []byte("0123456789"))
	if small.dropped[ClientToServer].Load() != 10 {
		t.Fatal("the byte budget was not enforced")
	}
}

func TestASCIIJSON(t *testing.T) {
	got, err := asciiJSON(map[string]string{"b": "é☃😀\x01"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"b":"\u00e9\u2603\ud83d\ude00\u0001"}` + "\n"; string(got) != want {
		t.Fatalf("%s want %s", got, want)
	}
}

func TestEnvelope(t *testing.T) {
	for line, want := range map[string]string{
		`{"jsonrpc":"2.0","id":1,"method":"x"}`:        "request",
		`{"jsonrpc":"2.0","method":"x"}`:               "notification",
		`{"jsonrpc":"2.0","id":"a","result":{}}`:       "response",
		`{"jsonrpc":"2.0","id":2,"error":{"code":-1}}`: "error",
		`  `:     "invalid",
		`[1,2]`:  "invalid",
		`{"id":`: "invalid",
		`{"jsonrpc":"2.0","id":null,"error":{"code":-1}}`: "error",
	} {
		if got := parse([]byte(line)).kind(); got != want {
			t.Errorf("%q: %s, want %s", line, got, want)
		}
	}
	if k := parse([]byte(`{"id":"7"}`)).idKey(); k != "s:7" {
		t.Errorf("string id key %q", k)
	}
	if k := parse([]byte(`{"id":7}`)).idKey(); k != "n:7" {
		t.Errorf("number id key %q", k)
	}
}
