package collectkit

import (
	"context"

	"github.com/assay-mcp/assay/collectkit/authprobe"
	"github.com/assay-mcp/assay/report/model"
)

// startAuthProbe runs the credential-free authorization probe of a
// remote target beside its collection and returns a function that waits
// for the posture (nil for local servers or when disabled). The probe
// never sends the target's headers: it observes what anyone sees.
func startAuthProbe(ctx context.Context, t Target, o *Options) func() *model.AuthPosture {
	if o.NoAuthProbe || (t.Transport != "http" && t.Transport != "sse") {
		return func() *model.AuthPosture { return nil }
	}
	ch := make(chan *model.AuthPosture, 1)
	go func() {
		p, _ := authprobe.Probe(ctx, authprobe.Spec{URL: t.URL, Transport: t.Transport, RoundTripper: o.HTTPTransport})
		ch <- p
	}()
	return func() *model.AuthPosture { return <-ch }
}
