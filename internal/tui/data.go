// Package tui is the model behind 'assay ui': an interactive explorer
// over one audit (bundle + findings). It is a pure bubbletea model: state,
// Update and View driven by messages, so tests script keys and compare
// views without a terminal. Everything a server supplied passes through
// report/textsafe before it reaches the screen.
//
// The command (internal/cli/ui.go) does the I/O: it collects or reads the
// inputs, checks the lock or baseline and hands this package callbacks for
// refresh, approve and export, which run as background commands so the
// interface never waits on a server or a disk.
package tui

import (
	"context"

	"github.com/assay-mcp/assay/report/model"
)

// Data is one audit to explore.
type Data struct {
	// Bundle is what was observed; nil for a findings-only input (the
	// tool definitions are then not available, only their analysis).
	Bundle *model.Bundle
	// Findings is the analysis of Bundle (or the findings file). While
	// Pending it is only the bundle's skeleton (see [Skeleton]).
	Findings *model.Findings
	// Pending says the analysis has not arrived yet: the tree shows what
	// the bundle records (names, counts, token counts, definitions) and
	// says findings, severities and classification are being analysed.
	// Actions.Analyse delivers the analysed audit in the background.
	Pending bool
	// Gate is the lock or baseline comparison, nil when none was given.
	Gate *Gate
	// Notes are per-server remarks keyed by identity, e.g. a server added
	// to the config after launch that refresh shows but does not run.
	Notes map[string]string
	// Source says where the data came from, for the header.
	Source string
}

// Gate is the result of comparing the audit with a lock or a baseline.
type Gate struct {
	// Kind is "baseline" or "lock"; Path the file.
	Kind, Path string
	// Drift are the DRIFT findings of the comparison.
	Drift []model.Finding
	// Err is why the comparison could not be made (shown, not fatal).
	Err string
}

// Progress is one step of a background refresh or analysis.
type Progress struct {
	Done, Total int
	// Server is the server just finished (or started).
	Server string
	// Step names the analysis step just started (analyze.Passes, or
	// the baseline or lock comparison).
	Step string
}

// Selection names what an action applies to.
type Selection struct {
	// Server is the server identity, ServerName its configured name.
	Server, ServerName string
	// Tool is the tool name; empty for a whole server.
	Tool string
}

// Actions are the side effects the model asks its host to perform. Each
// runs off the UI loop; nil disables the key.
type Actions struct {
	// Analyse runs the analysis of a Pending audit and returns the
	// analysed one; the model starts it from Init. progress may be called
	// from any goroutine.
	Analyse func(ctx context.Context, progress func(Progress)) (*Data, error)
	// Refresh re-collects the servers confirmed at launch and returns the
	// new audit. progress may be called from any goroutine.
	Refresh func(ctx context.Context, progress func(Progress)) (*Data, error)
	// Approve accepts the drift of sel into the baseline with note and
	// returns the audit re-checked against the new baseline.
	Approve func(ctx context.Context, sel Selection, note string) (*Data, string, error)
	// Export writes a markdown document to path (atomically).
	Export func(path string, markdown []byte) error
}

// Options configure a Model.
type Options struct {
	// Color enables ANSI colour; false renders plain text (NO_COLOR, a
	// terminal without colour, golden tests).
	Color bool
	// ExportPath is the default file name offered by export.
	ExportPath string
	Actions    Actions
}
