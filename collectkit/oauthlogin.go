package collectkit

import (
	"context"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/report/model"
	"golang.org/x/oauth2"
)

// login is one target's OAuth outcome: a token source (nil when the
// server asked for none) or the collection error that replaces its
// collection.
type login struct {
	source oauth2.TokenSource
	err    *model.CollectionError
}

// logins runs the OAuth logins (--oauth) one server at a time, after
// consent and before any collection: a person answers each in a browser
// or on another device, so they cannot run in parallel, and the
// per-server collection timeout must not include them. ^C during a
// login ends the run with the context's error.
func logins(ctx context.Context, targets []Target, plans []plan, o *Options) ([]login, error) {
	out := make([]login, len(targets))
	if o.OAuth == nil {
		return out, nil
	}
	for i, t := range targets {
		if plans[i].refused != nil || (t.Transport != "http" && t.Transport != "sse") {
			continue
		}
		ts, err := o.OAuth.Login(ctx, t.URL, t.Transport)
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		if err != nil {
			// Login errors are rebuilt from named fields (oauth.Error):
			// no token or server body is quoted.
			out[i].err = &model.CollectionError{Code: live.CodeOAuthFailed, Phase: "oauth",
				Message: scrubLocal(err.Error())}
			continue
		}
		out[i].source = ts
	}
	return out, nil
}
