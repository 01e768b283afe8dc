package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// BundleAllowlist is every JSON path a bundle may contain, one per line.
// "[]" stands for any array index; a trailing "/**" admits a whole raw
// subtree (server definitions are kept exactly as served: they are what
// the model already sees). Bundles are written only through [Project],
// which drops anything not listed here, and a test fails when a Go field
// is not listed, so what leaves a machine is exactly this list.
//
// Never listed: env or header values, full command lines, URLs with paths
// or queries, absolute paths, user or host names, values of agent
// settings (settings[] holds keys and Assay's own wording only).
// Instruction files and skills are model-facing text and are carried like
// tool descriptions (instructions[].text), with the home directory, user
// name and secrets scrubbed at collection.
const BundleAllowlist = `
kind
generator.name
generator.version
createdAt
host.os
host.arch
host.label
contexts[].id
contexts[].client
contexts[].root
contexts[].servers[].name
contexts[].servers[].identity
contexts[].servers[].scope
contexts[].servers[].enabled
contexts[].servers[].shadowedBy
servers[].name
servers[].identity
servers[].transport
servers[].endpoint
servers[].source
servers[].protocolVersion
servers[].serverInfo/**
servers[].capabilities/**
servers[].instructions
servers[].tools[]/**
servers[].prompts[]/**
servers[].resources[]/**
servers[].resourceTemplates[]/**
servers[].listCache[].list
servers[].listCache[].ttlMs
servers[].listCache[].cacheScope
servers[].listCache[].malformed[]
servers[].tokens.encoding
servers[].tokens.tools/*
servers[].tokens.toolsSum
servers[].tokens.toolsList
servers[].tokens.instructions
servers[].tokens.prompts
servers[].tokens.resources
servers[].tokens.templates
servers[].tokens.estimated
servers[].config.client
servers[].config.scope
servers[].config.file
servers[].config.line
servers[].config.transport
servers[].config.command
servers[].config.args[]
servers[].config.urlHost
servers[].config.envNames[]
servers[].config.headerNames[]
servers[].config.disabled
servers[].config.auth
servers[].config.facts[].kind
servers[].config.facts[].location
servers[].config.facts[].detail
servers[].config.root
servers[].config.package.ecosystem
servers[].config.package.name
servers[].config.package.version
servers[].config.package.source
servers[].config.package.pinned
servers[].config.package.location
servers[].config.package.installed[].version
servers[].config.package.installed[].where
servers[].config.package.installed[].integrity
servers[].config.also[].client
servers[].config.also[].scope
servers[].config.also[].file
servers[].config.also[].line
servers[].config.also[].transport
servers[].config.also[].command
servers[].config.also[].args[]
servers[].config.also[].urlHost
servers[].config.also[].envNames[]
servers[].config.also[].headerNames[]
servers[].config.also[].disabled
servers[].config.also[].auth
servers[].config.also[].facts[].kind
servers[].config.also[].facts[].location
servers[].config.also[].facts[].detail
servers[].config.also[].root
servers[].config.also[].package.ecosystem
servers[].config.also[].package.name
servers[].config.also[].package.version
servers[].config.also[].package.source
servers[].config.also[].package.pinned
servers[].config.also[].package.location
servers[].config.also[].package.installed[].version
servers[].config.also[].package.installed[].where
servers[].config.also[].package.installed[].integrity
servers[].errors[].code
servers[].errors[].message
servers[].errors[].phase
servers[].hashes/*
servers[].clients[].client
servers[].clients[].instructions
servers[].clients[].tools[]/**
servers[].clients[].errors[].code
servers[].clients[].errors[].message
servers[].clients[].errors[].phase
servers[].auth.probe
servers[].auth.status
servers[].auth.endpoint.scheme
servers[].auth.endpoint.host
servers[].auth.endpoint.path
servers[].auth.endpoint.metachars
servers[].auth.endpoint.invalid
servers[].auth.challenge.scheme
servers[].auth.challenge.scopes[]
servers[].auth.challenge.error
servers[].auth.challenge.resourceMetadata.scheme
servers[].auth.challenge.resourceMetadata.host
servers[].auth.challenge.resourceMetadata.path
servers[].auth.challenge.resourceMetadata.metachars
servers[].auth.challenge.resourceMetadata.invalid
servers[].auth.documents[].kind
servers[].auth.documents[].status
servers[].auth.documents[].error
servers[].auth.documents[].bearerMethods[]
servers[].auth.documents[].codeChallengeMethods[]
servers[].auth.documents[].grantTypes[]
servers[].auth.documents[].responseTypes[]
servers[].auth.documents[].tokenAuthMethods[]
servers[].auth.documents[].issParameterSupported
servers[].auth.documents[].clientIdMetadataDocuments
servers[].auth.documents[].scopes[]
servers[].auth.documents[].endpoints[].field
servers[].auth.documents[].url.scheme
servers[].auth.documents[].url.host
servers[].auth.documents[].url.path
servers[].auth.documents[].url.metachars
servers[].auth.documents[].url.invalid
servers[].auth.documents[].for.scheme
servers[].auth.documents[].for.host
servers[].auth.documents[].for.path
servers[].auth.documents[].for.metachars
servers[].auth.documents[].for.invalid
servers[].auth.documents[].resource.scheme
servers[].auth.documents[].resource.host
servers[].auth.documents[].resource.path
servers[].auth.documents[].resource.metachars
servers[].auth.documents[].resource.invalid
servers[].auth.documents[].authorizationServers[].scheme
servers[].auth.documents[].authorizationServers[].host
servers[].auth.documents[].authorizationServers[].path
servers[].auth.documents[].authorizationServers[].metachars
servers[].auth.documents[].authorizationServers[].invalid
servers[].auth.documents[].issuer.scheme
servers[].auth.documents[].issuer.host
servers[].auth.documents[].issuer.path
servers[].auth.documents[].issuer.metachars
servers[].auth.documents[].issuer.invalid
servers[].auth.documents[].endpoints[].url.scheme
servers[].auth.documents[].endpoints[].url.host
servers[].auth.documents[].endpoints[].url.path
servers[].auth.documents[].endpoints[].url.metachars
servers[].auth.documents[].endpoints[].url.invalid
errors[].code
errors[].message
errors[].phase
settings[].client
settings[].scope
settings[].file
settings[].root
settings[].facts[].kind
settings[].facts[].key
settings[].facts[].line
settings[].facts[].detail
instructions[].kind
instructions[].client
instructions[].scope
instructions[].file
instructions[].root
instructions[].name
instructions[].description
instructions[].text
instructions[].truncated
instructions[].tokens.encoding
instructions[].tokens.text
instructions[].tokens.always
instructions[].scripts[].path
instructions[].scripts[].kinds[]
instructions[].scripts[].hosts[]
instructions[].scripts[].line
hashes/*
signature.algorithm
signature.publicKey
signature.keyId
signature.value
`

// ServedFields are, per kind of served definition, the members the MCP
// specification defines (2024-11-05 to 2026-07-28). A collected
// definition keeps them as served; every other member a server adds
// ("metadata", "x-internal", ...) is carried in the bundle only as
// "sha256:" and the hash of its canonical JSON ([HashExtras]), so drift
// still shows while paths, hosts or user names it may hold stay on the
// machine. _meta is not model-facing: it keeps only the keys in
// ServedMetaKeys and hashes the others.
const ServedFields = `
tools: name title description inputSchema outputSchema annotations icons execution _meta
prompts: name title description arguments icons _meta
resources: uri name title description mimeType annotations size icons _meta
resourceTemplates: uriTemplate name title description mimeType annotations icons _meta
`

// ServedMetaKeys are the _meta keys kept as served: the MCP Apps "ui"
// object (its csp and permissions are findings) and keys with the
// specification's reserved "io.modelcontextprotocol/" prefix.
const ServedMetaKeys = `ui io.modelcontextprotocol/`

type allowRule struct {
	path    string
	subtree bool // "/**": everything below
	anyKey  bool // "/*": any key, scalar values
}

var allowRules = func() map[string]allowRule {
	m := map[string]allowRule{}
	for _, line := range strings.Split(BundleAllowlist, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		r := allowRule{path: line}
		switch {
		case strings.HasSuffix(line, "/**"):
			r.path, r.subtree = strings.TrimSuffix(line, "/**"), true
		case strings.HasSuffix(line, "/*"):
			r.path, r.anyKey = strings.TrimSuffix(line, "/*"), true
		}
		m[r.path] = r
	}
	return m
}()

// Project encodes b keeping only allowlisted paths. dropped lists every
// path that was removed (empty when the Go types and the allowlist agree).
func Project(b *Bundle) (out []byte, dropped []string, err error) {
	raw, err := Marshal(b)
	if err != nil {
		return nil, nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, nil, err
	}
	v = project(v, "", &dropped)
	sort.Strings(dropped)
	out, err = Marshal(v)
	return out, dropped, err
}

// Disallowed walks any JSON document (an emitted bundle file) and returns
// every path the allowlist does not admit. Tests run it over every bundle
// Assay writes.
func Disallowed(data []byte) ([]string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var dropped []string
	project(v, "", &dropped)
	sort.Strings(dropped)
	return dropped, nil
}

func project(v any, path string, dropped *[]string) any {
	if r, ok := allowRules[path]; ok && r.subtree {
		return v
	}
	switch t := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, val := range t {
			p := k
			if path != "" {
				p = path + "." + k
			}
			if r, ok := allowRules[path]; ok && r.anyKey {
				if _, scalar := val.(json.Number); scalar {
					out[k] = val
				} else if _, s := val.(string); s {
					out[k] = val
				} else {
					*dropped = append(*dropped, fmt.Sprintf("%s/%s", path, k))
				}
				continue
			}
			if !prefixAllowed(p) {
				*dropped = append(*dropped, p)
				continue
			}
			out[k] = project(val, p, dropped)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, el := range t {
			out[i] = project(el, path+"[]", dropped)
		}
		return out
	}
	if _, ok := allowRules[path]; !ok && path != "" {
		*dropped = append(*dropped, path)
		return nil
	}
	return v
}

// prefixAllowed: p is listed, or is a prefix of a listed path.
func prefixAllowed(p string) bool {
	if _, ok := allowRules[p]; ok {
		return true
	}
	for q := range allowRules {
		if strings.HasPrefix(q, p+".") || strings.HasPrefix(q, p+"[]") {
			return true
		}
	}
	return false
}
