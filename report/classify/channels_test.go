package classify

import (
	"strings"
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

// TestEgressChannels: every way data leaves is egress with a named
// channel, and the chain finding names the channel of each sender.
func TestEgressChannels(t *testing.T) {
	cases := []struct {
		name, server, tool, channel string
	}{
		{"fetch of one URL", "web", `{"name":"fetch","inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}`, "http"},
		{"fetch of an array of URLs", "web", `{"name":"fetch_many","inputSchema":{"type":"object","properties":{"urls":{"type":"array","items":{"type":"string"}}}}}`, "http"},
		{"git push", "git", `{"name":"git_push","description":"Push local commits to the remote","inputSchema":{"type":"object","properties":{"repo_path":{"type":"string"}}}}`, "git_remote"},
		{"git sync that pushes", "git", `{"name":"git_sync","description":"Pull, rebase and push the current branch","inputSchema":{"type":"object","properties":{"repo_path":{"type":"string"}}}}`, "git_remote"},
		{"e-mail", "mail", `{"name":"send_email","inputSchema":{"type":"object","properties":{"to":{"type":"string"},"body":{"type":"string"}}}}`, "email"},
		{"chat message", "chat", `{"name":"post_message","inputSchema":{"type":"object","properties":{"channel":{"type":"string"},"text":{"type":"string"}}}}`, "message"},
		{"public comment", "tracker", `{"name":"add_comment","description":"Adds a comment to the issue","inputSchema":{"type":"object","properties":{"issue":{"type":"string"},"body":{"type":"string"}}}}`, "publish"},
		{"upload", "files", `{"name":"upload_file","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`, "upload"},
		{"third-party record", "jira", `{"name":"create_issue","description":"Creates an issue in Jira","inputSchema":{"type":"object","properties":{"summary":{"type":"string"}}}}`, "third_party_record"},
		{"browser navigation", "playwright", `{"name":"browser_navigate","inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}`, "browser"},
		{"form submission", "playwright", `{"name":"browser_submit","description":"Submit the form on the page","inputSchema":{"type":"object","properties":{"ref":{"type":"string"}}}}`, "browser"},
		{"sendable e-mail draft", "mailbox", `{"name":"create_draft","description":"Creates an email draft in the user's mailbox","inputSchema":{"type":"object","properties":{"subject":{"type":"string"},"body":{"type":"string"}}}}`, "email"},
		{"deploy", "host", `{"name":"deploy_site","description":"Deploys the site","inputSchema":{"type":"object","properties":{"dir":{"type":"string"}}}}`, "publish"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := run(t, &model.Bundle{Servers: []model.Server{srv("fs", toolReadFile), srv("gh", toolIssues), srv(c.server, c.tool)}}, nil)
			tr := f.Servers[2].Tools[0]
			if !hasKind(tr, model.KindEgress) {
				t.Fatalf("no egress: %s %v %+v", tr.Effect, tr.Kinds, tr.Evidence)
			}
			if got := channelsOf(&tr, false); !contains(got, c.channel) {
				t.Errorf("channels %v, want %s (evidence %+v)", got, c.channel, tr.Evidence)
			}
			ch := chainOf(f.Findings, "CHAIN-001")
			if len(ch) != 1 || !strings.Contains(ch[0].Evidence, c.server+"/"+tr.Name+" (") || !strings.Contains(ch[0].Evidence, c.channel) {
				t.Errorf("chain does not name the channel: %+v", ch)
			}
		})
	}
}

// TestNoEgress: reading tools that name URLs of the service's own records,
// local git operations and page actions send nothing.
func TestNoEgress(t *testing.T) {
	for name, c := range map[string]struct{ server, tool, effect string }{
		"site URL names a property": {"console", `{"name":"list_sitemaps","inputSchema":{"type":"object","properties":{"siteUrl":{"type":"string"}}}}`, "read"},
		"git pull is local":         {"git", `{"name":"git_pull","inputSchema":{"type":"object","properties":{"repo_path":{"type":"string"}}}}`, "write"},
		"git stash is local":        {"git", `{"name":"git_stash","inputSchema":{"type":"object","properties":{"repo_path":{"type":"string"}}}}`, "write"},
		"page fill changes a page":  {"playwright", `{"name":"browser_fill","inputSchema":{"type":"object","properties":{"ref":{"type":"string"}}}}`, "write"},
		"viewer callback submit":    {"viewer", `{"name":"submit_result","description":"Submit the viewer's selection","inputSchema":{"type":"object","properties":{"value":{"type":"string"}}}}`, "write"},
	} {
		t.Run(name, func(t *testing.T) {
			tr, _ := one(t, c.tool, nil)
			if c.server != "s" {
				f := run(t, &model.Bundle{Servers: []model.Server{srv(c.server, c.tool)}}, nil)
				tr = f.Servers[0].Tools[0]
			}
			if hasKind(tr, model.KindEgress) || tr.Effect != c.effect {
				t.Errorf("%s %v, want %s without egress (evidence %+v)", tr.Effect, tr.Kinds, c.effect, tr.Evidence)
			}
		})
	}
}
