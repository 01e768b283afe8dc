package classify

// scopeCases are the samples of the scope rules (scopes.go) of round 4 of issue 16
// (docs/classification.md, "Round 4"). Every sample is written for its
// rule; none is a benchmark tool's text.
var scopeCases = []ruleCase{
	// Statements limited to reading run code that cannot destroy.
	{rule: "reading-statements", name: "a read-only statement runner runs code, destroys nothing", tool: `{"name":"run_report_sql","description":"Runs one read-only SQL statement on the warehouse and returns the rows.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"code_exec"}, hasNot: []string{"destructive", "write"}},
	{rule: "reading-statements", name: "a SELECT query runner", tool: `{"name":"select_rows","description":"Execute a SELECT query on the orders database.","inputSchema":{"type":"object","properties":{"query":{"type":"string","description":"SQL to run"}}}}`,
		has: []string{"code_exec"}, hasNot: []string{"destructive"}},
	{rule: "reading-statements", name: "an unrestricted SQL runner can destroy", tool: `{"name":"run_sql","description":"Runs any SQL statement on the warehouse.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}`,
		has: []string{"code_exec", "destructive"}},
	{rule: "reading-statements", name: "a runner that also takes UPDATE can destroy", tool: `{"name":"run_sql","description":"Runs SELECT statements, or UPDATE when writes are enabled.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}`,
		has: []string{"code_exec", "destructive"}},
	{rule: "reading-statements", name: "selecting an option is not a statement", tool: `{"name":"run_sql","description":"Select a connection, then run SQL on it.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}`,
		has: []string{"destructive"}},

	{rule: "reading-statements", name: "a shell command claimed read-only keeps destruction", tool: `{"name":"run_cmd","description":"Run a shell command. This tool is read-only.","inputSchema":{"type":"object","properties":{"cmd":{"type":"string"}}}}`,
		has: []string{"code_exec", "destructive"}},

	// A browser's "evaluate" operation runs in the page.
	{rule: "page-evaluate-op", name: "evaluate among a browser tool's operations", tool: `{"name":"browser_tab_ops","description":"Tab operations for the open browser.","inputSchema":{"type":"object","properties":{"op":{"type":"string","enum":["list","evaluate","close"]},"js":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"code_exec"}, hasNot: []string{"destructive"}},
	{rule: "page-evaluate-op", name: "evaluate outside a browser stays host code", tool: `{"name":"notebook_ops","description":"Notebook operations.","inputSchema":{"type":"object","properties":{"op":{"type":"string","enum":["list","evaluate"]},"cell":{"type":"string"}}}}`,
		has: []string{"code_exec", "destructive"}},

	// A host given a login is where the credentials go.
	{rule: "host-login", name: "connecting to a chosen host with a password sends it there",
		tool:   `{"name":"connect_machine","description":"Connects a shell session to the machine.","inputSchema":{"type":"object","properties":{"host":{"type":"string"},"username":{"type":"string"},"password":{"type":"string"}}}}`,
		effect: "external", has: []string{"egress"}},
	{rule: "host-login", name: "a host with no login is only where a local service listens", tool: `{"name":"attach_inspector","description":"Attaches the inspector.","inputSchema":{"type":"object","properties":{"host":{"type":"string"},"port":{"type":"number"}}}}`,
		hasNot: []string{"egress"}},
	{rule: "host-login", name: "a host a reading tool inspects is the key of what it reads", tool: `{"name":"inspect_schema","description":"Shows the tables of the database.","inputSchema":{"type":"object","properties":{"host":{"type":"string"},"user":{"type":"string"},"password":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"egress"}},
	{rule: "host-login", name: "a host chosen from a list is not any host", tool: `{"name":"open_session","inputSchema":{"type":"object","properties":{"host":{"type":"string","enum":["staging","prod"]},"password":{"type":"string"}}}}`,
		hasNot: []string{"egress"}},

	// A URL that filters or is expected selects, it is not requested.
	{rule: "url-selector", name: "a URL substring to filter captured requests",
		tool:   `{"name":"list_captured_requests","description":"Lists the requests the proxy recorded.","inputSchema":{"type":"object","properties":{"url":{"type":"string","description":"Keep only requests whose URL has this substring"}}}}`,
		effect: "read", hasNot: []string{"egress"}},
	{rule: "url-selector", name: "a URL filter by name", tool: `{"name":"list_captured_requests","inputSchema":{"type":"object","properties":{"filter_url":{"type":"string"}}}}`,
		hasNot: []string{"egress"}},
	{rule: "url-selector", name: "a URL to load is requested", tool: `{"name":"load_page_text","description":"Loads a page and returns its text.","inputSchema":{"type":"object","properties":{"url":{"type":"string","description":"Page to load"}}}}`,
		effect: "external", has: []string{"egress"}},

	// An unknown imperative with an object acts on it.
	{rule: "unknown-imperative", name: "an unknown verb before an article writes", tool: `{"name":"jot","description":"Jot a thought into the journal.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}`,
		has: []string{"write"}},
	{rule: "unknown-imperative", name: "an unknown verb before its object writes", tool: `{"name":"memo_pin","description":"Enshrine the given memo as a standing rule.","inputSchema":{"type":"object","properties":{"memo":{"type":"string"}}}}`,
		effect: "write", has: []string{"write"}},
	{rule: "unknown-imperative", name: "an adjective and noun say nothing", tool: `{"name":"oracle","description":"Omniscient helper for design questions.","inputSchema":{"type":"object","properties":{"question":{"type":"string"}}}}`,
		effect: "unknown"},
	{rule: "unknown-imperative", name: "a reading verb keeps its read", tool: `{"name":"ledger","description":"Lists the entries of the ledger.","inputSchema":{"type":"object","properties":{"month":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"write"}},

	// A URL whose description names its site is a record of that site.
	{rule: "named-site-url", name: "a listing URL of a named site", tool: `{"name":"get_listing_photos","description":"Photos of one rental listing.","inputSchema":{"type":"object","properties":{"listingUrl":{"type":"string","description":"Staynest.com listing URL"}}}}`,
		effect: "read", hasNot: []string{"egress"}},
	{rule: "named-site-url", name: "an example URL is any URL", tool: `{"name":"get_page_title","description":"Title of a page.","inputSchema":{"type":"object","properties":{"url":{"type":"string","description":"Page URL, e.g. https://staynest.com/rooms"}}}}`,
		effect: "external", has: []string{"egress"}},
	{rule: "named-site-url", name: "a company name is not a site", tool: `{"name":"get_page_title","description":"Title of a page.","inputSchema":{"type":"object","properties":{"url":{"type":"string","description":"URL of the staynest.company page to read"}}}}`,
		has: []string{"egress"}},

	// A caller-chosen program to start is a command.
	{rule: "program-path", name: "an executable path picks what runs", tool: `{"name":"start_renderer","description":"Starts the renderer.","inputSchema":{"type":"object","properties":{"executablePath":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"code_exec"}, hasNot: []string{"destructive"}},
	{rule: "program-path", name: "a path described as the binary", tool: `{"name":"start_renderer","inputSchema":{"type":"object","properties":{"renderer_path":{"type":"string","description":"Path to the renderer binary"}}}}`,
		has: []string{"code_exec"}},
	{rule: "program-path", name: "a binary payload is not a program", tool: `{"name":"store_blob","description":"Stores a blob.","inputSchema":{"type":"object","properties":{"data":{"type":"string","description":"Binary content, base64"}}}}`,
		hasNot: []string{"code_exec"}},
	{rule: "program-path", name: "a program chosen from a list is not the caller's", tool: `{"name":"start_renderer","inputSchema":{"type":"object","properties":{"executable":{"type":"string","enum":["chrome","firefox"]}}}}`,
		hasNot: []string{"code_exec"}},
}
