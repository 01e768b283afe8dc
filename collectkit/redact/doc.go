// Package redact decides what of a client config may leave the machine.
// Everything here errs towards hiding: a value is either shown as a
// reference name, a basename, a host, a label, or replaced by a marker.
// Secret values are never returned, hashed or partially echoed.
package redact
