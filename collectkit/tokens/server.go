package tokens

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/assay-mcp/assay/report/canon"
	"github.com/assay-mcp/assay/report/model"
)

// CountServer counts the model-facing surface of s in an encoding ("" means
// [Default]) and returns counts ready to record in a bundle:
//   - Tools: each tool's [canon.ToolJSON] form, keyed by tool name (when a
//     server serves two tools with one name, the first is kept there; the
//     sum still counts both);
//   - ToolsSum: the sum over every served tool;
//   - ToolsList: the whole {"tools":[...]} serialised once, which differs
//     from the sum by the wrapper and by merges across tool boundaries;
//   - Instructions: the instructions text as served;
//   - Prompts, Resources, Templates: each item's model-facing members
//     (canon.PromptFields, ResourceFields, TemplateFields), summed.
//
// Only an unknown encoding is an error: a malformed item is counted as the
// bytes it was served as, so it still costs what it costs.
func CountServer(s *model.Server, encoding string) (*model.ServerTokens, error) {
	c, err := Get(encoding)
	if err != nil {
		return nil, err
	}
	return c.CountServer(s), nil
}

// CountServer is [CountServer] with this counter's encoding.
func (c *Counter) CountServer(s *model.Server) *model.ServerTokens {
	t := &model.ServerTokens{Encoding: c.name, Tools: make(map[string]int, len(s.Tools))}
	texts := make([][]byte, len(s.Tools))
	for i, raw := range s.Tools {
		text, name := canon.ToolCount(raw)
		texts[i] = text
		n := c.Count(string(text))
		t.ToolsSum += n
		if _, dup := t.Tools[name]; !dup {
			t.Tools[name] = n
		}
	}
	t.ToolsList = c.Count(string(canon.ToolsListOf(texts)))
	if s.Instructions != nil {
		t.Instructions = c.Count(*s.Instructions)
	}
	t.Prompts = c.countItems(s.Prompts, canon.PromptFields)
	t.Resources = c.countItems(s.Resources, canon.ResourceFields)
	t.Templates = c.countItems(s.ResourceTemplates, canon.TemplateFields)
	return t
}

func (c *Counter) countItems(items []json.RawMessage, fields []string) int {
	n := 0
	for _, raw := range items {
		n += c.Count(string(canon.CountText(raw, fields)))
	}
	return n
}

// CountBundle records counts for every server of b that has none yet, in
// place, so a bundle written after collection or built from --surface files
// carries exact counts. Servers with counts (exact or estimated) in another
// encoding are recounted; exact counts in this encoding are kept.
func CountBundle(b *model.Bundle, encoding string) error {
	if encoding == "" {
		encoding = Default
	}
	if i := sort.SearchStrings(Encodings, encoding); i == len(Encodings) || Encodings[i] != encoding {
		return fmt.Errorf("unknown token encoding %q (want one of %v)", encoding, Encodings)
	}
	// The ranks (tens of MB, a fifth of a second to parse) are loaded only
	// when a server has no counts in this encoding: a collected bundle
	// carries its own.
	var c *Counter
	counter := func() (*Counter, error) {
		if c != nil {
			return c, nil
		}
		var err error
		c, err = Get(encoding)
		return c, err
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		if t := s.Tokens; t != nil && !t.Estimated && t.Encoding == encoding {
			continue
		}
		c, err := counter()
		if err != nil {
			return err
		}
		s.Tokens = c.CountServer(s)
	}
	for _, f := range b.Instructions {
		if f.Tokens == nil || f.Tokens.Encoding != encoding {
			c, err := counter()
			if err != nil {
				return err
			}
			c.CountInstructions(b.Instructions)
			break
		}
	}
	return nil
}

// CountInstructions records the token counts of instruction files and
// skills that have none in this encoding: the whole text, and what every
// request carries (the whole file, or a skill's name and description,
// since a skill's body loads only when the skill is used).
func (c *Counter) CountInstructions(files []model.InstructionFile) {
	for i := range files {
		f := &files[i]
		if f.Tokens != nil && f.Tokens.Encoding == c.name {
			continue
		}
		t := &model.TextTokens{Encoding: c.name, Text: c.Count(f.Text)}
		t.Always = t.Text
		if f.Kind == "skill" {
			t.Always = c.Count(f.Name + "\n" + f.Description)
		}
		f.Tokens = t
	}
}
