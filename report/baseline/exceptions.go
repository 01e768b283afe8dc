package baseline

import (
	"fmt"
	"time"

	"github.com/assay-mcp/assay/report/analyze"
	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// ValidDate reports whether s is a calendar date written YYYY-MM-DD.
// (time.Parse is pure; only time.Now is the clock.)
func ValidDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// Active reports whether e still suppresses on today (YYYY-MM-DD): its
// expiry day included. An exception without a valid expiry never
// suppresses: every exception ends.
func (e Exception) Active(today string) bool {
	return ValidDate(e.Expires) && ValidDate(today) && today <= e.Expires
}

// Matches reports whether e covers finding f. names maps server
// identities to configured names, so either may be written.
func (e Exception) Matches(f *model.Finding, names map[string]string) bool {
	if e.Rule != "*" && e.Rule != f.ID {
		return false
	}
	if e.Server != "*" && e.Server != f.Server && e.Server != names[f.Server] {
		return false
	}
	if e.Tool == "" || e.Tool == "*" {
		return true
	}
	if len(f.Tools) > 0 {
		// A grouped finding is suppressed only when every tool it covers is.
		for _, t := range f.Tools {
			if t != e.Tool {
				return false
			}
		}
		return true
	}
	return f.Tool == e.Tool
}

// ApplyExceptions marks the drift findings of f that an active exception
// covers as suppressed, and adds one DRIFT-029 finding per expired
// exception that would have matched, so an expiry is said, not silent.
// today is a YYYY-MM-DD date chosen by the caller. f is re-finished.
func ApplyExceptions(f *model.Findings, exceptions []Exception, today string) {
	names := map[string]string{}
	for _, s := range f.Servers {
		names[s.Identity] = s.Name
	}
	var expired []model.Finding
	for i := range f.Findings {
		fd := &f.Findings[i]
		if fd.Category != model.CatDrift || fd.Suppressed != "" {
			continue
		}
		for _, e := range exceptions {
			if !e.Matches(fd, names) {
				continue
			}
			if e.Active(today) {
				fd.Suppressed = fmt.Sprintf("exception by %s until %s: %s", e.By, e.Expires, e.Reason)
				break
			}
			x := catalog.New("DRIFT-029")
			x.Server, x.Tool, x.Element = fd.Server, fd.Tool, fd.Element
			x.Item = "expired:" + e.Rule + ":" + e.Server + ":" + e.Tool + ":" + e.Expires
			x.Evidence = fmt.Sprintf("exception for %s (by %s, reason %q) expired %s; %s is reported again", e.Rule, e.By, e.Reason, expiryText(e.Expires), fd.ID)
			expired = append(expired, x)
		}
	}
	f.Findings = append(f.Findings, dedupe(expired)...)
	analyze.Finish(f)
}

func expiryText(s string) string {
	if s == "" {
		return "(no expiry recorded)"
	}
	return s
}

func dedupe(fs []model.Finding) []model.Finding {
	seen := map[string]bool{}
	var out []model.Finding
	for _, f := range fs {
		k := f.Server + "\x00" + f.Item + "\x00" + f.Element
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// AddException validates and records an exception.
func (bl *Baseline) AddException(e Exception) error {
	switch {
	case e.Rule == "":
		return fmt.Errorf("an exception needs a rule id (or *)")
	case e.Rule != "*":
		if _, ok := catalog.Lookup(e.Rule); !ok {
			return fmt.Errorf("unknown rule %q", e.Rule)
		}
	}
	if e.Server == "" {
		return fmt.Errorf("an exception needs a server (name, identity or *)")
	}
	if e.Reason == "" || e.By == "" {
		return fmt.Errorf("an exception needs a reason and who grants it")
	}
	if !ValidDate(e.Expires) {
		return fmt.Errorf("expiry %q is not a YYYY-MM-DD date; every exception must end", e.Expires)
	}
	bl.Exceptions = append(bl.Exceptions, e)
	return bl.Seal()
}
