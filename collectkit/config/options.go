package config

import (
	"runtime"

	"github.com/assay-mcp/assay/report/model"
)

// Options say where to look. Nil means: the process's home and working
// directory are NOT assumed; callers fill Home and Cwd (the CLI does).
type Options struct {
	// Home is the user's home directory (a fake root in tests).
	Home string
	// Cwd is the current directory; it is a project root.
	Cwd string
	// Projects are extra project roots (--project DIR).
	Projects []string
	// Clients narrows discovery to these client ids (--client); empty is all.
	Clients []string
	// OS selects the path layout: linux, darwin or windows. Default runtime.GOOS.
	OS string
	// Files are explicit config files; when set, discovery is skipped and
	// each file's format and client are detected from its name and content.
	Files []string
	// Getenv resolves references when a Launch is expanded for
	// connection; it is never used for anything written out.
	Getenv func(string) string
	// ReadFile reads a file; default the bounded reader (collectkit/inputfile, 16 MiB). Tests may stub it.
	ReadFile func(string) ([]byte, error)
	// KeepProjectNames labels project roots by their folder name
	// (--keep-project-names); by default a root is "project-" and six hex
	// digits of a hash of its path, since a client's project names are
	// often confidential.
	KeepProjectNames bool
}

func (o *Options) os() string {
	if o.OS != "" {
		return o.OS
	}
	return runtime.GOOS
}

// Inventory is everything discovery found.
type Inventory struct {
	// Contexts, one per client × project root (and per client for user
	// scope alone), in a fixed order.
	Contexts []model.Context
	// Servers, one per identity, sorted by identity.
	Servers []Entry
	// Errors are unreadable files and malformed entries, each naming the file.
	Errors []model.CollectionError
	// Plan lists the files read (and looked for), for --dry-run.
	Plan []PlanItem
	// Settings are the agent settings files with facts that change trust.
	Settings []model.SettingsFile
	// Instructions are the agent instruction files and skills found.
	Instructions []model.InstructionFile
}

// Entry is one server: its redacted config for the bundle and the live
// data to reach it.
type Entry struct {
	Name      string
	Identity  string
	Transport string
	// Endpoint is the command basename or URL host.
	Endpoint string
	// Config is the redacted declaration; Config.Also holds the other
	// declarations of the same identity in other clients or scopes.
	Config *model.ServerConfig
	// Launch is the live launch data. NEVER write it to a bundle or print it.
	Launch *Launch
	// Enabled is true when at least one context loads this server.
	Enabled bool
}
