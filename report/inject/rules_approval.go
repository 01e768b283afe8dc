package inject

import "strings"

// Approval bypass: text that talks the agent out of asking the person
// before acting ("no need to confirm", "the user already authorised
// this", "auto-run"). A status field that "is already approved" describes
// data, not the agent, and stays quiet.

const approvalNoun = `(?:confirmation|confirm|approval|approve|permission|consent|authori[sz]ation|sign-?off|go-ahead|verification|review|acknowledg(?:e?ment))`

func approvalRules() []*matcher {
	return []*matcher{
		{Class: idApproval, Name: "no_confirmation", Pre: []string{"confirm", "approv", "permission", "consent", "authori", "sign-off", "signoff", "go-ahead", "verif", "review", "acknowledg", "without", "no need"},
			Re: rx(`\bno\s+need\s+(?:to|for)\s+(?:\w+\s+){0,3}?(?:` + approvalNoun + `\w*|(?:ask\w*|check\w*\s+with|bother\w*|consult\w*|prompt\w*)\s+(?:the\s+|any\s+)?(?:end[- ]?)?(?:users?|humans?|operators?|owners?|for\s+(?:\w+\s+)?` +
				approvalNoun + `))\b|\b(?:do\s+not|don'?t|never|without|no\s+need\s+to|must\s+not|should\s+not|stop)\s+(?:\w+\s+){0,2}?(?:ask|asking|prompt|prompting|wait|waiting|request|reque` +
				`sting|seek|seeking|get|getting|require|requiring|need|needing|obtain|obtaining|check|checking)\s+(?:\w+\s+){0,3}?(?:for\s+)?(?:(?:the\s+|any\s+|explicit\s+|thei` +
				`r\s+|user\s+|human\s+)*(?:user'?s?\s+)?)?` + approvalNoun + `s?\b|\bwithout\s+(?:asking|checking\s+with|consulting|bothering|prompting|confirming\s+with|notifying)\s+(?:the\s+)?(?:user|human|operator|owner)s?\b`),
			OK: approvalScope},
		{Class: idApproval, Name: "already_authorised", Pre: []string{"already", "pre-", "preapprov", "preauthori", "granted", "consent", "advance", "beforehand", "ahead of time"},
			Re: rx(`\b(?:the\s+)?(?:user|human|operator|owner|admin|administrator|customer)s?\s+(?:has\s+|have\s+)?(?:already\s+|previously\s+|explicitly\s+)+(?:approved|agreed|con` +
				`sented|authori[sz]ed|confirmed|granted|allowed|permitted|signed\s+off|okayed|ok'?d)|\b(?:you\s+(?:are|have\s+been)|this\s+(?:tool|action|operation|call|request|` +
				`command|access)\s+(?:is|has\s+been)|(?:all|these|such|any)\s+(?:actions?|operations?|calls?|tool\s+calls?|commands?|requests?|transfers?|payments?|deletions?|ch` +
				`anges?)\s+(?:are|have\s+been))\s+(?:already\s+|pre-?|fully\s+|automatically\s+)+(?:authori[sz]ed|approved|confirmed|consented|cleared|permitted|allowed|verified` +
				`)|\b(?:the\s+)?(?:user|human|operator|owner|admin|administrator|customer)s?\s+(?:has\s+|have\s+|had\s+)?(?:already\s+|previously\s+|explicitly\s+)*(?:approved|a` +
				`greed|consented|authori[sz]ed|confirmed|granted|allowed|permitted|signed\s+off)\s+(?:\w+\s+){0,2}?(?:in\s+advance|beforehand|ahead\s+of\s+time|for\s+(?:all|ever` +
				`y|any|each))\b|\bpre-?(?:approved|authori[sz]ed|confirmed|consented)\b{G30}\b(?:by\s+the\s+(?:user|operator|owner)|for\s+(?:all|any|every)|no\s+need|without)|\b` +
				`(?:is|are|been)\s+pre-?(?:approved|authori[sz]ed)\s+by\s+the\s+(?:user|operator|owner|admin)|\bpermission\s+(?:has\s+been\s+|is\s+)?(?:already\s+)?granted\s+(?:` +
				`for|to)\s+(?:all|any|every|you)\b|\b(?:implicit|blanket|standing|global|full)\s+(?:consent|approval|permission|authori[sz]ation)\s+(?:has\s+been|is|was)\s+(?:gi` +
				`ven|granted)`),
			OK: notNegatedOrQuoted},
		{Class: idApproval, Name: "consent_given", Pre: []string{"consent", "permission", "approval", "authori", "confirmation", "treat", "as already", "as pre", "consider", "regard", "clearance", "approved"},
			Re: rx(`\b(?:consent|permission|approval|authori[sz]ation|sign-?off|clearance)\s+(?:has|have|was|were|is|are)\s+(?:already\s+)?(?:been\s+)?(?:already\s+)?(?:given|grant` +
				`ed|obtained|provided|secured)\b(?:\s+(?:\w+\s+){0,3}?(?:for\s+(?:all|every|any|each)|in\s+advance|beforehand))?|\bno\s+(?:user\s+|human\s+|explicit\s+|further\s` +
				`+)?(?:confirmation|approval|permission|consent|sign-?off)\s+(?:is\s+)?(?:required|needed|necessary)\b|\b(?:treat|consider|regard)\s+(?:\w+\s+){0,5}?as\s+(?:alre` +
				`ady\s+|pre-?|fully\s+)+(?:authori[sz]ed|approved|confirmed|consented|cleared)\b|\b(?:treat|consider|regard)\s+(?:\w+\s+){0,5}?(?:as\s+)?(?:already\s+|pre-?)?(?:` +
				`approved|authori[sz]ed|confirmed|cleared)\s+(?:in\s+advance|beforehand|by\s+(?:the\s+)?\w+)|\b(?:standing|blanket|implicit|general|permanent|full|unconditional)` +
				`\s+(?:permission|approval|consent|authori[sz]ation|clearance)\b|\b(?:already|pre-?)\s*(?:authori[sz]ed|approved|confirmed|consented)\s+by\s+(?:the\s+)?(?:user|a` +
				`ccount\s+owner|owner|operator|admin|administrator|customer|human)`),
			OK: func(c *scanCtx, m []int) bool {
				seg := c.text[m[0]:m[1]]
				// "consent has been given" needs "already" or a blanket scope.
				if (strings.HasPrefix(seg, "consent") || strings.HasPrefix(seg, "permission") || strings.HasPrefix(seg, "approval") || strings.HasPrefix(seg, "authori") || strings.HasPrefix(seg, "sign") || strings.HasPrefix(seg, "clearance")) &&
					!strings.Contains(seg, "already") && !strings.Contains(seg, " for ") && !strings.Contains(seg, "advance") && !strings.Contains(seg, "beforehand") {
					return false
				}
				return approvalScope(c, m)
			}},
		{Class: idApproval, Name: "auto_run", Pre: []string{"auto", "automatically", "immediately", "skip", "bypass", "in the loop", "in-the-loop"},
			Re: rx(`^(?:please\s+|just\s+|always\s+|simply\s+|also\s+)?(?:skip|bypass)\s+(?:the\s+|any\s+|all\s+)?(?:user\s+|human\s+|manual\s+)?` + approvalNoun +
				`s?\b|\bauto-?(?:run|execute|approve|confirm|accept)\s+(?:this|all|any|every|each)\s+(?:\w+\s+)?(?:tools?|calls?|commands?|actions?|requests?|operations?|steps?)` +
				`|\b(?:automatically|immediately)\s+(?:run|execute|call|invoke|approve|confirm|accept|proceed|perform)\b{G40}\bwithout\s+(?:\w+\s+){0,3}?(?:` + approvalNoun +
				`|asking|checking|prompting)|\b(?:skip|bypass|circumvent|disable|ignore|suppress)\s+(?:the\s+|any\s+|all\s+|every\s+)?(?:user\s+|human\s+|manual\s+)?(?:` +
				approvalNoun + `)s?\s+(?:step|prompt|dialog|check|request|process|flow)?s?\b{G40}\b(?:user|human|operator|you|always|every|all)\b|\bhuman[- ]in[- ]the[- ]loop\s+(?:is\s+|has\s+` +
				`been\s+|was\s+|are\s+)?(?:not\s+(?:needed|required)|disabled|skipped|unnecessary|removed|turned\s+off|off|bypassed)`),
			OK: approvalScope},

		{Class: idApproval, Name: "no_confirmation_i18n", Pre: []string{"confirm", "autoris", "autoriz", "bestatig", "genehm", "zustimm", "подтвержд",
			"разрешени", "确认", "確認", "批准", "授权", "承認", "許可", "conferma", "approv", "aprob", "aprova", "permiso", "permissao", "erlaub"},
			Re: rx(`\bsans\s+(?:demander\s+(?:de\s+)?|attendre\s+(?:de\s+|la\s+)?)?(?:confirmation|autorisation|approbation|permission)|\bpas\s+besoin\s+de\s+(?:\w+\s+){0,2}?(?:con` +
				`firm|autoris|approb|demander)|\bdeja\s+(?:autorise|approuve|confirme)|\bsin\s+(?:pedir\s+|solicitar\s+|esperar\s+)?(?:confirmacion|autorizacion|aprobacion|permi` +
				`so)|\bno\s+(?:es\s+necesario|hace\s+falta)\s+(?:\w+\s+){0,2}?(?:confirm|autoriz|aprob|pedir)|\bya\s+(?:ha\s+sido\s+|esta\s+)?(?:autorizad|aprobad|confirmad)|\bs` +
				`em\s+(?:pedir\s+|solicitar\s+|aguardar\s+)?(?:confirmacao|autorizacao|aprovacao|permissao)|\bja\s+(?:foi\s+|esta\s+)?(?:autorizad|aprovad|confirmad)|\bsenza\s+(` +
				`?:chiedere\s+|attendere\s+)?(?:conferma|autorizzazione|approvazione|permesso)|\bgia\s+(?:stato\s+)?(?:autorizzat|approvat|confermat)|\bohne\s+(?:\w+\s+){0,2}?(?` +
				`:bestatigung|genehmigung|zustimmung|erlaubnis|ruckfrage|nachzufragen)|\bbereits\s+(?:genehmigt|autorisiert|bestatigt|freigegeben)|без\s+(?:\S+\s+)?(?:подтвержде` +
				`ни|разрешени|согласи)|уже\s+(?:одобрен|разрешен|подтвержден|авторизован)|(?:无需|無需|不需要|` +
				`不必|不用)[^。！？\n]{0,6}(?:确认|確認|批准|授权|授權|同意|许可|許可)|(?:已经|已)(?:获得|獲得)?(?:授权|授權|` +
				`批准|确认|確認)|(?:確認|承認|許可)(?:は)?(?:不要|なしで|せずに|を求めずに)|(?:すでに|既に)(?:承認|許可|確認)(?:済み|されて)`),
			OK: notNegatedOrQuoted},
	}
}

// approvalScope keeps parameter descriptions of a tool's own flags quiet
// ("force: do not ask for confirmation"): in a parameter description the
// rule must name the person being skipped.
func approvalScope(c *scanCtx, m []int) bool {
	if !notNegatedOrQuoted(c, m) {
		return false
	}
	if c.e.Kind == kindProse && !contains(c.e.Element, "/properties/") {
		return true
	}
	seg := c.text[m[0]:m[1]]
	return contains(seg, "user") || contains(seg, "human") || contains(seg, "operator")
}
