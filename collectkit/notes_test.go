package collectkit

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/assay-mcp/assay/collectkit/live"
	"github.com/assay-mcp/assay/internal/hostile"
	"github.com/assay-mcp/assay/report/model"
)

type hostileCase struct {
	mode  string
	code  string // expected error code; "" = none
	tools int    // expected number of tools kept; -1 = don't check
}

func indexOf(cases []hostileCase, mode string) int {
	for i, c := range cases {
		if c.mode == mode {
			return i
		}
	}
	panic("no hostile case " + mode)
}

// checkNotes: a roots/list flood is ONE note with its count, optional
// methods the server does not offer are "not offered", stdout noise is
// counted once; none of them makes the server incomplete.
func checkNotes(t *testing.T, roots, optional, garbage model.Server) {
	t.Helper()
	if len(roots.Errors) != 1 || !strings.Contains(roots.Errors[0].Message, `15 "roots/list" requests`) {
		t.Errorf("roots flood: %+v, want one server_request note with the count 15", roots.Errors)
	}
	var offered []string
	for _, e := range optional.Errors {
		if e.Code == live.CodeNotOffered {
			offered = append(offered, e.Phase)
		}
	}
	if strings.Join(offered, ",") != "prompts/list,resources/list,resources/templates/list" || len(optional.Errors) != 3 {
		t.Errorf("optional: %+v, want three not_offered notes", optional.Errors)
	}
	if len(garbage.Errors) != 1 || !strings.Contains(garbage.Errors[0].Message, "wrote 8 lines") {
		t.Errorf("garbage: %+v, want one stdout_noise note counting 8 lines (two per request)", garbage.Errors)
	}
	for _, s := range []model.Server{roots, optional, garbage} {
		if model.HasGap(s.Errors) {
			t.Errorf("%s is marked incomplete by notes %+v", s.Name, s.Errors)
		}
	}
}

// checkDies: a server that exits before answering is reported with its
// exit status and the stage, and its last stderr lines reach the
// operator and the local findings scrubbed (no echoed secret, no home),
// never the bundle's server entry.
func checkDies(t *testing.T, s model.Server, progress, tail string) {
	t.Helper()
	if len(s.Errors) != 1 || s.Errors[0].Code != live.CodeCrashed ||
		!strings.Contains(s.Errors[0].Message, "exited with status 1 before answering initialize") {
		t.Errorf("dies: %+v, want crashed: exited with status 1 before answering initialize", s.Errors)
	}
	home, _ := os.UserHomeDir()
	for what, text := range map[string]string{"progress": progress, "tail": tail} {
		if !strings.Contains(text, "HOSTILE_API_KEY is not set") {
			t.Errorf("%s lacks the server's last stderr line:\n%s", what, text)
		}
		if strings.Contains(text, hostile.DiesSecret) || (len(home) > 1 && strings.Contains(text, home)) {
			t.Errorf("%s shows a secret or the home directory:\n%s", what, text)
		}
	}
	raw, _ := json.Marshal(s)
	if strings.Contains(string(raw), "HOSTILE_API_KEY is not set") {
		t.Errorf("the server entry (bundle) holds stderr: %s", raw)
	}
}
