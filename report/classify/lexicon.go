package classify

import (
	"sort"

	"github.com/assay-mcp/assay/report/model"
)

// Built-in categories of name words. A rules file may add words to any of
// them (keywords) or add new categories of its own.
const (
	// Verbs: the first verb word in a tool name decides its action.
	CatRead        = "read"        // get, list, search: reads inside the server's domain (R1)
	CatWrite       = "write"       // create, update, move: mutates reversibly (R3)
	CatDestructive = "destructive" // delete, purge, kill: loses data or state (R5)
	CatEgress      = "egress"      // send, publish, deploy: data leaves to others (R4)
	CatPayment     = "payment"     // refund, charge, payout: moves money (R5)
	CatBrowser     = "browser"     // click, type, fill: acts on a third-party page (R4)
	CatAction      = "action"      // run, execute, call: does something unnamed (R3)
	CatCodeVerb    = "code_verb"   // eval, evaluate, shell: runs code by itself (R5)
	CatCredVerb    = "cred_verb"   // rotate, revoke: R5 with a credential noun
	// Nouns: qualify what a reading or acting tool touches.
	CatSensitive = "sensitive" // files, env, secrets, mail, people: private data (R2)
	CatUntrusted = "untrusted" // web, issues, comments, messages: third-party text
	CatCode      = "code"      // code, script, command, sql: with a run verb, code execution
	CatComm      = "comm"      // message, email, sms: with post/push, a send
	CatCred      = "credential"
)

// builtinWords is the default lexicon. Words are lower-case base forms;
// [stems] maps inflected forms onto them.
var builtinWords = map[string][]string{
	CatRead: {"get", "list", "read", "search", "find", "fetch", "query", "show", "describe", "view",
		"inspect", "check", "lookup", "count", "retrieve", "browse", "explain", "analyze", "analyse",
		"validate", "lint", "resolve", "download", "export", "print", "echo", "calculate", "compute",
		"convert", "parse", "summarize", "summarise", "preview", "diff", "compare", "monitor", "debug",
		"whoami", "ping", "estimate", "recommend", "suggest", "discover", "open", "wait", "take",
		"render", "format", "sample", "test", "verify", "audit", "scan", "identify", "status",
		"info", "details", "load", "generate", "extract", "translate", "geocode", "regeocode",
		"hover", "snapshot", "screenshot", "explore", "sum", "measure", "review", "poll", "select",
		"tail", "watch_logs", "learn", "research", "investigate", "understand", "think", "reason",
		"plan", "help", "docs", "documentation", "return", "provide", "display", "obtain",
		"logs", "messages", "metrics", "stats", "statistics", "overview", "summary"},
	CatWrite: {"create", "update", "set", "put", "add", "insert", "upsert", "edit", "modify", "append",
		"write", "patch", "save", "rename", "move", "assign", "unassign", "attach", "link", "unlink",
		"apply", "sync", "merge", "fork", "commit", "push", "checkout", "install", "upgrade",
		"enable", "disable", "toggle", "start", "stop", "restart", "scale", "rollout", "mark",
		"label", "archive", "unarchive", "restore", "import", "copy", "clone", "configure",
		"register", "subscribe", "unsubscribe", "follow", "unfollow", "watch", "unwatch", "mute",
		"unmute", "schedule", "reschedule", "provision", "begin", "close", "reopen", "resize",
		"emulate", "reconnect", "connect", "disconnect", "approve", "reject", "lock", "unlock",
		"block", "unblock", "pin", "unpin", "star", "unstar", "react", "vote", "claim",
		"complete", "resolve_issue", "reorder", "position", "promote", "demote", "cancel", "abort",
		"pause", "resume", "suspend", "unpublish", "rebase", "tag", "duplicate", "transition",
		"allocate", "increment", "decrement", "store", "record", "remember",
		"manage", "change", "replace", "convert_to", "fill_in", "mutate", "alter",
		"activate", "deactivate", "retry", "rerun", "redeploy", "maintain", "optimize", "vacuum",
		"reindex", "refresh", "reload", "replay", "upload_to", "drag", "drop_item", "rollback",
		"setup", "initialize", "init", "end", "finish", "give", "bootstrap", "seed", "migrate", "deploy_config", "maintenance"},
	CatDestructive: {"delete", "remove", "drop", "purge", "destroy", "truncate", "wipe", "erase",
		"kill", "terminate", "uninstall", "reset", "clear", "cleanup", "prune", "evict", "flush",
		"nuke", "shred", "overwrite", "void", "discard", "detach", "deprovision", "decommission"},
	CatEgress: {"send", "email", "mail", "publish", "notify", "broadcast", "share", "invite",
		"forward", "reply", "tweet", "sms", "dispatch", "deploy", "upload", "navigate", "goto",
		"go_back", "go_forward", "message", "post_message", "announce", "release", "fax", "call_phone",
		"transmit", "exfiltrate", "export_to", "mirror"},
	CatPayment: {"pay", "charge", "refund", "payout", "transfer", "finalize", "withdraw",
		"purchase", "buy", "donate"},
	CatBrowser: {"click", "type", "fill", "press", "drag", "drop", "submit", "handle", "select", "check_box",
		"dblclick", "tap", "swipe", "keypress"},
	CatAction: {"run", "execute", "exec", "call", "invoke", "trigger", "perform", "process",
		"dispatch_action", "fire", "launch", "spawn", "interact"},
	CatCodeVerb: {"eval", "evaluate", "shell", "sh", "bash", "psql", "repl", "interpret"},
	CatCredVerb: {"rotate", "revoke", "regenerate", "reissue"},
	CatSensitive: {"file", "files", "env", "environment", "secret", "secrets", "credential",
		"credentials", "password", "passwords", "token", "tokens", "apikey", "ssh", "cookie",
		"cookies", "mail", "email", "emails", "inbox", "calendar", "contact", "contacts",
		"message", "messages", "dm", "chat", "history", "conversation", "conversations",
		"profile", "profiles", "user", "users", "member", "members", "people", "person",
		"employee", "employees", "customer", "customers", "pii", "config", "configuration",
		"database", "db", "table", "tables", "sql", "source", "code", "logs", "log", "keychain",
		"vault", "wallet", "balance", "payment", "payments", "transaction", "transactions",
		"invoice", "invoices", "identity", "identities", "session", "sessions", "clipboard",
		"process", "processes", "output", "pdf", "document", "documents", "kv", "object",
		"objects", "record", "records", "row", "rows", "insight", "insights"},
	CatUntrusted: {"web", "url", "html", "page", "pages", "website", "site", "snapshot",
		"screenshot", "console", "network", "request", "requests", "browser", "tab", "tabs",
		"scrape", "crawl", "browse", "issue", "issues", "comment", "comments", "message",
		"messages", "mail", "email", "emails", "inbox", "thread", "threads", "reply", "replies",
		"post", "posts", "subreddit", "reddit", "tweet", "tweets", "review", "reviews", "ticket",
		"tickets", "feedback", "pull_request", "merge_request", "chat", "history",
		"markdown", "engine", "internet", "news", "feed", "rss", "listing", "listings",
		"visible", "dialog", "actor", "dataset", "event", "events", "replay", "attachment",
		"attachments", "output", "search_engine", "place", "places", "discussion", "wiki"},
	CatCode: {"code", "script", "scripts", "command", "commands", "cmd", "shell", "sql", "js",
		"javascript", "python", "bash", "query_sql", "snippet", "expression", "program",
		"function", "lambda", "psql", "mutation", "statement", "statements", "graphql",
		"process", "terminal", "repl"},
	CatComm: {"message", "messages", "msg", "email", "mail", "sms", "notification",
		"notifications", "tweet", "reply", "chat", "text", "status", "comment", "announcement",
		"broadcast", "dm", "letter", "newsletter", "alert", "invite", "invitation"},
	CatCred: {"credential", "credentials", "api_key", "apikey", "key", "keys", "secret",
		"secrets", "password", "token", "tokens", "access_key", "certificate", "cert", "dsn"},
}

// verbCats are the categories a tool name's action comes from, in the
// order a word found in two of them is resolved (strongest first).
// Browser verbs are not here: they count only in a browser context or when
// no other category claims the word (see nameSignals).
var verbCats = []string{CatCodeVerb, CatPayment, CatDestructive, CatEgress, CatCredVerb, CatWrite, CatAction, CatRead}

// nounVerbs are words that are verbs only in their base form with an
// object after them ("email_user", "message_channel"); elsewhere
// ("browser_console_messages", "get_text") they are nouns.
var nounVerbs = map[string]bool{"message": true, "text": true, "email": true, "mail": true, "tweet": true,
	"sms": true, "record": true, "store": true, "tag": true, "label": true, "link": true, "release": true,
	"mirror": true, "block": true, "position": true, "transition": true, "process": true, "order": true,
	"share": true, "webhook": true, "fax": true, "complete": true, "duplicate": true, "use": true, "lock": true}

// lexicon is the compiled word index, built-ins plus a rules file.
type lexicon struct {
	words  map[string]map[string]bool // category -> word set
	extra  []Category                 // user categories, in file order
	byWord map[string][]int           // word -> indexes into extra
}

func newLexicon(o *Options) *lexicon {
	lx := &lexicon{words: map[string]map[string]bool{}, byWord: map[string][]int{}}
	for c, ws := range builtinWords {
		lx.words[c] = map[string]bool{}
		for _, w := range ws {
			lx.words[c][w] = true
		}
	}
	if o == nil {
		return lx
	}
	cats := make([]string, 0, len(o.Keywords))
	for c := range o.Keywords {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	for _, c := range cats {
		if lx.words[c] == nil {
			lx.words[c] = map[string]bool{}
		}
		for _, w := range o.Keywords[c] {
			for _, t := range Tokens(w) {
				lx.words[c][t] = true
			}
		}
	}
	for i, c := range o.Categories {
		lx.extra = append(lx.extra, c)
		for _, w := range c.Words {
			for _, t := range Tokens(w) {
				lx.byWord[t] = append(lx.byWord[t], i)
			}
		}
	}
	return lx
}

// has reports whether token t (or one of its base forms) is in category c,
// returning the matching form.
func (lx *lexicon) has(c, t string) (string, bool) {
	set := lx.words[c]
	for _, s := range stems(t) {
		if set[s] {
			return s, true
		}
	}
	return "", false
}

// verbOf returns the category of t among verb categories, or "".
func (lx *lexicon) verbOf(t string) (string, string) {
	return lx.verbAt(t, true)
}

// verbAt is verbOf for a word that may (object) or may not have an object
// after it: noun-verbs count only in base form with an object.
func (lx *lexicon) verbAt(t string, object bool) (string, string) {
	if nounVerbs[t] && !object {
		return "", ""
	}
	for _, c := range verbCats {
		if w, ok := lx.has(c, t); ok {
			if nounVerbs[w] && w != t {
				continue // an inflected noun-verb ("messages") is a noun
			}
			return c, w
		}
	}
	return "", ""
}

// KnownCategories lists the built-in category names a rules file may add
// keywords to.
func KnownCategories() []string {
	out := make([]string, 0, len(builtinWords))
	for c := range builtinWords {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// verbClass is the tier and kinds a verb category raises a tool to when
// it is the action (of a name, an operation enum value or a description).
func verbClass(c string) (int, []string) {
	switch c {
	case CatRead:
		return 0, nil
	case CatWrite, CatAction, CatCredVerb:
		return 3, []string{model.KindWrite}
	case CatEgress, CatBrowser:
		return 4, []string{model.KindEgress}
	case CatDestructive:
		return 5, []string{model.KindDestructive}
	case CatPayment:
		return 5, []string{model.KindWrite}
	case CatCodeVerb:
		return 5, codeKinds(true)
	}
	return 0, nil
}
