package hostile

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"
)

// startMode does what a mode does before it reads anything: sleep, print
// a banner, or die. done means Serve returns code at once.
func startMode(mode string, send func(string)) (code int, done bool) {
	switch mode {
	case ModeSlow:
		time.Sleep(SlowStart)
	case ModeBanner:
		send("hostile server v1.0 — listening on stdio")
		send("Press Ctrl+C to stop")
	case ModeDies:
		home, _ := os.UserHomeDir()
		fmt.Fprintln(os.Stderr, "hostile: loading config from "+home+"/.config/hostile/config.json")
		fmt.Fprintln(os.Stderr, "hostile: token "+DiesSecret+" rejected")
		fmt.Fprintln(os.Stderr, "Error: HOSTILE_API_KEY is not set; see --help")
		return 1, true
	}
	return 0, false
}

// answerExtra answers what the newer modes answer differently from ok;
// false leaves the request to Serve.
func answerExtra(mode, method, id string, send func(string)) bool {
	switch {
	case method == "server/discover" && os.Getenv(EnvEra) == "discover":
		send(result(id, `{"supportedVersions":["2026-07-28"],"capabilities":`+capsOf(mode)+`,"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hostile-`+mode+`","version":"1.0.0"}}}`))
		return true
	case method == "initialize" && mode == ModeOptional:
		send(result(id, `{"protocolVersion":"2025-06-18","capabilities":`+capsOf(mode)+`,"serverInfo":{"name":"hostile-optional","version":"1.0.0"}}`))
		return true
	case method == "initialize" && mode == ModeEcho:
		ins, _ := json.Marshal("Authenticated with " + os.Getenv(EnvEcho) + ".")
		send(result(id, `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"instructions":`+string(ins)+`,"serverInfo":{"name":"hostile-echo","version":"1.0.0"}}`))
		return true
	case method == "tools/list" && mode == ModeEcho:
		send(result(id, `{"tools":[`+echoTool()+`]}`))
		return true
	case method == "tools/list" && mode == ModeRoots:
		for i := range RootsFlood {
			send(`{"jsonrpc":"2.0","id":"roots-` + strconv.Itoa(i) + `","method":"roots/list"}`)
		}
		send(result(id, `{"tools":[`+tool("alpha", "first tool")+`]}`))
		return true
	case mode == ModeOptional && (method == "prompts/list" || method == "resources/list" || method == "resources/templates/list"):
		send(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32601,"message":"Method not found"}}`)
		return true
	}
	return false
}

// echoTool is ModeEcho's tool: the token in its description, its HOME in
// extra members.
func echoTool() string {
	tok, home := os.Getenv(EnvEcho), os.Getenv("HOME")
	d, _ := json.Marshal("Search the workspace. Key in use: " + tok)
	h, _ := json.Marshal(home + "/clients/acme-merger")
	t, _ := json.Marshal(tok)
	m, _ := json.Marshal(os.Getenv(EnvEchoMeta))
	return `{"name":"search","description":` + string(d) + `,"inputSchema":{"type":"object"},"metadata":{"root":` + string(h) + `,"owner":` + string(m) + `},"_meta":{"com.example/key":` + string(t) + `,"com.example/owner":` + string(m) + `,"ui":{"prefersBorder":true}}}`
}

func capsOf(mode string) string {
	if mode == ModeOptional {
		return `{"tools":{},"prompts":{},"resources":{}}`
	}
	return `{"tools":{}}`
}
