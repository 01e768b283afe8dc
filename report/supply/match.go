package supply

import (
	"sort"
	"strings"
)

// ecosystemOf maps a bundle's package ecosystem (npm, pypi, docker) to
// OSV's spelling.
func ecosystemOf(bundleEco string) string {
	switch strings.ToLower(bundleEco) {
	case "pypi":
		return "PyPI"
	case "docker":
		return "Docker"
	}
	return "npm"
}

// Affects reports whether version of the package (ecosystem as OSV
// spells it) is affected by r, and the first fixed version of the range
// that matched ("" when none is named).
func (r *Record) Affects(ecosystem, name, version string) (bool, string) {
	if r.Withdrawn != "" || version == "" {
		return false, ""
	}
	for _, a := range r.Affected {
		if !strings.EqualFold(a.Package.Ecosystem, ecosystem) || !sameName(ecosystem, a.Package.Name, name) {
			continue
		}
		ord := orderingFor(ecosystem)
		for _, v := range a.Versions {
			if v == version || ord.valid(v) && ord.valid(version) && ord.compare(v, version) == 0 {
				return true, firstFixed(a, ord)
			}
		}
		if !ord.valid(version) {
			continue
		}
		for _, rg := range a.Ranges {
			if rg.Type == "GIT" {
				continue
			}
			if inRange(rg, version, ord) {
				return true, fixedAbove(rg, version, ord)
			}
		}
	}
	return false, ""
}

// inRange evaluates one range the way the OSV schema describes: events
// sorted by version, "introduced" switches affected on, "fixed" off at
// that version, "last_affected" off just after it, and "limit" bounds
// the range from above.
func inRange(rg Range, v string, ord ordering) bool {
	type ev struct {
		at   string
		kind int // 0 introduced, 1 fixed, 2 last_affected, 3 limit
	}
	var evs []ev
	for _, e := range rg.Events {
		switch {
		case e.Introduced != "":
			evs = append(evs, ev{e.Introduced, 0})
		case e.Fixed != "":
			evs = append(evs, ev{e.Fixed, 1})
		case e.LastAffected != "":
			evs = append(evs, ev{e.LastAffected, 2})
		case e.Limit != "":
			evs = append(evs, ev{e.Limit, 3})
		}
	}
	for _, e := range evs {
		if !ord.valid(e.at) && e.at != "*" {
			return false // a range we cannot order says nothing
		}
	}
	sort.SliceStable(evs, func(i, j int) bool { return ord.compare(evs[i].at, evs[j].at) < 0 })
	affected := false
	for _, e := range evs {
		c := ord.compare(v, e.at)
		switch e.kind {
		case 0:
			if c >= 0 {
				affected = true
			}
		case 1:
			if c >= 0 {
				affected = false
			}
		case 2:
			if c > 0 {
				affected = false
			}
		case 3:
			if e.at != "*" && c >= 0 {
				return false
			}
		}
	}
	return affected
}

// fixedAbove is the lowest fixed version above v in the range.
func fixedAbove(rg Range, v string, ord ordering) string {
	best := ""
	for _, e := range rg.Events {
		if e.Fixed != "" && ord.compare(e.Fixed, v) > 0 && (best == "" || ord.compare(e.Fixed, best) < 0) {
			best = e.Fixed
		}
	}
	return best
}

func firstFixed(a Affected, ord ordering) string {
	best := ""
	for _, rg := range a.Ranges {
		for _, e := range rg.Events {
			if e.Fixed != "" && (best == "" || ord.compare(e.Fixed, best) < 0) {
				best = e.Fixed
			}
		}
	}
	return best
}
