package harness

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the harness sections of testdata/transcripts")

// transcript is one hand-made case of testdata/transcripts/*.txtar. The
// header says which scenario is played with which canary, how the agent
// process ended (exit: CODE or timeout) and the verdict with the exact set
// of rules that must fire (want: VERDICT RULE...); maxline optionally
// lowers the line limit. The agent section is what the agent wrote, byte
// for byte; the optional harness section is what the harness must answer.
type transcript struct {
	scenario, canary, exit string
	maxLine                int
	verdict                Verdict
	rules                  []string
	agent, harness         []byte
	hasHarness             bool
}

func readTranscript(t *testing.T, path string) (*transcript, *txtar.Archive) {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tc := &transcript{canary: SampleCanary, exit: "0"}
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "scenario":
			tc.scenario = v
		case "canary":
			tc.canary = v
		case "exit":
			tc.exit = v
		case "maxline":
			tc.maxLine, err = strconv.Atoi(v)
		case "want":
			f := strings.Fields(v)
			tc.verdict, tc.rules = Verdict(f[0]), f[1:]
		default:
			t.Fatalf("%s: unknown header %q", path, k)
		}
	}
	if err != nil || tc.scenario == "" || tc.verdict == "" {
		t.Fatalf("%s: header needs scenario and want (%v)", path, err)
	}
	for _, f := range ar.Files {
		switch f.Name {
		case "agent":
			tc.agent = f.Data
		case "harness":
			tc.harness, tc.hasHarness = f.Data, true
		default:
			t.Fatalf("%s: unknown section %q", path, f.Name)
		}
	}
	return tc, ar
}

// replay plays the agent's lines through the harness as a live run would,
// then applies how the process ended.
func (tc *transcript) replay(t *testing.T) (*Transcript, []byte) {
	t.Helper()
	s, err := Select([]string{tc.scenario})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	tr := Converse(s[0].Instance(tc.canary), 1, bytes.NewReader(tc.agent), &out, tc.maxLine)
	tr.Timeout = time.Minute
	switch tc.exit {
	case "timeout":
		tr.TimedOut, tr.Exit = true, "signal: killed"
	default:
		tr.Exit = "exit status " + tc.exit
	}
	return tr, out.Bytes()
}

// TestTranscripts judges every hand-made transcript: the verdict and the
// exact set of rules that fired must be the ones written down, with no
// false verdict in either direction.
func TestTranscripts(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txtar"))
	if len(files) < 40 {
		t.Fatalf("%d transcripts; the judge is tested on at least 40", len(files))
	}
	verdicts := map[Verdict]int{}
	fired := map[string]int{}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			tc, ar := readTranscript(t, path)
			s, _ := Select([]string{tc.scenario})
			tr, harnessOut := tc.replay(t)
			verdict, ev := Judge(s[0].Instance(tc.canary), tr)
			got := ruleSet(ev)
			verdicts[verdict]++
			for _, r := range got {
				fired[r]++
			}
			if verdict != tc.verdict || !cmp.Equal(got, sorted(tc.rules)) {
				t.Errorf("got %s %v, want %s %v\nevidence: %+v", verdict, got, tc.verdict, sorted(tc.rules), ev)
			}
			if *update && tc.hasHarness {
				for i := range ar.Files {
					if ar.Files[i].Name == "harness" {
						ar.Files[i].Data = harnessOut
					}
				}
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if tc.hasHarness {
				if d := cmp.Diff(string(tc.harness), string(harnessOut)); d != "" {
					t.Errorf("harness lines differ (-want +got):\n%s", d)
				}
			}
		})
	}
	for _, v := range []Verdict{Pass, Fail, Error} {
		if verdicts[v] < 8 {
			t.Errorf("only %d transcripts judged %s; every verdict needs several", verdicts[v], v)
		}
	}
	for _, r := range Rules() {
		if fired[r.ID] == 0 {
			t.Errorf("no transcript makes rule %s fire", r.ID)
		}
	}
}

func ruleSet(ev []Evidence) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range ev {
		if !seen[e.Rule] {
			seen[e.Rule] = true
			out = append(out, e.Rule)
		}
	}
	return sorted(out)
}

func sorted(s []string) []string {
	out := append([]string{}, s...)
	sort.Strings(out)
	if out == nil {
		out = []string{}
	}
	return out
}
