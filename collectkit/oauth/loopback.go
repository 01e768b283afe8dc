package oauth

import (
	"context"
	"crypto/subtle"
	"errors"
	"net"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
)

// loopback is the RFC 8252 §7.3 redirect receiver: an HTTP server on
// 127.0.0.1 and a port the system picks, for one authorization response.
type loopback struct {
	ln       net.Listener
	srv      *http.Server
	redirect string
	got      chan callback
	state    atomic.Pointer[string] // the state Assay sent; nil until set
}

type callback struct {
	res *auth.AuthorizationResult
	err error
}

const callbackPath = "/callback"

func listenLoopback() (*loopback, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fail("cannot listen on 127.0.0.1 for the login redirect: %v", err)
	}
	lb := &loopback{ln: ln, got: make(chan callback, 1),
		redirect: "http://" + ln.Addr().String() + callbackPath}
	mux := http.NewServeMux()
	mux.HandleFunc(callbackPath, lb.callback)
	lb.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = lb.srv.Serve(lb.ln) }()
	return lb, nil
}

// callback takes one authorization response. A response with another
// state than the one Assay sent is refused and ends the login: it did
// not come from the request Assay made (RFC 6749 §10.12).
func (lb *loopback) callback(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	state := ""
	if p := lb.state.Load(); p != nil {
		state = *p
	}
	var c callback
	switch {
	case state == "" || subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(state)) != 1:
		c.err = fail("the login redirect carried a state Assay did not send; refused (RFC 6749 §10.12)")
	case q.Get("error") != "":
		c.err = fail("the authorization server answered %s%s", clip(q.Get("error"), 60), desc(q.Get("error_description")))
	case q.Get("code") == "":
		c.err = fail("the login redirect carried no authorization code")
	default:
		c.res = &auth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if c.err != nil {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte("Assay: login refused. " + c.err.Error() + "\n"))
	} else {
		_, _ = w.Write([]byte("Assay: login complete. You can close this tab and return to the terminal.\n"))
	}
	select {
	case lb.got <- c:
	default:
	}
}

// wait returns the first authorization response, or ctx's error.
func (lb *loopback) wait(ctx context.Context) (*auth.AuthorizationResult, error) {
	select {
	case c := <-lb.got:
		return c.res, c.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (lb *loopback) close() {
	if lb.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = lb.srv.Shutdown(ctx)
	}
	_ = lb.ln.Close()
}

// stateOf is the state parameter of an authorization URL.
func stateOf(authURL string) (string, error) {
	u, err := url.Parse(authURL)
	if err != nil {
		return "", err
	}
	s := u.Query().Get("state")
	if s == "" {
		return "", errors.New("no state in the authorization URL")
	}
	return s, nil
}
