package collectkit

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/assay-mcp/assay/collectkit/config"
	"github.com/assay-mcp/assay/collectkit/redact"
	"github.com/assay-mcp/assay/report/model"
)

// Sources are the servers of one collection run: those named with
// --server and those declared in the client configs discovery read. Both
// assay-collect and 'assay scan' build their bundles through it, so the
// two pair live surfaces with configs and scrub messages the same way.
type Sources struct {
	Servers    []Target                // --server, in flag order
	Configured []Target                // enabled config entries
	ids        [][2]string             // identity, endpoint of each configured target
	ConfigOnly []model.Server          // every config entry, surface not collected
	Contexts   []model.Context         // what each client loads
	Errors     []model.CollectionError // unreadable files, malformed entries
	// Settings and Instructions are the agent settings facts and the
	// instruction files and skills discovery read.
	Settings     []model.SettingsFile
	Instructions []model.InstructionFile
	Plan         string // config files read, for --dry-run
	Home         string
	// Getenv resolves references when connecting and names the user to
	// scrub; nil means os.Getenv.
	Getenv func(string) string
	// KeepProjectNames labels project roots by their folder name
	// (config.Options.KeepProjectNames).
	KeepProjectNames bool
	// secrets are the literal launch values (env, headers, secret
	// arguments, URL credentials and queries) scrubbed from every message.
	secrets []string
	connect bool
}

// Discover reads the client configs of this user and the project roots
// (the current directory and --project), or only the named files.
func (s *Sources) Discover(projects, clients, files []string) error {
	getenv := s.getenv()
	home := getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if home == "" {
		return fmt.Errorf("cannot tell the home directory; set HOME")
	}
	s.Home = home
	cwd, _ := os.Getwd()
	inv, err := config.Discover(&config.Options{
		Home: home, Cwd: cwd, Projects: projects, Clients: clients, Files: files, Getenv: getenv,
		KeepProjectNames: s.KeepProjectNames,
	})
	if err != nil {
		return err
	}
	s.Plan = inv.PlanText(false)
	s.Contexts, s.Errors = inv.Contexts, inv.Errors
	s.Settings, s.Instructions = inv.Settings, inv.Instructions
	for _, en := range inv.Servers {
		s.ConfigOnly = append(s.ConfigOnly, model.Server{
			Name: en.Name, Identity: en.Identity, Transport: en.Transport, Endpoint: en.Endpoint,
			Source: "config", Config: en.Config, Tools: []json.RawMessage{},
		})
		if !en.Enabled || en.Launch == nil {
			continue
		}
		s.secrets = append(s.secrets, en.Launch.Secrets()...)
		l := en.Resolve(&config.Options{Getenv: getenv})
		s.secrets = append(s.secrets, l.Secrets()...)
		s.secrets = append(s.secrets, urlSecrets(l.URL)...)
		s.secrets = append(s.secrets, credArgValues(l.Args)...)
		for _, v := range l.Headers {
			s.secrets = append(s.secrets, v)
		}
		s.Configured = append(s.Configured, Target{
			Name: en.Name, Transport: l.Transport, Command: l.Command, Args: l.Args, Env: l.Env,
			URL: l.URL, Headers: l.Headers, Config: en.Config,
		})
		s.ids = append(s.ids, [2]string{en.Identity, en.Endpoint})
	}
	return nil
}

// Targets are the servers to contact: --server ones always, configured
// ones only with --connect.
func (s *Sources) Targets(connect bool) []Target {
	s.connect = connect
	for _, t := range s.Servers {
		for _, v := range t.Env {
			s.secrets = append(s.secrets, v)
		}
		for _, v := range t.Headers {
			s.secrets = append(s.secrets, v)
		}
		s.secrets = append(s.secrets, urlSecrets(t.URL)...)
		s.secrets = append(s.secrets, credArgValues(t.Args)...)
	}
	out := append([]Target(nil), s.Servers...)
	if connect {
		out = append(out, s.Configured...)
	}
	return out
}

// Merge puts the collected surfaces in place of the config-only entries
// of the servers contacted, keeping each configured server's identity so
// its live surface pairs with its config.
func (s *Sources) Merge(got []model.Server) []model.Server {
	explicit := got[:len(s.Servers)]
	live := map[string]model.Server{}
	if s.connect {
		for i, srv := range got[len(s.Servers):] {
			srv.Identity, srv.Endpoint = s.ids[i][0], s.ids[i][1]
			if srv.Config == nil {
				srv.Config = s.Configured[i].Config
			}
			live[srv.Identity] = srv
		}
	}
	out := make([]model.Server, 0, len(s.ConfigOnly)+len(explicit))
	for _, c := range s.ConfigOnly {
		if l, ok := live[c.Identity]; ok {
			out = append(out, l)
			continue
		}
		out = append(out, c)
	}
	return append(out, explicit...)
}

var urlInText = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.\-]*://[^\s"'<>]+`)

// Scrub removes launch secrets, URL paths and queries, the home
// directory and the user name from every collection message.
func (s *Sources) Scrub(servers []model.Server) []model.Server {
	for i := range servers {
		for j := range servers[i].Errors {
			servers[i].Errors[j].Message = s.scrubText(servers[i].Errors[j].Message)
		}
	}
	for i := range s.Errors {
		s.Errors[i].Message = s.scrubText(s.Errors[i].Message)
	}
	return servers
}

func (s *Sources) scrubText(msg string) string {
	msg = redact.Scrub(msg, s.secrets...)
	msg = urlInText.ReplaceAllStringFunc(msg, redact.URLLabel)
	if len(s.Home) > 1 {
		msg = strings.ReplaceAll(msg, s.Home, "~")
	}
	for _, k := range []string{"USER", "USERNAME", "LOGNAME"} {
		if u := s.getenv()(k); len(u) > 2 {
			msg = strings.ReplaceAll(msg, u, "<user>")
		}
	}
	return msg
}

// credArgValues are the values given to credential-named flags
// ("--token X", "--api-key=X"), secret-shaped or not.
func credArgValues(args []string) []string {
	var out []string
	for i, a := range args {
		if name, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(name, "-") && redact.IsCredentialName(name) {
			out = append(out, v)
		}
		if i > 0 && strings.HasPrefix(args[i-1], "-") && !strings.Contains(args[i-1], "=") && redact.IsCredentialName(args[i-1]) {
			out = append(out, a)
		}
	}
	return out
}

// urlSecrets are the userinfo and query values of a URL.
func urlSecrets(raw string) []string {
	if raw == "" {
		return nil
	}
	var out []string
	if i := strings.Index(raw, "://"); i >= 0 {
		rest := raw[i+3:]
		if at := strings.IndexByte(rest, '@'); at >= 0 && at < strings.IndexAny(rest+"/", "/?#") {
			user, pass, _ := strings.Cut(rest[:at], ":")
			out = append(out, user, pass)
		}
	}
	if _, q, ok := strings.Cut(raw, "?"); ok {
		q, _, _ = strings.Cut(q, "#")
		for _, kv := range strings.Split(q, "&") {
			if _, v, ok := strings.Cut(kv, "="); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

func (s *Sources) getenv() func(string) string {
	if s.Getenv != nil {
		return s.Getenv
	}
	return os.Getenv
}
