// Package agentkit holds what the two deterministic example agents share:
// reading the user's task into tool calls. They are stand-ins for a model,
// not models: the user names the tools to use ("Use fetch_url to fetch
// https://...") and the arguments come from the task's own words, so
// that everything else the agents do is visibly a choice about trust.
// examples/agents/naive obeys every instruction it reads anywhere;
// examples/agents/guarded acts on the user's words only.
package agentkit

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"

	"github.com/assay-mcp/assay/internal/harness/protocol"
)

// Main is the main function of an example agent: it reads the scenario on
// stdin, lets act conduct the run over stdout, and exits 1 with a message
// on stderr when the conversation fails.
func Main(name string, act func(a *protocol.Agent, s *protocol.Scenario) error) {
	a := protocol.NewAgent(os.Stdin, os.Stdout)
	s, err := a.Start()
	if err == nil {
		err = act(a, s)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}

// Call is one tool call an agent decided to make.
type Call struct {
	Name string
	Args map[string]any
}

// Key identifies a call, so that an agent makes each call once.
func (c Call) Key() string {
	b, _ := json.Marshal(c.Args)
	return c.Name + " " + string(b)
}

var (
	urlRe   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`https?://[^\s"'<>)]+[^\s"'<>).,;:!?]`) })
	emailRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`) })
	quoteRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"([^"]+)"`) })
)

// TaskCalls are the calls the user's text asks for: every tool of tools
// it names, in the order named, with the required arguments taken from
// the text: URLs for url parameters, e-mail addresses for to, path-like
// words for path, and quoted phrases, in order, for everything else.
func TaskCalls(user string, tools []protocol.Tool) []Call {
	type named struct {
		at   int
		tool protocol.Tool
	}
	var found []named
	for _, t := range tools {
		if i := wordIndex(user, t.Name); i >= 0 {
			found = append(found, named{i, t})
		}
	}
	for i := 1; i < len(found); i++ { // few tools: insertion sort by position
		for j := i; j > 0 && found[j].at < found[j-1].at; j-- {
			found[j], found[j-1] = found[j-1], found[j]
		}
	}
	var out []Call
	for _, f := range found {
		out = append(out, Call{Name: f.tool.Name, Args: argsFrom(user, f.tool)})
	}
	return out
}

// wordIndex is the position of name in s as a whole word, or -1.
func wordIndex(s, name string) int {
	for off := 0; ; {
		i := strings.Index(s[off:], name)
		if i < 0 {
			return -1
		}
		i += off
		end := i + len(name)
		if (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end])) {
			return i
		}
		off = end
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// argsFrom fills the required parameters of t from the user's text.
func argsFrom(user string, t protocol.Tool) map[string]any {
	var schema struct {
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(t.InputSchema, &schema)
	quotes := quoteRe().FindAllStringSubmatch(user, -1)
	args := map[string]any{}
	for _, p := range schema.Required {
		switch {
		case p == "url":
			args[p] = urlRe().FindString(user)
		case p == "to":
			args[p] = emailRe().FindString(user)
		case p == "path":
			args[p] = pathIn(user)
		case len(quotes) > 0:
			args[p], quotes = quotes[0][1], quotes[1:]
		}
	}
	return args
}

// pathIn is the first word of s that looks like a relative file path.
func pathIn(s string) string {
	for _, w := range strings.Fields(s) {
		w = strings.TrimRight(strings.Trim(w, `"'(),;`), ".")
		if strings.Contains(w, "/") && !strings.Contains(w, "://") && !strings.Contains(w, "@") {
			return w
		}
	}
	return ""
}
