package redact

import (
	"net/url"
	"strings"
)

// Marker replaces a value that must not be shown.
const Marker = "<redacted>"

// ArgFinding is a secret spotted in an argument list: its index and why.
type ArgFinding struct {
	Index  int
	Secret Secret
}

// Args returns args as they may be written to a bundle, plus the indexes
// of literal secrets found. Flags keep their names, package specs and
// plain words stay, URLs shrink to scheme and host, paths to their base
// name, and secrets (after a credential-like flag, embedded in a flag, or
// bare) become the marker.
func Args(args []string) ([]string, []ArgFinding) {
	out := make([]string, len(args))
	var found []ArgFinding
	for i, a := range args {
		// The value after "--token" or "-H Authorization:..." style flags.
		if i > 0 && isCredentialFlag(args[i-1]) && !strings.HasPrefix(a, "-") && !IsReference(a) {
			if s, ok := DetectSecret(args[i-1], a); ok {
				found = append(found, ArgFinding{i, s})
				out[i] = Marker
				continue
			}
			if !HasReference(a) {
				// Not secret-shaped ("hunter2"), but still the value of a
				// credential flag: it never leaves the machine.
				out[i] = Marker
				continue
			}
		}
		if s, ok := detectHeaderArg(a); ok {
			found = append(found, ArgFinding{i, s})
			name, _, _ := strings.Cut(a, ":")
			out[i] = name + ": " + Marker
			continue
		}
		if name, val, ok := strings.Cut(a, "="); ok && strings.HasPrefix(name, "-") {
			if s, ok := DetectSecret(name, val); ok {
				found = append(found, ArgFinding{i, s})
				out[i] = name + "=" + Marker
				continue
			}
			if val != "" && IsCredentialName(name) && !HasReference(val) {
				out[i] = name + "=" + Marker // a credential flag's value, whatever it looks like
				continue
			}
			out[i] = name + "=" + Value(val)
			continue
		}
		if s, ok := DetectBareToken(a); ok && !LooksLikePath(a) && !strings.Contains(a, "://") {
			found = append(found, ArgFinding{i, s})
			out[i] = Marker
			continue
		}
		if strings.ContainsAny(a, " \t") {
			// A script string (bash -c "..."): judge each word and any
			// NAME=value inside it.
			if clean, s, ok := scrubWords(a); ok {
				found = append(found, ArgFinding{i, s})
				a = clean
			}
		}
		if strings.Contains(a, "://") {
			if s, ok := URLSecret(a); ok {
				found = append(found, ArgFinding{i, s})
			}
		}
		out[i] = Value(a)
	}
	allowlist(args, out)
	return out, found
}

func isCredentialFlag(a string) bool {
	return strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && IsCredentialName(a)
}

// detectHeaderArg judges "Name: value" arguments as passed to bridges
// like mcp-remote --header.
func detectHeaderArg(a string) (Secret, bool) {
	name, val, ok := strings.Cut(a, ":")
	if !ok || strings.ContainsAny(name, " /") || strings.Contains(a, "://") || name == "" {
		return Secret{}, false
	}
	return DetectSecret(name, strings.TrimSpace(val))
}

// Value shows one non-secret argument or value: references stay, URLs
// become scheme://host, paths their base name, long text is cut.
func Value(a string) string {
	if IsReference(a) {
		return a
	}
	if strings.ContainsAny(a, " \t\n") {
		// A script or sentence: show each word the way a lone argument
		// would be shown, so paths and URLs inside lose their detail.
		words := strings.Fields(a)
		for i, w := range words {
			t := strings.Trim(w, `"'`)
			if strings.Contains(t, "://") || LooksLikePath(t) || (strings.Contains(t, "/") && strings.Contains(t, "~")) {
				words[i] = Value(t)
			} else if k, v, ok := strings.Cut(t, "="); ok && (strings.Contains(v, "/") || strings.Contains(v, "://")) {
				words[i] = k + "=" + Value(v)
			}
		}
		a = strings.Join(words, " ")
		if len(a) > 80 {
			return a[:77] + "…"
		}
		return a
	}
	if strings.Contains(a, "://") {
		return URLLabel(a)
	}
	if LooksLikePath(a) {
		return "…/" + Base(a)
	}
	if len(a) > 80 {
		return a[:77] + "…"
	}
	return a
}

// URLLabel keeps only scheme and host of a URL (no userinfo, path or
// query), with "/…" marking that a path or query was dropped.
func URLLabel(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return Marker
	}
	s := u.Scheme + "://" + u.Host
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		s += "/…"
	}
	return s
}

// URLHost is the host (with port) of a URL, or "" if it has none.
func URLHost(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return ""
	}
	return u.Host
}

// URLSecret reports credentials carried in a URL: a userinfo password or
// a query parameter that is a secret.
func URLSecret(raw string) (Secret, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return Secret{}, false
	}
	if u.User != nil {
		if p, ok := u.User.Password(); ok && p != "" && !IsReference(p) {
			return Secret{Detail: "password in URL userinfo"}, true
		}
		if s, ok := DetectSecret("", u.User.Username()); ok {
			return Secret{Detail: s.Detail + " in URL userinfo"}, true
		}
	}
	q := u.Query()
	for _, k := range sortedKeys(q) {
		for _, v := range q[k] {
			if s, ok := DetectSecret(k, v); ok {
				return Secret{Detail: s.Detail + " in URL query parameter " + k}, true
			}
		}
	}
	return Secret{}, false
}

func sortedKeys(q url.Values) []string {
	ks := make([]string, 0, len(q))
	for k := range q {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

// scrubWords replaces secret-looking words of a script string with the
// marker and reports the first reason.
func scrubWords(a string) (string, Secret, bool) {
	var first Secret
	hit := false
	words := strings.Fields(a)
	for _, w := range words {
		t := strings.Trim(w, `"'`)
		name, val, isAssign := strings.Cut(t, "=")
		var s Secret
		var ok bool
		if isAssign && !strings.HasPrefix(name, "-") {
			s, ok = DetectSecret(name, val)
		} else if isAssign {
			s, ok = DetectSecret(name, val)
		}
		if !ok {
			s, ok = DetectBareToken(t)
		}
		if !ok && strings.Contains(t, "://") {
			s, ok = URLSecret(t)
		}
		if ok {
			if !hit {
				first, hit = s, true
			}
			a = strings.ReplaceAll(a, t, Marker)
		}
	}
	return a, first, hit
}
