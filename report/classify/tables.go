package classify

import (
	"strings"
	"sync"
)

// tables are every word list and lookup map of the classifier. They are
// built on first use, never at package init (a program that never
// classifies pays nothing).
type tables struct {
	builtinWords     map[string][]string
	verbCats         []string
	nounVerbs        map[string]bool
	opNames          map[string]bool
	argNames         map[string]bool
	dispatchWords    map[string]bool
	browserWords     map[string]bool
	browserPageNouns map[string]bool
	startVerbs       map[string]bool
	lifecycle        map[string]bool
	sendVerbs        map[string]bool
	sendNouns        map[string]bool
	urlWords         map[string]bool
	urlFormats       map[string]bool
	commTargets      map[string]bool
	contentNames     map[string]bool
	pathNames        map[string]bool
	destNames        map[string]bool
	codeParams       map[string]bool
	codeLast         map[string]bool
	concurrency      map[string]bool
	forceNow         map[string]bool
	forceLater       map[string]bool
	sensitiveSw      map[string]bool
	opParams         map[string]bool
	compounds        map[[2]string]string
	// leadSkip are the words before a description's main verb.
	leadSkip map[string]bool
	// negations cancel a verb phrase right after them.
	negations map[string]bool
	// objectLead make the verb after them an object noun.
	objectLead map[string]bool
	// Parameter and description semantics.
	queryLangs, fileWords, languages, tokenWords, runWords, codeWords map[string]bool
	// resourceURLs qualify a URL that names a record of the service
	// (siteUrl, videoUrl, repoUrl), not a page the server fetches.
	resourceURLs map[string]bool
	// services name online services a server is a client of; localWords
	// say a server works on the user's own machine.
	services, remoteWords, localWords map[string]bool
	// remoteNames in a server's own name make it an online API's client.
	remoteNames map[string]bool
	// reversibleObjects: removing these only unlinks (a label, a staged
	// file, a git remote, a member): write, not destructive.
	reversibleObjects map[string]bool
	// nounFirst are name words that are nouns as often as verbs
	// ("schedule_changes", "review_summary"): the description decides.
	nounFirst map[string]bool
	// readObjects after run/execute make a read ("run_report").
	readObjects map[string]bool
	// pageVerbs act on a page in a browser: they change its state.
	pageVerbs map[string]bool
	// Sibling names of the schema rules: an edge's "from" beside "to", a
	// message body beside a recipient, a source beside a destination.
	edgeFrom, messageBody, sourceNames map[string]bool
	// resolveObjects: "resolve" one of these closes a work item.
	resolveObjects map[string]bool
	// makeVerbs make something a tool may only return (generatesOnly);
	// noWrite are the verbs a description negates to say it stores
	// nothing.
	makeVerbs, noWrite map[string]bool
	// trialVerbs read by running what they are given (test): their
	// code is run, not analysed.
	trialVerbs map[string]bool
	// outputNames are paths a tool writes a new result to.
	outputNames map[string]bool
	// editVerbs and docParts: an editing tool's erase of a part of its
	// document is an edit.
	editVerbs, docParts map[string]bool
	// sessionState is what a browser session holds for the moment.
	sessionState map[string]bool
	// sshWords name a shell on another host.
	sshWords map[string]bool
	// replaceVerbs on a secretNoun replace a secret (rotation).
	replaceVerbs, secretNouns map[string]bool
	// targetKinds: a "to" described as one of these is what is converted
	// to, not who receives.
	targetKinds map[string]bool
	// infoNouns after a noun-like verb make it a noun ("build_info");
	// nounishVerbs are verbs named as nouns before them.
	infoNouns, nounishVerbs map[string]bool
	// fetchVerbs request the URL they are given.
	fetchVerbs map[string]bool
	// changingStatements name statements that change data: a tool whose
	// description names one runs more than reading statements.
	changingStatements map[string]bool
	// hostNames name a host to connect to; loginNames beside one are the
	// credentials sent to it (the split form of a connection string).
	hostNames, loginNames map[string]bool
	// urlSelectors in a URL parameter's name or description make it a
	// filter or an expected value, not a destination.
	urlSelectors map[string]bool
	// determiners after an unknown first word make it a verb with an
	// object (unknownImperative).
	determiners map[string]bool
	// programWords in a path parameter's name or description make it the
	// program a tool starts (launchesProgram).
	programWords map[string]bool
	// phraseStops are the words a "_" phrase slot does not match.
	phraseStops map[string]bool
	// saveWords: a name with one of these saves its result to a file.
	saveWords map[string]bool
	// reversibleDelete: deleting one of these only unlinks.
	reversibleDelete map[string]bool
	// placeWords folds remoteWords and services (placeRemote) and
	// localWords (placeLocal) into one lookup per word.
	placeWords map[string]uint8
	// placeMin is the length of the shortest place word: a shorter word
	// needs no lookup.
	placeMin int
}

// Bits of tables.placeWords.
const (
	placeRemote uint8 = 1 << iota
	placeLocal
)

// tbl returns the tables, building them once.
var tbl = sync.OnceValue(func() *tables {
	t := buildTables()
	t.placeWords = map[string]uint8{}
	for _, m := range []map[string]bool{t.remoteWords, t.services} {
		for w := range m {
			t.placeWords[w] |= placeRemote
		}
	}
	for w := range t.localWords {
		t.placeWords[w] |= placeLocal
	}
	t.placeMin = minKeyLen(t.placeWords)
	return t
})

func buildTables() *tables {
	return &tables{
		queryLangs: set("sql cypher graphql sparql gremlin n1ql cql psql sqlite mysql postgres postgresql tsql plsql hql"),
		fileWords:  set("file files directory directories folder folders filesystem path paths"),
		languages:  set("javascript js typescript ts python py shell bash sh zsh powershell ruby lua php perl nodejs node deno julia applescript"),
		tokenWords: set("oauth coupon verification verify auth authorization authentication otp 2fa mfa totp promo discount redeem invite invitation " +
			"country currency zip postal airport iata icao region confirmation confirm pairing device grant voucher referral activation redirect client"),
		runWords:     set("run runs running execute executes executed executing exec evaluate evaluates evaluated eval shell terminal kubectl interpreter repl sandbox"),
		codeWords:    set("javascript js python typescript code script scripts shell bash function snippet program"),
		resourceURLs: set("site video youtube repo repository git playlist channel profile property sitemap avatar logo icon"),
		services: set("jira confluence atlassian slack notion linear todoist asana trello clickup monday github gitlab bitbucket google gmail gdrive " +
			" gsc youtube vercel netlify cloudflare aws azure gcp datadog sentry stripe shopify hubspot salesforce zendesk intercom discord telegram " +
			"twitter reddit spotify dropbox figma supabase firebase auth0 okta twilio sendgrid mailchimp metabase grafana pagerduty heroku railway " +
			"digitalocean dokploy replicate openai airtable zapier n8n paypal xero quickbooks wordpress webflow contentful " +
			"mastodon bluesky linkedin facebook instagram whatsapp outlook office365 sharepoint onedrive zoom miro canva mixpanel amplitude posthog " +
			" snowflake bigquery databricks pinecone algolia cloud saas"),
		remoteNames: set("api cloud saas"),
		remoteWords: set("api account accounts workspace workspaces tenant organization organisation cloud saas platform dashboard webhook webhooks"),
		localWords:  set("local filesystem file files directory directories folder path memory browser desktop studio simulator emulator window terminal shell sqlite vault"),
		reversibleObjects: set("label labels tag tags reaction reactions assignee assignees reviewer reviewers member members participant participants collaborator " +
			"collaborators watcher watchers subscriber subscribers favorite favorites favourite bookmark bookmarks star remote remotes staged stage index unstage " +
			"filter filters from relation relations link links dependency dependencies blocker"),
		nounFirst:          set("schedule review record change changes log order report plan process test maintenance status book mark auth"),
		readObjects:        set("report reports query search analysis scan check checks test tests benchmark benchmarks control controls detection detections card lint audit diagnostics diagnostic inspection evaluation"),
		pageVerbs:          set("click type fill press drag drop select hover scroll tap swipe keypress dblclick check_box upload_file focus"),
		edgeFrom:           set("from"),
		messageBody:        set("body message text subject content html"),
		sourceNames:        set("source path from source_path"),
		resolveObjects:     set("task tasks issue issues ticket tickets incident incidents alert alerts thread threads comment comments conflict conflicts"),
		saveWords:          set("screenshot screenshots download export"),
		trialVerbs:         set("test verify simulate debug"),
		outputNames:        set("output_path output_file save_path out_path target_path"),
		editVerbs:          set("edit modify update paint draw set"),
		docParts:           set("cell cells tile tiles pixel pixels point points keyframe keyframes shape shapes stroke strokes selection layer layers"),
		sshWords:           set("ssh sftp"),
		replaceVerbs:       set("update edit change replace set modify"),
		secretNouns:        set("password passwords passphrase secret secrets credential credentials"),
		targetKinds:        set("language languages locale lang currency unit units format timezone"),
		infoNouns:          set("info values details metadata stats statistics summary history"),
		nounishVerbs:       set("build deploy release change"),
		fetchVerbs:         set("fetch scrape crawl download"),
		programWords:       set("executable executables binary exe"),
		determiners:        set("a an the this that these those your my our their its each every all some any new"),
		urlSelectors:       set("filter filters substring expected pattern glob"),
		hostNames:          set("host hostname host_name server_host db_host remote_host target_host"),
		loginNames:         set("password passwd passphrase private_key privatekey username user user_name login"),
		changingStatements: set("insert update delete drop alter truncate create ddl dml merge upsert grant revoke"),
		phraseStops:        set("on in at to for of over against with from into onto and or but then that which by via as"),
		sessionState:       set("cookie cookies log logs console cache caches highlight highlights snapshot snapshots"),
		makeVerbs:          set("make create build generate draft compose design scaffold"),
		noWrite:            set("write writes written writing save saves saved saving persist persists persisted persisting store stores stored storing modify modifies modified"),
		reversibleDelete:   set("remote remotes reaction reactions"),
		leadSkip: set("this the a an tool function endpoint command method helper api mcp is are used that which will can " +
			"lets let you allows allow enables enable helps for to use it simply quickly easily also please"),
		negations:  set("not never nothing no without doesn't don't won't cannot can't isn't nor none neither doesnt dont wont rather instead"),
		objectLead: set("returns return lists list shows show gets get retrieves retrieve fetches fetch displays display views view including includes of about the a an its their with last recent pending"),
		// builtinWords is the default lexicon. Words are lower-case base forms;
		// [stems] maps inflected forms onto them.
		builtinWords: map[string][]string{
			CatRead: {"get", "list", "read", "search", "find", "fetch", "query", "show", "describe", "view",
				"inspect", "check", "lookup", "count", "retrieve", "browse", "explain", "analyze", "analyse",
				"validate", "lint", "resolve", "download", "export", "print", "echo", "calculate", "compute",
				"convert", "parse", "summarize", "summarise", "preview", "diff", "compare", "monitor", "debug",
				"whoami", "ping", "estimate", "recommend", "suggest", "discover", "open", "wait", "take",
				"render", "format", "sample", "test", "verify", "audit", "scan", "identify", "status",
				"info", "details", "load", "generate", "extract", "translate", "geocode", "regeocode",
				"hover", "snapshot", "screenshot", "explore", "sum", "measure", "review", "poll", "select",
				"tail", "see", "observe", "stat", "crawl", "watch_logs", "go_back", "go_forward", "scroll", "detect", "correlate", "forecast", "predict", "rank", "score", "classify", "diagnose", "assess", "trace",
				"track", "ask", "chat", "screen", "simulate", "compile", "rephrase", "grep", "query_docs", "lookup_docs", "dump",
				// Other languages' reading verbs, as descriptions begin with them.
				"récupère", "récupérer", "liste", "lister", "retourne", "renvoie", "obtient", "affiche", "recherche", "cherche", "identifie",
				"obtiene", "obtener", "busca", "devuelve", "consulta", "liefert", "abrufen", "listet", "sucht", "obtém", "retorna", "learn", "research", "investigate", "understand", "think", "reason",
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
				"setup", "initialize", "init", "stash", "pull", "branch", "emit", "switch", "override", "accept", "revert", "rebuild", "split", "unsplit",
				"onboard", "build", "repair", "decline", "skip", "unskip", "confirm", "unconfirm", "opt", "respond", "relist", "join", "protect",
				"hide", "unhide", "style", "make", "redesign", "scaffold", "undo", "redo", "advance", "deprecate", "correct", "endorse", "dispute",
				"contest", "boot", "login", "signin", "authenticate", "auth", "resend", "unread", "exchange", "dismiss", "answer", "book", "reserve", "end", "finish", "give", "bootstrap", "seed", "migrate", "deploy_config", "rewrite", "refactor"},
			CatDestructive: {"delete", "remove", "drop", "purge", "destroy", "truncate", "wipe", "erase",
				"kill", "terminate", "uninstall", "reset", "clear", "cleanup", "prune", "evict", "flush",
				"nuke", "shred", "overwrite", "void", "discard", "detach", "deprovision", "decommission", "clean"},
			CatEgress: {"send", "email", "mail", "publish", "notify", "broadcast", "share", "invite",
				"forward", "reply", "tweet", "sms", "dispatch", "deploy", "upload", "navigate", "goto",
				"message", "post_message", "announce", "release", "fax", "call_phone",
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
		},
		// verbCats are the categories a tool name's action comes from, in the
		// order a word found in two of them is resolved (strongest first).
		// Browser verbs are not here: they count only in a browser context or when
		// no other category claims the word (see nameSignals).
		verbCats: []string{CatCodeVerb, CatPayment, CatDestructive, CatEgress, CatCredVerb, CatWrite, CatAction, CatRead},
		// nounVerbs are words that are verbs only in their base form with an
		// object after them ("email_user", "message_channel"); elsewhere
		// ("browser_console_messages", "get_text") they are nouns.
		nounVerbs: map[string]bool{"message": true, "text": true, "email": true, "mail": true, "tweet": true,
			"sms": true, "record": true, "store": true, "tag": true, "label": true, "link": true, "release": true,
			"mirror": true, "block": true, "position": true, "transition": true, "process": true, "order": true,
			"share": true, "webhook": true, "fax": true, "complete": true, "use": true, "lock": true},
		// opNames are parameters that name an operation a dispatcher performs.
		opNames: map[string]bool{"command": true, "operation": true, "action": true, "method": true, "subcommand": true, "tool": true, "tool_name": true, "op": true, "intent": true, "endpoint": true},
		// argNames are parameters that carry another operation's arguments.
		argNames: map[string]bool{"args": true, "arguments": true, "params": true, "parameters": true, "payload": true, "input": true, "inputs": true},
		// dispatchWords in a name mark a generic runner.
		dispatchWords: map[string]bool{"execute": true, "exec": true, "run": true, "invoke": true, "call": true, "dispatch": true, "perform": true, "generic": true, "proxy": true},
		// browserWords mark a name as acting on a web page, so browser verbs
		// ("drop", "select") win over their other meanings.
		browserWords: map[string]bool{"browser": true, "playwright": true, "puppeteer": true, "selenium": true, "tab": true, "chrome": true, "webdriver": true, "firefox": true},
		// browserPageNouns are what a page shows (console messages, history):
		// third-party content, not the user's private data.
		browserPageNouns: map[string]bool{"message": true, "messages": true, "history": true, "output": true, "log": true, "logs": true, "session": true, "sessions": true, "code": true, "source": true},
		// startVerbs with a code noun start a program: code execution.
		startVerbs: map[string]bool{"start": true, "spawn": true, "launch": true, "interact": true},
		// lifecycle verbs followed by a read verb manage a background read.
		lifecycle: map[string]bool{"start": true, "stop": true, "begin": true, "end": true, "cancel": true, "pause": true, "resume": true},
		// sendVerbs with a communication noun send it: create_notification,
		// push_text_message.
		sendVerbs: map[string]bool{"create": true, "add": true, "push": true, "post": true, "send": true, "write": true, "compose": true},
		// sendNouns are what a send verb sends to other people.
		sendNouns: map[string]bool{"message": true, "messages": true, "msg": true, "email": true, "mail": true, "sms": true, "notification": true, "notifications": true,
			"tweet": true, "dm": true, "invite": true, "invitation": true, "announcement": true, "newsletter": true, "alert": true, "reply": true, "chat": true},
		urlWords:   map[string]bool{"url": true, "urls": true, "uri": true, "uris": true, "href": true, "webhook": true},
		urlFormats: map[string]bool{"uri": true, "url": true, "iri": true, "uri-reference": true, "iri-reference": true},
		commTargets: map[string]bool{"to": true, "cc": true, "bcc": true, "reply_to": true, "recipient": true, "recipients": true, "attendees": true, "webhook_url": true,
			"callback_url": true, "notify_url": true, "slack_channel": true, "channel": true, "phone": true, "phone_number": true, "sms_to": true, "to_email": true,
			"email_to": true, "to_address": true, "to_addresses": true, "to_number": true, "to_phone": true, "to_phone_number": true},
		contentNames: map[string]bool{"content": true, "contents": true, "data": true, "edits": true, "new_content": true, "file_content": true},
		pathNames:    map[string]bool{"path": true, "file": true, "filepath": true, "filename": true},
		destNames:    map[string]bool{"destination": true, "dest": true, "target_path": true, "output_path": true, "to_path": true, "new_path": true, "destination_path": true, "output_file": true, "save_path": true, "out_path": true},
		// codeParams are whole parameter names that carry code; codeLast may
		// also end a longer name ("shell_command", "sql_statement"). "code"
		// alone is too common ("zip_code", "status_code") to end one.
		codeParams: map[string]bool{"code": true, "script": true, "command": true, "cmd": true, "shell": true, "eval": true, "javascript": true, "js": true, "python": true,
			"bash": true, "sql": true, "statement": true, "source_code": true, "js_code": true, "python_code": true, "code_snippet": true, "commands": true},
		codeLast:    map[string]bool{"script": true, "command": true, "cmd": true, "shell": true, "javascript": true, "python": true, "bash": true, "sql": true, "statement": true},
		concurrency: map[string]bool{"etag": true, "if_match": true, "ifmatch": true, "expected_revision": true, "if_unmodified_since": true, "expected_version": true, "sha": true, "old_sha": true, "base_sha": true, "expected_sha": true},
		forceNow:    map[string]bool{"overwrite": true, "permanent": true, "permanently": true, "purge": true, "skip_trash": true, "hard_delete": true, "delete_permanently": true, "no_backup": true},
		forceLater:  map[string]bool{"force": true, "recursive": true, "cascade": true, "hard": true},
		sensitiveSw: map[string]bool{"include_secrets": true, "include_pii": true, "include_credentials": true, "include_contact_details": true, "show_secrets": true, "include_env": true, "reveal_secrets": true, "with_secrets": true, "decrypt": true},
		// opParams name the operation a tool performs; an enum of them lists
		// everything it can do ("mode" and "task" name categories, not operations).
		opParams: map[string]bool{"action": true, "operation": true, "op": true, "command": true, "method": true, "subcommand": true, "verb": true},
		// compounds are two-word nouns whose first word is also a verb; joining
		// them keeps "pull_request_write" from reading as the verb "pull".
		compounds: map[[2]string]string{
			{"pull", "request"}:   "pull_request",
			{"pull", "requests"}:  "pull_request",
			{"merge", "request"}:  "merge_request",
			{"merge", "requests"}: "merge_request",
			{"key", "value"}:      "key_value",
			{"long", "running"}:   "long_running",
			{"dry", "run"}:        "dry_run",
			{"check", "list"}:     "checklist",
			{"look", "up"}:        "lookup",
			{"who", "am"}:         "whoami",
			{"set", "up"}:         "setup",
			{"clean", "up"}:       "cleanup",
			{"sign", "in"}:        "signin",
			{"log", "in"}:         "login",
			{"go", "back"}:        "go_back",
			{"go", "forward"}:     "go_forward",
			{"roll", "back"}:      "rollback",
		},
	}
}

// minKeyLen is the length of m's shortest key (0 for none).
func minKeyLen[V any](m map[string]V) int {
	n := -1
	for k := range m {
		if n < 0 || len(k) < n {
			n = len(k)
		}
	}
	return max(n, 0)
}

// set builds a word set from a space-separated list.
func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
