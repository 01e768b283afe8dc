package model

import "strings"

// noteCodes are collection codes that record an answer, not a gap: an
// optional list method the server does not offer, non-protocol lines on
// stdout, a server→client request Assay refused. The listing around them
// is complete, so they never make a server incomplete.
var noteCodes = map[string]bool{"not_offered": true, "stdout_noise": true, "server_request": true}

// Gap reports whether e may hide part of the surface. Bundles written
// before the not_offered code carry a -32601 answer as an rpc_error
// message; that is an answer too.
func (e CollectionError) Gap() bool {
	if noteCodes[e.Code] {
		return false
	}
	return !strings.Contains(e.Message, "-32601") && !strings.Contains(e.Message, "Method not found")
}

// HasGap reports whether any of errs is a gap.
func HasGap(errs []CollectionError) bool {
	for _, e := range errs {
		if e.Gap() {
			return true
		}
	}
	return false
}
