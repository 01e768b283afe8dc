//go:build !js

package policy

import (
	"errors"
	"strings"

	"github.com/goccy/go-yaml"
)

// decodeYAML reads a YAML rules file strictly (an unknown key is an error).
// The page's WebAssembly core never reads a rules file, so the YAML
// library is left out of it (yaml_js.go).
func decodeYAML(data []byte, p *Policy) error {
	if err := yaml.UnmarshalWithOptions(data, p, yaml.DisallowUnknownField()); err != nil {
		return errors.New(strings.TrimSpace(yaml.FormatError(err, false, true)))
	}
	return nil
}
