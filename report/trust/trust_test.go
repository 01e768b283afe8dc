package trust

import (
	"testing"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// TestEveryFactKindHasARule: each setting kind the collector records
// raises a catalogued rule.
func TestEveryFactKindHasARule(t *testing.T) {
	kinds := []string{model.SettingAllProjectServers, model.SettingApprovedServers, model.SettingHookCommand, model.SettingHookDownload,
		model.SettingEndpointOverride, model.SettingAutoApproveMCP, model.SettingAutoApproveTool, model.SettingBypassApproval,
		model.SettingTerminalApprove, model.SettingSandboxOff, model.SettingAutoStart, model.SettingTrustedProject}
	for _, k := range kinds {
		id, ok := factRules[k]
		if !ok {
			t.Errorf("no rule for %s", k)
			continue
		}
		if _, ok := catalog.Lookup(id); !ok {
			t.Errorf("%s maps to unknown rule %s", k, id)
		}
	}
}

// TestProjectScopeRaises: the same setting is worse when a repository
// set it, and the finding names file, key and line, never a value.
func TestProjectScopeRaises(t *testing.T) {
	fact := model.SettingFact{Kind: model.SettingHookCommand, Key: "hooks.Stop[0].hooks[0].command", Line: 7, Detail: "Stop hook runs a command starting node"}
	b := &model.Bundle{Settings: []model.SettingsFile{
		{Client: "claude-code", Scope: "user", File: "~/.claude/settings.json", Facts: []model.SettingFact{fact}},
		{Client: "claude-code", Scope: "project", File: "{app}/.claude/settings.json", Root: "app", Facts: []model.SettingFact{fact}},
	}}
	f := &model.Findings{}
	Apply(b, f)
	if len(f.Findings) != 2 {
		t.Fatalf("%d findings", len(f.Findings))
	}
	user, project := f.Findings[0], f.Findings[1]
	if user.Severity != model.SevMedium || project.Severity != model.SevHigh {
		t.Errorf("severities %s / %s, want medium / high", user.Severity, project.Severity)
	}
	if project.File != "{app}/.claude/settings.json" || project.Line != 7 || project.Element != "setting:hooks.Stop[0].hooks[0].command" || project.Context != "claude-code@app" {
		t.Errorf("project finding %+v", project)
	}
	user.SetFingerprint()
	project.SetFingerprint()
	if user.Fingerprint == project.Fingerprint {
		t.Error("two files share a fingerprint")
	}
}
