package collectkit

import (
	"context"
	"net/url"
	"strings"

	"github.com/assay-mcp/assay/collectkit/redact"

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
		known := append(launchValues(t), urlPathSegments(t.URL)...)
		authprobe.EachURL(p, func(u *model.AuthURL) { u.Path = scrubPath(u.Path, known) })
		ch <- p
	}()
	return func() *model.AuthPosture { return <-ch }
}

// urlPathSegments are the path segments of the configured URL: a bundle
// never carries a configured URL's path (it often names a tenant or holds
// a key), and metadata documents repeat it (RFC 9728 appends the resource
// path to the well-known name), so each segment is scrubbed wherever it
// appears in the posture.
func urlPathSegments(raw string) []string {
	u, err := url.Parse(raw)
	if err != nil {
		return nil
	}
	var out []string
	for _, s := range strings.Split(u.Path, "/") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// scrubPath hides path segments that are launch values or look like a
// bare token (https://host/<key>/mcp), and the local home and user.
func scrubPath(p string, known []string) string {
	segs := strings.Split(redact.Scrub(p, known...), "/")
	for i, s := range segs {
		if _, secret := redact.DetectBareToken(s); secret {
			segs[i] = redact.Marker
		}
	}
	return scrubLocal(strings.Join(segs, "/"))
}
