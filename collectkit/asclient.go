package collectkit

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var clientIdentity = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}/[A-Za-z0-9][A-Za-z0-9.+_-]{0,31}$`)

// ParseClientIdentity reads --as-client NAME/VERSION (e.g. claude-code/2.1.0).
func ParseClientIdentity(s string) (mcp.Implementation, error) {
	s = strings.TrimSpace(s)
	if !clientIdentity.MatchString(s) {
		return mcp.Implementation{}, fmt.Errorf("--as-client %q: want NAME/VERSION, e.g. claude-code/2.1.0 (letters, digits, . _ - @)", s)
	}
	name, version, _ := strings.Cut(s, "/")
	return mcp.Implementation{Name: name, Version: version}, nil
}

// collectAs lists the server again under each extra client identity,
// within the same per-server deadline. Only the model-facing surface
// that may differ (tools, instructions) and named errors are kept.
func collectAs(ctx context.Context, spec live.Spec, t Target, ids []mcp.Implementation) []model.ClientView {
	var out []model.ClientView
	for _, id := range ids {
		spec.Client = id
		r := live.Run(ctx, spec)
		v := model.ClientView{Client: id.Name + "/" + id.Version, Instructions: r.Instructions, Tools: r.Tools}
		if v.Tools == nil {
			v.Tools = []json.RawMessage{}
		}
		for _, e := range r.Errors {
			e.Message = scrubLocal(redact.Scrub(e.Message, launchValues(t)...))
			v.Errors = append(v.Errors, e)
		}
		out = append(out, v)
	}
	return out
}
