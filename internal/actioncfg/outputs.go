package actioncfg

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Exit-code bits of `assay diff` and `assay check`, by category name. The
// names are the Action's output names and the values accepted by fail-on.
var Categories = []struct {
	Name string
	Bit  int
	Help string
}{
	{"escalation", 1, "a capability rose: effect, tier or kinds went up, a safety hint was revoked, a tool at or above the ceiling appeared, capabilities changed"},
	{"prompt", 2, "model-facing text changed: descriptions, titles, parameter text, instructions, prompt or resource text"},
	{"removal", 4, "a tool, prompt or resource was removed"},
	{"injection", 8, "a new injection finding"},
	{"incomplete", 16, "a server could not be fully collected or analysed"},
}

// BitOf returns the bit of a category name, or 0.
func BitOf(name string) int {
	for _, c := range Categories {
		if c.Name == name {
			return c.Bit
		}
	}
	return 0
}

// ParseFailOn reads a comma- or space-separated category list. "all"
// means every category; "none" or empty means never fail.
func ParseFailOn(s string) ([]string, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' })
	set := map[string]bool{}
	for _, f := range fields {
		f = strings.ToLower(strings.TrimSpace(f))
		switch {
		case f == "none":
			continue
		case f == "all":
			for _, c := range Categories {
				set[c.Name] = true
			}
		case BitOf(f) != 0:
			set[f] = true
		default:
			return nil, fmt.Errorf("unknown category %q (want %s, all or none)", f, strings.Join(categoryNames(), ", "))
		}
	}
	var out []string
	for _, c := range Categories {
		if set[c.Name] {
			out = append(out, c.Name)
		}
	}
	return out, nil
}

func categoryNames() []string {
	names := make([]string, len(Categories))
	for i, c := range Categories {
		names[i] = c.Name
	}
	return names
}

// Failing returns the fail-on categories whose bit is set in code.
func Failing(code int, failOn []string) []string {
	var out []string
	for _, name := range failOn {
		if code&BitOf(name) != 0 {
			out = append(out, name)
		}
	}
	return out
}

// Outputs are the step outputs, in a fixed order: one "true"/"false" per
// category, the raw OR-ed code, and the paths written.
func Outputs(code int, files map[string]string) [][2]string {
	var out [][2]string
	for _, c := range Categories {
		out = append(out, [2]string{c.Name, strconv.FormatBool(code&c.Bit != 0)})
	}
	out = append(out, [2]string{"code", strconv.Itoa(code)})
	keys := make([]string, 0, len(files))
	for k := range files {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, [2]string{k, files[k]})
	}
	return out
}

// FormatOutputs writes outputs in the GITHUB_OUTPUT file syntax. Values
// are single-line by construction; a value holding a newline is written
// with a heredoc delimiter that does not occur in it.
func FormatOutputs(outs [][2]string) string {
	var b strings.Builder
	for _, kv := range outs {
		if !strings.ContainsAny(kv[1], "\r\n") {
			fmt.Fprintf(&b, "%s=%s\n", kv[0], kv[1])
			continue
		}
		delim := "ASSAY_EOF"
		for strings.Contains(kv[1], delim) {
			delim += "_"
		}
		fmt.Fprintf(&b, "%s<<%s\n%s\n%s\n", kv[0], delim, kv[1], delim)
	}
	return b.String()
}
