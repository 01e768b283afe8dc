package live

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
)

// httpCapture is the http.RoundTripper under the SDK's HTTP transports:
// it adds the operator's headers, counts response bytes against the cap,
// and remembers what the server answered so failures can be named.
type httpCapture struct {
	base    http.RoundTripper
	headers http.Header
	rec     *recorder
	lim     Limits
	oauth   bool // requests carry an OAuth token (Spec.Token)

	mu       sync.Mutex
	total    int64
	postOK   bool
	postFail int   // last non-2xx status of a POST
	status   int   // last non-2xx status of any request
	netErr   error // last transport error
}

func (h *httpCapture) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	for k, v := range h.headers {
		req.Header[k] = append([]string(nil), v...)
	}
	resp, err := h.base.RoundTrip(req)
	h.mu.Lock()
	defer h.mu.Unlock()
	if err != nil {
		h.netErr = err
		return nil, err
	}
	if resp.StatusCode/100 == 2 {
		if req.Method == http.MethodPost {
			h.postOK = true
		}
	} else if resp.StatusCode/100 != 3 {
		h.status = resp.StatusCode
		if req.Method == http.MethodPost {
			h.postFail = resp.StatusCode
		}
	}
	resp.Body = &countingBody{rc: resp.Body, h: h}
	return resp, nil
}

// legacyOnly reports whether the endpoint looked like a pre-2025-03-26
// HTTP+SSE server: every POST was refused with 400, 404 or 405.
func (h *httpCapture) legacyOnly() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return !h.postOK && (h.postFail == 400 || h.postFail == 404 || h.postFail == 405)
}

// failure names why the endpoint could not be used, with its code, or
// "" if the HTTP exchange itself looked fine. A 401 or 403 to requests
// carrying an OAuth token is the token's rejection (expired, revoked).
func (h *httpCapture) failure() (code, msg string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.netErr != nil:
		return CodeUnreachable, "could not reach the server: " + netReason(h.netErr)
	case h.oauth && (h.status == http.StatusUnauthorized || h.status == http.StatusForbidden):
		return CodeAuthRejected, fmt.Sprintf("the server rejected the OAuth access token (HTTP %d %s): it expired, was revoked or lacks a scope; run again to log in anew", h.status, http.StatusText(h.status))
	case h.status == http.StatusUnauthorized:
		return CodeUnreachable, fmt.Sprintf("the server answered HTTP %d %s: it asks for a login; scan it with --oauth (or --oauth-device), or pass a header from an environment variable", h.status, http.StatusText(h.status))
	case h.status != 0:
		return CodeUnreachable, fmt.Sprintf("the server answered HTTP %d %s", h.status, http.StatusText(h.status))
	}
	return "", ""
}

// netReason is the innermost cause of a transport error, without the URL.
func netReason(err error) string {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err.Error()
		}
		err = u
	}
}

type countingBody struct {
	rc io.ReadCloser
	h  *httpCapture
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	b.h.mu.Lock()
	b.h.total += int64(n)
	over := b.h.total > b.h.lim.MaxBytes
	b.h.mu.Unlock()
	if over {
		b.h.rec.fail(CodeByteCap, "", fmt.Sprintf("the server sent more than %d bytes in total", b.h.lim.MaxBytes))
		return n, errCapped
	}
	return n, err
}

func (b *countingBody) Close() error { return b.rc.Close() }

var errRedirect = errors.New("assay does not follow redirects to another host")

// newHTTPClient is the client the SDK transports use: headers and caps
// from h, and redirects followed only within the same scheme and host.
func newHTTPClient(h *httpCapture) *http.Client {
	return &http.Client{
		Transport: h,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			first := via[0].URL
			if req.URL.Host != first.Host || req.URL.Scheme != first.Scheme {
				h.rec.fail(CodeRedirect, "", "the server redirected to another host; Assay does not follow such redirects")
				return errRedirect
			}
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			return nil
		},
	}
}
