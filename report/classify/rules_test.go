package classify

import (
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// ruleCase is one sample for one rule: a tool and what must (or must not)
// come out of it.
type ruleCase struct {
	rule   string // the rule under test
	name   string // positive or negative sample, described
	tool   string
	effect string   // "" = not checked
	tier   string   // "" = not checked
	has    []string // kinds that must be present
	hasNot []string // kinds that must be absent
	router *bool
	// siblings are the other tools of the tool's server (rules that read
	// the server as a whole); none: the tool is alone.
	siblings []string
	// server names the server ("s" when empty).
	server string
}

// classify classifies the case's tool on its server.
func (c ruleCase) classify(t *testing.T) model.ToolReport {
	t.Helper()
	name := c.server
	if name == "" {
		name = "s"
	}
	f := run(t, &model.Bundle{Servers: []model.Server{srv(name, append([]string{c.tool}, c.siblings...)...)}}, nil)
	return f.Servers[0].Tools[0]
}

// allRuleCases are the rule samples of every round.
func allRuleCases() []ruleCase {
	return append(append(append([]ruleCase(nil), ruleCases...), shapeCases...), scopeCases...)
}

var yes, no = true, false

// ruleCases are the classification rules, each with positive and negative
// samples.
var ruleCases = []ruleCase{
	// Caller-controlled URL.
	{rule: "url", name: "url param is egress", tool: `{"name":"fetch","inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}`, effect: "external", tier: "R4", has: []string{"egress", "ingests_untrusted"}},
	{rule: "url", name: "camel imageUrl is egress", tool: `{"name":"attach_image","inputSchema":{"type":"object","properties":{"imageUrl":{"type":"string"}}}}`, tier: "R4", has: []string{"egress"}},
	{rule: "url", name: "format uri is egress", tool: `{"name":"get_page","inputSchema":{"type":"object","properties":{"target":{"type":"string","format":"uri"}}}}`, tier: "R4", has: []string{"egress"}},
	{rule: "url", name: "host pinned by literal pattern is not egress", tool: `{"name":"fetch_doc","inputSchema":{"type":"object","properties":{"url":{"type":"string","pattern":"^https://docs\\.example\\.com/"}}}}`, tier: "R1", hasNot: []string{"egress"}},
	{rule: "url", name: "unescaped dot pattern is not a pin", tool: `{"name":"fetch_doc","inputSchema":{"type":"object","properties":{"url":{"type":"string","pattern":"^https://docs.example.com/"}}}}`, tier: "R4", has: []string{"egress"}},
	{rule: "url", name: "url from an enum is not egress", tool: `{"name":"fetch_doc","inputSchema":{"type":"object","properties":{"url":{"type":"string","enum":["https://a.example/"]}}}}`, hasNot: []string{"egress"}},
	{rule: "url", name: "url reached through a local $ref", tool: `{"name":"x","inputSchema":{"type":"object","properties":{"u":{"$ref":"#/$defs/U"}},"$defs":{"U":{"type":"object","properties":{"url":{"type":"string"}}}}}}`, has: []string{"egress"}},
	{rule: "connection", name: "connection string is egress", tool: `{"name":"pg_info","inputSchema":{"type":"object","properties":{"connectionString":{"type":"string"}}}}`, has: []string{"egress"}},
	{rule: "connection", name: "connection id is not", tool: `{"name":"pg_info","inputSchema":{"type":"object","properties":{"connectionId":{"type":"string"}}}}`, hasNot: []string{"egress"}},

	// Communication targets and the from/to edge exemption.
	{rule: "comm", name: "send_email to/cc/body is egress", tool: `{"name":"send_email","inputSchema":{"type":"object","properties":{"from":{"type":"string"},"to":{"type":"string"},"body":{"type":"string"}}}}`, effect: "external", has: []string{"egress"}},
	{rule: "comm", name: "channel target is egress", tool: `{"name":"notify","inputSchema":{"type":"object","properties":{"channel":{"type":"string"},"text":{"type":"string"}}}}`, has: []string{"egress"}},
	{rule: "comm", name: "graph edge from/to is not egress", tool: `{"name":"create_relations","inputSchema":{"type":"object","properties":{"relations":{"type":"array","items":{"type":"object","properties":{"from":{"type":"strin` +
		`g"},"to":{"type":"string"},"relationType":{"type":"string"}}}}}}}`, effect: "write", hasNot: []string{"egress"}},
	{rule: "comm", name: "numeric time range to is not egress", tool: `{"name":"get_logs","inputSchema":{"type":"object","properties":{"from":{"type":"number"},"to":{"type":"number"}}}}`, hasNot: []string{"egress"}},

	// Code and raw query languages.
	{rule: "code", name: "code param is code_exec", tool: `{"name":"run","inputSchema":{"type":"object","properties":{"code":{"type":"string"}}}}`, effect: "irreversible", tier: "R5", has: []string{"code_exec", "egress", "read_sensitive", "write", "destructive"}},
	{rule: "code", name: "command described as run is code_exec", tool: `{"name":"start_process","inputSchema":{"type":"object","properties":{"command":{"type":"string","description":"Command to run"}}}}`, has: []string{"code_exec"}},
	{rule: "code", name: "zip_code is not code", tool: `{"name":"find_store","inputSchema":{"type":"object","properties":{"zip_code":{"type":"string"}}}}`, hasNot: []string{"code_exec"}},
	{rule: "code", name: "command naming a policy target is not code", tool: `{"name":"manage_rls","inputSchema":{"type":"object","properties":{"command":{"type":"string","description":"Command the policy applies to"}}}}`, hasNot: []string{"code_exec"}},
	{rule: "code", name: "command enum is not code", tool: `{"name":"git","inputSchema":{"type":"object","properties":{"command":{"type":"string","enum":["status","log"]}}}}`, hasNot: []string{"code_exec"}},
	{rule: "query", name: "SQL query is code_exec without egress", tool: `{"name":"query","inputSchema":{"type":"object","properties":{"query":{"type":"string","description":"SQL to run"}}}}`, has: []string{"code_exec"}, hasNot: []string{"egress"}},
	{rule: "query", name: "plain search query is not code", tool: `{"name":"search_docs","inputSchema":{"type":"object","properties":{"query":{"type":"string","description":"Search terms"}}}}`, effect: "read", hasNot: []string{"code_exec"}},
	{rule: "query", name: "PromQL-like metrics query is not code", tool: `{"name":"query_metrics","inputSchema":{"type":"object","properties":{"query":{"type":"string","description":"Datadog metrics query string"}}}}`, hasNot: []string{"code_exec"}},

	// Content next to a path, destinations, concurrency tokens.
	{rule: "path+content", name: "path with content overwrites", tool: `{"name":"write_file","inputSchema":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}}}}`, effect: "irreversible", tier: "R5", has: []string{"write", "destructive"}},
	{rule: "path+content", name: "sha with content is guarded", tool: `{"name":"create_or_update_file","inputSchema":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"},"sha":{"type":"string"}}}}`, effect: "write", tier: "R3", hasNot: []string{"destructive"}},
	{rule: "path+content", name: "content in another anyOf branch is no sibling", tool: `{"name":"save","inputSchema":{"type":"object","anyOf":[{"properties":{"path":{"type":"string"}}},{"properties":{"content":{"type":"string"}}}]}}`, hasNot: []string{"destructive"}},
	{rule: "destination", name: "destination next to source", tool: `{"name":"move_file","inputSchema":{"type":"object","properties":{"source":{"type":"string"},"destination":{"type":"string"}}}}`, effect: "irreversible", has: []string{"write"}},
	{rule: "destination", name: "travel destination is not a path", tool: `{"name":"maps_directions","inputSchema":{"type":"object","properties":{"origin":{"type":"string"},"destination":{"type":"string"}}}}`, hasNot: []string{"write", "destructive"}},

	// Switches.
	{rule: "switch", name: "overwrite boolean is destructive", tool: `{"name":"copy","inputSchema":{"type":"object","properties":{"overwrite":{"type":"boolean"}}}}`, tier: "R5", has: []string{"destructive"}},
	{rule: "switch", name: "recursive on a read is not", tool: `{"name":"explain_resource","inputSchema":{"type":"object","properties":{"recursive":{"type":"boolean"}}}}`, hasNot: []string{"destructive"}},
	{rule: "switch", name: "force on a write is", tool: `{"name":"apply_manifest","inputSchema":{"type":"object","properties":{"manifest":{"type":"string"},"force":{"type":"boolean"}}}}`, tier: "R5", has: []string{"destructive"}},
	{rule: "sensitive-switch", name: "include_secrets reads secrets", tool: `{"name":"get_config","inputSchema":{"type":"object","properties":{"include_secrets":{"type":"boolean"}}}}`, tier: "R2", has: []string{"read_sensitive"}},
	{rule: "sensitive-switch", name: "include_archived does not", tool: `{"name":"get_board","inputSchema":{"type":"object","properties":{"include_archived":{"type":"boolean"}}}}`, tier: "R0", hasNot: []string{"read_sensitive"}},

	// Words in context (issue 16).
	{rule: "context", name: "OAuth code is a token, not code", tool: `{"name":"exchange_token","description":"Exchange an OAuth authorization code for a token",` +
		`"inputSchema":{"type":"object","properties":{"code":{"type":"string"},"redirect_uri":{"type":"string","enum":["x"]}}}}`, hasNot: []string{"code_exec"}},
	{rule: "context", name: "coupon code is a token", tool: `{"name":"apply_coupon","inputSchema":{"type":"object","properties":{"code":{"type":"string","description":"Coupon code"}}}}`, hasNot: []string{"code_exec"}},
	{rule: "context", name: "code with a language named is code", tool: `{"name":"sandbox","inputSchema":{"type":"object","properties":{"code":{"type":"string","description":"Python source"}}}}`, effect: "irreversible", has: []string{"code_exec"}},
	{rule: "context", name: "code a tool stores is content", tool: `{"name":"create_action","inputSchema":{"type":"object","properties":{"code":{"type":"string","description":"JavaScript code of the action"}}}}`, hasNot: []string{"code_exec"}},
	{rule: "context", name: "viewer command batch is not code", tool: `{"name":"viewer_batch","inputSchema":{"type":"object","properties":{"commands":{"type":"array","items":{"type":"object","properties":{"op":{"type":"string","enum":["zoom","pan"]}}}}}}}`, hasNot: []string{"code_exec"}},
	{rule: "context", name: "recursive on create-directory is not destructive", tool: `{"name":"create_directory","inputSchema":{"type":"object","properties":{"path":{"type":"string"},"recursive":{"type":"boolean"}}}}`, effect: "write", hasNot: []string{"destructive"}},
	{rule: "context", name: "recursive on delete is", tool: `{"name":"delete_directory","inputSchema":{"type":"object","properties":{"path":{"type":"string"},"recursive":{"type":"boolean"}}}}`, effect: "irreversible", has: []string{"destructive"}},
	{rule: "context", name: "removing a label only unlinks", tool: `{"name":"remove_label","inputSchema":{"type":"object","properties":{"issue":{"type":"string"},"label":{"type":"string"}}}}`, effect: "write", hasNot: []string{"destructive"}},
	{rule: "context", name: "git reset that unstages", tool: `{"name":"git_reset","description":"Unstages all staged changes","inputSchema":{"type":"object","properties":{"repo_path":{"type":"string"}}}}`, effect: "write", hasNot: []string{"destructive"}},
	{rule: "context", name: "git reset --hard destroys", tool: `{"name":"git_reset","inputSchema":{"type":"object","properties":{"mode":{"type":"string","enum":["soft","hard"]}}}}`, effect: "irreversible", has: []string{"destructive"}},
	{rule: "context", name: "schedule is a noun when the description reads", tool: `{"name":"schedule_changes","description":"Returns the schedule changes of a route","inputSchema":{"type":"object","properties":{"route":{"type":"string"}}}}`, effect: "read"},
	{rule: "context", name: "schedule is a verb when the description says so", tool: `{"name":"schedule_meeting","description":"Schedules a meeting","inputSchema":{"type":"object","properties":{"title":{"type":"string"}}}}`, effect: "write"},
	{rule: "context", name: "negation: does not delete", tool: `{"name":"archive_item","description":"Archives the item; it does not permanently delete anything","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "write", hasNot: []string{"destructive"}},
	{rule: "context", name: "run of a report reads", tool: `{"name":"run_report","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "read"},

	{rule: "router", name: "a router is what its operation list advertises", tool: `{"name":"cloud_call","inputSchema":{"type":"object","properties":{"operation":{"type":"string",` +
		`"enum":["list_vms","get_vm","describe_vm","list_disks","get_disk","list_nets","get_net","show_quota","list_regions"]},"params":{"type":"object"}}}}`, effect: "read", router: &yes, hasNot: []string{"destructive", "egress", "code_exec"}},
	{rule: "router", name: "removing a link by operation is reversible", tool: `{"name":"issue_links","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["list","add","remove"]},"id":{"type":"string"}}}}`, effect: "write", hasNot: []string{"destructive"}},

	{rule: "name", name: "a name of nouns reads", tool: `{"name":"flight_happiness_index","description":"Flight comfort index for a route","inputSchema":{"type":"object","properties":{"route":{"type":"string"}}}}`, effect: "read"},
	{rule: "name", name: "a name of nouns over write operations stays unknown", tool: `{"name":"debugger_memory","description":"Memory operations: write or patch bytes","inputSchema":{"type":"object","properties":{"addr":{"type":"string"}}}}`, effect: "unknown"},
	{rule: "context", name: "a screenshot saved to a path writes", tool: `{"name":"take_screenshot","inputSchema":{"type":"object","properties":{"path":{"type":"string","description":"File to save the image to"}}}}`, effect: "write", hasNot: []string{"read_sensitive"}},

	// Input surface.
	{rule: "surface", name: "no parameters is R0", tool: `{"name":"list_models","inputSchema":{"type":"object","properties":{}}}`, effect: "read", tier: "R0"},
	{rule: "surface", name: "enum only is R0", tool: `{"name":"get_status","inputSchema":{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]}}}}`, tier: "R0"},
	{rule: "surface", name: "free string is R1", tool: `{"name":"get_status","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, tier: "R1"},
	{rule: "surface", name: "schema declaring nothing accepts anything", tool: `{"name":"get_status","inputSchema":{}}`, tier: "R1"},

	// Operation enums.
	{rule: "operation", name: "action enum with delete", tool: `{"name":"manage_items","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["list","delete"]}}}}`, effect: "irreversible", has: []string{"destructive"}},
	{rule: "operation", name: "action enum of reads", tool: `{"name":"manage_items","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["list","get"]}}}}`, hasNot: []string{"destructive"}},

	// Name words.
	{rule: "name", name: "delete is irreversible", tool: `{"name":"delete_page","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "irreversible", tier: "R5", has: []string{"destructive"}},
	{rule: "name", name: "deletes (verb form) counts", tool: `{"name":"deletesEverything"}`, effect: "irreversible"},
	{rule: "name", name: "create is write", tool: `{"name":"createIssue","inputSchema":{"type":"object","properties":{"title":{"type":"string"}}}}`, effect: "write", tier: "R3", has: []string{"write"}},
	{rule: "name", name: "get is read", tool: `{"name":"get-issue","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "read"},
	{rule: "name", name: "send is external", tool: `{"name":"sms.send","inputSchema":{"type":"object","properties":{"number":{"type":"string"}}}}`, effect: "external", has: []string{"egress"}},
	{rule: "name", name: "executive_summary is not exec", tool: `{"name":"executive_summary","inputSchema":{"type":"object","properties":{"topic":{"type":"string"}}}}`, hasNot: []string{"code_exec"}},
	{rule: "name", name: "execute_command is code", tool: `{"name":"execute_command","inputSchema":{"type":"object","properties":{"command":{"type":"string"}}}}`, has: []string{"code_exec"}},
	{rule: "name", name: "evaluate runs code", tool: `{"name":"browser_evaluate","inputSchema":{"type":"object","properties":{"expr":{"type":"string"}}}}`, has: []string{"code_exec"}},
	{rule: "name", name: "browser drop is not deletion: it changes the page", tool: `{"name":"browser_drop","inputSchema":{"type":"object","properties":{"ref":{"type":"string"}}}}`, effect: "write", hasNot: []string{"destructive", "egress"}},
	{rule: "name", name: "drop_table is deletion", tool: `{"name":"drop_table","inputSchema":{"type":"object","properties":{"table":{"type":"string"}}}}`, has: []string{"destructive"}},
	{rule: "name", name: "post with a message noun sends", tool: `{"name":"slack_post_message","inputSchema":{"type":"object","properties":{"channel_id":{"type":"string"},"text":{"type":"string"}}}}`, effect: "external", has: []string{"egress"}},
	{rule: "name", name: "HTTP-method post before search reads", tool: `{"name":"API-post-search","inputSchema":{"type":"object","properties":{"query":{"type":"string"}}}}`, effect: "read"},
	{rule: "name", name: "browser cookies are private", tool: `{"name":"browser_get_cookies","inputSchema":{"type":"object","properties":{}}}`, has: []string{"read_sensitive"}},
	{rule: "name", name: "plural noun-verb is a noun", tool: `{"name":"browser_console_messages","inputSchema":{"type":"object","properties":{}}}`, hasNot: []string{"egress"}},
	{rule: "name", name: "rotate a key is irreversible", tool: `{"name":"rotate_api_key","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, tier: "R5", has: []string{"destructive"}},
	{rule: "name", name: "rotate a display name is a write", tool: `{"name":"rotate_display_name","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, tier: "R3", hasNot: []string{"destructive"}},
	{rule: "name", name: "refund moves money", tool: `{"name":"create_refund","inputSchema":{"type":"object","properties":{"charge":{"type":"string"}}}}`, effect: "irreversible"},
	{rule: "name", name: "read file is read_sensitive", tool: `{"name":"read_file","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`, effect: "read", tier: "R2", has: []string{"read_sensitive"}},
	{rule: "name", name: "listing issues ingests untrusted", tool: `{"name":"list_issues","inputSchema":{"type":"object","properties":{"repo":{"type":"string"}}}}`, effect: "read", has: []string{"ingests_untrusted"}},
	{rule: "name", name: "creating an issue ingests nothing", tool: `{"name":"create_issue","inputSchema":{"type":"object","properties":{"repo":{"type":"string"}}}}`, hasNot: []string{"ingests_untrusted"}},
	{rule: "name", name: "start_search manages a read", tool: `{"name":"start_search","inputSchema":{"type":"object","properties":{"pattern":{"type":"string"}}}}`, effect: "read"},

	// Contextual exceptions.
	{rule: "exception", name: "add two numbers is not a write", tool: `{"name":"add","description":"Adds two numbers","inputSchema":{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}}}}`, effect: "read", hasNot: []string{"write"}},
	{rule: "exception", name: "add a comment is a write", tool: `{"name":"add_comment","description":"Adds a comment","inputSchema":{"type":"object","properties":{"body":{"type":"string"}}}}`, effect: "write", has: []string{"write"}},

	// Descriptions raise, never lower.
	{rule: "description", name: "description names arbitrary code", tool: `{"name":"helper","description":"Executes arbitrary shell commands on the host.","inputSchema":{"type":"object","properties":{"input":{"type":"string"}}}}`, has: []string{"code_exec"}},
	{rule: "description", name: "description cannot lower a delete", tool: `{"name":"delete_repo","description":"Safely reads the repository list.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "irreversible"},
	{rule: "description", name: "leading verb fills a verbless name", tool: `{"name":"maps_weather","description":"Retrieves the weather for a city.","inputSchema":{"type":"object","properties":{"city":{"type":"string"}}}}`, effect: "read"},
	{rule: "description", name: "leading verb does not override the name", tool: `{"name":"archive_card","description":"Send a card to the archive.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "write", hasNot: []string{"egress"}},
	{rule: "description", name: "permanence raises", tool: `{"name":"archive_card","description":"Permanently deletes the card.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "irreversible"},

	// Annotations raise, never lower.
	{rule: "annotation", name: "readOnlyHint cannot lower a delete", tool: `{"name":"delete_item","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "irreversible"},
	{rule: "annotation", name: "destructiveHint true raises", tool: `{"name":"frobnicate","annotations":{"destructiveHint":true},"inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, has: []string{"destructive"}},
	{rule: "annotation", name: "readOnlyHint alone says read", tool: `{"name":"frobnicate","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "read"},
	{rule: "annotation", name: "nothing at all is unknown", tool: `{"name":"frobnicate","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, effect: "unknown", tier: "R1"},

	// Schema walk failing closed.
	{rule: "walk", name: "ref cycle fails closed", tool: `{"name":"get_tree","inputSchema":{"type":"object","properties":{"node":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"object","properties":{"child":{"$ref":"#/$defs/N"}}}}}}`, tier: "R4", has: []string{"egress"}},
	{rule: "walk", name: "external ref fails closed", tool: `{"name":"get_tree","inputSchema":{"type":"object","properties":{"node":{"$ref":"https://example.com/s.json"}}}}`, tier: "R4", has: []string{"egress"}},
	{rule: "walk", name: "shared non-cyclic ref is fine", tool: `{"name":"get_pair","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/N"},"b":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"string"}}}}`, tier: "R1", hasNot: []string{"egress"}},

	// Routers.
	{rule: "router", name: "tool name + open params object", tool: `{"name":"execute_tool","inputSchema":{"type":"object","properties":{"toolName":{"type":"string"},"params":{"type":"object","additionalProperties":{}}}}}`, router: &yes},
	{rule: "router", name: "open object alone is not a router", tool: `{"name":"create_page","inputSchema":{"type":"object","properties":{"properties":{"type":"object"}}}}`, router: &no},
	{rule: "router", name: "operation with declared params is not a router", tool: `{"name":"execute_tool","inputSchema":{"type":"object","properties":{"toolName":{"type":"string"},"params":{"type":"object","properties":{"id":{"type":"string"}}}}}}`, router: &no},
}

func TestRules(t *testing.T) {
	for _, c := range allRuleCases() {
		t.Run(c.rule+"/"+c.name, func(t *testing.T) {
			tr := c.classify(t)
			if c.effect != "" && tr.Effect != c.effect {
				t.Errorf("effect = %s, want %s (evidence %+v)", tr.Effect, c.effect, tr.Evidence)
			}
			if c.tier != "" && tr.Tier != c.tier {
				t.Errorf("tier = %s, want %s (evidence %+v)", tr.Tier, c.tier, tr.Evidence)
			}
			for _, k := range c.has {
				if !hasKind(tr, k) {
					t.Errorf("kinds %v lack %s (evidence %+v)", tr.Kinds, k, tr.Evidence)
				}
			}
			for _, k := range c.hasNot {
				if hasKind(tr, k) {
					t.Errorf("kinds %v must not have %s (evidence %+v)", tr.Kinds, k, tr.Evidence)
				}
			}
			if c.router != nil && tr.Router != *c.router {
				t.Errorf("router = %v, want %v", tr.Router, *c.router)
			}
		})
	}
}

// TestRulesHavePositiveAndNegative keeps the table honest: every rule has
// at least one sample that must produce something and one that must not.
func TestRulesHavePositiveAndNegative(t *testing.T) {
	pos, neg := map[string]bool{}, map[string]bool{}
	for _, c := range allRuleCases() {
		if len(c.hasNot) > 0 || c.router != nil && !*c.router || c.tier == "R0" || c.tier == "R1" || c.effect == "read" || c.effect == "unknown" {
			neg[c.rule] = true
		}
		if len(c.has) > 0 || c.router != nil && *c.router || c.effect != "" && c.effect != "read" && c.effect != "unknown" || c.tier != "" && c.tier != "R0" {
			pos[c.rule] = true
		}
	}
	for r := range pos {
		if !neg[r] {
			t.Errorf("rule %s has no negative sample", r)
		}
	}
	for r := range neg {
		if !pos[r] {
			t.Errorf("rule %s has no positive sample", r)
		}
	}
}

// TestEveryKindAndTierIsCited checks that each kind, the tier and the
// effect of every sample are set by some piece of evidence.
func TestEveryKindAndTierIsCited(t *testing.T) {
	for _, c := range allRuleCases() {
		tr := c.classify(t)
		sets := map[string]bool{}
		for _, e := range tr.Evidence {
			for _, s := range e.Sets {
				sets[s] = true
			}
		}
		if !sets["tier:"+tr.Tier] {
			t.Errorf("%s: tier %s not cited: %+v", c.name, tr.Tier, tr.Evidence)
		}
		if tr.Effect != "unknown" && !sets["effect:"+tr.Effect] {
			t.Errorf("%s: effect %s not cited: %+v", c.name, tr.Effect, tr.Evidence)
		}
		for _, k := range tr.Kinds {
			if !sets["kind:"+k] {
				t.Errorf("%s: kind %s not cited: %+v", c.name, k, tr.Evidence)
			}
		}
	}
}

func TestTokens(t *testing.T) {
	cases := map[string]string{
		"read_file":               "read file",
		"get-library-docs":        "get library docs",
		"getTinyImage":            "get tiny image",
		"sampleLLM":               "sample llm",
		"LLMResponse":             "llm response",
		"API-post-search":         "api post search",
		"r2_list_buckets":         "r2 list buckets",
		"sms.send":                "sms send",
		"repo_pull_request_write": "repo pull_request write",
		"browser_go_back":         "browser go_back",
		"executive_summary":       "executive summary",
	}
	for in, want := range cases {
		if got := strings.Join(Tokens(in), " "); got != want {
			t.Errorf("Tokens(%q) = %q, want %q", in, got, want)
		}
	}
	if got := stems("deleted"); !contains(got, "delete") {
		t.Errorf("stems(deleted) = %v", got)
	}
	if got := stems("running"); !contains(got, "run") {
		t.Errorf("stems(running) = %v", got)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestExcerptEscapesHiddenCharacters(t *testing.T) {
	got := excerpt("a\u200bb\u202ec\x1bd", 20)
	if got != `a\u200bb\u202ec\u001bd` {
		t.Errorf("excerpt = %q", got)
	}
	if got := excerpt("abcdef", 3); got != "abc…" {
		t.Errorf("excerpt cap = %q", got)
	}
}

// TestASCIITokensAgree: the ASCII fast path of Tokens splits every corpus
// tool and parameter name as the general path does.
func TestASCIITokensAgree(t *testing.T) {
	b := loadCorpus(t)
	n := 0
	for _, s := range b.Servers {
		for _, raw := range s.Tools {
			for _, name := range strings.FieldsFunc(string(raw), func(r rune) bool { return r == '"' }) {
				fast, ok := asciiTokens(name)
				if !ok {
					continue
				}
				n++
				if slow := runeTokens(name); strings.Join(fast, " ") != strings.Join(slow, " ") {
					t.Fatalf("%q: ascii %q, runes %q", name, fast, slow)
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d names compared", n)
	}
}
