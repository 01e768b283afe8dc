// Package lock holds Assay's lock file (assay.lock/v1): an approval record
// a team commits that pins what each MCP server is and serves without
// holding any of its text. Where a baseline keeps definitions (or at least
// classifications) to explain a change, a lock keeps only fingerprints:
//
//   - per tool, hashes of the description (as served, with ASCII spacing
//     folded, and normalised the way the injection rules read it), of the
//     input and output schemas, the annotations and every other field, the
//     four behaviour hints in clear, and how many hidden or look-alike
//     characters its text holds;
//   - per server, its identity (serverInfo name and version, a hash of its
//     capabilities and of its other listings, the protocol era), the
//     launch spec in a strict form with salted HMACs of the exact
//     arguments and of the non-secret values, and a command pin (the
//     program and the script or package it runs, with SHA-256 of each).
//
// Nothing in a lock is a secret or a function of one: credential-looking
// values are left out before any HMAC, so rotating a key changes no byte.
//
// Check compares a lock with a fresh observation and grades every change
// as a DRIFT finding, so 'assay check --lock' renders, routes and exits
// exactly like 'assay check --baseline'. The proxy (internal/proxy) runs
// the same comparison on a live session.
//
// This package is pure: no os, net or clock. The native parts (resolving
// and hashing programs, reading launch values) live in collectkit/pin.
package lock
