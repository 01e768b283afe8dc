package classify

// round3Cases are the samples of the rules added in round 3 of issue 16
// (docs/classification.md, "Round 3"). Every sample is written for its
// rule; none is a benchmark tool's text.
var round3Cases = []ruleCase{
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
	{rule: "generates-only", name: "a dry run without writing is not the tool", tool: `{"name":"build_bundle","description":"Build a release bundle. Pass dry_run to list the files without writing them.","inputSchema":{"type":"object","properties":{"dry_run":{"type":"boolean"},"target":{"type":"string"}}}}`,
		has: []string{"write"}},
}
