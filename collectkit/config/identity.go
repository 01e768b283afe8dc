package config

import "strings"

// Identity pairs a server across scans and clients: configured name,
// transport and endpoint (command basename or URL host). Hosts are
// lower-cased; names are kept as written.
func Identity(name, transport, endpoint string) string {
	return name + "@" + transport + ":" + strings.ToLower(endpoint)
}
