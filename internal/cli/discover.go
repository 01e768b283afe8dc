package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/assay-mcp/assay/collectkit"
	"github.com/assay-mcp/assay/collectkit/config"
	"github.com/assay-mcp/assay/report/model"
)

// discoverConfigs reads the named config files, or discovers every known
// client's configs for this user and the project roots. It returns a
// bundle of config-only servers (surfaces not collected) plus the targets
// to connect to, for --connect, with each target's identity and endpoint
// as the config declares them (so a live surface pairs with its config).
func discoverConfigs(ctx context.Context, e *env, sf *scanFlags, files []string) (*model.Bundle, []collectkit.Target, [][2]string, error) {
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			return nil, nil, nil, &ExitError{Code: ExitNoInput, Err: fmt.Errorf("%s: %w", f, unwrapPathErr(err))}
		}
		if st.IsDir() {
			return nil, nil, nil, &ExitError{Code: ExitNoInput, Err: fmt.Errorf("%s: is a directory; name a config file, or use --project DIR", f)}
		}
	}
	home := e.getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if home == "" {
		return nil, nil, nil, usageErr("cannot tell the home directory; set HOME")
	}
	cwd, _ := os.Getwd()
	inv, err := config.Discover(&config.Options{
		Home:     home,
		Cwd:      cwd,
		Projects: sf.projects,
		Clients:  sf.clients,
		Files:    files,
		Getenv:   e.getenv,
	})
	if err != nil {
		return nil, nil, nil, usageErr("%v", err)
	}
	if len(files) > 0 && len(inv.Errors) == len(files) && len(inv.Servers) == 0 {
		// Every named file was unreadable: that is one clear error, not a
		// scan of nothing.
		return nil, nil, nil, &ExitError{Code: ExitDataErr, Err: fmt.Errorf("%s", inv.Errors[0].Message)}
	}
	b := &model.Bundle{Contexts: inv.Contexts, Errors: inv.Errors, Servers: []model.Server{}}
	var targets []collectkit.Target
	var identities [][2]string
	for _, en := range inv.Servers {
		b.Servers = append(b.Servers, model.Server{
			Name: en.Name, Identity: en.Identity, Transport: en.Transport, Endpoint: en.Endpoint,
			Source: "config", Config: en.Config, Tools: []json.RawMessage{},
		})
		if !en.Enabled || en.Launch == nil {
			continue
		}
		l := en.Resolve(&config.Options{Getenv: e.getenv})
		targets = append(targets, collectkit.Target{
			Name: en.Name, Transport: l.Transport, Command: l.Command, Args: l.Args, Env: l.Env,
			URL: l.URL, Headers: l.Headers, Config: en.Config,
		})
		identities = append(identities, [2]string{en.Identity, en.Endpoint})
	}
	return b, targets, identities, nil
}
