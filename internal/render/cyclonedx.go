package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"

	cdx "github.com/CycloneDX/cyclonedx-go"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
)

// CycloneDX output is an AI bill of materials in CycloneDX 1.6 JSON
// (https://cyclonedx.org/docs/1.6/json/), built from findings only:
//
//   - each package a server is started from is a component with its
//     package URL (purl), version, pin state and hash where known (the
//     npm lockfile integrity, an image digest);
//   - each server is a service (endpoints for remote ones, authenticated
//     when its config declares credentials) that depends on its package,
//     with its tools as nested services whose data flow follows their
//     effect and whose effect, tier and kinds are properties;
//   - known-vulnerable package findings (HYG-010) are vulnerabilities
//     affecting the package's component;
//   - the serial number is derived from the findings, so the same input
//     gives the same file.

// cdxProp is an Assay property name in the CycloneDX property taxonomy
// style (namespace:name).
func cdxProp(name, value string) cdx.Property {
	return cdx.Property{Name: "assay:" + name, Value: value}
}

func writeCycloneDX(w io.Writer, f *model.Findings) error {
	bom := buildBOM(f)
	var buf bytes.Buffer
	enc := cdx.NewBOMEncoder(&buf, cdx.BOMFileFormatJSON)
	enc.SetPretty(true)
	enc.SetEscapeHTML(false)
	if err := enc.EncodeVersion(bom, cdx.SpecVersion1_6); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func buildBOM(f *model.Findings) *cdx.BOM {
	bom := cdx.NewBOM()
	bom.SerialNumber = serialNumber(f)
	bom.Version = 1
	tool := cdx.Component{Type: cdx.ComponentTypeApplication, Name: f.Generator.Name, Version: f.Generator.Version}
	if tool.Name == "" {
		tool.Name = "assay"
	}
	meta := &cdx.Metadata{Tools: &cdx.ToolsChoice{Components: &[]cdx.Component{tool}}}
	props := []cdx.Property{cdxProp("kind", "mcp-inventory")}
	if f.Generator.Ruleset != "" {
		props = append(props, cdxProp("ruleset", f.Generator.Ruleset))
	}
	meta.Properties = &props
	bom.Metadata = meta

	comps := map[string]*cdx.Component{}
	var compOrder []string
	var services []cdx.Service
	var deps []cdx.Dependency
	pkgRef := map[string]string{} // server identity → component bom-ref
	for i := range f.Servers {
		s := &f.Servers[i]
		svc := serverService(s)
		if c := packageComponent(s); c != nil {
			if existing, ok := comps[c.BOMRef]; ok {
				mergeHashes(existing, c)
			} else {
				comps[c.BOMRef] = c
				compOrder = append(compOrder, c.BOMRef)
			}
			pkgRef[s.Identity] = c.BOMRef
			deps = append(deps, cdx.Dependency{Ref: svc.BOMRef, Dependencies: &[]string{c.BOMRef}})
		}
		services = append(services, svc)
	}
	sort.Strings(compOrder)
	var components []cdx.Component
	for _, ref := range compOrder {
		components = append(components, *comps[ref])
	}
	if len(components) > 0 {
		bom.Components = &components
	}
	if len(services) > 0 {
		bom.Services = &services
	}
	if len(deps) > 0 {
		for _, ref := range compOrder {
			deps = append(deps, cdx.Dependency{Ref: ref})
		}
		bom.Dependencies = &deps
	}
	if vulns := vulnerabilities(f, pkgRef); len(vulns) > 0 {
		bom.Vulnerabilities = &vulns
	}
	return bom
}

// serialNumber is a UUID (RFC 9562 version 8, custom) derived from the
// findings' document hash, or from their JSON when unsealed.
func serialNumber(f *model.Findings) string {
	seed := f.Hashes["document"]
	if seed == "" {
		b, _ := model.Marshal(f)
		seed = string(b)
	}
	h := sha256.Sum256([]byte("assay-cyclonedx\x00" + seed))
	h[6] = h[6]&0x0f | 0x80
	h[8] = h[8]&0x3f | 0x80
	x := hex.EncodeToString(h[:16])
	return "urn:uuid:" + x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}

// flowOf maps a tool's effect to the direction data moves between the
// agent and the tool.
func flowOf(effect string) cdx.DataFlow {
	switch effect {
	case model.EffectRead:
		return cdx.DataFlowInbound
	case model.EffectWrite, model.EffectIrreversible:
		return cdx.DataFlowOutbound
	case model.EffectExternal:
		return cdx.DataFlowBidirectional
	}
	return cdx.DataFlowUnknown
}

func serverService(s *model.ServerReport) cdx.Service {
	svc := cdx.Service{BOMRef: "server:" + s.Identity, Name: s.Name, Version: s.Version}
	if s.Implementation != "" && s.Implementation != s.Name {
		svc.Description = "implementation " + s.Implementation
	}
	props := []cdx.Property{cdxProp("transport", s.Transport), cdxProp("source", s.Source)}
	if s.Endpoint != "" {
		props = append(props, cdxProp("endpoint", s.Endpoint))
	}
	if c := s.Config; c != nil {
		if c.File != "" {
			props = append(props, cdxProp("config.file", c.File))
		}
		props = append(props, cdxProp("config.client", c.Client), cdxProp("config.scope", c.Scope))
		if c.Auth != "" {
			props = append(props, cdxProp("auth", c.Auth))
		}
		if c.URLHost != "" {
			scheme := "https://"
			for _, fc := range c.Facts {
				if fc.Kind == model.FactPlainHTTP {
					scheme = "http://"
				}
			}
			svc.Endpoints = &[]string{scheme + c.URLHost}
			auth := c.Auth != "" && c.Auth != "none"
			trust := true
			svc.Authenticated, svc.CrossesTrustBoundary = &auth, &trust
		}
	}
	svc.Properties = &props
	var tools []cdx.Service
	for _, t := range s.Tools {
		ts := cdx.Service{BOMRef: "tool:" + s.Identity + "/" + t.Name, Name: t.Name}
		kinds := "none"
		if len(t.Kinds) > 0 {
			kinds = strings.Join(t.Kinds, ",")
		}
		ts.Data = &[]cdx.DataClassification{{Flow: flowOf(t.Effect), Classification: t.Effect}}
		tp := []cdx.Property{cdxProp("effect", t.Effect), cdxProp("tier", t.Tier), cdxProp("kinds", kinds), cdxProp("tokens", strconv.Itoa(t.Tokens))}
		if t.Router {
			tp = append(tp, cdxProp("router", "true"))
		}
		ts.Properties = &tp
		tools = append(tools, ts)
	}
	if len(tools) > 0 {
		svc.Services = &tools
	}
	return svc
}

// packageComponent is the component of the package a server starts from.
func packageComponent(s *model.ServerReport) *cdx.Component {
	if s.Config == nil || s.Config.Package == nil || s.Config.Package.Source != "registry" {
		return nil
	}
	p := s.Config.Package
	version := ""
	if p.Pinned {
		version = strings.TrimPrefix(p.Version, "v")
	} else if len(p.Installed) > 0 {
		version = p.Installed[0].Version
	}
	purl := PackageURL(p.Ecosystem, p.Name, version)
	if purl == "" {
		return nil
	}
	c := &cdx.Component{BOMRef: purl, Type: cdx.ComponentTypeApplication, Name: p.Name, Version: version, PackageURL: purl}
	if p.Ecosystem == "docker" {
		c.Type = cdx.ComponentTypeContainer
	}
	if scope, name, ok := strings.Cut(p.Name, "/"); ok && strings.HasPrefix(scope, "@") {
		c.Group, c.Name = scope, name
	}
	props := []cdx.Property{cdxProp("pinned", strconv.FormatBool(p.Pinned))}
	if p.Version != "" {
		props = append(props, cdxProp("versionSpec", p.Version))
	}
	for _, in := range p.Installed {
		props = append(props, cdxProp("installed", in.Version+" ("+in.Where+")"))
		if h, ok := sriHash(in.Integrity); ok && in.Version == version {
			c.Hashes = appendHash(c.Hashes, h)
		}
	}
	if d, ok := strings.CutPrefix(p.Version, "sha256:"); ok && isHex(d, 64) {
		c.Hashes = appendHash(c.Hashes, cdx.Hash{Algorithm: cdx.HashAlgoSHA256, Value: d})
	}
	c.Properties = &props
	return c
}

func appendHash(hs *[]cdx.Hash, h cdx.Hash) *[]cdx.Hash {
	if hs == nil {
		return &[]cdx.Hash{h}
	}
	for _, x := range *hs {
		if x == h {
			return hs
		}
	}
	out := append(*hs, h)
	return &out
}

func mergeHashes(dst, src *cdx.Component) {
	if src.Hashes == nil {
		return
	}
	for _, h := range *src.Hashes {
		dst.Hashes = appendHash(dst.Hashes, h)
	}
}

// sriHash turns a Subresource Integrity string ("sha512-BASE64") into a
// CycloneDX hash (hex).
func sriHash(sri string) (cdx.Hash, bool) {
	alg, b64, ok := strings.Cut(sri, "-")
	if !ok {
		return cdx.Hash{}, false
	}
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return cdx.Hash{}, false
	}
	switch {
	case alg == "sha512" && len(raw) == 64:
		return cdx.Hash{Algorithm: cdx.HashAlgoSHA512, Value: hex.EncodeToString(raw)}, true
	case alg == "sha384" && len(raw) == 48:
		return cdx.Hash{Algorithm: cdx.HashAlgoSHA384, Value: hex.EncodeToString(raw)}, true
	case alg == "sha256" && len(raw) == 32:
		return cdx.Hash{Algorithm: cdx.HashAlgoSHA256, Value: hex.EncodeToString(raw)}, true
	}
	return cdx.Hash{}, false
}

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// PackageURL builds a purl (https://github.com/package-url/purl-spec)
// for an npm, PyPI or Docker package; "" when the name does not fit.
//
// npm: "pkg:npm/%40scope/name@1.2.3" (the scope is the namespace, its @
// percent-encoded); pypi: names lower-cased with "_" as "-"; docker:
// "pkg:docker/namespace/name@tag" with a registry host moved to the
// repository_url qualifier.
func PackageURL(ecosystem, name, version string) string {
	if name == "" || strings.ContainsAny(name, " \t\n") || strings.Contains(name, "…") {
		return ""
	}
	// Segments are percent-encoded, "@" too: it separates the version.
	seg := func(s string) string { return strings.ReplaceAll(url.PathEscape(s), "@", "%40") }
	var typ, path, qual string
	switch ecosystem {
	case "npm":
		typ = "npm"
		if scope, bare, ok := strings.Cut(name, "/"); ok && strings.HasPrefix(scope, "@") {
			path = seg(scope) + "/" + seg(bare)
		} else if strings.Contains(name, "/") {
			return ""
		} else {
			path = seg(name)
		}
	case "pypi":
		typ = "pypi"
		path = seg(strings.ReplaceAll(strings.ToLower(name), "_", "-"))
	case "docker":
		typ = "docker"
		parts := strings.Split(name, "/")
		if len(parts) > 1 && (strings.ContainsAny(parts[0], ".:") || parts[0] == "localhost") {
			qual = "?repository_url=" + url.QueryEscape(parts[0])
			parts = parts[1:]
		}
		for i := range parts {
			parts[i] = seg(strings.ToLower(parts[i]))
		}
		path = strings.Join(parts, "/")
	default:
		return ""
	}
	out := "pkg:" + typ + "/" + path
	if version != "" {
		out += "@" + strings.ReplaceAll(seg(version), ":", "%3A")
	}
	return out + qual
}

// vulnerabilities turns advisory findings into CycloneDX vulnerabilities,
// one per advisory, affecting every component it matched.
func vulnerabilities(f *model.Findings, pkgRef map[string]string) []cdx.Vulnerability {
	byID := map[string]*cdx.Vulnerability{}
	var order []string
	for _, fd := range f.Findings {
		a := fd.Advisory
		if a == nil || fd.Suppressed != "" {
			continue
		}
		ref := pkgRef[fd.Server]
		if ref == "" {
			ref = PackageURL(map[string]string{"npm": "npm", "PyPI": "pypi", "Docker": "docker"}[a.Ecosystem], a.Package, a.Version)
		}
		v, ok := byID[a.ID]
		if !ok {
			v = &cdx.Vulnerability{BOMRef: "vuln:" + a.ID, ID: a.ID, Description: a.Summary}
			v.Source = &cdx.Source{Name: advisorySource(a.ID), URL: a.URL}
			var refs []cdx.VulnerabilityReference
			for _, al := range a.Aliases {
				refs = append(refs, cdx.VulnerabilityReference{ID: al, Source: &cdx.Source{Name: advisorySource(al)}})
			}
			if len(refs) > 0 {
				v.References = &refs
			}
			v.Ratings = &[]cdx.VulnerabilityRating{{Severity: cdxSeverity(fd.Severity), Method: cdx.ScoringMethodOther, Source: &cdx.Source{Name: "assay"}}}
			if a.Fixed != "" {
				v.Recommendation = "Upgrade " + a.Package + " to " + a.Fixed + " or later."
			}
			if a.URL != "" {
				v.Advisories = &[]cdx.Advisory{{URL: a.URL}}
			}
			props := []cdx.Property{cdxProp("rule", fd.ID)}
			if o := catalog.OWASP(fd.ID); o != "" {
				props = append(props, cdxProp("owasp-mcp", o))
			}
			v.Properties = &props
			byID[a.ID] = v
			order = append(order, a.ID)
		}
		if ref == "" {
			continue
		}
		aff := cdx.Affects{Ref: ref, Range: &[]cdx.AffectedVersions{{Version: a.Version, Status: cdx.VulnerabilityStatusAffected}}}
		if v.Affects == nil {
			v.Affects = &[]cdx.Affects{}
		}
		dup := false
		for _, x := range *v.Affects {
			if x.Ref == ref {
				dup = true
			}
		}
		if !dup {
			*v.Affects = append(*v.Affects, aff)
		}
	}
	sort.Strings(order)
	out := make([]cdx.Vulnerability, 0, len(order))
	for _, id := range order {
		out = append(out, *byID[id])
	}
	return out
}

func advisorySource(id string) string {
	switch {
	case strings.HasPrefix(id, "GHSA-"):
		return "GitHub Advisory Database"
	case strings.HasPrefix(id, "CVE-"):
		return "NVD"
	case strings.HasPrefix(id, "PYSEC-"):
		return "PyPI Advisory Database"
	}
	return "OSV"
}

func cdxSeverity(sev string) cdx.Severity {
	switch sev {
	case model.SevCritical:
		return cdx.SeverityCritical
	case model.SevHigh:
		return cdx.SeverityHigh
	case model.SevMedium:
		return cdx.SeverityMedium
	case model.SevLow:
		return cdx.SeverityLow
	case model.SevInfo:
		return cdx.SeverityInfo
	}
	return cdx.SeverityUnknown
}
