package tokens

import (
	"encoding/json"
	"github.com/assay-mcp/assay/internal/testenv"
	"strings"
	"testing"
	"time"

	"github.com/assay-mcp/assay/report/model"
)

func mustCounter(t *testing.T, enc string) *Counter {
	t.Helper()
	c, err := Get(enc)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestGetEncodings(t *testing.T) {
	c, err := Get("")
	if err != nil || c.Encoding() != O200K {
		t.Fatalf("Get(\"\") = %v, %v; want o200k_base", c, err)
	}
	if _, err := Get("p50k_base"); err == nil {
		t.Error("Get(p50k_base) succeeded; only o200k_base and cl100k_base are offered")
	}
	if _, err := Get("https://example.com/x.tiktoken"); err == nil {
		t.Error("Get accepted a URL as an encoding name")
	}
	// The two encodings differ on this text (js-tiktoken reference: 16 vs 21).
	s := "I'll say it's fine; they've said we'd DON'T and YOU'RE and it's."
	if a, b := mustCounter(t, O200K).Count(s), mustCounter(t, CL100K).Count(s); a == b {
		t.Errorf("o200k_base and cl100k_base both gave %d: encodings not distinct", a)
	}
}

func TestCountSpecialTokenTextIsOrdinary(t *testing.T) {
	c := mustCounter(t, O200K)
	// Must not panic, and must cost more than the one special token would.
	if n := c.Count("<|endoftext|>"); n < 2 {
		t.Errorf("<|endoftext|> counted as %d token(s): special token honoured in server text", n)
	}
}

func TestCountServer(t *testing.T) {
	instr := "Use these tools for <b>files</b> & folders — ファイル."
	s := &model.Server{
		Name:         "demo",
		Instructions: &instr,
		Tools: []json.RawMessage{
			json.RawMessage(`{"name":"read","description":"Read <a> & <b> — ファイル","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}},"_meta":{"x":"not counted"},"icons":[]}`),
			json.RawMessage(`{"name":"write","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false}}`),
			json.RawMessage(`{"name":"read","description":"a second tool with a taken name","inputSchema":{"type":"object"}}`),
		},
		Prompts:           []json.RawMessage{json.RawMessage(`{"name":"p","description":"A prompt","arguments":[{"name":"a"}],"_meta":{}}`)},
		Resources:         []json.RawMessage{json.RawMessage(`{"uri":"file:///x","name":"x","mimeType":"text/plain"}`)},
		ResourceTemplates: []json.RawMessage{json.RawMessage(`{"uriTemplate":"file:///{p}","name":"t"}`)},
	}
	got, err := CountServer(s, "")
	if err != nil {
		t.Fatal(err)
	}
	c := mustCounter(t, O200K)
	// Expected texts written out by hand: fields sorted, _meta and icons
	// dropped, <, >, & and non-ASCII literal.
	read := `{"description":"Read <a> & <b> — ファイル","inputSchema":{"properties":{"path":{"type":"string"}},"type":"object"},"name":"read"}`
	write := `{"annotations":{"readOnlyHint":false},"inputSchema":{"type":"object"},"name":"write"}`
	read2 := `{"description":"a second tool with a taken name","inputSchema":{"type":"object"},"name":"read"}`
	want := &model.ServerTokens{
		Encoding:     O200K,
		Tools:        map[string]int{"read": c.Count(read), "write": c.Count(write)},
		ToolsSum:     c.Count(read) + c.Count(write) + c.Count(read2),
		ToolsList:    c.Count(`{"tools":[` + read + "," + write + "," + read2 + `]}`),
		Instructions: c.Count(instr),
		Prompts:      c.Count(`{"arguments":[{"name":"a"}],"description":"A prompt","name":"p"}`),
		Resources:    c.Count(`{"mimeType":"text/plain","name":"x","uri":"file:///x"}`),
		Templates:    c.Count(`{"name":"t","uriTemplate":"file:///{p}"}`),
	}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if string(gj) != string(wj) {
		t.Errorf("CountServer:\n got %s\nwant %s", gj, wj)
	}
	if got.ToolsList == got.ToolsSum {
		t.Errorf("ToolsList equals ToolsSum (%d); the whole list should differ from the per-tool sum", got.ToolsSum)
	}
	// Go's default escaping would make "<" six characters long.
	if escaped := strings.NewReplacer("<", `\u003c`, ">", `\u003e`, "&", `\u0026`).Replace(read); c.Count(escaped) == got.Tools["read"] {
		t.Error("tool counted with HTML escaping")
	}
}

func TestCountServerMalformedToolStillCounts(t *testing.T) {
	s := &model.Server{Tools: []json.RawMessage{json.RawMessage(`["not", "an", "object"]`)}}
	got, err := CountServer(s, CL100K)
	if err != nil {
		t.Fatal(err)
	}
	c := mustCounter(t, CL100K)
	if want := c.Count(`["not","an","object"]`); got.ToolsSum != want || got.Tools[""] != want {
		t.Errorf("malformed tool: sum %d, map %v; want %d as served, compacted", got.ToolsSum, got.Tools, want)
	}
	if _, err := CountServer(s, "bogus"); err == nil {
		t.Error("unknown encoding accepted")
	}
}

// TestLongPieceIsLinear: a hostile word with no spaces must not make
// counting quadratic. 256 KB in one piece took minutes before chunking; the
// count stays within the few merges lost per 1 KB cut.
func TestLongPieceIsLinear(t *testing.T) {
	c := mustCounter(t, O200K)
	word := strings.Repeat("qzxj", 64*1024)
	done := make(chan int, 1)
	go func() { done <- c.Count(word) }()
	select {
	case n := <-done:
		// Exact on one chunk, so the whole is 256 chunks of that, give or
		// take the tokens merged across cuts.
		per := c.Count(word[:maxPiece])
		if lo, hi := 256*per-256, 256*per+256; n < lo || n > hi {
			t.Errorf("count %d outside [%d, %d]", n, lo, hi)
		}
	case <-time.After(testenv.D(60 * time.Second)):
		t.Fatal("counting a 256 KB word took over a minute")
	}
}

func TestCountBundle(t *testing.T) {
	kept := &model.ServerTokens{Encoding: O200K, Tools: map[string]int{"x": 999}, ToolsSum: 999}
	b := &model.Bundle{Servers: []model.Server{
		{Name: "fresh", Tools: []json.RawMessage{json.RawMessage(`{"name":"x"}`)}},
		{Name: "kept", Tools: []json.RawMessage{json.RawMessage(`{"name":"x"}`)}, Tokens: kept},
		{Name: "other", Tools: []json.RawMessage{json.RawMessage(`{"name":"x"}`)}, Tokens: &model.ServerTokens{Encoding: CL100K, ToolsSum: 5}},
		{Name: "estimate", Tools: []json.RawMessage{json.RawMessage(`{"name":"x"}`)}, Tokens: &model.ServerTokens{Encoding: O200K, ToolsSum: 5, Estimated: true}},
	}}
	if err := CountBundle(b, O200K); err != nil {
		t.Fatal(err)
	}
	want := mustCounter(t, O200K).Count(`{"name":"x"}`)
	for _, i := range []int{0, 2, 3} {
		if tk := b.Servers[i].Tokens; tk == nil || tk.Estimated || tk.Encoding != O200K || tk.ToolsSum != want {
			t.Errorf("%s: tokens %+v, want exact o200k_base %d", b.Servers[i].Name, tk, want)
		}
	}
	if b.Servers[1].Tokens != kept {
		t.Error("exact counts in the same encoding were recounted")
	}
	if err := CountBundle(b, "nope"); err == nil {
		t.Error("unknown encoding accepted")
	}
}

// TestCountBundleOnlyWhatNeedsCounting: a bundle whose servers all carry
// counts still gets its instruction files counted, and one with nothing
// to count is left as it is (the ranks are loaded only on demand).
func TestCountBundleOnlyWhatNeedsCounting(t *testing.T) {
	kept := &model.ServerTokens{Encoding: O200K, Tools: map[string]int{"x": 7}, ToolsSum: 7}
	b := &model.Bundle{
		Servers:      []model.Server{{Name: "kept", Tools: []json.RawMessage{json.RawMessage(`{"name":"x"}`)}, Tokens: kept}},
		Instructions: []model.InstructionFile{{Kind: "agents_md", Scope: "project", File: "AGENTS.md", Text: "Be brief."}},
	}
	if err := CountBundle(b, O200K); err != nil {
		t.Fatal(err)
	}
	if b.Servers[0].Tokens != kept {
		t.Error("exact counts in the same encoding were recounted")
	}
	want := mustCounter(t, O200K).Count("Be brief.")
	if tk := b.Instructions[0].Tokens; tk == nil || tk.Encoding != O200K || tk.Text != want {
		t.Errorf("instruction file tokens %+v, want %d in o200k_base", tk, want)
	}
	counted := b.Instructions[0].Tokens
	if err := CountBundle(b, O200K); err != nil {
		t.Fatal(err)
	}
	if b.Instructions[0].Tokens != counted || b.Servers[0].Tokens != kept {
		t.Error("a bundle with nothing to count was changed")
	}
	if err := CountBundle(&model.Bundle{}, O200K); err != nil {
		t.Errorf("empty bundle: %v", err)
	}
}
