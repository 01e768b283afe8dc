package redact

import (
	"regexp"
	"strings"
)

// refPattern matches the variable references clients expand at launch:
// ${env:VAR}, ${VAR}, ${workspaceFolder}, ${input:id}, ${{ secrets.X }},
// $VAR and %VAR%. They name a value without holding it.
var refPattern = regexp.MustCompile(`\$\{\{\s*[A-Za-z0-9_.\-]+\s*\}\}|\$\{[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z0-9_.\-]+)?\}|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_][A-Za-z0-9_]*%`)

// IsReference reports whether v is, apart from surrounding space, one or
// more references and nothing else.
func IsReference(v string) bool {
	v = strings.TrimSpace(v)
	if v == "" {
		return false
	}
	return strings.TrimSpace(refPattern.ReplaceAllString(v, "")) == ""
}

// HasReference reports whether v contains at least one reference.
func HasReference(v string) bool { return refPattern.MatchString(v) }

// StripReferences removes every reference from v, leaving the literal
// text around them (e.g. "Bearer " of "Bearer ${env:TOKEN}").
func StripReferences(v string) string { return refPattern.ReplaceAllString(v, " ") }

// Ref is one reference found in a value.
type Ref struct {
	// Kind is env, input, workspace, secret or var.
	Kind string
	// Name is the variable, input or secret name.
	Name string
}

// References lists the references in v, in order.
func References(v string) []Ref {
	var out []Ref
	for _, m := range refPattern.FindAllString(v, -1) {
		out = append(out, parseRef(m))
	}
	return out
}

func parseRef(m string) Ref {
	switch {
	case strings.HasPrefix(m, "${{"):
		inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(m, "${{"), "}}"))
		if name, ok := strings.CutPrefix(inner, "secrets."); ok {
			return Ref{Kind: "secret", Name: name}
		}
		return Ref{Kind: "var", Name: inner}
	case strings.HasPrefix(m, "${"):
		inner := strings.TrimSuffix(strings.TrimPrefix(m, "${"), "}")
		if scheme, name, ok := strings.Cut(inner, ":"); ok {
			switch scheme {
			case "env":
				return Ref{Kind: "env", Name: name}
			case "input":
				return Ref{Kind: "input", Name: name}
			}
			return Ref{Kind: "var", Name: inner}
		}
		if strings.HasPrefix(inner, "workspace") || inner == "userHome" || inner == "pathSeparator" || inner == "cwd" {
			return Ref{Kind: "workspace", Name: inner}
		}
		return Ref{Kind: "env", Name: inner}
	case strings.HasPrefix(m, "%"):
		return Ref{Kind: "env", Name: strings.Trim(m, "%")}
	}
	return Ref{Kind: "env", Name: strings.TrimPrefix(m, "$")}
}

// ReferenceIndex returns the position of the first reference in v, or nil.
func ReferenceIndex(v string) []int { return refPattern.FindStringIndex(v) }
