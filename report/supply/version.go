package supply

import (
	"strings"

	"github.com/Masterminds/semver/v3"
	pep440 "github.com/aquasecurity/go-pep440-version"
)

// ordering compares versions of one ecosystem. parse reports whether a
// string is a version at all; an unparsable version never matches a
// range (it may still be listed in "versions").
type ordering interface {
	valid(v string) bool
	compare(a, b string) int
}

// orderingFor picks the version ordering of an OSV ecosystem: npm uses
// semver (https://docs.npmjs.com/about-semantic-versioning), PyPI uses
// PEP 440 (https://peps.python.org/pep-0440/); anything else (Docker
// tags, user-defined ecosystems) is compared as semver when both sides
// parse.
func orderingFor(ecosystem string) ordering {
	switch strings.ToLower(ecosystem) {
	case "pypi":
		return pepOrder{}
	case "npm":
		return semverOrder{strict: true}
	}
	return semverOrder{}
}

type semverOrder struct{ strict bool }

func (o semverOrder) parse(v string) (*semver.Version, error) {
	v = strings.TrimPrefix(strings.TrimSpace(v), "v")
	if o.strict {
		return semver.StrictNewVersion(v)
	}
	return semver.NewVersion(v)
}

func (o semverOrder) valid(v string) bool {
	if v == "0" {
		return true
	}
	_, err := o.parse(v)
	return err == nil
}

func (o semverOrder) compare(a, b string) int {
	return compareWith(a, b, o.parse, (*semver.Version).Compare)
}

type pepOrder struct{}

func (pepOrder) valid(v string) bool {
	if v == "0" {
		return true
	}
	_, err := pep440.Parse(v)
	return err == nil
}

func (pepOrder) compare(a, b string) int {
	return compareWith(a, b, pep440.Parse, pep440.Version.Compare)
}

// compareWith orders a and b with an ecosystem's parser: "0" is below
// everything, and two strings that do not both parse compare as text.
func compareWith[V any](a, b string, parse func(string) (V, error), cmp func(V, V) int) int {
	if a == "0" || b == "0" {
		return zeroCompare(a, b)
	}
	va, err1 := parse(a)
	vb, err2 := parse(b)
	if err1 != nil || err2 != nil {
		return strings.Compare(a, b)
	}
	return cmp(va, vb)
}

// zeroCompare handles OSV's "0", which is below every version.
func zeroCompare(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "0":
		return -1
	}
	return 1
}

// sameName compares package names the way the ecosystem does: PyPI
// names are normalised (PEP 503: case-insensitive, runs of "-", "_" and
// "." are one "-"); npm names are exact.
func sameName(ecosystem, a, b string) bool {
	if strings.EqualFold(ecosystem, "pypi") {
		return normPy(a) == normPy(b)
	}
	return a == b
}

func normPy(s string) string {
	var b strings.Builder
	sep := false
	for _, r := range strings.ToLower(s) {
		if r == '-' || r == '_' || r == '.' {
			sep = true
			continue
		}
		if sep && b.Len() > 0 {
			b.WriteByte('-')
		}
		sep = false
		b.WriteRune(r)
	}
	return b.String()
}
