package oauth

import (
	"errors"
	"fmt"
	"io"
	"net/http"
)

// maxBody bounds every response body Assay reads from an authorization
// or resource server during the login: metadata, registration and token
// answers are small; a server that sends more is hostile.
const maxBody = 1 << 20

// newClient is the HTTP client of the login: per-request timeout, bodies
// capped, redirects followed only within one scheme and host (3 at
// most). Its transport is not an *http.Transport, so the go-sdk's
// discovery does not add its own dial checks: a scan may legitimately
// target a server on this machine or the local network.
func newClient(o *Options) *http.Client {
	return &http.Client{
		Timeout:   o.Timeout,
		Transport: cappedTransport{base: o.Transport},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			first := via[0].URL
			if req.URL.Host != first.Host || req.URL.Scheme != first.Scheme {
				return errors.New("redirect to another host refused")
			}
			if len(via) >= 3 {
				return errors.New("too many redirects")
			}
			return nil
		},
	}
}

type cappedTransport struct{ base http.RoundTripper }

func (c cappedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := c.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	resp.Body = &cappedBody{rc: resp.Body, left: maxBody}
	return resp, nil
}

type cappedBody struct {
	rc   io.ReadCloser
	left int64
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, fmt.Errorf("response larger than %d bytes", maxBody)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *cappedBody) Close() error { return b.rc.Close() }
