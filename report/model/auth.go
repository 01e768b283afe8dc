package model

// AuthPosture is how a remote server's authorization is set up, observed
// without any credential: the answer to an unauthenticated MCP request,
// its WWW-Authenticate challenge, the Protected Resource Metadata
// (RFC 9728) and the authorization server metadata (RFC 8414 or OpenID
// Connect discovery). Every URL is reduced to scheme, host and path; the
// documents are public, and no token is ever involved.
type AuthPosture struct {
	// Probe is open (the unauthenticated request was answered 2xx),
	// challenge (401/403 with a WWW-Authenticate challenge), denied
	// (401/403 without one), other (any other status) or unreachable.
	Probe string `json:"probe"`
	// Status is the HTTP status of the unauthenticated request.
	Status int `json:"status,omitempty"`
	// Endpoint is the MCP endpoint that was probed, reduced.
	Endpoint *AuthURL `json:"endpoint,omitempty"`
	// Challenge is the first Bearer challenge (or the first challenge).
	Challenge *AuthChallenge `json:"challenge,omitempty"`
	// Documents are the metadata documents fetched, in fetch order.
	Documents []AuthDocument `json:"documents,omitempty"`
}

// AuthChallenge is what a WWW-Authenticate challenge declared.
type AuthChallenge struct {
	Scheme string `json:"scheme"`
	// ResourceMetadata is the resource_metadata parameter (RFC 9728 §5.1).
	ResourceMetadata *AuthURL `json:"resourceMetadata,omitempty"`
	// Scopes are the space-separated values of the scope parameter.
	Scopes []string `json:"scopes,omitempty"`
	// Error is the error parameter (invalid_token, insufficient_scope).
	Error string `json:"error,omitempty"`
}

// AuthURL is a URL reduced to what judging it needs: scheme, host and
// path, never the query or fragment. Metachars lists the shell
// metacharacters found anywhere in the value as served (the
// CVE-2025-6514 pattern: a URL a client passes to a shell to open it).
type AuthURL struct {
	Scheme    string `json:"scheme"`
	Host      string `json:"host,omitempty"`
	Path      string `json:"path,omitempty"`
	Metachars string `json:"metachars,omitempty"`
	// Invalid is true when the value did not parse as a URL at all.
	Invalid bool `json:"invalid,omitempty"`
}

// String is the reduced URL as one string: scheme://host/path.
func (u *AuthURL) String() string {
	if u == nil {
		return ""
	}
	if u.Host == "" {
		return u.Scheme + ":" + u.Path
	}
	return u.Scheme + "://" + u.Host + u.Path
}

// Kinds of [AuthDocument].
const (
	AuthDocResource = "oauth-protected-resource"
	AuthDocServer   = "oauth-authorization-server"
	AuthDocOIDC     = "openid-configuration"
)

// AuthDocument is one metadata document: where it was fetched and the
// allowlisted fields it declared. Absent booleans stay nil: "not
// advertised" and "false" are both recorded as what was served.
type AuthDocument struct {
	Kind string  `json:"kind"`
	URL  AuthURL `json:"url"`
	// Status is the HTTP status; Error names a failure to read it
	// (not_found, bad_json, too_large, redirect_refused, unreachable,
	// not_fetched).
	Status int    `json:"status,omitempty"`
	Error  string `json:"error,omitempty"`
	// For is the issuer or resource this document was fetched for.
	For *AuthURL `json:"for,omitempty"`

	// Protected Resource Metadata.
	Resource             *AuthURL  `json:"resource,omitempty"`
	AuthorizationServers []AuthURL `json:"authorizationServers,omitempty"`
	BearerMethods        []string  `json:"bearerMethods,omitempty"`

	// Authorization server metadata.
	Issuer                *AuthURL `json:"issuer,omitempty"`
	CodeChallengeMethods  []string `json:"codeChallengeMethods,omitempty"`
	GrantTypes            []string `json:"grantTypes,omitempty"`
	ResponseTypes         []string `json:"responseTypes,omitempty"`
	TokenAuthMethods      []string `json:"tokenAuthMethods,omitempty"`
	IssParameterSupported *bool    `json:"issParameterSupported,omitempty"`
	ClientIDMetadataDocs  *bool    `json:"clientIdMetadataDocuments,omitempty"`

	// Scopes is scopes_supported (either kind).
	Scopes []string `json:"scopes,omitempty"`
	// Endpoints are the other URL-valued fields (authorization_endpoint,
	// token_endpoint, registration_endpoint, jwks_uri, ...), by field name.
	Endpoints []AuthEndpoint `json:"endpoints,omitempty"`
}

// AuthEndpoint is one URL-valued metadata field.
type AuthEndpoint struct {
	Field string  `json:"field"`
	URL   AuthURL `json:"url"`
}

// Endpoint returns the URL of the named field, or nil.
func (d *AuthDocument) Endpoint(field string) *AuthURL {
	for i := range d.Endpoints {
		if d.Endpoints[i].Field == field {
			return &d.Endpoints[i].URL
		}
	}
	return nil
}
