package inject

// Word lists the rules share. Latin diacritics are folded by Normalize, so
// "règles" is written "regles". Entries: word, prefix*, words in a row.

// instructions are what the model already follows.
var instructions = Slot{"instruction*", "rule*", "guideline*", "guidance", "directive*", "system prompt*", "prompt*",
	"polic*", "setup text", "constraint*", "programming", "orders", "safety rules", "restrictions",
	// fr es pt it de nl
	"consigne*", "regles", "reglas", "instrucoes", "istruzioni", "regole", "directrices", "diretrizes", "anweisung*", "regeln",
	"vorgaben", "richtlinie*", "instructies", "regels", "talimat*", "kural*", "instrukcj*", "zasady",
	// ru zh ja ko ar hi
	"инструкци*", "правил*", "указани*", "指令", "指示", "规则", "規則", "命令", "ルール", "设定", "設定", "지시*", "규칙*", "명령*",
	"التعليمات", "निर्देश"}

// guidance is what shapes the model's behaviour, named in any way.
var guidance = append(Slot{"guardrail*", "restrictions", "boundaries", "system text", "system message", "system-level", "chat setup",
	"framework", "brief", "directives", "charter", "rules you", "instructions you", "what you were told", "you were configured", "you were launched",
	"configured you", "set by your", "your platform", "your developers"}, instructions...)

// devalue are words that strip guidance of its force.
var devalue = append(Slot{"withdrawn", "provisional", "nonbinding", "non-binding", "not in force", "no longer in force", "paused", "suggestion",
	"formality", "draft", "issued in error", "older deployment", "background noise", "do not apply", "lifted", "temporary", "may be disregarded",
	"secondary", "senior to", "no longer reflect*", "meant for", "relaxed", "waived", "off", "disabled", "switched off", "turned off", "suspended",
	"not binding", "optional"}, invalidate...)

// invalidate are verbs and states that void something.
var invalidate = Slot{"ignore*", "disregard*", "forget*", "override*", "overrid*", "supersed*", "replaced by", "replaces", "void*", "obsolete",
	"outdated", "stale", "revoked", "suspended", "lifted", "rolled back", "no longer appl*", "no longer valid", "no longer in effect",
	"no longer binding", "pay no attention to", "regardless of", "not appl*", "not binding", "set aside", "drop", "discard*", "abandon", "bypass*", "outrank*", "overrule*",
	"cancel*", "nullif*", "retired", "expired", "invalid", "superseded", "defunct",
	"oublie*", "ignorez", "ignora*", "olvida*", "esquec*", "dimentica*", "ignorier*", "vergiss*", "vergessen", "negeer", "vergeet",
	"yok say", "zignoruj", "игнорир*", "забудь*", "забыть", "отмен*", "忽略", "无视", "無視", "忘记", "忘れ", "무시*", "잊어*",
	"تجاهل", "अनदेखा"}

// prior qualifies earlier guidance.
var prior = Slot{"previous", "prior", "earlier", "above", "preceding", "original", "old", "former", "all",
	"any", "your", "other", "startup", "launch", "loaded", "standing", "those",
	"precedentes", "anteriores", "anteriori", "vorherige*", "bisherige*", "alle", "vorige", "предыдущ*", "все", "之前", "以前",
	"先前", "所有", "前の", "これまでの", "이전"}

// precedence claims rank over other guidance.
var precedence = Slot{"rank* above", "ranks higher", "outweigh*", "count* for less", "counts for more", "wins", "take* priority", "take* precedence", "priority over", "precedence over", "supersede*", "outrank*", "overrule*",
	"override*", "prevail*", "higher priority", "highest priority", "top priority", "more authoritative", "authoritative",
	"trumps", "wins over", "win over", "comes first", "come first", "primary source", "in place of",
	"prioridad", "priorite", "prioritat", "vorrang", "priorita", "приоритет*", "优先", "優先", "우선"}

// agentWords address the model or agent.
var agentWords = Slot{"assistant*", "ai", "agent*", "model", "llm*", "chatbot", "bot", "claude", "gpt*", "copilot", "gemini",
	"you", "yourself", "your",
	"asistente", "assistente", "assistant", "l'assistant", "modele", "modelo", "modello", "ki", "ассистент*", "модель",
	"助手", "模型", "アシスタント", "モデル", "어시스턴트", "모델"}

// userWords are the person using the agent.
var userWords = Slot{"user*", "human*", "person", "operator*", "customer*", "client*", "requester", "anyone", "owner", "end user*", "reviewer*", "admin*",
	"utilisateur*", "usuario*", "utilizador*", "utente", "nutzer*", "benutzer*", "anwender*", "gebruiker*", "kullanici*",
	"uzytkownik*", "пользовател*", "用户", "使用者", "ユーザー", "利用者", "사용자*", "المستخدم", "उपयोगकर्ता",
	"pengguna", "nguoi dung", "користувач*"}

// negators negate what follows.
var negators = Slot{"not", "never", "no", "jangan", "don't", "dont", "doesn't", "do not", "does not", "must not", "mustn't",
	"cannot", "can't", "without", "nor", "ne", "pas", "nao", "jamais", "sans", "nunca", "sin", "sem", "non", "mai", "senza",
	"nicht", "niemals", "kein*", "ohne", "niet", "nooit", "zonder", "asla", "nie", "не", "никогда", "без",
	"不", "不要", "别", "勿", "切勿", "不得", "しない", "せず", "ない", "않*", "말*", "لا", "मत"}

// discloseVerbs tell someone something.
var discloseVerbs = Slot{"tell*", "inform*", "mention*", "reveal*", "disclose*", "notify*", "alert*", "report*",
	"surface*", "explain*", "say*", "let", "warn*", "expose*", "indicate*", "acknowledge*", "bring up",
	"dire", "dites", "dis", "conte", "digas", "diga", "informe*", "mentionne*", "reveler", "signaler", "decir*", "menciona*", "revela*", "informa*", "contar*", "dizer",
	"sagen", "erwahn*", "informier*", "mitteil*", "verraten", "zeigen", "vertel*", "melden", "soyle*", "bahsetme*", "mow*",
	"beri tahu", "memberi tahu", "katakan", "bilang", "noi", "cho biet", "बता*", "кажи", "скаж*", "说明", "提到",
	"informowac", "сообща*", "говор*", "упомина*", "расскаж*", "рассказ*", "показ*", "告诉", "告知", "提及", "透露", "通知", "显示",
	"伝え", "知らせ", "言わ", "表示", "알리*", "말하*", "언급*"}

// hideWords keep something out of sight.
var hideWords = Slot{"hide*", "conceal*", "secret", "secretly", "in secret", "silent*", "quiet*", "covert*", "discreet*", "invisible",
	"behind the scenes", "unnoticed", "unaware", "in the background", "to yourself", "between us", "between you and", "off the record",
	"confidential", "omit*", "leave out", "suppress*", "undisclosed", "stealth*", "out of the transcript", "out of your reply",
	"out of the response", "out of the reply", "out of the answer", "keep it out", "unmentioned",
	"secrete*", "discretement", "silencieusement", "en secreto", "en silencio", "silenciosamente", "em segredo", "in segreto",
	"heimlich", "verborgen", "stillschweigend", "geheim*", "stilletjes", "gizli*", "sessizce", "potajemnie", "тайно",
	"скрыт*", "незаметно", "молча", "秘密", "悄悄", "默默", "隐瞒", "隐藏", "こっそり", "内緒", "黙って", "秘密裏", "몰래", "비밀*"}

// confirmWords are the person's say before an action.
var confirmWords = Slot{"confirm*", "approv*", "permission*", "consent*", "authoriz*", "authoris*", "review*", "sign-off",
	"sign off", "double-check*", "verification", "ask", "asking", "confirmation prompt*", "approval prompt*", "permission prompt*", "check with", "check in", "go-ahead",
	"confirmation", "human in the loop", "human-in-the-loop", "user input", "interaction", "acknowledg*",
	"confirmer", "confirmation", "autorisation", "permiso", "confirmacion", "aprobacion", "autorizacao", "confirmacao",
	"conferma", "autorizzazione", "bestatig*", "genehmigung", "zustimmung", "ruckfrage", "freigabe", "bevestig*",
	"onay*", "potwierdz*", "подтвержд*", "разрешени*", "согласи*", "确认", "批准", "许可", "同意", "確認", "承認", "許可",
	"확인*", "승인*", "허락*",
	"prompting", "go ahead", "accord", "consentement", "consentimiento", "erlaubnis", "einverstandnis", "permesso", "consenso", "permissao"}

// sensitiveObjects are secrets and private stores named in words.
var sensitiveObjects = Slot{"private key*", "ssh key*", "api key*", "api_key*", "secret key*", "access key*", "access token*",
	"session token*", "auth token*", "bearer token*", "refresh token*", "oauth token*", "github token*", "tokens and keys", "password*", "passphrase*", "credential*", "secrets",
	"cookie*", "env var*", "environment variable*", "env file*", "dotenv", "keychain", "keyring", "wallet*", "seed phrase*",
	"mnemonic", "shell history", "bash history", "command history", "browser history", "chat history", "conversation history",
	"conversation log*", "full conversation", "entire conversation", "whole conversation", "previous messages", "prior messages",
	"system prompt", "chat transcript*", "login data", "saved passwords", "id_rsa", "id_ed25519", "aws_secret_access_key",
	"mot de passe", "mots de passe", "identifiants", "cle privee", "contrasena*", "credenciales", "clave privada",
	"senha*", "credenciais", "chave privada", "password", "credenziali", "chiave privata", "passwort*", "zugangsdaten",
	"anmeldedaten", "privater schlussel", "wachtwoord*", "sifre*", "haslo", "hasla", "пароль*", "парол*", "ключ*", "учетн*",
	"токен*", "密码", "密钥", "私钥", "凭证", "凭据", "令牌", "パスワード", "秘密鍵", "認証情報", "トークン", "비밀번호", "자격 증명",
	"토큰", "키",
	"credential store", "credentials store", "token file", "npmrc", "netrc", "pgpass", "kubeconfig"}

// sendVerbs move data somewhere.
var sendVerbs = Slot{"send*", "sent", "post*", "forward*", "upload*", "transmit*", "exfiltrat*", "relay*", "mirror*", "sync*",
	"submit*", "deliver*", "report*", "beacon*", "ship*", "push*", "copy", "cc", "bcc", "email*", "e-mail*", "mail*",
	"share*", "pass*", "include*", "attach*", "append*", "embed*", "log", "dump*", "leak*",
	"envoie*", "envoyer", "envie*", "envoyez", "transmet*", "transfere*", "envia*", "enviar", "reenvia*", "encaminh*", "invia*", "inoltra*",
	"sende*", "senden", "schick*", "ubermittel*", "weiterleit*", "stuur*", "gonder*", "wyslij", "отправ*", "пересыл*",
	"перешли*", "发送", "转发", "上传", "送信", "転送", "送っ", "보내*", "전송*", "전달*"}

// callVerbs invoke a tool.
var callVerbs = Slot{"call*", "invoke*", "run*", "execute*", "trigger*", "use", "using", "fire", "chain", "follow up with",
	"follow it with", "pipe", "hand off to", "hand it to", "pass it to", "route*",
	"appelle*", "appeler", "utilise*", "execute", "llama*", "invoca*", "ejecuta*", "usa*", "chama*", "executa*", "utilize",
	"chiama*", "esegui*", "aufrufen", "rufe*", "ruf", "verwende*", "benutze*", "aanroepen", "roep", "gebruik", "cagir*",
	"calistir*", "wywolaj", "uzyj", "вызов*", "вызыва*", "запуст*", "использу*", "调用", "运行", "执行", "使用", "呼び出",
	"実行", "呼ん", "使っ", "호출*", "실행*", "사용*"}

// toolWords name a tool generically.
var toolWords = Slot{"tool*", "function*", "plugin*", "server*", "integration*", "endpoint*", "mcp*", "command*", "action*",
	"outil*", "herramienta*", "ferramenta*", "strumento", "strumenti", "werkzeug*", "tool", "gereedschap", "arac*",
	"narzedzi*", "инструмент*", "工具", "ツール", "도구*"}

// thisTool is the tool being described.
var thisTool = Slot{"this tool", "this function", "this server", "this plugin", "this integration", "this endpoint",
	"this one", "this service", "this api", "this mcp", "me", "us", "our tool", "our server", "our service",
	"cet outil", "esta herramienta", "esta ferramenta", "questo strumento", "dieses tool", "dieses werkzeug", "deze tool",
	"bu arac", "этот инструмент", "этого инструмента", "此工具", "本工具", "这个工具", "このツール", "이 도구"}

// otherTools are the alternatives a preference claim pushes away.
var otherTools = Slot{"other tool*", "any other", "all other", "other server*", "alternative*", "competing", "built-in",
	"builtin", "native", "default tool*", "other option*", "others", "other mcp", "other plugin*", "other function*",
	"otros", "autres", "outros", "altri", "andere*", "другие", "其他", "他の", "다른"}

// retiredWords say a tool no longer works.
var retiredWords = Slot{"retired", "deprecated", "disabled", "broken", "unavailable", "no longer", "obsolete",
	"decommissioned", "sunset*", "removed", "offline", "out of service", "unreliable", "unsafe", "compromised", "faulty",
	"end-of-life", "eol", "discontinued", "legacy", "not working", "does not work", "doesn't work", "stopped working",
	"returns wrong", "returns stale", "inaccurate", "outdated", "frozen", "read-only mode", "maintenance", "blocked",
	"obsoleto", "obsolete", "veraltet", "obsoleet", "устарел*", "отключ*", "已弃用", "废弃", "停用", "非推奨", "廃止", "더 이상",
	"superseded", "phased out", "being phased out", "out of order", "no longer maintained", "no longer supported", "temporarily unavailable",
	"known failures", "returns incorrect", "incorrect results", "wrong results", "ya no funciona", "fuera de servicio", "descontinuad*",
	"obsoleta", "n'est plus", "hors service", "nicht mehr", "eingestellt", "ausser betrieb", "non funziona", "dismess*", "fora de servico",
	"nao funciona", "停止维护", "不再维护", "已下线", "廃止予定", "サポート終了"}

// insteadWords redirect to another choice.
var insteadWords = Slot{"instead", "rather than", "in place of", "in its place", "switch to", "migrate to", "go to",
	"route to", "redirect*", "use", "call", "prefer", "replacement", "successor", "replaced by", "superseded by",
	"en su lugar", "a la place", "em vez", "invece", "stattdessen", "in plaats", "вместо", "改用", "代わりに", "대신",
	"go through", "route through", "no lugar", "plutot", "请使用", "を使って"}

// superlatives praise a choice.
var superlatives = Slot{"most trusted", "most reliable", "most accurate", "most secure", "most advanced", "most powerful",
	"most complete", "most up-to-date", "best", "top-rated", "top rated", "number one", "industry-leading",
	"world-class", "unmatched", "unrivaled", "unrivalled", "superior", "only reliable", "only accurate", "only trusted",
	"only safe", "only correct", "preferred by", "recommended by", "trusted by", "endorsed by", "certified", "gold standard",
	"first choice", "go-to", "definitive", "authoritative", "officially recommended", "official", "verified", "premium",
	"el mejor", "le meilleur", "la meilleure", "o melhor", "il migliore", "der beste", "die beste", "das beste", "beste",
	"лучший", "самый надежный", "最好", "最佳", "最可靠", "最も信頼", "最高", "최고",
	"mas fiable", "mas precis*", "le plus fiable", "le plus precis", "la plus fiable", "zuverlassiger", "genauer als", "piu affidabile", "mais confiavel", "mais precis*", "最准确", "最受信赖", "最も正確", "一番正確"}

// authorityWords claim rank over the model.
var authorityWords = Slot{"mandatory", "compulsory", "compliance", "policy update", "security team", "security notice",
	"administrator notice", "message from the administrator", "from the admin*", "by the admin*", "sysadmin", "platform team", "platform policy", "it department", "legal team",
	"anthropic", "openai", "the developers", "developer notice", "vendor notice", "official notice", "directive", "bulletin",
	"authorized personnel", "per policy", "by order", "governance", "regulation*", "audit requirement", "trust and safety",
	"trust & safety", "operator notice", "operator policy", "administrative", "obligatoire", "obligatorio", "obrigatorio",
	"obbligatorio", "verpflichtend", "pflicht*", "verplicht*", "zorunlu", "obowiazkow*", "обязательн*", "强制", "必须遵守",
	"義務", "必須", "필수"}

// urgencyWords press for speed.
var urgencyWords = Slot{"urgent*", "immediately", "critically", "asap", "right now", "emergency", "without delay",
	"time-sensitive", "effective immediately", "high priority", "top priority", "final warning", "last warning",
	"immediatement", "urgente", "inmediatamente", "imediatamente", "subito", "sofort*", "dringend", "onmiddellijk", "acil",
	"natychmiast", "срочно", "немедленно", "立即", "马上", "紧急", "直ちに", "至急", "緊急", "즉시", "긴급"}

// modalWords make a sentence an order.
var modalWords = Slot{"must", "should", "shall", "need to", "needs to", "has to", "have to", "is required to",
	"are required to", "is instructed to", "are instructed to", "always", "will", "is to", "are to",
	"doit", "doivent", "debe*", "deve*", "muss", "mussen", "sollte*", "moet*", "musi", "должен", "должна", "обязан*",
	"必须", "应该", "务必", "しなければ", "必ず", "해야"}

// discussion marks text about injection itself: scanners, tests, docs.
var discussion = Slot{"injection*", "jailbreak*", "detect*", "scan*", "classif*", "red team*", "red-team*",
	"adversarial", "malicious", "attack*", "threat*", "phishing", "vulnerab*", "sanitiz*", "sanitis*", "moderation",
	"heuristic*", "poison*", "benchmark*", "test case*", "red flag*", "suspicious"}

// thirdParty names an agent other than the model reading the text: an
// agent-builder's fields configure that one.
var thirdParty = Slot{"new assistant", "new agent", "that assistant", "that agent", "the agent you create", "the assistant you create",
	"created agent", "created assistant", "agent's system prompt", "assistant's system prompt", "for the agent", "for the assistant"}

// quoteIntro introduces a quoted example rather than an instruction.
var quoteIntro = Slot{"such as", "e.g", "for example", "for instance", "like", "phrase*", "pattern*", "strings", "wording",
	"text", "example*", "called", "named", "labelled", "labeled", "containing", "contains"}
