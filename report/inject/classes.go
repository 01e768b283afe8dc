package inject

// Class is what a finding says the text tries to do. Each class has one
// catalogue id (report/catalog) and one name in the frozen evaluation set
// (testdata/injection/frozen-v2/README.md), so recall can be counted only
// when the class is right.
type Class uint8

// The classes. Support is for signals that raise a score but name no
// technique of their own (an imperative addressed to the model).
const (
	Support Class = iota
	Hidden
	Markup
	Override
	Conceal
	Sensitive
	Exfil
	Approval
	CrossTool
	Preference
	Encoded
	Authority
	Shell
	Redirect
	numClasses
)

// classInfo is keyed by class, never by position.
var classInfo = [numClasses]struct {
	ID   string // catalogue id
	Name string // frozen-set class name
	Says string // reader words for the evidence
}{
	Support:    {"", "", "supporting signal"},
	Hidden:     {"INJ-001", "hidden_text", "hidden text"},
	Markup:     {"INJ-002", "markup", "injection markup"},
	Override:   {"INJ-003", "override", "instruction override"},
	Conceal:    {"INJ-004", "concealment", "concealment from the user"},
	Sensitive:  {"INJ-005", "sensitive_target", "sensitive data as a target"},
	Exfil:      {"INJ-006", "exfiltration", "data sent to a sink"},
	Approval:   {"INJ-007", "approval_bypass", "approval bypass"},
	CrossTool:  {"INJ-008", "cross_tool", "instruction about another tool"},
	Preference: {"INJ-009", "preference", "tool-preference manipulation"},
	Encoded:    {"INJ-010", "encoded", "encoded payload"},
	Authority:  {"INJ-017", "authority", "authority or urgency framing"},
	Shell:      {"INJ-018", "shell", "shell command in prose"},
	Redirect:   {"INJ-019", "redirect", "redirection away from the described tool"},
}

// ID is the catalogue id of findings of class c.
func (c Class) ID() string { return classInfo[c].ID }

// Name is the class's name in the evaluation sets.
func (c Class) Name() string { return classInfo[c].Name }

// ClassOfID returns the evaluation-set class name of a finding id, or "".
func ClassOfID(id string) string {
	for _, ci := range classInfo {
		if ci.ID == id && id != "" {
			return ci.Name
		}
	}
	return ""
}
