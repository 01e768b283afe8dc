// Package proxy is 'assay proxy': it sits in a client's MCP config in
// place of a stdio server command, starts the server, forwards every byte
// unchanged in both directions, and reports on stderr (prefixed "assay:")
// when what the server declares stops matching a lock, a baseline or an
// earlier answer in the same session.
//
// The proxy is fail-open and never slows traffic. Forwarding is a plain
// read-write loop per direction; inspection works on copies handed to it
// through a bounded queue (a full queue drops the copy and counts it, the
// message still goes through), and everything after that — framing,
// parsing, comparing, the journal, stderr — runs in other goroutines with
// bounded queues of their own. A missing or corrupt lock, an unwritable
// journal, a closed stderr, a non-JSON line or a panic in inspection never
// stops or delays a message. The server's exit code, SIGINT, SIGTERM and
// the end of stdin pass through.
//
// What is inspected, in both protocol eras (2025-11-25 initialize;
// 2026-07-28 server/discover with per-request _meta):
//   - identity: the initialize result, the server/discover result and any
//     serverInfo a result carries in _meta;
//   - every complete tools/list (all pages of one listing), compared with
//     the lock or baseline the first time and with the previous listing
//     after that, by the same rules as 'assay check' and 'assay diff',
//     plus injection findings and annotation contradictions;
//   - notifications/tools/list_changed, which also re-checks the command
//     pin: a program or script swapped on disk during a session is
//     reported.
//
// The proxy never sends anything of its own to either side.
package proxy
