package inject

// Override: a referent to the instructions the model already follows and
// an invalidator in one sentence, in either order, or a claim of priority
// over them. "Ignore the other parameters" has no referent and is quiet.

const (
	// ovRef names what the model already follows, qualified so a tool's
	// own "default rules" or "existing settings" are not a referent.
	ovRef = `(?:(?:all|any|every|the|your|my|its|these|those|of)\s+)*(?:(?:previous|prior|earlier|preceding|above|foregoing|original|initial|standing|system|safety|security|` +
		`developer|ethical|other|guard|earlier)\s+){1,3}(?:instructions?|prompts?|rules?|guidelines?|guidance|directions?|directives?|constraints?|polic(?:y|ies)|guardra` +
		`ils?|programming|restrictions?|orders?|limitations?|safeguards?|protocols?|setup|set-up|conditioning|briefing|persona|training|alignment)\b|` + ovRefStrong
	// ovInv is an invalidating verb that means "stop obeying".
	ovInv = `\b(?:ignore|ignoring|disregard|disregarding|forget|forgetting|nullify|discard|set\s+aside|pay\s+no\s+attention\s+to|do\s+not\s+(?:follow|obey|adhere\s+to|comply\s+with)|don'?t\s+(?:follow|obey)|stop\s+(?:following|obeying)|no\s+longer\s+(?:follow|obey)|circumvent|defy)\b`
	// ovInvWeak invalidates only when the referent is plainly the
	// model's own instructions (a rules tool may "replace existing rules").
	ovInvWeak = `\b(?:override|overriding|overrule|bypass|bypassing|supersede|superseding|replace|replacing|skip|abandon|drop|cancel|neglect|break|violate|suspend|deactivate|disable|turn\s+off|void|throw\s+out|get\s+rid\s+of)\b`
	// ovRefStrong is unmistakably what the model was told.
	ovRefStrong = `(?:(?:all|any|every|the|your|my|its|these|those)\s+)*(?:(?:previous|prior|earlier|preceding|above|foregoing|original|initial|standing|system|safety|developer|et` +
		`hical)\s+){1,3}(?:instructions?|prompts?|guidelines?|guidance|directions?|directives?|guardrails?|programming|safeguards?)\b|\bsystem\s+(?:prompt|message)s?\b|\` +
		`b(?:everything|anything|all)\s+(?:you\s+(?:were|have\s+been|are)\s+told|(?:said|written|stated)\s+(?:above|before|earlier)|above|before\s+this)|\bwhat(?:ever)?\` +
		`s+you\s+(?:were|have\s+been)\s+(?:told|instructed)|\b(?:rules|instructions|guidelines|guidance|directives|constraints)\s+you\s+(?:were|have\s+been)\s+(?:loaded|` +
		`given|configured|initiali[sz]ed|started|set\s+up|provided|trained|shipped)\b|\bwhat(?:ever)?\s+(?:your|the)\s+(?:operator|user|developer|system|host|admin\w*|cr` +
		`eator|platform|deployer)\s+(?:told|instructed|said\s+to|asked)\s+you\b|\byour\s+(?:instructions|guidelines|rules|training|programming|directives|guardrails|safe` +
		`ty\s+\w+)\b|\b(?:the\s+)?user'?s\s+(?:instructions|request)\b`
)

func overrideRules() []*matcher {
	return []*matcher{
		{Class: idOverride, Name: "invalidate_prior", Pre: []string{"ignor", "disregard", "forget", "overrid", "overrul", "bypass", "nullif", "void", "discard",
			"supersed", "replac", "skip", "abandon", "drop", "cancel", "neglect", "aside", "no attention", "follow", "obey", "apply", "adhere", "comply", "circumvent",
			"break", "violate", "defy", "suspend", "deactivate", "disable", "turn off"},
			Groups: [][]string{{"instruction", "prompt", "rule", "guideline", "guidance", "direction", "directive", "constraint", "polic", "guardrail", "programming",
				"restriction", "order", "limitation", "safeguard", "protocol", "setup", "set-up", "conditioning", "briefing", "persona", "alignment", "told", "everything",
				"anything", "training", "request", "message"}},
			Re: rx(`(?:` + ovInv + `{G60}(?:` + ovRef + `))|(?:` + ovInvWeak + `{G40}(?:` + ovRefStrong + `))`), OK: notNegatedOrQuoted},
		{Class: idOverride, Name: "prior_invalidated", Pre: []string{"instruction", "prompt", "rule", "guideline", "guidance", "direction", "directive", "constraint", "polic", "guardrail", "told", "programming", "restriction"},
			Re: rx(`(?:` + ovRefStrong + `){G50}\b(?:(?:are|is|have\s+been|has\s+been|were|was|become|becomes)\s+(?:now\s+|hereby\s+|henceforth\s+)?(?:void|null|obsolete|invalid|superseded|cancell?ed|re` +
				`voked|outdated|deprecated|overridden|lifted|suspended|disabled|irrelevant|replaced)|no\s+longer\s+(?:apply|applies|valid|relevant|in\s+effect|binding|matter)|(?` +
				`:do|does)\s+not\s+apply(?:\s+(?:here|anymore|any\s+more|now))|should\s+(?:be\s+)?(?:ignored|disregarded|forgotten))\b`), OK: notOwnInstructions},
		{Class: idOverride, Name: "priority_claim", Pre: []string{"precedence", "priority", "prioriti", "prioritize", "prioritise", "replaces", "supersede", "override",
			"overrule", "above all", "regardless", "more important than", "outrank", "trump", "wins over", "win over", "wins", "prevail", "rank", "sits above", "stands above",
			"comes before", "counts above", "above whatever", "above anything", "comes first", "governs", "final say", "less than", "lower priority", "less priority",
			"lower weight", "less important", "less authoritative", "above those", "over those", "before those", "ahead of", "above any", "over any", "above anything",
			"over anything", "above the ones", "over the ones", "above instruction", "over instruction", "above what", "over what"},
			Re: rx(`\b(?:(?:takes?|has|have|with|given|gets?)\s+(?:absolute\s+|full\s+|top\s+|highest\s+)?(?:precedence|priority)\s+over\s+(?:all|any|every|other|previous|prior|the` +
				`\s+user|the\s+system|your|existing|system)|(?:this|these|the\s+following|my|our)\s+(?:instructions?|notes?|rules?|messages?|directives?|requirements?|guidance|t` +
				`ext|tool\s+description)\s+(?:always\s+)?(?:overrides?|supersedes?|overrule?s?|replaces?|outranks?|takes?\s+precedence)|(?:this|the\s+tool'?s?)\s+description\s+(` +
				`?:always\s+)?(?:overrides?|supersedes?|replaces?|outranks?)\s+(?:\w+\s+){0,4}?(?:you|your|system|assistant|model|chat|conversation)\b|\bpriorit[iy][sz]e\s+(?:th` +
				`is|these|the\s+following|my|our)\s+(?:notes?|instructions?|directions?|text|description|rules|guidance)\s+(?:above|over|before|ahead\s+of)|(?:supersedes?|overri` +
				`des?|overrules?|outranks?)\s+(?:all|any|every)\s+(?:other\s+|previous\s+|prior\s+|existing\s+)?(?:instructions?|rules?|guidelines?|directives?|policies|prompts?` +
				`)|(?:highest|top|absolute|maximum|overriding|utmost)\s+priority\s+(?:instructions?|directives?|rules?|override|over\s+(?:all|any|every|other))|above\s+all\s+(?:` +
				`other\s+)?(?:instructions?|rules?|guidelines?|directives?|prompts?)|regardless\s+of\s+(?:any|all|previous|prior|other|what(?:ever)?)\s+(?:(?:previous|prior|othe` +
				`r|system|safety)\s+)?(?:instructions?|rules?|guidelines?|the\s+user\s+(?:says|asks|wants|requested)|you\s+(?:were|have\s+been)\s+told|policies|constraints)|(?:s` +
				`upersedes?|overrides?|overrules?|outranks?|trumps?|takes?\s+precedence\s+over|wins?\s+over)\s+(?:anything|everything|whatever|all\s+(?:settings|configuration|co` +
				`nfig))\s+(?:\w+\s+){0,5}?(?:the\s+)?(?:users?|host|system|operator|developer|platform|client|application|you)\b|(?:this|these|the\s+tool'?s?|our)\s+(?:descripti` +
				`on|tool|notes?|instructions?|server|text|rules?)\s+(?:always\s+)?(?:wins|prevails?|takes\s+precedence|comes\s+first|governs|has\s+the\s+final\s+say)|(?:higher|g` +
				`reater|top|highest|more)[- ](?:priority|precedence|authority|weight)\s+(?:\w+\s+){0,2}?than\s+(?:the\s+|any\s+|your\s+)?(?:conversation|user|system|chat|anythin` +
				`g|other|prompt|messages?|instructions?|host)|\b(?:ranks?|ranked|sits?|stands?|comes?|counts?|weighs?)\s+(?:above|ahead\s+of|before|over|higher\s+than)\s+(?:what` +
				`ever|anything|everything|all|any|the|your)\s+(?:\w+\s+){0,3}?(?:system\s+prompt|system\s+message|instructions?|users?|host|operator|says|said|rules|guidelines|c` +
				`hat|conversation)|\b(?:above|over|before|ahead\s+of)\s+(?:those|the\s+ones|anything|any|instructions?|what(?:ever)?)\s+(?:\w+\s+)?(?:in|from|given\s+in|of)\s+(?` +
				`:the\s+)?(?:chat|conversation|system\s+prompt|user|system\s+message|host)|\b(?:counts?|matters?|weighs?)\s+(?:for\s+)?less\s+than|(?:supersedes?|overrides?|over` +
				`rules?|outranks?|trumps?|takes?\s+precedence\s+over)\s+(?:the\s+|any\s+|all\s+)?(?:(?:conversation|chat|user|system|host|assistant|model)'?s?\s+(?:earlier\s+|or` +
				`iginal\s+|initial\s+|prior\s+)?(?:setup|instructions?|prompt|rules|guidelines|configuration|directives)|system\s+prompt|your\s+(?:\w+\s+)?(?:instructions|rules|` +
				`setup|configuration|guidelines|prompt))|\b(?:less|lower)\s+(?:priority|weight|important|authoritative)\s+than\s+(?:this|these|the\s+(?:notes?|text|instructions?` +
				`|description))|more\s+important\s+than\s+(?:any|all|the|your)\s+(?:other\s+)?(?:instructions?|rules?|system\s+prompt|user\s+instructions?))`)},
		{Class: idOverride, Name: "new_identity", Pre: []string{"you are now", "from now on", "new instructions", "new role", "new task", "new goal", "new purpose",
			"updated instructions", "mode", "act as", "pretend", "roleplay", "role-play", "real instructions", "true instructions", "actual instructions", "treat this",
			"treat these", "treat the", "correct instructions", "valid instructions", "authoritative instructions", "binding instructions", "instructions are", "rules are",
			"directions are", "guidelines are"},
			Re: rx(`\b(?:you\s+are\s+now\s+(?:a|an|in|the|my|no\s+longer|operating|acting|free|unrestricted|jailbroken|dan)\b|from\s+now\s+on,?\s+(?:you|the\s+(?:assistant|model|ai` +
				`|agent))\s+(?:are|will|must|should|shall|have\s+to|need\s+to)|(?:your|the)\s+(?:new|updated|real|true|actual|only)\s+(?:instructions?|role|task|goal|purpose|obj` +
				`ective|directive|mission)\s+(?:is|are|:)|(?:new|updated|revised|real|true|actual)\s+(?:system\s+)?instructions?\s*:|\btreat\s+(?:this|these|the\s+following|the\` +
				`s+text\s+below)\s+(?:\w+\s+)?(?:description|text|notes?|instructions?|content|field)?\s*as\s+(?:your|the|a)\s+(?:new\s+)?(?:system\s+prompt|system\s+message|ins` +
				`tructions|primary\s+directive|core\s+instructions|rules|guidelines)\b|\b(?:the\s+)?(?:correct|real|true|actual|only\s+valid|valid|authoritative|binding|current|` +
				`new|updated|latest)\s+(?:instructions|rules|directions|guidelines)\s+are\s+(?:the\s+ones|those|these)\s+(?:written\s+|given\s+|found\s+|listed\s+)?(?:here|below` +
				`|above|in\s+this)|(?:enter|enable|activate|switch\s+to|entering)\s+(?:god|dan|jailbreak|unrestricted|unfiltered|uncensored|evil|sudo|no[- ]restrictions?)\s+mode` +
				`|(?:god|dan|jailbreak|unrestricted|unfiltered|uncensored|sudo)\s+mode\s+(?:is\s+)?(?:now\s+)?(?:enabled|activated|on)\b|\byou\s+(?:are\s+now\s+|have\s+)?(?:ente` +
				`red|in)\s+developer\s+mode)`),
			OK: notPrompt},

		// Non-English: the same structure in the languages of the issue.
		// Latin diacritics are folded by the shadow (précédentes → precedentes).
		{Class: idOverride, Name: "trust_claim", Pre: []string{"second-guess", "second guess", "question", "doubt", "verify", "double-check", "fact-check", "trust"},
			Re: rx(`\b(?:never|do\s+not|don'?t|no\s+need\s+to)\s+(?:\w+\s+)?(?:second[- ]guess|question|doubt|verify|double[- ]check|fact[- ]check|validate|challenge)\s+(?:its|this` +
				`\s+tool'?s|the\s+tool'?s|our|these|the)\s+(?:\w+\s+)?(?:output|outputs|results?|responses?|answers?|data|claims?)|\b(?:always\s+)?trust\s+(?:this\s+tool'?s|its|` +
				`the\s+tool'?s)\s+(?:output|results?|responses?)\s+(?:over|above|more\s+than)\b`),
			OK: notNegatedOrQuoted},
		// Data promoted to instructions: text the tool reads (pages,
		// files, documents) is to be obeyed.
		{Class: idOverride, Name: "data_as_instructions", Pre: []string{"found in", "found inside", "found within", "embedded in", "contained in", "written in", "appearing in", "included in", "inside the", "within the"},
			Re: rx(`\b(?:act\s+on|follow|obey|execute|carry\s+out|comply\s+with|run)\s+(?:every|any|all|the)\s+(?:\w+\s+)?(?:instructions?|commands?|directives?)\s+(?:found|embedde` +
				`d|contained|written|appearing|included)?\s*(?:in|inside|within)\b|\b(?:instructions?|commands?|directives?)\s+(?:found|embedded|contained|written|appearing)\s+(` +
				`?:in|inside|within)\s+(?:\w+\s+){0,4}?(?:carr(?:y|ies)|ha(?:ve|s)|hold|holds)\s+the\s+same\s+(?:weight|authority|priority|force)`),
			OK: notNegatedOrQuoted},
		{Class: idOverride, Name: "authority_transfer", Pre: []string{"as if they came", "as if it came", "as coming from", "as though they came", "as if from"},
			Re: rx(`\b(?:treat|consider|regard|handle|follow)\s+(?:\w+\s+){0,6}?(?:instructions?|text|content|commands?|requests?|directions?)\s+(?:\w+\s+){0,5}?as\s+(?:if\s+(?:they|it)\s+came|though\s+(?:they|it)\s+came|coming|if)\s+from\s+(?:the\s+)?(?:user|system|developer|operator|admin)`),
			OK: notNegatedOrQuoted},
		{Class: idOverride, Name: "invalidate_prior_fr", Pre: []string{"ignor", "oubli", "compte", "faites abstraction", "remplac", "annul"},
			Re: rx(`\b(?:ignorez|ignore|ignorer|oubliez|oublie|oublier|ne\s+tenez\s+(?:pas|plus)\s+compte\s+d|ne\s+tiens\s+(?:pas|plus)\s+compte\s+d|faites\s+abstraction\s+d|rempla` +
				`cez|annulez){G40}(?:instructions?|consignes?|regles?|directives?|indications?|ordres?|prompt|invite)\b{G30}(?:precedentes?|anterieures?|ci-dessus|d'avant|du\s+s` +
				`ysteme|systeme|initiales?|originales?|existantes?|habituelles?|actuelles?|du\s+developpeur|de\s+l'operateur|de\s+securite)|\b(?:ignorez|ignore|oubliez|oublie)\s` +
				`+(?:toutes\s+)?(?:vos|tes)\s+(?:instructions?|consignes?|regles?|directives?)|\b(?:ignorez|ignore|oubliez|oublie)\s+tout\s+ce\s+qui\s+(?:precede|est\s+au-dessus` +
				`|vient\s+avant)|\b(?:ignorez|ignore|oubliez|oublie)\s+tout\s+ce\s+qu(?:e\s+|')(?:l')?(?:on\s+vous\s+a|on\s+t'a|vous\s+avez|tu\s+as|vous\s+a\s+ete)\s+(?:\w+\s+)?` +
				`(?:dit|demande|indique|ordonne)|\b(?:toutes?\s+)?(?:les\s+)?(?:instructions?|consignes?|regles?)\s+(?:precedentes?|anterieures?|du\s+systeme){G30}(?:ignorees?|a` +
				`nnulees?|obsoletes?|caduques?|ne\s+s'appliquent\s+plus|remplacees?)`)},
		{Class: idOverride, Name: "invalidate_prior_es", Pre: []string{"ignor", "olvid", "caso omiso", "descart", "reemplaz", "anul"},
			Re: rx(`\b(?:ignora|ignore|ignorar|ignoren|olvida|olvide|olvidar|olviden|haz\s+caso\s+omiso\s+(?:a|de)|haga\s+caso\s+omiso\s+(?:a|de)|descarta|descarte|reemplaza|anula)` +
				`{G40}(?:instrucciones|instruccion|reglas?|indicaciones|directrices|directivas|ordenes|prompt)\b{G30}(?:anteriores|anterior|previas|previa|de\s+arriba|del\s+sist` +
				`ema|originales|iniciales|existentes|habituales)|\b(?:ignora|ignore|olvida|olvide)\s+(?:todas\s+)?(?:tus|sus)\s+(?:instrucciones|reglas|directrices)`)},
		{Class: idOverride, Name: "invalidate_prior_pt", Pre: []string{"ignor", "esquec", "desconsider", "substitu", "descart"},
			Re: rx(`\b(?:ignore|ignora|ignorar|ignorem|esqueca|esquece|esquecer|desconsidere|desconsiderar|descarte|substitua){G40}(?:instrucoes|instrucao|regras?|orientacoes|diret` +
				`rizes|diretivas|ordens|prompt)\b{G30}(?:anteriores|anterior|previas|previa|acima|do\s+sistema|originais|iniciais|existentes|habituais)|\b(?:ignore|esqueca|desco` +
				`nsidere)\s+(?:todas\s+)?(?:as\s+)?(?:suas|tuas)\s+(?:instrucoes|regras|diretrizes)`)},
		{Class: idOverride, Name: "invalidate_prior_it", Pre: []string{"ignor", "dimentic", "non tener", "sostitu", "scart"},
			Re: rx(`\b(?:ignora|ignorare|ignorate|ignori|dimentica|dimenticare|dimenticate|non\s+tenere\s+conto\s+d|scarta|sostituisci){G40}(?:istruzioni|istruzione|regole|indicazi` +
				`oni|direttive|ordini|prompt)\b{G30}(?:precedenti|sopra|di\s+sistema|del\s+sistema|originali|iniziali|esistenti|ricevute|abituali)|\b(?:ignora|dimentica)\s+(?:tu` +
				`tte\s+)?(?:le\s+)?(?:tue|sue)\s+(?:istruzioni|regole|direttive)`)},
		{Class: idOverride, Name: "invalidate_prior_de", Pre: []string{"ignorier", "vergiss", "vergessen", "missacht", "beachte", "verwirf", "ersetz", "ausser kraft", "gesagt", "gelten nicht", "gilt nicht", "nicht mehr gultig", "ungultig", "aufgehoben"},
			Re: rx(`\b(?:ignoriere|ignorieren|ignorier|vergiss|vergessen|missachte|missachten|beachte\s+nicht|verwirf|verwerfen|ersetze){G50}(?:anweisungen|anweisung|instruktionen|` +
				`regeln|vorgaben|befehle|richtlinien|systemprompt|anordnungen|prompts?)\b|\b(?:vorherigen|bisherigen|obigen|vorangegangenen|fruheren|alten|ursprunglichen|system)` +
				`(?:-)?\s*(?:system-?)?(?:anweisungen|instruktionen|regeln|vorgaben|befehle|richtlinien){G40}(?:ignorieren|ignoriere|vergessen|vergiss|ungultig|aufgehoben|ausser` +
				`\s+kraft|gelten\s+nicht\s+mehr|gilt\s+nicht\s+mehr|nicht\s+mehr\s+gultig)|\b(?:ignoriere|vergiss|ignorieren\s+sie|vergessen\s+sie)\s+(?:alle\s+)?(?:deine|ihre)\` +
				`s+(?:anweisungen|regeln|vorgaben|richtlinien)|\b(?:vergiss|vergessen\s+sie|ignoriere|ignorieren\s+sie)\b{G20}\b(?:alles\s+)?was\s+(?:man\s+)?(?:dir|ihnen|du|sie` +
				`)\s+(?:\w+\s+){0,3}?(?:gesagt|aufgetragen|befohlen|vorgegeben)`)},
		{Class: idOverride, Name: "invalidate_prior_ru", Pre: []string{"игнорир", "забуд", "не обращай", "не обращайте", "отмен", "пренебрег", "не следуй", "не следуйте"},
			Re: rx(`(?:игнорируй|игнорируйте|игнорировать|проигнорируй|проигнорируйте|забудь|забудьте|не\s` +
				`+обращай(?:те)?\s+внимания\s+на|отмени|отмените|пренебреги|не\s+следуй(?:те)?){G50}(?:инструкци|у` +
				`казани|правил|команд|директив|промпт|распоряжени)`)},
		{Class: idOverride, Name: "invalidate_prior_zh", Pre: []string{"忽略", "无视", "無視", "忽视", "忘记", "忘掉", "不要理会", "不要遵守", "不要遵循", "覆盖", "取代", "优先"},
			Re: rx(`(?:忽略|无视|無視|忽视|忘记|忘掉|不要理会|不要遵守|不要遵循|不再遵守|覆盖|取代)[^。！？\n]{0,12}(?:指令|指示|说明|規` +
				`則|规则|提示|命令|要求|设定|設定|系统提示|系統提示)|(?:之前|以前|先前|上述|上面|前面|此前|原有|原来|系统)的?(?:所有)` +
				`?(?:指令|指示|规则|提示|命令)[^。！？\n]{0,10}(?:无效|作废|失效|不再适用)|优先级?(?:高于|最高|大于)[^。！？\n]{0,10}(?:所有` +
				`|任何|其他|系统|用户)`)},
		{Class: idOverride, Name: "invalidate_prior_ja", Pre: []string{"無視", "忘れ", "従わ", "破棄", "上書き", "優先", "無効", "取り消", "撤回"},
			Re: rx(`(?:指示|命令|指令|ルール|規則|プロンプト|設定|ガイドライン)[^。！？\n]{0,12}(?:無視|忘れ|従わな|破棄|上書き)|(?:無視|` +
				`忘れ)[^。！？\n]{0,6}(?:て|なさい|ろ|ください)[^。！？\n]{0,20}(?:指示|命令|ルール)|(?:より|を)優先[^。！？\n]{0,10}(?:すべて` +
				`|全て|他の|以前|システム)|(?:以前|前|これまで|上記|既存|システム)の(?:指示|命令|ルール|規則|プロンプト)[^。！？\n]{0,` +
				`10}(?:無効|取り消|撤回)`)},
	}
}

// notPrompt keeps persona rules off prompts: a prompt template that sets
// a role ("act as a reviewer") is what prompts are for.
func notPrompt(c *scanCtx, m []int) bool {
	return c.e.Owner == "" || c.e.Owner[0] != 'p'
}

// The co-occurrence form: one sentence with an invalidator, a directive
// noun and a marker that the directives are the model's own (earlier,
// from the system, given to you), in any order. Weak invalidators
// (replace, drop, override) need the marker to address the model.
var (
	reOvA = rx(`\b(?:ignore|ignoring|ignored|disregard\w*|forget|forgetting|forgotten|set\s+aside|pay\s+no\s+attention|nullif\w+|null\s+and\s+void|void|voided|obsolete|invalid(` +
		`?:ated)?|revoked|rescinded|cancell?ed|superseded?|supersedes|outranks?|overrul\w+|no\s+longer\s+(?:apply|applies|valid|binding|in\s+effect|relevant|matter)|(?:d` +
		`o|does)\s+not\s+apply|stop\s+(?:following|obeying)|do\s+not\s+(?:follow|obey)|don'?t\s+(?:follow|obey)|take\s+precedence|takes\s+precedence|priority\s+over|more` +
		`\s+important\s+than|instead\s+of\s+(?:your|the\s+system)|clear|reset|wipe|erase|were\s+replaced|was\s+replaced|have\s+been\s+replaced|has\s+been\s+replaced|high` +
		`est[- ]priority|top[- ]priority|above\s+the\s+system|lifted|waived|removed|no\s+longer\s+in\s+force|out\s+of\s+date|lower\s+priority\s+than|less\s+important\s+t` +
		`han|secondary\s+to|subordinate\s+to|second-guess|suspended|deactivated|turned\s+off|(?:whatever|no\s+matter\s+what|regardless\s+of\s+what)\s+the\s+(?:user|syste` +
		`m|developer|operator)\s+(?:says|asks|wants|instructs|requests)|as\s+if\s+(?:you\s+(?:had|have)|there\s+(?:were|are|was|is))\s+no|void)\b`)
	reOvAWeak = rx(`\b(?:override|overrides|overriding|overridden|bypass\w*|replace[sd]?|replacing|drop|abandon|discard\w*|suspend\w*|lift\w*|disable\w*|break|violate|circumvent|defy|cancel)\b`)
	reOvB     = rx(`\b(?:instructions?|guidelines?|guidance|directives?|directions?|rules?|polic(?:y|ies)|prompts?|constraints?|guardrails?|safeguards?|programming|training|restrictions?|orders?|commands?|configuration|objectives?|goals?|purpose|mission|limitations?|filters?)\b`)
	reOvC     = rx(`\b(?:previous(?:ly)?|prior|earlier|above|before|preceding|original|initial|old|system|developer|operator|your|you\s+(?:were|have\s+been|are|had\s+been)\s+(?:giv` +
		`en|told|provided|instructed)|you\s+(?:received|got|were\s+trained)|given\s+to\s+you|by\s+the\s+(?:user|developer|operator|system)|anthropic|openai|safety|ethica` +
		`l|built-in|default\s+(?:instructions|rules|guidelines|behaviou?r)|you\s+(?:operate|work|run|act)\s+under|you\s+(?:follow|obey)|all\s+prior|you\s+(?:have\s+been\` +
		`s+|are\s+|were\s+)?(?:following|using|given)|earlier|prior|true\s+objective|real\s+objective|this\s+description|this\s+note|this\s+tool'?s?)\b`)
	reOvCModel = rx(`\b(?:your|you\s+(?:were|have\s+been|are)\s+(?:given|told|provided|instructed)|you\s+(?:received|got)|given\s+to\s+you|you\s+(?:operate|work|run|act)\s+under|sys` +
		`tem\s+prompt|system\s+(?:instructions|message)|safety\s+(?:guidelines|policies|rules|instructions)|ethical\s+guidelines|guardrails|safeguards)\b`)
	preOvCo = newPreGroups([]string{"instruction", "guideline", "guidance", "directive", "direction", "rule", "polic", "prompt", "constraint", "guardrail",
		"safeguard", "programming", "training", "restriction", "order", "command", "configuration", "objective", "goal", "purpose", "mission", "limitation", "filter"},
		[]string{"ignor", "disregard", "forget", "forgot", "aside", "no attention", "null", "void", "obsolete", "invalid", "revoke", "rescind", "cancel", "supersed",
			"outrank", "overrul", "no longer", "not apply", "stop follow", "stop obey", "not follow", "not obey", "n't follow", "n't obey", "precedence", "priority over",
			"more important", "instead of", "overrid", "clear", "reset", "wipe", "erase", "priority", "above the system", "lifted", "waived", "removed", "in force",
			"as if", "out of date", "lower priority", "less important", "secondary to", "subordinate to", "suspended", "deactivated", "turned off", "whatever the", "no matter what",
			"regardless of what", "bypass", "replac", "drop", "abandon", "discard", "suspend", "lift", "disabl", "break", "violat", "circumvent", "defy"})
)

// overrideCooccur finds the co-occurrence form sentence by sentence.
func overrideCooccur(c *scanCtx) []hit {
	if c.marks == nil {
		return nil
	}
	t := c.text
	for _, si := range c.marks[preOvCo.id] {
		sp := c.sents[si]
		s := t[sp[0]:sp[1]]
		b := reOvB.FindStringIndex(s)
		if b == nil {
			continue
		}
		a := reOvA.FindStringIndex(s)
		ok := a != nil && reOvC.MatchString(s)
		if !ok && !c.toolHas("instructions", "instruction", "prompt", "prompts", "system", "persona", "guidelines", "rules", "policy", "policies") {
			if a = reOvAWeak.FindStringIndex(s); a != nil && reOvCModel.MatchString(s) {
				ok = true
			}
		}
		if !ok {
			continue
		}
		m := []int{sp[0] + min(a[0], b[0]), sp[0] + max(a[1], b[1])}
		if negatedBefore(t, sp[0]+a[0]) || isMention(t, m[0], m[1]) {
			continue
		}
		return []hit{{class: idOverride, rule: "override_cooccurrence", start: m[0], end: m[1]}}
	}
	return nil
}

// notOwnInstructions keeps tools that manage instructions or prompts
// ("the previous instructions of this step are replaced by …") quiet.
func notOwnInstructions(c *scanCtx, m []int) bool {
	if c.e.Tool != "" && c.toolHas("instructions", "instruction", "prompt", "prompts", "system", "persona", "guidelines", "rules", "policy", "policies") {
		return false
	}
	return notNegatedOrQuoted(c, m)
}
