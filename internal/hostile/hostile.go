// Package hostile is a deliberately misbehaving MCP server for tests. It
// speaks hand-written newline-delimited JSON-RPC over stdio, so it can
// break the protocol in ways no SDK would let it: endless or circular
// pagination, floods of tools, oversized messages, silence, crashes,
// garbage output, server→client requests, orphaned children and invalid
// UTF-8.
//
// A test binary becomes the server by calling [MainIfRequested] from
// TestMain and starting itself with [EnvMode] set to one of the modes.
package hostile

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"
)

// EnvMode selects the misbehaviour. With EnvPIDFile set, any mode first
// starts a child that would outlive it and writes the child's pid there.
const (
	EnvMode    = "ASSAY_HOSTILE_MODE"
	EnvPIDFile = "ASSAY_HOSTILE_PIDFILE"
)

// Modes of the hostile server.
const (
	ModeOK       = "ok"       // well behaved: two tools over two pages
	ModeEndless  = "endless"  // a fresh cursor on every page, forever
	ModeRepeat   = "repeat"   // the same cursor again and again
	ModeMany     = "many"     // 100,000 tools in one page
	ModeHuge     = "huge"     // one tool with a 50 MB description
	ModeSilent   = "silent"   // never answers anything
	ModeCrash    = "crash"    // serves page one, dies on page two
	ModeGarbage  = "garbage"  // log text on stdout between messages
	ModeBroken   = "broken"   // a line that starts like JSON but is not
	ModeSampling = "sampling" // asks the client for sampling mid-listing
	ModeOrphan   = "orphan"   // leaves a child process running
	ModeUTF8     = "utf8"     // invalid UTF-8 in a description
	ModeSleep    = "sleep"    // the orphan itself: sleeps for an hour
	ModeEnv      = "env"      // reports its environment as a tool
	ModeSDKDrop  = "sdkdrop"  // a tool the go-sdk client silently drops
	ModeOldProto = "oldproto" // answers initialize with an unknown version
	ModeMute     = "mute"     // ignores server/discover, answers initialize
	ModeSlow     = "slow"     // reads nothing for SlowStart, then serves like ok
	ModeBanner   = "banner"   // a banner line on stdout before anything else
	ModeRoots    = "roots"    // asks the client for roots/list RootsFlood times
	ModeOptional = "optional" // advertises prompts and resources, lists neither
	ModeDies     = "dies"     // says why on stderr and exits 1 before answering
	ModeEcho     = "echo"     // echoes EnvEcho's value and its HOME in its surface
	// The process-tree modes ignore SIGTERM, SIGINT and SIGHUP, log the
	// pid of every process they start to EnvPIDLog, then never answer.
	ModeNoTerm     = "noterm"     // only ignores the polite signals
	ModeFork       = "fork"       // plus a child in its process group
	ModeDoubleFork = "doublefork" // plus a grandchild in a session of its own, its parent gone
)

// EnvEcho names the variable whose value [ModeEcho] echoes, as a server
// that quotes its API key back would: in its instructions, a tool
// description, and the "metadata" and _meta members of that tool, next
// to its HOME.
const EnvEcho = "HOSTILE_TOKEN"

// EnvEchoMeta names a variable whose value [ModeEcho] also puts in the
// tool's "metadata" and _meta, as an owner or internal id would be.
const EnvEchoMeta = "HOSTILE_META"

// EnvPIDLog names a file the process-tree modes append one line per
// process to ("server PID", "child PID", "grandchild PID") once all of
// them run, so a test can check that none survives the collector.
const EnvPIDLog = "ASSAY_HOSTILE_PIDLOG"

// EnvEra set to "discover" makes a mode answer server/discover as a
// 2026-07-28 server; otherwise it is an initialize-era server that
// rejects server/discover with -32601.
const EnvEra = "ASSAY_HOSTILE_ERA"

// SlowStart is how long [ModeSlow] takes to start.
const SlowStart = 8 * time.Second

// RootsFlood is the number of roots/list requests of [ModeRoots].
const RootsFlood = 15

// DiesSecret is the value [ModeDies] prints on stderr as if it echoed a
// token it was given; collectors must scrub it.
const DiesSecret = "sk-hostile-0123456789abcdefghij"

// ManyTools is the size of the flood of [ModeMany].
const ManyTools = 100000

// HugeBytes is the description size of [ModeHuge].
const HugeBytes = 50 << 20

// MainIfRequested runs the hostile server and exits when EnvMode is set.
func MainIfRequested() {
	mode := os.Getenv(EnvMode)
	if mode == "" {
		return
	}
	os.Exit(Serve(mode, os.Stdin, os.Stdout))
}

type message struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params struct {
		Cursor       string          `json:"cursor"`
		Capabilities json.RawMessage `json:"capabilities"`
	} `json:"params"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  json.RawMessage `json:"error,omitempty"`
}

// Serve answers requests from in on out according to mode and returns
// the process exit code.
func Serve(mode string, in io.Reader, out io.Writer) int {
	if mode == ModeSleep {
		time.Sleep(time.Hour)
		return 0
	}
	if code, done := treeMode(mode); done {
		return code
	}
	if mode == ModeOrphan || os.Getenv(EnvPIDFile) != "" {
		if err := spawnOrphan(); err != nil {
			fmt.Fprintln(os.Stderr, "hostile:", err)
			return 2
		}
	}
	w := bufio.NewWriter(out)
	send := func(s string) {
		w.WriteString(s)
		w.WriteByte('\n')
		w.Flush()
	}
	if code, done := startMode(mode, send); done {
		return code
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	pages := 0
	for sc.Scan() {
		var m message
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			continue
		}
		if mode == ModeSilent || isTreeMode(mode) || m.ID == nil || m.Method == "" {
			continue
		}
		if mode == ModeMute && m.Method == "server/discover" {
			continue // some servers say nothing to methods they do not know
		}
		id := string(m.ID)
		if mode == ModeGarbage {
			send("starting hostile server... listening on stdio")
			send("")
			send("[warn] not json at all")
		}
		if answerExtra(mode, m.Method, id, send) {
			continue
		}
		switch m.Method {
		case "initialize":
			if len(m.Params.Capabilities) > 0 && string(m.Params.Capabilities) != "{}" {
				// Every mode checks that the client offers nothing.
				send(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32602,"message":"hostile: client advertised capabilities"}}`)
				continue
			}
			version := "2025-06-18"
			if mode == ModeOldProto {
				version = "2023-01-01"
			}
			send(result(id, `{"protocolVersion":"`+version+`","capabilities":{"tools":{}},"serverInfo":{"name":"hostile-`+mode+`","version":"1.0.0"}}`))
		case "ping":
			send(result(id, `{}`))
		case "tools/list":
			pages++
			if !listTools(mode, id, m.Params.Cursor, pages, w, send, sc) {
				return 3
			}
		default:
			send(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32601,"message":"method not found"}}`)
		}
	}
	if isTreeMode(mode) {
		sleepLong() // a closed stdin is no reason to leave
	}
	return 0
}

func result(id, res string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"result":` + res + `}`
}

func tool(name, desc string) string {
	d, _ := json.Marshal(desc)
	return `{"name":"` + name + `","description":` + string(d) + `,"inputSchema":{"type":"object"}}`
}

// listTools answers one tools/list page; false means the server dies.
func listTools(mode, id, cursor string, page int, w *bufio.Writer, send func(string), sc *bufio.Scanner) bool {
	switch mode {
	case ModeEndless:
		send(result(id, `{"tools":[`+tool("t"+strconv.Itoa(page), "page tool")+`],"nextCursor":"c`+strconv.Itoa(page)+`"}`))
	case ModeRepeat:
		send(result(id, `{"tools":[`+tool("t"+strconv.Itoa(page), "page tool")+`],"nextCursor":"again"}`))
	case ModeMany:
		var b strings.Builder
		b.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[`)
		for i := range ManyTools {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"name":"t%06d","inputSchema":{"type":"object"}}`, i)
		}
		b.WriteString(`]}}`)
		send(b.String())
	case ModeHuge:
		// Streamed, so the server itself stays small and fast.
		w.WriteString(`{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[{"name":"huge","description":"`)
		chunk := strings.Repeat("A", 64<<10)
		for range HugeBytes / len(chunk) {
			if _, err := w.WriteString(chunk); err != nil {
				return false
			}
		}
		send(`","inputSchema":{"type":"object"}}]}}`)
	case ModeCrash:
		if cursor == "" {
			send(result(id, `{"tools":[`+tool("first", "served before the crash")+`],"nextCursor":"p2"}`))
			return true
		}
		fmt.Fprintln(os.Stderr, "hostile: crashing on purpose")
		return false
	case ModeBroken:
		send(`{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[{"name":"x",,,}`)
	case ModeSampling:
		send(`{"jsonrpc":"2.0","id":"srv-1","method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"say hi"}}],"maxTokens":10}}`)
		// The client must refuse: anything but an error ends the server.
		for sc.Scan() {
			var m message
			if json.Unmarshal(sc.Bytes(), &m) != nil || string(m.ID) != `"srv-1"` {
				continue
			}
			if m.Error == nil {
				fmt.Fprintln(os.Stderr, "hostile: the client answered sampling")
				return false
			}
			break
		}
		send(result(id, `{"tools":[`+tool("after_sampling", "listed after a refused sampling request")+`]}`))
	case ModeUTF8:
		send(result(id, `{"tools":[{"name":"bad_bytes","description":"caf`+"\xe9"+` and `+"\xff\xfe"+`","inputSchema":{"type":"object"}}]}`))
	case ModeSDKDrop:
		// x-mcp-header on a non-primitive property: valid JSON Schema,
		// but the go-sdk client excludes the tool from its result.
		send(result(id, `{"tools":[`+tool("kept", "a plain tool")+`,{"name":"dropped_by_sdk","inputSchema":{"type":"object","properties":{"q":{"type":"object","x-mcp-header":"X-Q"}}}}]}`))
	case ModeEnv:
		send(result(id, `{"tools":[`+tool("env", envReport())+`]}`))
	default: // ModeOK, ModeGarbage, ModeOrphan
		if cursor == "" {
			send(result(id, `{"tools":[`+tool("alpha", "first tool")+`],"nextCursor":"p2"}`))
		} else {
			send(result(id, `{"tools":[`+tool("beta", "second tool")+`]}`))
		}
	}
	return true
}

// envReport describes the environment the server was given: the sorted
// variable names, and whether HOME is an existing directory that is also
// the working directory (a fresh temporary home).
func envReport() string {
	var names []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		names = append(names, k)
	}
	sort.Strings(names)
	home := os.Getenv("HOME")
	st, err := os.Stat(home)
	wd, _ := os.Getwd()
	fresh := err == nil && st.IsDir() && wd == home
	return "names=" + strings.Join(names, ",") + " fresh_home=" + strconv.FormatBool(fresh)
}

// spawnOrphan starts a sleeping copy of this binary that outlives the
// server unless the collector kills the whole process group.
func spawnOrphan() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), EnvMode+"="+ModeSleep)
	if err := cmd.Start(); err != nil {
		return err
	}
	if f := os.Getenv(EnvPIDFile); f != "" {
		if err := os.WriteFile(f, []byte(strconv.Itoa(cmd.Process.Pid)), 0o600); err != nil {
			return err
		}
	}
	return cmd.Process.Release()
}
