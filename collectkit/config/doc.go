// Package config discovers the MCP servers every supported client would
// load on this machine, reading each client's files the way that client
// does, resolving scopes by its precedence, and recording for each
// declaration a redacted model.ServerConfig with hygiene facts.
//
// The live launch data needed to connect (program, args, env, URL,
// headers) is kept apart in Launch, which refuses to print itself and is
// never written to a bundle.
package config
