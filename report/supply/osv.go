package supply

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Record is one OSV vulnerability record, the fields Assay reads.
type Record struct {
	SchemaVersion    string      `json:"schema_version,omitempty"`
	ID               string      `json:"id"`
	Modified         string      `json:"modified,omitempty"`
	Published        string      `json:"published,omitempty"`
	Withdrawn        string      `json:"withdrawn,omitempty"`
	Aliases          []string    `json:"aliases,omitempty"`
	Summary          string      `json:"summary,omitempty"`
	Details          string      `json:"details,omitempty"`
	Severity         []Severity  `json:"severity,omitempty"`
	Affected         []Affected  `json:"affected"`
	References       []Reference `json:"references,omitempty"`
	DatabaseSpecific struct {
		// Severity is GitHub's CRITICAL, HIGH, MODERATE or LOW.
		Severity string `json:"severity,omitempty"`
	} `json:"database_specific,omitempty"`
	// Source names where the record was read from (not an OSV field).
	Source string `json:"-"`
}

// Severity is a scored severity (CVSS_V3, CVSS_V4, ...).
type Severity struct {
	Type  string `json:"type"`
	Score string `json:"score"`
}

// Affected is one affected package with its ranges and versions.
type Affected struct {
	Package  Package  `json:"package"`
	Ranges   []Range  `json:"ranges,omitempty"`
	Versions []string `json:"versions,omitempty"`
}

// Package names a package in an ecosystem ("npm", "PyPI", ...).
type Package struct {
	Ecosystem string `json:"ecosystem"`
	Name      string `json:"name"`
	Purl      string `json:"purl,omitempty"`
}

// Range is a list of events in one version ordering.
type Range struct {
	Type   string  `json:"type"`
	Repo   string  `json:"repo,omitempty"`
	Events []Event `json:"events"`
}

// Event is exactly one of introduced, fixed, last_affected or limit.
type Event struct {
	Introduced   string `json:"introduced,omitempty"`
	Fixed        string `json:"fixed,omitempty"`
	LastAffected string `json:"last_affected,omitempty"`
	Limit        string `json:"limit,omitempty"`
}

// Reference is a link with its OSV type (ADVISORY, WEB, FIX, ...).
type Reference struct {
	Type string `json:"type"`
	URL  string `json:"url"`
}

// maxAdvisoryBytes bounds one advisory file; osv.dev's full npm export
// is far larger, but a user exports the few they need.
const maxAdvisoryBytes = 64 << 20

// Parse reads OSV records from one document: a single record, a JSON
// array of records, or an osv.dev query response ({"vulns": [...]}).
// source labels the records (a file name). Every problem names the
// record it is in.
func Parse(data []byte, source string) ([]Record, error) {
	if len(data) > maxAdvisoryBytes {
		return nil, fmt.Errorf("larger than %d bytes", maxAdvisoryBytes)
	}
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(data) == 0 {
		return nil, fmt.Errorf("empty file")
	}
	var recs []Record
	switch data[0] {
	case '[':
		if err := json.Unmarshal(data, &recs); err != nil {
			return nil, jsonErr(err)
		}
	case '{':
		var probe struct {
			Vulns *[]Record `json:"vulns"`
			ID    string    `json:"id"`
		}
		if err := json.Unmarshal(data, &probe); err != nil {
			return nil, jsonErr(err)
		}
		switch {
		case probe.Vulns != nil:
			recs = *probe.Vulns
		case probe.ID != "":
			var r Record
			if err := json.Unmarshal(data, &r); err != nil {
				return nil, jsonErr(err)
			}
			recs = []Record{r}
		default:
			return nil, fmt.Errorf("not an OSV record: no \"id\" and no \"vulns\" list")
		}
	default:
		return nil, fmt.Errorf("not JSON: an OSV file is a record, a list of records or {\"vulns\": [...]}")
	}
	for i := range recs {
		if err := recs[i].validate(); err != nil {
			name := recs[i].ID
			if name == "" {
				name = fmt.Sprintf("record %d", i)
			}
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		recs[i].Source = source
	}
	return recs, nil
}

func jsonErr(err error) error {
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return fmt.Errorf("invalid JSON: %s", msg)
}

func (r *Record) validate() error {
	if strings.TrimSpace(r.ID) == "" {
		return fmt.Errorf("missing \"id\"")
	}
	for i, a := range r.Affected {
		if a.Package.Ecosystem == "" || a.Package.Name == "" {
			return fmt.Errorf("affected[%d]: package needs \"ecosystem\" and \"name\"", i)
		}
		for j, rg := range a.Ranges {
			switch rg.Type {
			case "SEMVER", "ECOSYSTEM", "GIT":
			default:
				return fmt.Errorf("affected[%d].ranges[%d]: unknown type %q (want SEMVER, ECOSYSTEM or GIT)", i, j, rg.Type)
			}
			if len(rg.Events) == 0 {
				return fmt.Errorf("affected[%d].ranges[%d]: no events", i, j)
			}
			for k, e := range rg.Events {
				n := 0
				for _, v := range []string{e.Introduced, e.Fixed, e.LastAffected, e.Limit} {
					if v != "" {
						n++
					}
				}
				if n != 1 {
					return fmt.Errorf("affected[%d].ranges[%d].events[%d]: want exactly one of introduced, fixed, last_affected, limit", i, j, k)
				}
			}
		}
	}
	return nil
}

// URL is the record's first ADVISORY reference, else its first WEB one.
func (r *Record) URL() string {
	for _, kind := range []string{"ADVISORY", "WEB"} {
		for _, ref := range r.References {
			if ref.Type == kind && strings.HasPrefix(ref.URL, "https://") {
				return ref.URL
			}
		}
	}
	return ""
}
