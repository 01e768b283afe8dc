package oauth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// ErrNoBrowser is returned by an OpenBrowser that cannot open one here
// (no display, no opener program).
var ErrNoBrowser = errors.New("no browser can be opened here")

// Error is a login failure, already safe to print: its text was rebuilt
// from named fields and cleaned, and never holds a token.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func fail(format string, a ...any) error { return &Error{msg: clean(fmt.Sprintf(format, a...))} }

// safe turns an error from the SDK, x/oauth2 or the network into an
// [Error]. Token endpoint and registration errors are reduced to their
// RFC 6749 / RFC 7591 error code and description: their raw bodies are
// never shown (a server may echo what it was sent).
func safe(what string, err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	var re *oauth2.RetrieveError
	var ce *oauthex.ClientRegistrationError
	switch {
	case errors.Is(err, context.Canceled):
		return fail("%s: cancelled", what)
	case errors.Is(err, context.DeadlineExceeded):
		return fail("%s: timed out", what)
	case errors.As(err, &re):
		status := ""
		if re.Response != nil {
			status = fmt.Sprintf(" (HTTP %d)", re.Response.StatusCode)
		}
		if re.ErrorCode == "" {
			return fail("%s: the authorization server refused%s", what, status)
		}
		return fail("%s: the authorization server answered %s%s%s", what, clip(re.ErrorCode, 60), status, desc(re.ErrorDescription))
	case errors.As(err, &ce):
		return fail("%s: client registration refused: %s%s", what, clip(ce.ErrorCode, 60), desc(ce.ErrorDescription))
	}
	msg := err.Error()
	// Bodies quoted by lower layers follow a parenthesis or a newline.
	if i := strings.IndexAny(msg, "(\n"); i > 0 {
		msg = msg[:i]
	}
	return fail("%s: %s", what, clip(msg, 200))
}

func desc(d string) string {
	if d == "" {
		return ""
	}
	return ": " + clip(d, 160)
}

// clean drops control characters (terminal escapes) and clips.
func clean(s string) string {
	return clip(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r) {
			return ' '
		}
		return r
	}, s), 400)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
