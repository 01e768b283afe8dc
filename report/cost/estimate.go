package cost

import (
	"encoding/json"
	"math"
	"unicode/utf8"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// Calibration is a measured characters-per-token model of one encoding,
// used only when a surface carries no recorded counts (the WebAssembly page
// has no tokenizer). An estimate is ASCII characters / ASCIIPerToken plus
// one token per non-ASCII code point, rounded. ASCII text (English, JSON
// punctuation) is what the ratio fits; CJK and emoji cost close to one
// token per code point in both encodings, so they get their own flat rate
// instead of skewing the ratio.
type Calibration struct {
	ASCIIPerToken float64
	// Relative error |estimate − exact| / exact over the corpus.
	ToolMedianErr, ToolP90Err                   float64
	ServerMedianErr, ServerP90Err, ServerMaxErr float64
}

// Calibrations were measured over the 94 captured real server surfaces
// (1,394 tools, 1.76 M characters of canonical tool JSON) in
// testdata/corpus/surfaces against exact counts from tiktoken-go, which
// agree with js-tiktoken on every tool. ASCIIPerToken is total ASCII
// characters / total tokens over the 1,212 tools with no non-ASCII text.
// The errors are those of the estimate, per tool and per server (sum of
// its tools), for every tool in the corpus:
//
//	o200k_base:  4.43 chars/token; tool error median 4.7 %, p90 14.6 %;
//	             server error median 3.4 %, p90 14.1 %, max 21.5 %
//	cl100k_base: 4.61 chars/token; tool error median 4.8 %, p90 13.1 %;
//	             server error median 3.1 %, p90 11.5 %, max 22.8 %
//
// collectkit/tokens re-measures these figures from the corpus in a test and
// fails when they drift, so the numbers stated here stay the measured ones.
var Calibrations = map[string]Calibration{
	"o200k_base":  {ASCIIPerToken: 4.4338, ToolMedianErr: 0.047, ToolP90Err: 0.146, ServerMedianErr: 0.034, ServerP90Err: 0.141, ServerMaxErr: 0.215},
	"cl100k_base": {ASCIIPerToken: 4.6115, ToolMedianErr: 0.048, ToolP90Err: 0.131, ServerMedianErr: 0.031, ServerP90Err: 0.115, ServerMaxErr: 0.228},
}

// DefaultEncoding is the encoding assumed when nothing names one.
const DefaultEncoding = "o200k_base"

// calibration returns the model for an encoding, falling back to the
// default encoding's for a name with no measurement.
func calibration(encoding string) Calibration {
	if c, ok := Calibrations[encoding]; ok {
		return c
	}
	return Calibrations[DefaultEncoding]
}

// EstimateText estimates the tokens of s in an encoding.
func EstimateText(s string, encoding string) int {
	return estimateChars(charsOf(s), encoding)
}

// chars counts a text the way [EstimateText] reads it: ASCII bytes and
// other code points. Counts of texts joined add up, so a whole tools/list
// is estimated from its tools' counts without writing it out.
type chars struct {
	ascii, other int
	// nonEmpty: the text had at least one byte (an empty text is 0
	// tokens, any other at least 1).
	nonEmpty bool
}

func charsOf(s string) chars {
	c := chars{nonEmpty: s != ""}
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			c.ascii++
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		c.other++
		i += n
	}
	return c
}

func (c chars) plus(d chars) chars {
	return chars{c.ascii + d.ascii, c.other + d.other, c.nonEmpty || d.nonEmpty}
}

func estimateChars(c chars, encoding string) int {
	if !c.nonEmpty {
		return 0
	}
	n := int(math.Round(float64(c.ascii)/calibration(encoding).ASCIIPerToken)) + c.other
	if n < 1 {
		n = 1
	}
	return n
}

// Estimate is the estimated counterpart of collectkit/tokens.CountServer:
// the same texts (see canon.CountText), measured with [EstimateText], with
// Estimated set. Per-tool counts are also returned in served order, for
// surfaces that serve two tools under one name.
func Estimate(s *model.Server, encoding string) (*model.ServerTokens, []int) {
	tools := make([]*toolCost, len(s.Tools))
	for i, raw := range s.Tools {
		tools[i] = &toolCost{}
		tools[i].count(raw)
	}
	return estimate(s, tools, encoding)
}

// estimate is [Estimate] from each tool's counted text (tools[i] is
// s.Tools[i]'s).
func estimate(s *model.Server, tools []*toolCost, encoding string) (*model.ServerTokens, []int) {
	t := &model.ServerTokens{Encoding: encoding, Tools: make(map[string]int, len(s.Tools)), Estimated: true}
	perTool := make([]int, len(s.Tools))
	// The whole list is {"tools":[text,text,...]}: its counts are the
	// tools' counts plus the wrapper's 12 ASCII bytes and the commas.
	list := chars{ascii: len(`{"tools":[]}`), nonEmpty: true}
	for i, tc := range tools {
		n := estimateChars(tc.text, encoding)
		perTool[i] = n
		t.ToolsSum += n
		if _, dup := t.Tools[tc.name]; !dup {
			t.Tools[tc.name] = n
		}
		if i > 0 {
			list.ascii++
		}
		list = list.plus(tc.text)
	}
	t.ToolsList = estimateChars(list, encoding)
	if s.Instructions != nil {
		t.Instructions = EstimateText(*s.Instructions, encoding)
	}
	t.Prompts = estimateItems(s.Prompts, canon.PromptFields, encoding)
	t.Resources = estimateItems(s.Resources, canon.ResourceFields, encoding)
	t.Templates = estimateItems(s.ResourceTemplates, canon.TemplateFields, encoding)
	return t, perTool
}

func estimateItems(items []json.RawMessage, fields []string, encoding string) int {
	n := 0
	for _, raw := range items {
		n += EstimateText(string(canon.CountText(raw, fields)), encoding)
	}
	return n
}
