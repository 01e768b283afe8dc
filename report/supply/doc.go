// Package supply judges the packages that start configured MCP servers:
// known-vulnerable versions (advisories in the OSV format, a small
// built-in set plus whatever the user exports from osv.dev), names that
// imitate well-known MCP packages (typosquats), and sources that are not
// a registry release.
//
// The OSV format is https://ossf.github.io/osv-schema/ (schema 1.6):
// "affected[].ranges[]" of type SEMVER or ECOSYSTEM hold "introduced",
// "fixed", "last_affected" and "limit" events; "affected[].versions"
// lists affected versions exactly. GIT ranges name commits, which a
// config does not carry, and are ignored.
//
// Everything here is pure: advisories arrive as bytes (the CLI reads the
// files), versions are compared with Masterminds/semver for npm and
// PEP 440 for PyPI.
package supply
