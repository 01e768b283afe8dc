// Package live connects to one MCP server with the go-sdk and records its
// surface exactly as served. It starts or reaches the server, performs the
// handshake of either protocol era (server/discover of 2026-07-28 or the
// initialize handshake of 2024-11-05 to 2025-11-25), lists tools, prompts,
// resources and resource templates page by page under caps, and never
// invokes anything.
//
// Servers are hostile input: every read is bounded in pages, items, bytes
// and time, server→client requests are refused, and a local server's whole
// process group is killed when collection ends.
package live

import "time"

// Limits bound what one server may make Assay read. Zero fields take the
// defaults of [DefaultLimits].
type Limits struct {
	// MaxPages is the number of pages accepted per list method.
	MaxPages int
	// MaxItems is the number of definitions kept per list method.
	MaxItems int
	// MaxBytes is the total number of bytes read from one server.
	MaxBytes int64
	// MaxFrame is the largest single JSON-RPC message accepted.
	MaxFrame int
	// Grace is how long a local server gets to exit after its stdin closes
	// before its process group is killed.
	Grace time.Duration
}

// DefaultLimits are generous for real servers (the largest public surfaces
// have about a hundred tools in well under a megabyte) and small enough
// that a hostile server cannot exhaust memory.
var DefaultLimits = Limits{
	MaxPages: 500,
	MaxItems: 10000,
	MaxBytes: 64 << 20,
	MaxFrame: 16 << 20,
	Grace:    time.Second,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.MaxPages > 0 {
		d.MaxPages = l.MaxPages
	}
	if l.MaxItems > 0 {
		d.MaxItems = l.MaxItems
	}
	if l.MaxBytes > 0 {
		d.MaxBytes = l.MaxBytes
	}
	if l.MaxFrame > 0 {
		d.MaxFrame = l.MaxFrame
	}
	if l.Grace > 0 {
		d.Grace = l.Grace
	}
	return d
}

// Collection error codes (model.CollectionError.Code). Each maps to a
// COL rule through catalog.CollectionRule.
const (
	CodeTimeout        = "timeout"
	CodeCrashed        = "crashed"
	CodeBadJSON        = "bad_json"
	CodePageCap        = "page_cap"
	CodeItemCap        = "item_cap"
	CodeByteCap        = "byte_cap"
	CodeRepeatedCursor = "repeated_cursor"
	CodeServerRequest  = "server_request"
	CodeSDKWarning     = "sdk_warning"
	CodeInvalidUTF8    = "invalid_utf8"
	CodeUnreachable    = "unreachable"
	CodeAuthRejected   = "auth_rejected"
	CodeOAuthFailed    = "oauth_failed"
	CodeRedirect       = "redirect_refused"
	CodeRPCError       = "rpc_error"
	CodeStartFailed    = "start_failed"
	CodeProtocol       = "unsupported_protocol"
	// Notes: answers, not gaps; the listing is complete.
	CodeNotOffered  = "not_offered"  // an optional list method answered -32601
	CodeStdoutNoise = "stdout_noise" // non-JSON-RPC lines on stdout, counted
)
