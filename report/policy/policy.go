// Package policy reads a rules file (--rules FILE, YAML or JSON) that tunes
// the analysis for one organisation: new name categories and keywords,
// contextual exceptions, disabled rules, ignored (reviewed) findings and
// attributed downward tier overrides.
//
// A rules file is strict: an unknown key, an unknown rule id, an unknown
// category, a bad tier or an unattributed override is an error naming the
// file and the entry, so a typo never silently does nothing.
//
//	version: 1
//	categories:            # new name-word classes
//	  - {name: payments, tier: R5, kinds: [write], words: [refund, payout]}
//	keywords:              # words added to built-in classes
//	  destructive: [nuke]
//	exceptions:            # a word that must not count here
//	  - {word: add, tool: add, reason: arithmetic}
//	disable: [CAP-005]     # rules whose findings are suppressed
//	ignore:                # reviewed findings
//	  - {rule: CAP-001, server: fs, tool: write_file, reason: reviewed, by: alice}
//	overrides:             # lower a tool's tier after review
//	  - {tool: write_file, tier: R3, reason: sandboxed folder, by: alice}
package policy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/classify"
	"github.com/assay-mcp/assay/report/model"
)

// Version is the rules-file format this package reads.
const Version = 1

// Policy is a parsed, validated rules file.
type Policy struct {
	Version    int                 `json:"version,omitempty" yaml:"version,omitempty"`
	Categories []Category          `json:"categories,omitempty" yaml:"categories,omitempty"`
	Keywords   map[string][]string `json:"keywords,omitempty" yaml:"keywords,omitempty"`
	Exceptions []Exception         `json:"exceptions,omitempty" yaml:"exceptions,omitempty"`
	Disable    []string            `json:"disable,omitempty" yaml:"disable,omitempty"`
	Ignore     []Ignore            `json:"ignore,omitempty" yaml:"ignore,omitempty"`
	Overrides  []Override          `json:"overrides,omitempty" yaml:"overrides,omitempty"`

	// File is the name the policy was loaded from, for messages.
	File string `json:"-" yaml:"-"`
}

// Category is a new class of tool-name words and what a match means.
type Category struct {
	Name  string   `json:"name" yaml:"name"`
	Tier  string   `json:"tier" yaml:"tier"`
	Kinds []string `json:"kinds,omitempty" yaml:"kinds,omitempty"`
	Words []string `json:"words" yaml:"words"`
}

// Exception stops a word from counting as a classification signal for
// the tools it matches (all tools when Tool and Server are empty).
type Exception struct {
	Word        string `json:"word" yaml:"word"`
	Tool        string `json:"tool,omitempty" yaml:"tool,omitempty"`
	Server      string `json:"server,omitempty" yaml:"server,omitempty"`
	Description string `json:"description,omitempty" yaml:"description,omitempty"`
	Reason      string `json:"reason" yaml:"reason"`
}

// Ignore silences reviewed findings: by fingerprint, or by rule id and
// optionally server (name or identity), tool, context and element. Every
// field given must match.
type Ignore struct {
	Rule        string `json:"rule,omitempty" yaml:"rule,omitempty"`
	Fingerprint string `json:"fingerprint,omitempty" yaml:"fingerprint,omitempty"`
	Server      string `json:"server,omitempty" yaml:"server,omitempty"`
	Tool        string `json:"tool,omitempty" yaml:"tool,omitempty"`
	Context     string `json:"context,omitempty" yaml:"context,omitempty"`
	Element     string `json:"element,omitempty" yaml:"element,omitempty"`
	Reason      string `json:"reason" yaml:"reason"`
	By          string `json:"by,omitempty" yaml:"by,omitempty"`
}

// Override lowers a tool's tier after review. It never raises one and
// never touches kinds; the change is recorded in the tool's output.
type Override struct {
	Tool   string `json:"tool" yaml:"tool"`
	Server string `json:"server,omitempty" yaml:"server,omitempty"`
	Tier   string `json:"tier" yaml:"tier"`
	Reason string `json:"reason" yaml:"reason"`
	By     string `json:"by" yaml:"by"`
}

// Load parses and validates a rules file. filename is used in messages
// and, by its extension, to choose JSON (".json") or YAML (anything else).
func Load(data []byte, filename string) (*Policy, error) {
	p := &Policy{}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: rules file is empty", filename)
	}
	if strings.EqualFold(path.Ext(filename), ".json") {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(p); err != nil {
			return nil, fmt.Errorf("%s: %w", filename, jsonError(data, err))
		}
		if dec.More() {
			return nil, fmt.Errorf("%s: unexpected data after the rules object", filename)
		}
	} else {
		if err := decodeYAML(data, p); err != nil {
			return nil, fmt.Errorf("%s: %w", filename, err)
		}
	}
	p.File = filename
	if err := p.validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", filename, err)
	}
	return p, nil
}

// jsonError adds a line number to a JSON syntax or type error.
func jsonError(data []byte, err error) error {
	var off int64 = -1
	switch e := err.(type) {
	case *json.SyntaxError:
		off = e.Offset
	case *json.UnmarshalTypeError:
		off = e.Offset
	}
	if off < 0 {
		// encoding/json words an unknown key in Go's terms; say it in the
		// file's terms, with what a rules file may hold.
		if k, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return fmt.Errorf("unknown key %s: this is not a rules file (a rules file holds version, categories, keywords, exceptions, overrides, disable and ignore)", k)
		}
		return err
	}
	line := 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n"))
	return fmt.Errorf("line %d: %w", line, err)
}

func (p *Policy) validate() error {
	if p.Version != 0 && p.Version != Version {
		return fmt.Errorf("version %d is not supported (this Assay reads version %d)", p.Version, Version)
	}
	builtin := map[string]bool{}
	for _, c := range classify.KnownCategories() {
		builtin[c] = true
	}
	seen := map[string]bool{}
	for i, c := range p.Categories {
		at := fmt.Sprintf("categories[%d]", i)
		switch {
		case strings.TrimSpace(c.Name) == "":
			return fmt.Errorf("%s: name is required", at)
		case builtin[c.Name]:
			return fmt.Errorf("%s: %q is a built-in category; add words to it under keywords", at, c.Name)
		case seen[c.Name]:
			return fmt.Errorf("%s: category %q is defined twice", at, c.Name)
		case !classify.ValidTier(c.Tier):
			return fmt.Errorf("%s (%s): tier %q is not one of R0..R5", at, c.Name, c.Tier)
		case len(c.Words) == 0:
			return fmt.Errorf("%s (%s): words must list at least one word", at, c.Name)
		}
		seen[c.Name] = true
		for _, k := range c.Kinds {
			if !classify.ValidKind(k) {
				return fmt.Errorf("%s (%s): kind %q is not one of code_exec, destructive, write, egress, read_sensitive, ingests_untrusted", at, c.Name, k)
			}
		}
		if err := checkWords(at, c.Words); err != nil {
			return err
		}
	}
	for _, k := range sortedKeys(p.Keywords) {
		if !builtin[k] {
			return fmt.Errorf("keywords: %q is not a built-in category (one of %s)", k, strings.Join(classify.KnownCategories(), ", "))
		}
		if err := checkWords("keywords."+k, p.Keywords[k]); err != nil {
			return err
		}
	}
	for i, e := range p.Exceptions {
		at := fmt.Sprintf("exceptions[%d]", i)
		if strings.TrimSpace(e.Word) == "" {
			return fmt.Errorf("%s: word is required", at)
		}
		if len(classify.Tokens(e.Word)) != 1 {
			return fmt.Errorf("%s: word %q must be one word", at, e.Word)
		}
		if strings.TrimSpace(e.Reason) == "" {
			return fmt.Errorf("%s (%s): reason is required", at, e.Word)
		}
	}
	for i, id := range p.Disable {
		if _, ok := catalog.Lookup(id); !ok {
			return fmt.Errorf("disable[%d]: unknown rule id %q", i, id)
		}
	}
	for i, ig := range p.Ignore {
		at := fmt.Sprintf("ignore[%d]", i)
		if ig.Rule == "" && ig.Fingerprint == "" {
			return fmt.Errorf("%s: give a rule id or a fingerprint", at)
		}
		if ig.Rule != "" {
			if _, ok := catalog.Lookup(ig.Rule); !ok {
				return fmt.Errorf("%s: unknown rule id %q", at, ig.Rule)
			}
		}
		if strings.TrimSpace(ig.Reason) == "" {
			return fmt.Errorf("%s: reason is required (say what was reviewed)", at)
		}
	}
	tiers := map[string]string{}
	for i, o := range p.Overrides {
		at := fmt.Sprintf("overrides[%d]", i)
		switch {
		case strings.TrimSpace(o.Tool) == "":
			return fmt.Errorf("%s: tool is required", at)
		case !classify.ValidTier(o.Tier):
			return fmt.Errorf("%s (%s): tier %q is not one of R0..R5", at, o.Tool, o.Tier)
		case strings.TrimSpace(o.Reason) == "":
			return fmt.Errorf("%s (%s): reason is required", at, o.Tool)
		case strings.TrimSpace(o.By) == "":
			return fmt.Errorf("%s (%s): by is required: an override must say who reviewed it", at, o.Tool)
		}
		key := o.Server + "\x00" + o.Tool
		if prev, ok := tiers[key]; ok && prev != o.Tier {
			return fmt.Errorf("%s (%s): conflicting tiers %s and %s for the same tool", at, o.Tool, prev, o.Tier)
		}
		tiers[key] = o.Tier
	}
	return nil
}

func checkWords(at string, ws []string) error {
	for j, w := range ws {
		if len(classify.Tokens(w)) == 0 {
			return fmt.Errorf("%s[%d]: %q has no letters or digits", at, j, w)
		}
	}
	return nil
}

func sortedKeys(m map[string][]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Classify returns the classification options this policy implies
// (nil policy: nil options, the defaults).
func (p *Policy) Classify() *classify.Options {
	if p == nil {
		return nil
	}
	o := &classify.Options{Keywords: p.Keywords}
	for _, c := range p.Categories {
		o.Categories = append(o.Categories, classify.Category{Name: c.Name, Tier: c.Tier, Kinds: c.Kinds, Words: c.Words})
	}
	for _, e := range p.Exceptions {
		o.Exceptions = append(o.Exceptions, classify.Exception{Word: e.Word, Tool: e.Tool, Server: e.Server, Description: e.Description, Reason: e.Reason})
	}
	for _, ov := range p.Overrides {
		o.Overrides = append(o.Overrides, classify.Override{Server: ov.Server, Tool: ov.Tool, Tier: ov.Tier, Reason: ov.Reason, By: ov.By})
	}
	return o
}

// Apply marks findings of disabled rules and ignored findings as
// Suppressed, with the reason, and applies tier overrides to f's tools
// when classification has not already done so. Call it before
// analyze.Finish (or call Finish again) so the summary skips suppressed
// findings. Fingerprints are filled first, so ignore entries may name them.
func Apply(p *Policy, f *model.Findings) {
	if p == nil || f == nil {
		return
	}
	disabled := map[string]bool{}
	for _, id := range p.Disable {
		disabled[id] = true
	}
	servers := map[string]string{} // identity -> name
	for _, s := range f.Servers {
		servers[s.Identity] = s.Name
	}
	src := p.File
	if src == "" {
		src = "rules file"
	}
	for i := range f.Findings {
		fd := &f.Findings[i]
		fd.SetFingerprint()
		if fd.Suppressed != "" {
			continue
		}
		if disabled[fd.ID] {
			fd.Suppressed = fmt.Sprintf("rule %s disabled by %s", fd.ID, src)
			continue
		}
		for _, ig := range p.Ignore {
			if !ig.matches(fd, servers[fd.Server]) {
				continue
			}
			why := "ignored by " + src + ": " + ig.Reason
			if ig.By != "" {
				why += " (" + ig.By + ")"
			}
			fd.Suppressed = why
			break
		}
	}
	o := p.Classify()
	for i := range f.Servers {
		s := &f.Servers[i]
		for j := range s.Tools {
			t := &s.Tools[j]
			if t.Override != nil {
				continue
			}
			classify.OverrideTool(t, s.Name, s.Identity, o)
		}
	}
}

func (ig Ignore) matches(fd *model.Finding, serverName string) bool {
	if ig.Fingerprint != "" && ig.Fingerprint != fd.Fingerprint {
		return false
	}
	if ig.Rule != "" && ig.Rule != fd.ID {
		return false
	}
	if ig.Server != "" && ig.Server != fd.Server && ig.Server != serverName {
		return false
	}
	if ig.Tool != "" && ig.Tool != fd.Tool {
		return false
	}
	if ig.Context != "" && ig.Context != fd.Context {
		return false
	}
	if ig.Element != "" && ig.Element != fd.Element {
		return false
	}
	return true
}
