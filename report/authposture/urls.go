package authposture

import (
	"strings"

	"github.com/assay-mcp/assay/report/model"
)

// namedURL is one URL of a document with the field it came from.
type namedURL struct {
	field string
	u     *model.AuthURL
}

// urlsOf lists every URL a document declares, in a fixed order.
func urlsOf(d *model.AuthDocument) []namedURL {
	var out []namedURL
	if d.Issuer != nil {
		out = append(out, namedURL{"issuer", d.Issuer})
	}
	if d.Resource != nil {
		out = append(out, namedURL{"resource", d.Resource})
	}
	for i := range d.AuthorizationServers {
		out = append(out, namedURL{"authorization_servers", &d.AuthorizationServers[i]})
	}
	for i := range d.Endpoints {
		out = append(out, namedURL{d.Endpoints[i].Field, &d.Endpoints[i].URL})
	}
	return out
}

// urlFindings: AUTH-016 for each URL that is not http(s), does not parse
// or carries shell metacharacters; one AUTH-015 per document that was
// served over, or lists, plain HTTP to a non-loopback host.
func urlFindings(d *model.AuthDocument, emit emitter) {
	el := "auth:" + d.Kind
	at := d.URL.String()
	var plain []string
	if d.Error == "" && d.URL.Scheme == "http" && !loopback(d.URL.Host) {
		plain = append(plain, "the document itself")
	}
	for _, n := range urlsOf(d) {
		if why := unsafe(n.u); why != "" {
			emit.add("AUTH-016", el+"/"+n.field, at+"|"+n.field+"|"+n.u.String(), at+": "+n.field+" "+why)
			continue
		}
		if n.u.Scheme == "http" && !loopback(n.u.Host) {
			plain = append(plain, n.field+" "+n.u.String())
		}
	}
	if len(plain) > 0 {
		emit.add("AUTH-015", el, at+"|http", at+": plain HTTP in "+strings.Join(plain, "; "))
	}
}

// unsafe says why a URL must not be opened, or "".
func unsafe(u *model.AuthURL) string {
	switch {
	case u.Metachars != "":
		return "carries shell metacharacters " + u.Metachars + " (" + shown(u) + ")"
	case u.Invalid:
		return "does not parse as a URL (" + shown(u) + ")"
	case u.Scheme != "http" && u.Scheme != "https":
		return "uses the " + shown(u) + " scheme, not http(s)"
	}
	return ""
}

func shown(u *model.AuthURL) string {
	if u.Scheme == "" {
		return "no scheme"
	}
	if u.Invalid {
		return "scheme " + u.Scheme + ":"
	}
	return u.String()
}

func loopback(hostport string) bool {
	h := hostport
	if i := strings.LastIndex(h, ":"); i >= 0 && !strings.HasSuffix(h, "]") {
		h = h[:i]
	}
	h = strings.Trim(h, "[]")
	return h == "localhost" || strings.HasPrefix(h, "127.") || h == "::1" || strings.HasSuffix(h, ".localhost")
}
