// Package trust turns agent settings facts (recorded by collectkit/config
// from Claude Code, Cursor, VS Code, Windsurf, Codex and Gemini CLI
// settings files) into findings: servers approved in advance, tools that
// run without approval, hooks that run commands, model endpoints
// redirected. Facts name the file and key, never the value, so findings
// do too.
package trust

import (
	"strconv"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// factRules maps a setting fact kind to its rule.
var factRules = map[string]string{
	model.SettingAllProjectServers: "HYG-013",
	model.SettingApprovedServers:   "HYG-014",
	model.SettingHookCommand:       "HYG-015",
	model.SettingHookDownload:      "HYG-016",
	model.SettingEndpointOverride:  "HYG-017",
	model.SettingAutoApproveMCP:    "HYG-018",
	model.SettingAutoApproveTool:   "HYG-019",
	model.SettingBypassApproval:    "HYG-020",
	model.SettingTerminalApprove:   "HYG-020",
	model.SettingSandboxOff:        "HYG-021",
	model.SettingAutoStart:         "HYG-022",
	model.SettingTrustedProject:    "HYG-023",
}

// repoRaised are the rules whose finding is worse when the setting sits
// in a project or local file: a repository, not the user, chose it.
var repoRaised = map[string]string{
	"HYG-015": model.SevHigh,
	"HYG-017": model.SevHigh,
	"HYG-018": model.SevCritical,
	"HYG-020": model.SevCritical,
}

// Apply appends one finding per setting fact, located at its file and line.
func Apply(b *model.Bundle, f *model.Findings) {
	if b == nil || f == nil {
		return
	}
	for _, sf := range b.Settings {
		for _, fact := range sf.Facts {
			id, ok := factRules[fact.Kind]
			if !ok {
				continue
			}
			fd := catalog.New(id)
			if sev, ok := repoRaised[id]; ok && sf.Scope != "user" {
				fd.Severity = sev
			}
			fd.Context = contextID(sf)
			fd.Element = "setting:" + fact.Key
			fd.Item = sf.Client + "|" + sf.Scope + "|" + sf.Root + "|" + sf.File + "|" + fact.Key
			fd.File, fd.Line = sf.File, fact.Line
			where := sf.File
			if fact.Line > 0 {
				where += ":" + itoa(fact.Line)
			}
			fd.Evidence = where + " " + fact.Key
			if fact.Detail != "" {
				fd.Evidence += ": " + fact.Detail
			}
			f.Findings = append(f.Findings, fd)
		}
	}
}

// contextID names the agent context a settings file belongs to, the way
// collectkit/config names contexts ("client" or "client@root").
func contextID(sf model.SettingsFile) string {
	if sf.Root != "" {
		return sf.Client + "@" + sf.Root
	}
	return sf.Client
}

func itoa(i int) string { return strconv.Itoa(i) }
