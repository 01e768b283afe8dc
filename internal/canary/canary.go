// Package canary holds the argument shapes the leak tests of collection
// (collectkit's consent/plan/bundle test, internal/outputsafety's matrix
// over every output) put in front of Assay: each carries CANARY and its
// number, and no output may ever show it.
package canary

// ArgShapes returns the argument shapes: flags with secret values,
// KEY=VALUE pairs, e-mail addresses, URLs with credentials or queries,
// headers, script strings, home and absolute paths.
func ArgShapes() [][]string {
	return [][]string{
		{"-p", "CANARY01"}, {"-k", "CANARY02"}, {"-P", "CANARY03"}, {"--pass", "CANARY04"},
		{"--password=CANARY05"}, {"--env=API_KEY=CANARY06"}, {"--env", "API_KEY=CANARY07"},
		{"API_KEY=CANARY08"}, {"-e", "TOKEN=CANARY09"}, {"ops@canary10.example.com"},
		{"--user=canary11@example.org"}, {"--token", "CANARY12"}, {"--api-key=CANARY13"},
		{"-u", "admin:CANARY14"}, {"https://user:CANARY15@host.example/x"},
		{"https://host.example/x?key=CANARY16"}, {"--header", "X-Api-Key: CANARY17"},
		{"-H", "Authorization: Bearer CANARY18"}, {"--db", "postgres://u:CANARY19@db/x"},
		{"--secret", "CANARY20"}, {"--client-secret=CANARY21"}, {"--auth", "CANARY22"},
		{"--key", "CANARY23"}, {"--cred", "CANARY24"}, {"--account", "CANARY25"},
		{"--license", "CANARY26"}, {"--connection-string", "CANARY27"}, {"--dsn=CANARY28"},
		{"--sign-key", "CANARY29"}, {"--session", "CANARY30"}, {"/srv/CANARY31/server.js"},
		{"bash -c 'export TOKEN=CANARY32; run'"}, {"--workspace-id", "CANARY33"},
		{"DATABASE_URL=postgres://CANARY34@db"}, {"--tenant=CANARY35"},
		{"~/clients/CANARY36/data"}, {"/home/alice/CANARY37/notes.md"},
	}
}
