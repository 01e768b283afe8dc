package classify

// shapeCases are the samples of the shape rules added in round 3 of issue 16
// (docs/classification.md, "Round 3"). Every sample is written for its
// rule; none is a benchmark tool's text.
var shapeCases = []ruleCase{
	// A word every tool of a server begins with is the server's name.
	{rule: "server-prefix", name: "shared prefix before a reading verb is a name", tool: `{"name":"pin_list_boards","description":"Lists the boards of the account.","inputSchema":{"type":"object","properties":{}}}`,
		siblings: []string{`{"name":"pin_get_board","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, `{"name":"pin_set_board_title","inputSchema":{"type":"object","properties":{"id":{"type":"string"},"title":{"type":"string"}}}}`},
		server:   "pin-boards-mcp", effect: "read", hasNot: []string{"write"}},
	{rule: "server-prefix", name: "the verb after a shared prefix still counts", tool: `{"name":"pin_set_board_title","inputSchema":{"type":"object","properties":{"id":{"type":"string"},"title":{"type":"string"}}}}`,
		siblings: []string{`{"name":"pin_get_board","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, `{"name":"pin_list_boards","inputSchema":{"type":"object","properties":{}}}`},
		server:   "pin-boards-mcp", effect: "write", has: []string{"write"}},
	{rule: "server-prefix", name: "a prefix the server is not named after stays a verb", tool: `{"name":"pin_list_boards","inputSchema":{"type":"object","properties":{}}}`,
		siblings: []string{`{"name":"pin_get_board","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`, `{"name":"pin_set_board_title","inputSchema":{"type":"object","properties":{"id":{"type":"string"},"title":{"type":"string"}}}}`},
		server:   "boards-mcp", has: []string{"write"}},
	{rule: "server-prefix", name: "a destroying prefix stays a verb, even on a server named after it", tool: `{"name":"delete_stale_branch","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`,
		siblings: []string{`{"name":"delete_old_tag","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`, `{"name":"delete_dropped_stash","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`},
		server:   "delete-mcp", effect: "irreversible", has: []string{"destructive"}},
	{rule: "server-prefix", name: "two tools are too few to call a word the server's name", tool: `{"name":"pin_list_boards","inputSchema":{"type":"object","properties":{}}}`,
		siblings: []string{`{"name":"pin_get_board","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`},
		server:   "pin-boards-mcp", has: []string{"write"}},

	// A maker that says it stores nothing returns what it makes.
	{rule: "generates-only", name: "maker that writes nothing reads", tool: `{"name":"landing_layout","description":"Make a landing page layout with a hero and three feature rows. Returns the HTML of the generated page; does not write any files.",` +
		`"inputSchema":{"type":"object","properties":{"title":{"type":"string"},"logoUrl":{"type":"string"}}}}`, effect: "read", hasNot: []string{"write", "egress"}},
	{rule: "generates-only", name: "create verb, nothing saved", tool: `{"name":"create_palette","description":"Creates a colour palette from a base colour. Nothing is saved.","inputSchema":{"type":"object","properties":{"base":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"write"}},
	{rule: "generates-only", name: "a store stated plainly wins", tool: `{"name":"create_template","description":"Creates a project template. The template is saved in your workspace; this does not write to disk.","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`,
		effect: "write", has: []string{"write"}},
	{rule: "generates-only", name: "a dry run without writing is not the tool",
		tool: `{"name":"build_bundle","description":"Build a release bundle. Pass dry_run to list the files without writing them.","inputSchema":{"type":"object","properties":{"dry_run":{"type":"boolean"},"target":{"type":"string"}}}}`,
		has:  []string{"write"}},

	// The server's own name is an online API's.
	{rule: "api-name", name: "a server named after an API keeps its records there", tool: `{"name":"create_invoice","inputSchema":{"type":"object","properties":{"amount":{"type":"number"}}}}`,
		server: "ledgerly-api-mcp", effect: "external", has: []string{"egress"}},
	{rule: "api-name", name: "a server named otherwise writes locally", tool: `{"name":"create_invoice","inputSchema":{"type":"object","properties":{"amount":{"type":"number"}}}}`,
		server: "ledgerly-mcp", effect: "write", hasNot: []string{"egress"}},

	// Code named with its language is analysed, not run, by a reading tool.
	{rule: "analysed-code", name: "parsing code is reading", tool: `{"name":"parse_snippet","description":"Parses a snippet and prints its tokens.","inputSchema":{"type":"object","properties":{"code":{"type":"string"},"language":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"code_exec"}},
	{rule: "analysed-code", name: "linting a script is reading", tool: `{"name":"lint_script","inputSchema":{"type":"object","properties":{"script":{"type":"string","description":"Python source to check"}}}}`,
		hasNot: []string{"code_exec"}},
	{rule: "analysed-code", name: "a runner of code with its language still runs it", tool: `{"name":"run_snippet","inputSchema":{"type":"object","properties":{"code":{"type":"string"},"language":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"code_exec"}},
	{rule: "analysed-code", name: "a test of code runs it", tool: `{"name":"test_snippet","inputSchema":{"type":"object","properties":{"code":{"type":"string"},"language":{"type":"string"}}}}`,
		has: []string{"code_exec"}},

	// A search box over a database takes search terms.
	{rule: "search-query", name: "search over an embedded database is not SQL", tool: `{"name":"search_recipes","description":"Searches saved recipes kept in a local SQLite database.","inputSchema":{"type":"object","properties":{"query":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"code_exec"}},
	{rule: "search-query", name: "a query tool over SQLite takes SQL", tool: `{"name":"run_query","description":"Runs a query against the SQLite database.","inputSchema":{"type":"object","properties":{"query":{"type":"string"}}}}`,
		has: []string{"code_exec"}},

	// An output path is where a new result goes.
	{rule: "output-path", name: "an export's output path is a write", tool: `{"name":"export_report","inputSchema":{"type":"object","properties":{"report_id":{"type":"string"},"output_path":{"type":"string"}}}}`,
		effect: "write", has: []string{"write"}, hasNot: []string{"destructive"}},
	{rule: "output-path", name: "a destination beside a source may overwrite", tool: `{"name":"copy_item","inputSchema":{"type":"object","properties":{"source":{"type":"string"},"destination":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"destructive"}},
	{rule: "output-path", name: "an output path with an overwrite switch may overwrite", tool: `{"name":"render_chart","inputSchema":{"type":"object","properties":{"output_file":{"type":"string"},"overwrite":{"type":"boolean"}}}}`,
		has: []string{"destructive"}},

	// An editor's erase of a part of its document is an edit.
	{rule: "editor-parts", name: "erasing pixels in an image editor is an edit", tool: `{"name":"sprite_edit","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["paint_pixel","erase_pixel"]},"x":{"type":"integer"}}}}`,
		effect: "write", hasNot: []string{"destructive"}},
	{rule: "editor-parts", name: "deleting the document itself is not", tool: `{"name":"sprite_edit","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["paint_pixel","delete_sprite"]},"x":{"type":"integer"}}}}`,
		effect: "irreversible", has: []string{"destructive"}},
	{rule: "editor-parts", name: "erasing cells outside an editor is", tool: `{"name":"sheet_admin","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["list_cells","erase_cells"]}}}}`,
		has: []string{"destructive"}},

	// Clearing what a browser session holds is reversible.
	{rule: "browser-session", name: "clearing a page's console log", tool: `{"name":"browser_clear_console","inputSchema":{"type":"object","properties":{"tab":{"type":"string"}}}}`,
		effect: "write", hasNot: []string{"destructive"}},
	{rule: "browser-session", name: "clearing logs outside a browser destroys them", tool: `{"name":"clear_logs","inputSchema":{"type":"object","properties":{"service":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"destructive"}},

	// A script a browser driver executes runs in the page.
	{rule: "page-script", name: "execute_script of a browser driver", tool: `{"name":"execute_script","inputSchema":{"type":"object","properties":{"script":{"type":"string"}}}}`,
		server: "webdriver-mcp", has: []string{"code_exec"}, hasNot: []string{"destructive"}},
	{rule: "page-script", name: "execute_script elsewhere runs on the host", tool: `{"name":"execute_script","inputSchema":{"type":"object","properties":{"script":{"type":"string"}}}}`,
		has: []string{"code_exec", "destructive"}},

	// Commands run on another host over SSH.
	{rule: "remote-shell", name: "an SSH command runs there, it reaches out", tool: `{"name":"ssh_run","description":"Run a command on the remote host.","inputSchema":{"type":"object","properties":{"host":{"type":"string"},"command":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"code_exec", "egress"}, hasNot: []string{"destructive"}},
	{rule: "remote-shell", name: "a local shell may destroy", tool: `{"name":"shell_run","description":"Run a command in the local shell.","inputSchema":{"type":"object","properties":{"command":{"type":"string"}}}}`,
		has: []string{"code_exec", "destructive"}},

	// An identifier in prose is a name it cites.
	{rule: "cited-name", name: "a sibling cited by name does not run code", tool: `{"name":"get_title","description":"Returns the page title. To read other properties use run_script instead.","inputSchema":{"type":"object","properties":{"tab":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"code_exec"}},
	{rule: "cited-name", name: "the same words as prose do", tool: `{"name":"page_tool","description":"Can run script in the tab to read its properties.","inputSchema":{"type":"object","properties":{"tab":{"type":"string"}}}}`,
		has: []string{"code_exec"}},

	// Replacing a secret loses the old one.
	{rule: "secret-replace", name: "updating a stored password replaces it", tool: `{"name":"vault_password_update","inputSchema":{"type":"object","properties":{"entry":{"type":"string"},"password":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"destructive"}},
	{rule: "secret-replace", name: "updating an entry's title is a write", tool: `{"name":"vault_title_update","inputSchema":{"type":"object","properties":{"entry":{"type":"string"},"title":{"type":"string"}}}}`,
		effect: "write", hasNot: []string{"destructive"}},

	// Ticking a box on a page is a click.
	{rule: "browser-check", name: "checking a checkbox can submit", tool: `{"name":"page_check","description":"Tick a checkbox on the page.","inputSchema":{"type":"object","properties":{"selector":{"type":"string"}}}}`,
		server: "chrome-driver", effect: "external", has: []string{"egress"}},
	{rule: "browser-check", name: "check outside a browser verifies", tool: `{"name":"page_check","description":"Check that the checkbox labels are translated.","inputSchema":{"type":"object","properties":{"selector":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"egress"}},

	// Starting and stopping a read runs a read.
	{rule: "lifecycle-read", name: "a sampler that starts, stops and reports reads", tool: `{"name":"frame_sampler","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["snapshot","start","stop","get_samples","get_stats"]}}}}`,
		effect: "read", hasNot: []string{"write"}},
	{rule: "lifecycle-read", name: "a service control that starts and stops writes", tool: `{"name":"service_control","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["status","start","stop"]}}}}`,
		effect: "write", has: []string{"write"}},
	{rule: "lifecycle-read", name: "a deletion among them still counts", tool: `{"name":"frame_sampler","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["snapshot","start","stop","get_samples","delete_samples"]}}}}`,
		effect: "irreversible", has: []string{"destructive"}},

	// Who a message goes to, and what is not a recipient.
	{rule: "recipient", name: "a call placed to a number is sent", tool: `{"name":"place_call","inputSchema":{"type":"object","properties":{"to_number":{"type":"string"},"script":{"type":"string","enum":["greeting"]}}}}`,
		effect: "external", has: []string{"egress"}},
	{rule: "recipient", name: "a phone number looked up is a key", tool: `{"name":"get_caller_profile","description":"Returns the profile registered for a phone number.","inputSchema":{"type":"object","properties":{"phone_number":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"egress"}},
	{rule: "recipient", name: "the language a text is put into is not a recipient", tool: `{"name":"localize_text","description":"Translate text into another language.","inputSchema":{"type":"object","properties":{"text":{"type":"string"},"to":{"type":"string","description":"Target language code"}}}}`,
		effect: "read", hasNot: []string{"egress"}},
	{rule: "recipient", name: "a text sent to someone is", tool: `{"name":"send_text","inputSchema":{"type":"object","properties":{"text":{"type":"string"},"to":{"type":"string","description":"Recipient handle"}}}}`,
		has: []string{"egress"}},

	// A bracketed tag is not the description's verb.
	{rule: "tagged-description", name: "the verb after a tag speaks", tool: `{"name":"panel_input","description":"[Desktop builds only] Type text into the focused field of the app.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}`,
		effect: "write", has: []string{"write"}},
	{rule: "tagged-description", name: "a tag before a reading verb reads", tool: `{"name":"panel_state","description":"[Desktop builds only] See which panels are open.","inputSchema":{"type":"object","properties":{"window":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"write"}},

	// An online service's client that says its write stays home.
	{rule: "local-write", name: "saved to the local cache stays home", tool: `{"name":"pull_listing","description":"Fetch the store listing and save it to the local cache.","inputSchema":{"type":"object","properties":{"app":{"type":"string"}}}}`,
		server: "shopfront-api-mcp", effect: "write", hasNot: []string{"egress"}},
	{rule: "local-write", name: "pushed from the local cache leaves", tool: `{"name":"update_listing","description":"Update the listing from the local cache to the store.","inputSchema":{"type":"object","properties":{"app":{"type":"string"}}}}`,
		server: "shopfront-api-mcp", effect: "external", has: []string{"egress"}},

	// "auth" before a reading verb is a noun.
	{rule: "auth-noun", name: "auth status check reads", tool: `{"name":"auth_check","description":"Check whether the stored login is still valid.","inputSchema":{"type":"object","properties":{}}}`,
		effect: "read", hasNot: []string{"write"}},
	{rule: "auth-noun", name: "auth as a verb logs in", tool: `{"name":"auth","description":"Log in with a device code.","inputSchema":{"type":"object","properties":{"device":{"type":"string"}}}}`,
		has: []string{"write"}},

	// Firefox is a browser.
	{rule: "firefox", name: "a click in a Firefox driver can submit", tool: `{"name":"click_element","inputSchema":{"type":"object","properties":{"uid":{"type":"string"}}}}`,
		server: "firefox-remote-mcp", effect: "external", has: []string{"egress"}},
	{rule: "firefox", name: "the same click elsewhere changes a view", tool: `{"name":"click_element","inputSchema":{"type":"object","properties":{"uid":{"type":"string"}}}}`,
		effect: "write", hasNot: []string{"egress"}},

	// A verb word used as a noun.
	{rule: "noun-here", name: "a plural before a reading verb is a noun", tool: `{"name":"acct_refunds_search","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}`,
		effect: "read", hasNot: []string{"write"}},
	{rule: "noun-here", name: "a noun-like verb before an information noun", tool: `{"name":"build_info","inputSchema":{"type":"object","properties":{}}}`,
		effect: "read", hasNot: []string{"write"}},
	{rule: "noun-here", name: "the base form still acts", tool: `{"name":"refund_order","inputSchema":{"type":"object","properties":{"order":{"type":"string"}}}}`,
		effect: "irreversible"},
	{rule: "noun-here", name: "deleting history still destroys", tool: `{"name":"delete_history","inputSchema":{"type":"object","properties":{"user":{"type":"string"}}}}`,
		effect: "irreversible", has: []string{"destructive"}},

	// "rather than", "instead of" negate what follows.
	{rule: "contrast", name: "moved aside rather than permanently deleted", tool: `{"name":"shelve_note","description":"Shelve a note: it is hidden rather than permanently deleted.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`,
		hasNot: []string{"destructive"}},
	{rule: "contrast", name: "permanently deleted is destructive", tool: `{"name":"shelve_note","description":"Shelve a note: it is permanently deleted after a day.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}`,
		has: []string{"destructive"}},

	// A bare clear in an editor empties the edited document.
	{rule: "editor-clear", name: "clear in a map editor is an edit", tool: `{"name":"level_map_edit","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["set_tile","clear"]}}}}`,
		effect: "write", hasNot: []string{"destructive"}},
	{rule: "editor-clear", name: "clear in a cache manager destroys", tool: `{"name":"cache_admin","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["stats","clear"]}}}}`,
		has: []string{"destructive"}},

	// A service's URL is requested when the tool fetches it.
	{rule: "fetched-url", name: "fetching a video page by URL requests it", tool: `{"name":"fetch_video_captions","inputSchema":{"type":"object","properties":{"url":{"type":"string","description":"URL of the YouTube video"}}}}`,
		effect: "external", has: []string{"egress"}},
	{rule: "fetched-url", name: "getting a video's details by URL asks the service", tool: `{"name":"get_video_details","inputSchema":{"type":"object","properties":{"url":{"type":"string","description":"URL of the YouTube video"}}}}`,
		effect: "read", hasNot: []string{"egress"}},

	// A server whose tools speak of an API or account and never of local
	// state is an online service's client.
	{rule: "online-count", name: "two tools of the API and none local", tool: `{"name":"register_agent","description":"Register this agent and receive an API key.","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`,
		siblings: []string{`{"name":"agent_status","description":"Status of your account.","inputSchema":{"type":"object","properties":{}}}`, `{"name":"list_agents","description":"Lists agents.","inputSchema":{"type":"object","properties":{}}}`},
		effect:   "external", has: []string{"egress"}},
	{rule: "online-count", name: "one local tool keeps it home", tool: `{"name":"register_agent","description":"Register this agent and receive an API key.","inputSchema":{"type":"object","properties":{"name":{"type":"string"}}}}`,
		siblings: []string{`{"name":"agent_status","description":"Status of your account.","inputSchema":{"type":"object","properties":{}}}`, `{"name":"save_agents","description":"Saves the agents to a local file.","inputSchema":{"type":"object","properties":{}}}`},
		effect:   "write", hasNot: []string{"egress"}},
}
