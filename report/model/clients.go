package model

import "encoding/json"

// ClientView is a server's surface as listed under another client
// identity (--as-client NAME/VERSION): the 2026-07-28 per-request
// clientInfo, or the initialize clientInfo of older servers. A server
// that serves a scanner a cleaner surface than an agent is what a
// rug-pull looks like; the core compares each view with the primary.
type ClientView struct {
	// Client is NAME/VERSION as announced.
	Client       string            `json:"client"`
	Instructions *string           `json:"instructions,omitempty"`
	Tools        []json.RawMessage `json:"tools"`
	Errors       []CollectionError `json:"errors,omitempty"`
}
