// Package hashes computes Assay's per-component hashes: SHA-256 over the
// RFC 8785 canonical JSON of each part of a surface, as served. Nothing is
// normalised first, so a Cyrillic look-alike or a zero-width space moves
// the hash of the one component that holds it and no other.
//
// Component hashes let drift say *what* changed from two hash sets alone
// (a findings file or a baseline without text), and composite hashes
// (tool, tools, surface) are computed from the component hashes rather than
// from raw JSON, so a file that carries only hashes can still be checked for
// internal consistency by `assay verify`.
//
// Surface hashes and the analysis hash are kept apart on purpose: a ruleset
// upgrade changes the analysis hash and never a surface hash.
//
// This package is pure: no os, net or clock.
package hashes
