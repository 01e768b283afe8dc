//go:build js

package policy

import "errors"

// decodeYAML: the page reads no rules file, and its core links no YAML
// library (about 200 KB compressed). A JSON rules file still loads.
func decodeYAML([]byte, *Policy) error {
	return errors.New("YAML rules files are read by the assay command, not the page; use a .json rules file")
}
