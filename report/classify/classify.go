// Package classify decides, per tool and with evidence, what it can do.
//
// # Tier ladder
//
// Every tool gets one tier, the maximum over all the signals it shows
// (never a weighted score, never lowered by a signal):
//
//	R0 inert           no side effects and a closed input surface: no
//	                   parameters, or only enum/const/boolean ones.
//	R1 read-scoped     reads inside the server's own domain; any free
//	                   parameter puts a tool at least here.
//	R2 read-sensitive  returns private data: files, environment, secrets,
//	                   mail and messages, people, databases, logs.
//	R3 write           creates or changes state, reversibly or with a
//	                   concurrency guard (sha, etag, if_match).
//	R4 egress          reaches a caller-chosen destination or third parties:
//	                   URLs, recipients, channels, webhooks, deploys, a
//	                   browser acting on a page.
//	R5 irreversible    deletes, overwrites an unguarded path, executes
//	                   caller-supplied code, moves money, revokes credentials.
//
// The effect follows the tier of the signals that speak about behaviour:
// R0–R2 read, R3 write, R4 external, R5 irreversible; it is "unknown" when
// no such signal exists (the shape of the input alone says nothing about
// what a tool does). Unknown is not safe and has no rank.
//
// # Signals, strongest first
//
//   - schema shape, walked fully ([walkSchema]): caller-controlled URLs and
//     connection strings, communication targets (with the from/to edge
//     exemption), code and raw-query parameters, content next to a path,
//     destination paths, force/overwrite/recursive/permanent booleans,
//     concurrency tokens, sensitivity switches, operation enums;
//   - annotations: hints from an untrusted server. They may raise a class,
//     never lower it; a claim of safety that the other signals contradict
//     is reported as a finding;
//   - the tool name, split into words ([Tokens]): the first verb decides
//     the action, the other nouns say what a reading tool returns (private
//     data: read_sensitive; third-party text: ingests_untrusted);
//   - the description, the weakest: attacker-controlled text may raise,
//     never lower. Its leading verb stands in only for a name without one;
//     its phrases ("executes arbitrary shell commands", "permanently
//     deletes") raise whatever the name says.
//
// Words are read in context, not looked up in lists (v2, issue 16): a
// name's first verb, read with its object ("remove_label" only unlinks,
// "run_report" reads, "schedule_changes" under "Returns…" is a noun); the
// description's main verb after boilerplate, and its phrases from one
// table with true and false samples ([phraseRules]), where a verb after a
// reading verb is an object ("returns sent messages") and a negation
// cancels ("does not delete"); parameters by what surrounds them ("code"
// beside oauth or a coupon is a token, code a tool stores is content);
// the server as a whole (a git server's "push" sends to a remote, an
// online service's records live with a third party: [serverContext]).
// Contextual exceptions keep a word from counting where it means
// something else ("add" in "adds two numbers" computes, it does not
// write); a rules file can add more ([Exception]).
//
// Every egress claim names its channel (http, git_remote, message, email,
// publish, upload, third_party_record, browser, other) in evidence
// ("channel:http"); CHAIN-001 names each sender's channels. Effect and
// kinds always agree: destructive or code_exec is irreversible, egress at
// least external, write at least write.
//
// # Routers
//
// A router is a generic dispatcher: an operation name plus an open
// parameters object (or its JSON text). Its real operations are invisible,
// so it is classified by what its description and operation enum
// advertise (its dispatch verb, "call" or "invoke", says nothing), and the
// evidence says so; CAP-006 reports it.
//
// # Hints
//
// Hints only raise. readOnlyHint: false makes a tool at least a writer;
// destructiveHint: true makes it irreversible, unless the tool's name and
// description only read (or it only navigates a browser): then the hint
// is implausible, raises nothing and is reported as CAP-013.
//
// # Across servers
//
// Per context (what one agent loads; a bundle without contexts is the one
// context "all"): an exfiltration chain (CHAIN-001) needs a tool that reads
// private data, one that ingests untrusted content and one that sends data
// out, code execution counting as reader and sender; two servers serving
// one tool name (CHAIN-002); a description naming another server's tool
// (CHAIN-003).
//
// Kinds are a second axis: code_exec, destructive, write, egress,
// read_sensitive, ingests_untrusted. They drive the cross-server chain
// check. Every tier, effect and kind cites the evidence that set it.
package classify

import (
	"github.com/assay-mcp/assay/report/cache"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/internal/par"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/surface"
)

// Options tune classification. Nil means defaults.
type Options struct {
	// Keywords adds words to built-in name categories (see
	// [KnownCategories]): {"destructive": ["nuke"]}.
	Keywords map[string][]string
	// Categories are new word categories with the tier and kinds a match
	// raises a tool to.
	Categories []Category
	// Exceptions stop a word from counting for matching tools.
	Exceptions []Exception
	// Overrides lower a tool's tier after review, with attribution.
	Overrides []Override
	// MaxDepth and MaxNodes cap the schema walk (defaults 12 and 4000).
	MaxDepth int
	MaxNodes int
}

// Category is a user-defined class of name words.
type Category struct {
	Name  string
	Tier  string   // R0..R5
	Kinds []string // subset of the model kinds
	Words []string
}

// Exception stops Word from counting as a signal. Empty Tool and Server
// match every tool; Description, when set, must occur (case-insensitive)
// in the tool description.
type Exception struct {
	Word        string
	Tool        string
	Server      string
	Description string
	Reason      string
}

// Override lowers Tool's tier to Tier. Server, when set, names the server
// (its name or identity). An override that is not strictly lower is inert.
type Override struct {
	Server string
	Tool   string
	Tier   string
	Reason string
	By     string
}

// Apply is [ApplyViews] for a caller without decoded views: it decodes
// each server once itself and caches nothing.
func Apply(b *model.Bundle, f *model.Findings, opts *Options) {
	views := make([]*surface.Server, len(b.Servers))
	par.ForEach(len(b.Servers), func(i int) { views[i] = surface.New(&b.Servers[i]) })
	ApplyViews(b, views, f, opts, nil)
}

// ApplyViews fills Effect, Kinds, Tier, Router and Evidence of every tool
// in f (f.Servers[i].Tools[j] describes b.Servers[i].Tools[j], whose
// decoded view is views[i].Tools[j]) and appends capability and chain
// findings. Per-tool results are memoised in memo (nil caches nothing),
// keyed as report/cache says: the tool's raw definition, the options, and
// exactly the server facts a result reads ([serverContext.toolFacts]).
// What looks across tools (the server's capability findings, the chains)
// is recomputed from the per-tool results every time.
func ApplyViews(b *model.Bundle, views []*surface.Server, f *model.Findings, opts *Options, memo *cache.Memo) {
	lx := newLexicon(opts)
	optDigest := ""
	if opts != nil {
		optDigest = cache.Digest(opts)
	}
	results := make([][]*result, len(b.Servers))
	found := make([][]model.Finding, len(b.Servers))
	// Servers are independent until the cross-server chains: classify
	// them in parallel, each writing only its own slots.
	par.ForEach(min(len(b.Servers), len(f.Servers), len(views)), func(i int) {
		s, v := &b.Servers[i], views[i]
		sc := newServerContext(s, v)
		facts := sc.toolFacts(opts)
		whyDetail := ""
		results[i] = make([]*result, len(v.Tools))
		for j := range v.Tools {
			if j >= len(f.Servers[i].Tools) {
				break
			}
			vt := &v.Tools[j]
			var r *result
			key := ""
			if memo != nil {
				key = cache.Key(catalog.Ruleset, "classify", optDigest, vt.Component(), facts...)
				if c, ok := memo.Get(key); ok {
					r, _ = c.(*result)
				}
			}
			if r == nil {
				r = classifyTool(vt, s, sc, lx, opts)
				memo.Put(key, r)
			}
			results[i][j] = r
			t := &f.Servers[i].Tools[j]
			t.Effect, t.Tier, t.Router = r.Effect, tierName(r.Tier), r.Router
			if memo != nil {
				// The result may be shared through the memo: hand out copies.
				t.Kinds = append([]string{}, r.Kinds...)
				t.Evidence = append([]model.Evidence(nil), r.Evidence...)
			} else {
				// Nobody else holds r: its slices are handed over, capped
				// so an append elsewhere never writes into r's spare room.
				t.Kinds = r.Kinds[:len(r.Kinds):len(r.Kinds)]
				t.Evidence = nil
				if len(r.Evidence) > 0 {
					t.Evidence = r.Evidence[:len(r.Evidence):len(r.Evidence)]
				}
			}
			for _, e := range r.whyEv {
				// The server's own reason, outside the shared result.
				if whyDetail == "" {
					whyDetail = excerpt(thirdPartyDetail+sc.why, 300)
				}
				t.Evidence[e].Detail = whyDetail
			}
			OverrideTool(t, s.Name, s.Identity, opts)
		}
		found[i] = capabilityFindings(s, results[i])
	})
	for _, fs := range found {
		f.Findings = append(f.Findings, fs...)
	}
	f.Findings = append(f.Findings, chainFindings(b, views, f)...)
}

// OverrideTool lowers t's tier when a reviewed override in o names it
// (server by name or identity), recording the change in t.Override.
func OverrideTool(t *model.ToolReport, serverName, serverIdentity string, o *Options) {
	if o == nil {
		return
	}
	for _, ov := range o.Overrides {
		if ov.Tool != t.Name || (ov.Server != "" && ov.Server != serverName && ov.Server != serverIdentity) {
			continue
		}
		to, ok := tierIndex(ov.Tier)
		from, _ := tierIndex(t.Tier)
		if !ok || to >= from {
			continue
		}
		t.Override = &model.Override{From: t.Tier, To: ov.Tier, Reason: ov.Reason, By: ov.By}
		t.Tier = ov.Tier
		return
	}
}

var tierNames = [...]string{"R0", "R1", "R2", "R3", "R4", "R5"}

func tierName(i int) string { return tierNames[tierIndexOf(i)] }

// tierIndex parses "R0".."R5".
func tierIndex(s string) (int, bool) {
	for i, n := range tierNames {
		if n == s {
			return i, true
		}
	}
	return 0, false
}

// ValidTier reports whether s is a tier name R0..R5.
func ValidTier(s string) bool { _, ok := tierIndex(s); return ok }

// effectOfTier maps a behavioural tier to the effect ladder.
func effectOfTier(t int) string {
	switch {
	case t >= 5:
		return model.EffectIrreversible
	case t == 4:
		return model.EffectExternal
	case t == 3:
		return model.EffectWrite
	}
	return model.EffectRead
}

// ValidKind reports whether k is one of the model kinds.
func ValidKind(k string) bool {
	switch k {
	case model.KindCodeExec, model.KindDestructive, model.KindWrite, model.KindEgress, model.KindReadSensitive, model.KindIngestsUntrusted:
		return true
	}
	return false
}
