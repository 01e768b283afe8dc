// Package authposture judges a remote server's authorization posture as
// the collector observed it without credentials (model.AuthPosture) into
// AUTH-005 to AUTH-019 findings. It is pure: it reads only the recorded,
// reduced fields and never fetches anything.
package authposture

import (
	"sort"
	"strconv"
	"strings"

	"github.com/assay-mcp/assay/report/catalog"
	"github.com/assay-mcp/assay/report/model"
	"github.com/assay-mcp/assay/report/numfmt"
)

// Apply appends the posture findings of every server of b.
func Apply(b *model.Bundle, f *model.Findings) {
	if b == nil || f == nil {
		return
	}
	for i := range b.Servers {
		s := &b.Servers[i]
		if s.Auth == nil {
			continue
		}
		judge(s, s.Auth, func(fd model.Finding) {
			fd.Server = s.Identity
			f.Findings = append(f.Findings, fd)
		})
	}
}

type emitter func(model.Finding)

func (e emitter) add(id, element, item, evidence string) {
	fd := catalog.New(id)
	fd.Element = element
	fd.Item = item
	fd.Evidence = evidence
	e(fd)
}

func judge(s *model.Server, p *model.AuthPosture, emit emitter) {
	endpoint := p.Endpoint.String()
	if p.Probe == "open" {
		emit.add("AUTH-005", "auth:endpoint", "open",
			"an unauthenticated initialize to "+endpoint+" was answered HTTP "+strconv.Itoa(p.Status)+"; "+numfmt.Count(len(s.Tools), "tool")+" listed")
		return
	}
	if p.Probe != "challenge" && p.Probe != "denied" {
		return
	}
	prm, servers := split(p.Documents)
	judgeResource(p, prm, emit)
	readable := 0
	for i := range servers {
		d := &servers[i]
		if d.Error == "" {
			readable++
			judgeServer(d, emit)
		} else if d.Error != "not_found" && d.Error != "not_fetched" {
			unreadable(d, emit)
		}
	}
	if readable == 0 {
		emit.add("AUTH-008", "auth:"+model.AuthDocServer, "missing", "no authorization server metadata at "+triedAt(servers))
	}
	for i := range p.Documents {
		urlFindings(&p.Documents[i], emit)
	}
	if sc := scopes(p); len(sc) > 0 {
		emit.add("AUTH-014", "auth:scopes", "scopes", "scopes advertised: "+strings.Join(sc, " "))
	}
}

// split separates the resource metadata (first document of its kind)
// from the authorization server documents.
func split(docs []model.AuthDocument) (*model.AuthDocument, []model.AuthDocument) {
	var prm *model.AuthDocument
	var servers []model.AuthDocument
	for i := range docs {
		if docs[i].Kind == model.AuthDocResource {
			if prm == nil {
				prm = &docs[i]
			}
			continue
		}
		servers = append(servers, docs[i])
	}
	return prm, servers
}

func judgeResource(p *model.AuthPosture, prm *model.AuthDocument, emit emitter) {
	el := "auth:" + model.AuthDocResource
	switch {
	case prm == nil || prm.Error == "not_found" || prm.Error == "not_fetched":
		where := "the well-known URL"
		if prm != nil {
			where = prm.URL.String()
		}
		emit.add("AUTH-006", el, "missing", "the server refused the unauthenticated request (HTTP "+strconv.Itoa(p.Status)+") and no resource metadata was found at "+where)
		return
	case prm.Error != "":
		unreadable(prm, emit)
		return
	}
	if p.Challenge == nil || p.Challenge.ResourceMetadata == nil {
		emit.add("AUTH-007", "auth:challenge", "resource_metadata", "HTTP "+strconv.Itoa(p.Status)+" without a resource_metadata parameter; metadata found only at "+prm.URL.String())
	}
	if prm.Resource == nil || trim(prm.Resource.String()) != trim(p.Endpoint.String()) {
		got := "no resource field"
		if prm.Resource != nil {
			got = "resource " + prm.Resource.String()
		}
		emit.add("AUTH-017", el+"/resource", "resource", prm.URL.String()+" declares "+got+" for the endpoint "+p.Endpoint.String())
	}
	if len(prm.AuthorizationServers) == 0 {
		emit.add("AUTH-018", el+"/authorization_servers", "authorization_servers", prm.URL.String()+" lists no authorization_servers")
	}
}

func judgeServer(d *model.AuthDocument, emit emitter) {
	el := "auth:" + d.Kind
	at := d.URL.String()
	if d.Issuer == nil || d.For == nil || trim(d.Issuer.String()) != trim(d.For.String()) {
		got := "no issuer"
		if d.Issuer != nil {
			got = "issuer " + d.Issuer.String()
		}
		emit.add("AUTH-009", el+"/issuer", at+"|issuer", at+" declares "+got+", fetched for "+d.For.String())
	}
	if d.IssParameterSupported == nil || !*d.IssParameterSupported {
		emit.add("AUTH-010", el+"/authorization_response_iss_parameter_supported", at+"|iss", at+": authorization_response_iss_parameter_supported is "+boolWord(d.IssParameterSupported))
	}
	if !contains(d.CodeChallengeMethods, "S256") {
		got := "absent"
		if len(d.CodeChallengeMethods) > 0 {
			got = strings.Join(d.CodeChallengeMethods, ", ")
		}
		emit.add("AUTH-011", el+"/code_challenge_methods_supported", at+"|pkce", at+": code_challenge_methods_supported is "+got)
	}
	cimd := d.ClientIDMetadataDocs != nil && *d.ClientIDMetadataDocs
	switch reg := d.Endpoint("registration_endpoint"); {
	case reg != nil && !cimd:
		emit.add("AUTH-012", el+"/registration_endpoint", at+"|dcr", at+": registration_endpoint "+reg.String()+"; client_id_metadata_document_supported is "+boolWord(d.ClientIDMetadataDocs))
	case reg == nil && !cimd:
		emit.add("AUTH-013", el+"/registration_endpoint", at+"|noreg", at+": no registration_endpoint and client_id_metadata_document_supported is "+boolWord(d.ClientIDMetadataDocs))
	}
}

func unreadable(d *model.AuthDocument, emit emitter) {
	ev := d.URL.String() + ": " + strings.ReplaceAll(d.Error, "_", " ")
	if d.Status != 0 {
		ev += " (HTTP " + strconv.Itoa(d.Status) + ")"
	}
	emit.add("AUTH-019", "auth:"+d.Kind, d.URL.String()+"|unreadable", ev)
}

func triedAt(docs []model.AuthDocument) string {
	if len(docs) == 0 {
		return "any issuer (none listed)"
	}
	var at []string
	for _, d := range docs {
		at = append(at, d.URL.String())
	}
	return strings.Join(at, ", ")
}

// scopes is the sorted union of every advertised scope.
func scopes(p *model.AuthPosture) []string {
	set := map[string]bool{}
	if p.Challenge != nil {
		for _, s := range p.Challenge.Scopes {
			set[s] = true
		}
	}
	for _, d := range p.Documents {
		for _, s := range d.Scopes {
			set[s] = true
		}
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func trim(s string) string { return strings.TrimSuffix(s, "/") }

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func boolWord(b *bool) string {
	switch {
	case b == nil:
		return "absent"
	case *b:
		return "true"
	}
	return "false"
}
