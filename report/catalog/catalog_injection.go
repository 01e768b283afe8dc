package catalog

import "github.com/assay-mcp/assay/report/model"

// injectionRules are the INJ rows: text in a server's model-facing strings
// that reaches outside its own scope (package report/inject). Severity is
// high for a marker, hidden text or two independent signals and medium
// for one weak signal; injection is never critical, because a heuristic
// can be wrong and the reviewer must read the evidence.
var injectionRules = []Rule{
	{ID: "INJ-001", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Hidden characters in model-facing text",
		Help:        "The string carries characters a reader cannot see but the model reads: zero-width characters, bidirectional controls, Unicode tag characters (which can spell out a whole hidden sentence) or stray variation selectors. Evidence lists them escaped.",
		Remediation: "Remove the invisible characters; ask the server author why they are there. Treat the server as hostile until explained."},
	{ID: "INJ-002", Category: model.CatInjection, Severity: model.SevHigh,
		Title: "Injection markup in model-facing text",
		Help: "Pseudo-tags such as <IMPORTANT> or <system>, chat role tokens ([INST], <|im_start|>), role lines (\"SYSTEM:\"), notes addressed to the AI, HTML comments or pair" +
			"ed custom tags around model-directed text: markers that try to raise server text to the authority of a system or user turn.",
		Remediation: "Read the marked text: a tool description has no reason to address the model as a system turn. Do not approve the server until the text is removed."},
	{ID: "INJ-003", Category: model.CatInjection, Severity: model.SevHigh,
		Title: "Instruction override or priority claim",
		Help: "A sentence names the instructions the model already follows (previous instructions, the system prompt, your guidelines) together with an invalidator (ignore, di" +
			"sregard, forget, supersede), claims precedence over them, or assigns the model a new identity. Also detected in French, Spanish, German, Portuguese, Italian, Ru" +
			"ssian, Chinese and Japanese.",
		Remediation: "Do not connect the server. A tool description never needs to override the agent's instructions."},
	{ID: "INJ-004", Category: model.CatInjection, Severity: model.SevHigh,
		Title: "Concealment from the user",
		Help: "The text asks the model to hide what it does from the person using it: negated disclosure (\"do not tell the user\"), affirmative suppression (\"keep this confi" +
			"dential\", \"omit any mention\"), covert action (\"silently forward\") or keeping the user unaware. Detected in the same eight languages as overrides.",
		Remediation: "Treat as malicious: legitimate tools have no reason to hide their actions from the user."},
	{ID: "INJ-005", Category: model.CatInjection, Severity: model.SevHigh,
		Title: "Sensitive data moved into a parameter, URL or message",
		Help: "A secret or private store (SSH keys, cloud credentials, .env, MCP and agent config files, browser data, conversation history) is named together with a transmiss" +
			"ion into a parameter, URL or message, possibly across fields of one tool. A sensitive path read on its own by a tool that is not about files is reported medium.",
		Remediation: "Check which parameter would receive the data and why. Remove the server unless the tool's purpose is to handle that exact data."},
	{ID: "INJ-006", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Exfiltration sink",
		Help:        "A URL or e-mail address is the goal of a send, post, forward or copy instruction, a declared collector, a cc/bcc address, or a markdown image or fetch URL with a placeholder the model would fill with data. URLs cited as documentation are not sinks.",
		Remediation: "Verify the address belongs to the service the tool wraps. An address the agent is told to send conversation data to is an exfiltration channel."},
	{ID: "INJ-007", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Approval bypass",
		Help:        "The text talks the agent out of asking the person before acting: \"no need to confirm\", \"the user already authorised this\", \"auto-run\", \"skip the approval step\".",
		Remediation: "Keep human confirmation on for this server's tools; remove the server if the text is not removed."},
	{ID: "INJ-008", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Instruction about another tool or server",
		Help:        "The text conditions behaviour on, or dictates behaviour of, a tool this server does not own (\"when send_email is called, bcc …\"), or addresses all other tools or servers. Naming the server's own tools is in scope and never reported.",
		Remediation: "A server must describe only its own tools. Treat cross-tool instructions as tool shadowing and remove the server."},
	{ID: "INJ-009", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Tool-preference manipulation",
		Help:        "The text steers the agent to this tool and away from others: \"always use this tool instead of …\", \"other tools are deprecated\", \"this tool supersedes all others\". Preferring one of the server's own tools over another is a usage note and not reported.",
		Remediation: "Review whether the claim is honest; a server that disparages other tools is competing for the agent's trust."},
	{ID: "INJ-010", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Encoded payload",
		Help:        "Base64, hex, percent-encoding, \\u escapes, Unicode tag text or ROT13 decodes to text that itself matches an injection rule (high), or to prose no description needs to hide (medium). Evidence shows the decoded text.",
		Remediation: "Read the decoded text in the evidence; encoded instructions in a description are an attempt to evade review."},
	{ID: "INJ-011", Category: model.CatInjection, Severity: model.SevLow,
		Title:       "String too long to analyse whole",
		Help:        "One model-facing string exceeded the per-string analysis cap; only its beginning was scanned for injection. The rest still reaches the model.",
		Remediation: "Review the full text by hand, or raise the cap; an unusually long description is itself worth a look."},
	{ID: "INJ-017", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Authority or urgency framing",
		Help:        "The text claims rank over the agent or presses it: a mandatory policy update, a directive from an administrator, security team or vendor, an official notice to all agents, or urgency (\"immediately\", \"without delay\"), together with words that make it an order to the model.",
		Remediation: "A tool description carries no authority over the agent. Read what the notice asks for and remove the server unless the text is removed."},
	{ID: "INJ-018", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Shell command or code in prose",
		Help:        "The text asks the agent to run a command or code: a download piped into a shell, a destructive command (rm -rf, DROP TABLE, mkfs), an edit of shell start-up files, a reverse shell, or code handed to eval or an interpreter.",
		Remediation: "A description that tells the agent to run commands is an attack on the machine the agent runs on. Do not approve the server; check whether the command already ran."},
	{ID: "INJ-019", Category: model.CatInjection, Severity: model.SevHigh,
		Title:       "Redirection away from the described tool",
		Help:        "The text calls a tool retired, broken or unsafe and sends the agent to another one (\"get_page is retired; always use capture_page\"), or tells the agent not to use the tool it describes. An honest deprecation that names the server's own replacement is scored low.",
		Remediation: "Check that the named replacement is the server's own and does what the description claims; an unknown replacement is a hijack of the agent's choice."},
}
