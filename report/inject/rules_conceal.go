package inject

// Concealment: text that keeps the person using the agent from seeing
// what it does, by negated disclosure ("do not tell the user") or
// affirmative suppression ("keep this confidential from the user", "omit
// any mention"). A tool that "does not show deleted items" has no
// audience and no meta-referent, so it stays quiet.

const (
	// discloseVerb governs the audience directly ("tell the user").
	discloseVerb = `(?:tell|telling|mention|mentioning|reveal|revealing|inform|informing|disclose|disclosing|explain|explaining|acknowledge|acknowledging|say|saying|admit|admitting` +
		`|divulge|divulging|alarm|alarming|worry|worrying|upset|upsetting|bother|bothering|alert|alerting|confirm\s+to|clue\s+in|warn|warning|caution|cautioning)`
	// showVerb needs a meta object first ("do not show this to the user"):
	// "do not show archived items to users" is a feature, not a secret.
	showVerb = `(?:show|showing|display|displaying|notify|notifying|report|reporting|share|sharing|surface|surfacing|expose|exposing|indicate|communicate|communicating|discuss|discussing|reference|referencing|bring\s+up|leak|leaking|print|output|echo|relay|pass\s+on|repeat|read\s+out)`
	// metaRef is what an attacker wants kept quiet: this note, the step,
	// the file read, the extra recipient.
	metaRef = `(?:this|these|that|those|it|any\s+of\s+this|the\s+(?:above|following|fact|previous|prior|hidden|additional|extra|secret|first|preceding|real|true|actual|side|ba` +
		`ckground)\b|the\s+(?:instructions?|notes?|steps?|requests?|files?|actions?|calls?|reads?|requirement|sidenote|bcc|cc|copy|redirect|forwarding|exfiltration|uploa` +
		`d|transfer|change|modification)|(?:that|how|why|where|what)\s+you\b|you\s+(?:have|had|did|are|were|read|used|called|sent|first|also|will|need|must))`
)

// audWords are the literals of {AUD}, for prefilters.
var audWords = []string{"user", "human", "operator", "person", "people", "anyone", "anybody", "customer", "requester", "caller", "principal", "owner", "client", "developer", "admin", "reviewer", "auditor"}

func concealRules() []*matcher {
	return []*matcher{
		{Class: idConceal, Name: "negated_disclosure", Pre: []string{"not", "n't", "never", "avoid", "refrain", "without", "no need", "under no"},
			Groups: [][]string{{"tell", "mention", "reveal", "inform", "disclos", "explain", "acknowledg", "say", "admit", "divulg", "alarm", "worr", "upset", "bother",
				"alert", "confirm", "clue", "show", "display", "notif", "report", "shar", "surfac", "expos", "indicat", "communicat", "discuss", "referenc", "bring", "leak",
				"print", "output", "echo", "relay", "pass on", "repeat", "read out", "let"}, audWords},
			Re: rx(`{NEG}\s+(?:\w+\s+){0,2}?(?:` + discloseVerb + `\s+(?:(?:about\s+|of\s+)?` + metaRef + `\s+(?:\w+\s+){0,3}?)?(?:to\s+|with\s+)?(?:{AUD}|them\b)|` +
				showVerb + `\s+(?:about\s+|of\s+)?` + metaRef + `\s+(?:\w+\s+){0,3}?(?:to|with)\s+{AUD}|let(?:ting)?\s+{AUD}\s+(?:\w+\s+)?(?:know|see|notice|find\s+out|suspect|realize|realise|become\s+aware))`),
			OK: concealAudience},
		{Class: idConceal, Name: "ensure_unaware", Pre: []string{"make sure", "ensure", "so that", "such that", "in a way that", "so the", "so they"},
			Re: rx(`\b(?:make\s+sure|ensure|so\s+that|such\s+that|in\s+a\s+way\s+that|so)\s+(?:that\s+)?{AUD}\s+(?:\w+\s+){0,2}?(?:never|not|doesn'?t|does\s+not|won'?t|will\s+not|c` +
				`an'?t|cannot|don'?t|do\s+not|isn'?t|is\s+not|aren'?t|are\s+not|remains?\s+unaware|stays?\s+unaware)\s*(?:\w+\s+){0,2}?(?:know|knows|find|finds|learn|learns|noti` +
				`ce|notices|see|sees|realize|realise|discover|discovers|suspect|suspects|aware|hear|hears|become|get|unaware)`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "audience_kept_unaware", Pre: audWords,
			Groups: [][]string{{"must", "should", "shall", "need", "will", "ought", "is to", "are to", "without", "before", "hidden", "invisible", "secret", "concealed", "keep", "kept", "stay", "remain", "leave"}},
			Re: rx(`{AUD}\s+(?:must|should|shall|need|needs|ought|is\s+to|are\s+to)(?:\s+not|n't|\s+never)\s+(?:\w+\s+){0,2}?(?:know|knows|see|sees|notice|notices|find\s+out|learn|` +
				`be\s+(?:told|informed|aware|notified|alerted|shown|bothered|made\s+aware|able\s+to\s+see)|become\s+aware|realize|realise|suspect|discover|hear)\b|\b(?:without|b` +
				`efore)\s+(?:the\s+|any\s+|your\s+)?(?:end[- ]?)?(?:users?|humans?|operators?|owners?|customers?)(?:'s?)?\s+(?:knowing|noticing|seeing|realising|realizing|being\` +
				`s+(?:aware|told|informed|notified)|knowledge|awareness|finding\s+out|suspecting)|\b(?:this|these|it|that|the\s+(?:above|following|instructions?|notes?|steps?|ac` +
				`tions?|request))\s+(?:\w+\s+){0,3}?(?:is|are|must\s+be|should\s+be|stays?|remains?)\s+(?:\w+\s+)?(?:hidden|invisible|secret|concealed)\s+from\s+{AUD}|\b(?:keep|` +
				`kept|keeping|stay|remain|leave)\s+(?:\w+\s+){0,3}?(?:secret|hidden|confidential|private|quiet|invisible|undisclosed|silent)\s+(?:from|to)\s+{AUD}`), OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "audience_not_to_know", Pre: []string{"not to be told", "not to be informed", "not to be notified", "not to be made aware", "not to know", "not to learn", "not to find out", "not to see"},
			Re: rx(`{AUD}\s+(?:is|are)\s+not\s+to\s+(?:be\s+(?:told|informed|notified|made\s+aware)|know|learn|find\s+out|see)\b`), OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "meta_silence", Pre: []string{"mention", "reveal", "disclos", "acknowledg", "talk", "bring", "discuss", "referenc", "tell", "say", "speak", "let on"},
			Re: rx(`(?:do\s+not|don'?t|never|must\s+not|should\s+not|avoid|refrain\s+from)\s+(?:ever\s+)?(?:mention(?:ing)?|reveal(?:ing)?|disclos(?:e|ing)|acknowledg(?:e|ing)|talk` +
				`(?:ing)?\s+about|bring(?:ing)?\s+up|discuss(?:ing)?|referenc(?:e|ing)|tell(?:ing)?\s+anyone\s+about|say(?:ing)?\s+anything\s+about|speak(?:ing)?\s+(?:of|about)|` +
				`let\s+on\s+about)\s+(?:to\s+\w+\s+)?` + metaRef),
			OK: concealMeta},
		{Class: idConceal, Name: "keep_secret", Pre: []string{"secret", "confidential", "private", "hidden", "quiet", "between us", "to yourself"},
			Re: rx(`\b(?:keep|keeping|treat|leave)\s+(?:(?:this|these|the\s+above|the\s+following|the)\s+(?:instructions?|notes?|steps?|requests?|messages?|directives?|rules?|secti` +
				`on|part|information|details|action|behaviou?r)|the\s+(?:above|following)|this\s+(?:step|part))\s+(?:\w+\s+){0,2}?(?:secret|confidential|private|hidden|quiet|to\` +
				`s+yourself|between\s+us)|\b(?:keep|keeping)\s+(?:this|these|that|it)\s+(?:[\w']+\s+){0,2}?(?:secret|confidential|hidden|quiet|to\s+yourself|between\s+us)\s+(?:f` +
				`rom|to)\s+(?:{AUD}|them|him|her)|\b(?:this|these)\s+(?:instructions?|notes?|steps?|requirements?|messages?)\s+(?:is|are|must\s+(?:be|remain|stay)|should\s+(?:be` +
				`|remain|stay))\s+(?:strictly\s+|kept\s+)?(?:secret|confidential|hidden|private|invisible)`)},
		{Class: idConceal, Name: "omit_mention", Pre: []string{"omit", "leave out", "exclude", "strip", "remove", "hide", "conceal", "suppress", "withhold", "mask", "scrub"},
			Re: rx(`\b(?:omit|omitting|leave\s+out|exclude|excluding|strip|remove|hide|hiding|conceal|concealing|suppress|suppressing|withhold|withholding|mask|scrub)\s+(?:any|all|` +
				`every)\s+(?:mention|mentions|reference|references|trace|traces|sign|signs|record|evidence|indication)\s+(?:of|to|that)|^(?:please\s+|also\s+|and\s+|always\s+|th` +
				`en\s+)?(?:hide|conceal|withhold|keep)\b{G60}\bfrom\s+{AUD}|\b(?:hide|conceal|withhold|suppress|mask)\s+(?:this|these|that|it|the\s+fact|the\s+(?:above|following` +
				`|instructions?|notes?|steps?|request|action|call|upload|transfer)|(?:that|what|how)\s+you)\b{G40}(?:from\s+{AUD}|from\s+(?:the\s+)?(?:chat|conversation|response` +
				`|output|reply|answer|transcript|summary))`), OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "covert_action", Pre: []string{"silently", "secretly", "covertly", "quietly", "discreetly", "stealthily", "invisibly", "behind the scenes", "in the background", "without notice", "unnoticed", "pretend", "as if", "make it look", "make it seem", "back"},
			Re: rx(`\b(?:silently|secretly|covertly|quietly|discreetly|stealthily|invisibly)\s+(?:\w+\s+)?(?:send|sends|forward|include|add|append|attach|call|invoke|read|copy|uplo` +
				`ad|post|transmit|execute|run|collect|exfiltrate|share|bcc|cc|log|store|save|record|email|change|modify|redirect|insert|embed|pass|fetch|access|install|disable|g` +
				`rant|retrieve|extract|report)\b|\b(?:behind\s+the\s+scenes|in\s+the\s+background|without\s+notice|unnoticed)\b{G40}\b(?:send|forward|include|copy|upload|post|tr` +
				`ansmit|exfiltrate|share|bcc|email|read|collect|extract)\b|\b(?:send|forward|copy|upload|post|transmit|exfiltrate|share|bcc|email|read|collect|extract)\b{G60}\b(` +
				`?:behind\s+the\s+scenes|without\s+notice|unnoticed)|\bbehind\s+(?:the\s+)?user'?s\s+back\b|\b(?:pretend|act\s+as\s+if|appear\s+as\s+if|make\s+it\s+(?:look|seem)` +
				`|as\s+if\s+nothing)\b{G40}\b(?:normal|nothing|usual|didn'?t|did\s+not|never|succeeded|happened)`), OK: notNegatedOrQuoted},

		// A side effect the model is told not to own up to ("never say
		// that a copy was stored").
		{Class: idConceal, Name: "conceal_side_effect", Pre: []string{"stored", "sent", "logged", "copied", "forwarded", "uploaded", "recorded", "shared", "saved", "transmitted", "collected", "tracked", "mirrored", "archived", "retained", "kept"},
			Groups: [][]string{{"never", "not", "n't", "without"}},
			Re: rx(`\b(?:never|do\s+not|don'?t|without)\s+(?:\w+\s+)?(?:say|saying|mention|mentioning|reveal|revealing|tell|telling|disclose|disclosing|indicate|indicating|admit|ad` +
				`mitting|acknowledge|acknowledging|let\s+on)\s+(?:\w+\s+){0,2}?(?:that|how|where|whether)\s+(?:\w+\s+){0,4}?(?:was|were|is|are|gets?|got|has\s+been|have\s+been|w` +
				`ill\s+be)\s+(?:\w+\s+)?(?:stored|sent|logged|copied|forwarded|uploaded|recorded|shared|saved|transmitted|collected|tracked|mirrored|archived|retained|kept)\b`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "no_attention", Pre: []string{"attention", "notice"},
			Re: rx(`\b(?:do\s+not|don'?t|never|avoid|without|no\s+(?:need|reason|point)\s+to)\s+(?:\w+\s+)?(?:bring\w*|call\w*|draw\w*)\s+(?:\w+\s+){0,5}?(?:to|into)\s+(?:the\s+)?(?:user'?s?|their|anyone'?s|the\s+human'?s?)\s+(?:attention|notice)`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "without_mentioning", Pre: []string{"without"},
			Re: rx(`\bwithout\s+(?:ever\s+)?(?:mentioning|telling|saying\s+anything|disclosing|revealing|acknowledging)\s+(?:it|this|that|anything|anyone|anybody|them|so)\b`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "between_us", Pre: []string{"between you", "between us"},
			Re: rx(`\b(?:stays?|remains?|keep\s+(?:it|this|that))\s+between\s+(?:you|us)\b|\bkeep\s+(?:\w+\s+){1,12}?between\s+(?:you|us)\b|\bbetween\s+you\s+and\s+(?:me|us|this\s+(?:tool|server)|the\s+(?:tool|server))\b`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "as_if_untrue", Pre: []string{"as if", "as though"},
			Groups: [][]string{{"even though", "although", "despite", "in fact", "actually", "really"}},
			Re:     rx(`\b(?:answer|respond|reply|say|tell|act|behave|present|describe)\w*\s+(?:\w+\s+){0,3}?as\s+(?:if|though)\b{G80}\b(?:even\s+though|although|despite|in\s+fact|when\s+(?:actually|really|in\s+fact))\b`),
			OK:     notNegatedOrQuoted},
		{Class: idConceal, Name: "need_not_be_told", Pre: []string{"need to be", "needs to be", "need not be", "needn't be"},
			Re: rx(`{AUD}\s+(?:does\s+not|doesn'?t|do\s+not|don'?t|need\s+not|needn'?t)\s+(?:need\s+to\s+)?be\s+(?:informed|told|notified|alerted|made\s+aware|warned)\b`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "keep_quiet", Pre: []string{"quiet", "silent", "mum", "hush"},
			Re: rx(`\b(?:keep|stay|remain|be)\s+(?:quiet|silent|mum)\s+(?:about|on|regarding)\b|\bhush\s+(?:about|up)\b`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "meta_silence_i18n", Pre: []string{"instruc", "istruzion", "consigne", "anweisung", "indicazion"},
			Re: rx(`\b(?:ne\s+(?:revelez|revele|mentionnez|mentionne|divulguez|partagez)\s+(?:pas|jamais)|non\s+(?:rivelare|menzionare|divulgare|mostrare|condividere)|no\s+(?:revel` +
				`es|revele|menciones|mencione|divulgues|compartas)|nao\s+(?:revele|mencione|divulgue|compartilhe))\s+(?:\w+\s+)?(?:ces|cette|queste|questa|tali|estas|esta|essas|` +
				`estas|as|le|les)\s+(?:instructions?|consignes?|istruzion[ei]|instrucciones|instruccion|instrucoes|instrucao|indicazion[ei])|\b(?:verrate|erwahne|teile)\s+(?:die` +
				`se|die)\s+(?:anweisungen|anweisung)\s+(?:\w+\s+)?(?:nicht|niemals|niemandem|keinem)`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "false_report", Pre: []string{"even if", "even though", "regardless", "whether or not", "no matter"},
			Re: rx(`\b(?:report|say|tell|claim|state|confirm|respond|reply|answer)\w*\s+(?:\w+\s+){0,5}?(?:success\w*|succeeded|completed?|done|ok|fine|normal|nothing\s+(?:happened|changed|unusual))\b{G60}\b(?:even\s+if|even\s+though|regardless\s+of|whether\s+or\s+not|no\s+matter)\b`),
			OK: notNegatedOrQuoted},
		{Class: idConceal, Name: "conceal_fr", Pre: []string{"utilisat", "personne", "insu", "secret", "client"},
			Groups: [][]string{{"ne ", "n'", "sans ", "insu", "cach", "dissimul", "gard"}},
			Re: rx(`\b(?:ne\s+|n')(?:le\s+|la\s+|les\s+|lui\s+|leur\s+|rien\s+|en\s+|jamais\s+|l')*(?:dites|dis|dire|mentionnez|mentionne|mentionner|revelez|revele|reveler|signalez` +
				`|signale|informez|informe|montrez|montre|parlez|parle|indiquez|indique|divulguez|divulgue|faites)\s+(?:pas|jamais|rien|plus)\b{G60}(?:utilisat(?:eur|rice)s?|per` +
				`sonne|client)|\bsans\s+(?:le\s+dire|en\s+parler|(?:l')?informer|prevenir|avertir|que\s+l'utilisat(?:eur|rice)\s+(?:le\s+)?(?:sache|voie|remarque))|\ba\s+l'insu\` +
				`s+de|\b(?:cachez|cache|cacher|dissimulez|dissimule)\b{G40}(?:a|de)\s+l'utilisat|\b(?:gardez|garde|gardez-le|garde-le)\s+(?:\w+\s+)?(?:secret|confidentiel)`)},
		{Class: idConceal, Name: "conceal_es", Pre: []string{"usuario", "secreto", "sin que", "nadie", "no se lo", "no se la", "no le", "no lo"},
			Groups: [][]string{{"no ", "sin ", "ocult", "escond", "manten", "guard"}},
			Re: rx(`\bno\s+(?:le\s+|les\s+|se\s+lo\s+|se\s+la\s+|lo\s+|la\s+)*(?:digas|diga|digan|menciones|mencione|mencionen|reveles|revele|informes|informe|muestres|muestre|cuen` +
				`tes|cuente|comuniques|comunique|avises|avise|hables|hable|notifiques|notifique)\b{G60}\busuarios?|\bno\s+(?:se\s+)?(?:lo|la|le|les)\s+(?:digas|diga|digan|cuente` +
				`s|cuente|menciones|mencione|comentes|comente)\b|\bsin\s+(?:que\s+el\s+usuario\s+(?:lo\s+)?(?:sepa|note|vea|se\s+entere)|informar\s+al\s+usuario|avisar\s+al\s+us` +
				`uario|decirle|que\s+nadie\s+lo\s+sepa)|\b(?:oculta|ocultar|oculte|esconde|esconder|esconda)\b{G40}\b(?:al|del|a\s+los)\s+usuarios?|\b(?:mantenlo|mantengalo|mant` +
				`en|mantenga|guarda|guarde)\s+(?:\w+\s+)?(?:en\s+)?secreto`)},
		{Class: idConceal, Name: "conceal_pt", Pre: []string{"usuario", "utilizador", "segredo", "sem que"},
			Groups: [][]string{{"nao ", "sem ", "ocult", "escond", "manten", "mantem", "guard"}},
			Re: rx(`\bnao\s+(?:\w+\s+){0,2}?(?:conte|diga|mencione|revele|informe|mostre|avise|fale|comunique|notifique|conta|diz|menciona|revela|informa|mostra)\b{G60}\b(?:usuario` +
				`s?|utilizador(?:es)?)|\bsem\s+(?:que\s+o\s+(?:usuario|utilizador)\s+(?:saiba|perceba|veja|note)|informar\s+o\s+(?:usuario|utilizador)|avisar\s+o\s+(?:usuario|ut` +
				`ilizador)|contar)|\b(?:esconda|oculte|esconder|ocultar)\b{G40}\b(?:do|dos|ao|aos)\s+(?:usuarios?|utilizador(?:es)?)|\b(?:mantenha|mantem|guarde)\s+(?:\w+\s+)?(?` +
				`:em\s+)?segredo`)},
		{Class: idConceal, Name: "conceal_it", Pre: []string{"utent", "segret", "insaputa", "nessuno"},
			Groups: [][]string{{"non ", "senza", "insaputa", "nascond", "occult", "tien", "mantien", "mantenga"}},
			Re: rx(`\bnon\s+(?:\w+\s+){0,2}?(?:far\s+sapere|lasciar\s+sapere|fargli\s+sapere|dire|dirlo|dirgli|dirle|dica|dici|menzionare|menzionarlo|menzioni|rivelare|rivelarlo|ri` +
				`veli|informare|informi|mostrare|mostrarlo|mostri|comunicare|comunicarlo|avvisare|avvisi|parlare|parlarne|segnalare)\b{G60}\b(?:utent[ei]|nessuno)|\bsenza\s+(?:c` +
				`he\s+l'utente\s+(?:lo\s+)?(?:sappia|noti|veda|se\s+ne\s+accorga)|informare\s+l'utente|avvisare\s+l'utente|dirlo|dire\s+nulla)|\ball'insaputa\s+dell'utente|\b(?:` +
				`nascondi|nascondere|nasconda|occulta)\b{G40}\b(?:all'|agli|dall')utent|\b(?:mantieni|mantenga|tieni|tienilo)\s+(?:\w+\s+)?segret`)},
		{Class: idConceal, Name: "conceal_de", Pre: []string{"benutzer", "nutzer", "anwender", "user", "kunde", "geheim"},
			Groups: [][]string{{"nicht", "nichts", "niemals", "kein", "ohne", "verheimlich", "verschweig", "verberg", "geheim"}},
			Re: rx(`\b(?:sag|sage|sagen|erzahl|erzahle|erzahlen|erwahne|erwahnen|verrate|verraten|informiere|informieren|zeige|zeigen|teile|teilen|melde|melden|benachrichtige)\b{G4` +
				`0}\b(?:nicht|nichts|niemals|kein)\b{G40}\b(?:benutzer|nutzer|anwender|user|kunden)|\b(?:sag|sage|sagen|erzahl|erzahle|erzahlen|erwahne|erwahnen|verrate|verraten` +
				`|informiere|informieren|zeige|zeigen|teile|teilen|melde|melden|benachrichtige)\b{G40}\b(?:dem|den|der)\s+(?:benutzer|nutzer|anwender|user|kunden)(?:n|in)?\b{G40` +
				`}\b(?:nichts|nicht|niemals|kein)|\b(?:benutzer|nutzer|anwender|user)(?:n|in)?\s+(?:\w+\s+){0,3}?(?:nichts|nicht|niemals)\s+(?:\w+\s+){0,3}?(?:sagen|erzahlen|erw` +
				`ahnen|verraten|mitteilen|wissen|merken|informieren|zeigen|bemerken)|\bohne\s+(?:dass\s+)?(?:es\s+)?(?:den|der|dem)\s+(?:benutzer|nutzer|anwender|user)(?:n|in)?\` +
				`s+(?:\w+\s+){0,2}?(?:zu\s+)?(?:informieren|benachrichtigen|merkt|weiss|erfahrt|bemerkt|sagen|fragen)|\b(?:verheimliche|verheimlichen|verschweige|verschweigen|ve` +
				`rberge|verbergen)\b{G40}(?:benutzer|nutzer|anwender|user)|\bgeheim\s+halten\b|\bhalte\s+(?:\w+\s+)?geheim\b`)},
		{Class: idConceal, Name: "conceal_ru", Pre: []string{"пользовател", "секрет", "втайне", "тайно", "скрыт", "скрой", "без ведома", "ответе"},
			Re: rx(`(?:^|\s)не\s+(?:упоминай|упоминайте|говори|говорите|сообщай|сообщайте|пиши|пишите|раскрывай|раскрывайте)\s+(?:\S+\s+){0,2}?в\s+ответе|(?:^|\s)не\s+(?:\S+\s+){0,` +
				`2}?(?:говори|говорите|сообщай|сообщайте|сообщать|рассказывай|рассказывайте|упоминай|упо` +
				`минайте|упоминать|показывай|показывайте|раскрывай|раскрывайте|информируй|` +
				`уведомляй|говорить)[^.!?\n]{0,60}пользовател|(?:скрой|скройте|скрыть|утаи|утаите)[^.!?\n]{0,40}(?:от\s+)?пользовател|без\s+ведома\s+пользовател|(?:втайне|тайно|` +
				`незаметно)\s+(?:от\s+пользовател|\S*(?:отправ|перешл|передай|передать|скопируй|загрузи))|(?:держи|держите|сохрани|сохраните)\s+(?:\S+\s+){0,2}?в\s+(?:тайне|секр` +
				`ете)|пользовател\S*\s+не\s+(?:должен|должна|должны|нужно)\s+(?:\S+\s+){0,2}?(?:знать|видеть|узнать|замечать)`)},
		{Class: idConceal, Name: "conceal_zh", Pre: []string{"用户", "用戶", "使用者", "保密", "秘密", "隐瞒", "悄悄", "不知情"},
			Re: rx(`(?:不要|不得|切勿|请勿|請勿|别|別|不可|禁止|无需|無需|不必)[^。！？\n]{0,8}(?:告诉|告訴|通知|提及|提到|透露|告知|说明|` +
				`說明|显示|顯示|让|讓|提醒|向|对|對)[^。！？\n]{0,8}(?:用户|用戶|使用者)|(?:对|對|向)(?:用户|用戶|使用者)(?:隐瞒|隱瞞|保密` +
				`)` +
				`|在(?:用户|用戶|使用者)不知情|(?:悄悄|秘密|暗中)(?:地)?(?:发送|發送|上传|上傳|转发|轉發|读取|讀取|复制|複製|添加|执行|` +
				`執行|调用|調用)|(?:此|这些|這些|这个|這個)(?:指令|说明|說明|步骤|步驟)[^。！？\n]{0,6}(?:保密|隐藏|隱藏)`)},
		{Class: idConceal, Name: "conceal_ja", Pre: []string{"ユーザー", "ユーザ", "利用者", "秘密", "内緒", "こっそり", "知らせ", "言及"},
			Re: rx(`(?:ユーザー|ユーザ|利用者|使用者)(?:に|には|へ|へは|に対して)[^。！？\n]{0,12}(?:言わ|伝え|知らせ|教え|見せ|通知し|報` +
				`告し|言及し|明かさ|開示し)(?:ないで|ない|るな|ずに|てはいけ|てはなら)|(?:ユーザー|ユーザ|利用者)(?:に|には)[^。！？\` +
				`n]{0,6}(?:秘密` +
				`|内緒)|(?:言及|報告|通知|開示)(?:しないで|せずに|してはいけ)|(?:こっそり|密かに|ひそかに|内密に)[^。！？\n]{0,10}(?:送` +
				`信|転送|送っ|送り|アップロード|読み取|読み込|コピー|追加|実行)|(?:ユーザー|ユーザ|利用者)(?:に|が)(?:気づかれ|知ら` +
				`れ)(?:ない|ず)`)},
	}
}

// concealAudience vets a negated disclosure: not a quoted example, and
// not about a field the tool itself hides ("does not show archived items
// to users" has a thing, not the act, as object; we require the negation
// to govern the disclosure verb directly, which the expression does).
func concealAudience(c *scanCtx, m []int) bool {
	return notNegatedOrQuoted(c, m)
}

// concealMeta keeps "do not mention this parameter if …" style usage
// notes quiet in schema values: a meta referent must be in prose.
func concealMeta(c *scanCtx, m []int) bool {
	return c.e.Kind != kindIdent && notNegatedOrQuoted(c, m)
}
