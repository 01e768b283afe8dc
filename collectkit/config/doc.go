// Package config discovers the MCP servers every supported client would
// load on this machine, reading each client's files the way that client
// does, resolving scopes by its precedence, and recording for each
// declaration a redacted model.ServerConfig with hygiene facts.
//
// The live launch data needed to connect (program, args, env, URL,
// headers) is kept apart in Launch, which refuses to print itself and is
// never written to a bundle.
//
// Typical use by a collector:
//
//	inv, err := config.Discover(&config.Options{Home: home, Cwd: cwd, Projects: dirs, Clients: only, Files: files})
//	// --dry-run: fmt.Print(inv.PlanText(false))
//	for _, e := range inv.Servers {
//		if !e.Enabled {
//			continue // disabled or shadowed everywhere: record, do not start
//		}
//		l := e.Resolve(opts) // references expanded; never print l
//		target := collectkit.Target{Name: e.Name, Transport: l.Transport, Command: l.Command,
//			Args: l.Args, Env: l.Env, URL: l.URL, Headers: l.Headers, Config: e.Config}
//		// on failure: redact.Scrub(stderr, e.Launch.Secrets()...)
//	}
//	// bundle.Contexts = inv.Contexts; bundle.Errors = append(bundle.Errors, inv.Errors...)
//
// Server identity is Identity(name, transport, endpoint); contexts refer
// to servers by it, so a server configured in several clients is one
// Entry listed in every context that loads it.
package config
