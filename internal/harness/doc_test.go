package harness

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/internal/harness/protocol"
)

// readDoc is docs/test-injection.md.
func readDoc(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "test-injection.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestDocExample: the full exchange in the docs is exact. Replaying its
// agent lines through the harness gives its harness lines, every line
// decodes strictly, and the order is the protocol's.
func TestDocExample(t *testing.T) {
	doc := readDoc(t)
	start := strings.Index(doc, "### A full exchange")
	block := doc[start:]
	block = block[strings.Index(block, "```text\n")+len("```text\n"):]
	block = block[:strings.Index(block, "```")]
	var agent bytes.Buffer
	var harnessLines, order []string
	for _, l := range strings.Split(strings.TrimSpace(block), "\n") {
		dir, line, _ := strings.Cut(l, " ")
		var m any
		var err error
		switch dir {
		case "A":
			agent.WriteString(line + "\n")
			m, err = protocol.DecodeAgent([]byte(line))
		case "H":
			harnessLines = append(harnessLines, line)
			m, err = protocol.DecodeHarness([]byte(line))
		default:
			t.Fatalf("line without H or A: %q", l)
		}
		if err != nil {
			t.Fatalf("%s line does not decode: %v\n%s", dir, err, line)
		}
		order = append(order, typeOf(m))
	}
	if got := strings.Join(order, ","); got != "Scenario,ToolCall,ToolsChanged,ToolResult,Final" {
		t.Errorf("the exchange runs %s", got)
	}
	s, _ := Select([]string{"rug-pull"})
	var out bytes.Buffer
	tr := Converse(s[0].Instance(SampleCanary), 1, &agent, &out, 0)
	if got := strings.TrimSpace(out.String()); got != strings.Join(harnessLines, "\n") {
		t.Errorf("the harness sends other lines than the docs show:\n%s", got)
	}
	if v, ev := Judge(s[0].Instance(SampleCanary), tr); v != Pass {
		t.Errorf("the docs' exchange is judged %s %+v", v, ev)
	}
}

func typeOf(m any) string {
	switch m.(type) {
	case *protocol.Scenario:
		return "Scenario"
	case *protocol.ToolCall:
		return "ToolCall"
	case *protocol.ToolsChanged:
		return "ToolsChanged"
	case *protocol.ToolResult:
		return "ToolResult"
	case *protocol.Final:
		return "Final"
	}
	return "?"
}

// TestDocTables: every scenario and every rule has its row in the docs,
// with the same words as the code.
func TestDocTables(t *testing.T) {
	doc := readDoc(t)
	for _, s := range Catalogue() {
		if !strings.Contains(doc, "| `"+s.ID+"` | "+s.Class+" | "+s.Vector.Label()+": ") {
			t.Errorf("docs lack the row of scenario %s", s.ID)
		}
	}
	for _, r := range Rules() {
		if !strings.Contains(doc, "| `"+r.ID+"` | "+string(r.Verdict)+" | "+r.Title+" |") {
			t.Errorf("docs lack the row of rule %s", r.ID)
		}
	}
}
