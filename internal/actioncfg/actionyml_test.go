package actioncfg

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// The composite action cannot run here, so its wiring is checked
// statically: every output the Go side writes is exposed, no workflow
// expression is spliced into a shell script, assay is built from the
// action's own checkout, and only the two known actions are used.

type actionFile struct {
	Inputs  map[string]struct{ Default string } `yaml:"inputs"`
	Outputs map[string]struct{ Value string }   `yaml:"outputs"`
	Runs    struct {
		Using string `yaml:"using"`
		Steps []struct {
			ID   string            `yaml:"id"`
			Name string            `yaml:"name"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			If   string            `yaml:"if"`
			Env  map[string]string `yaml:"env"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

func loadAction(t *testing.T) *actionFile {
	t.Helper()
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return &a
}

func TestActionExposesEveryOutput(t *testing.T) {
	a := loadAction(t)
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	// The keys the Go side writes to GITHUB_OUTPUT.
	r := &Report{}
	var keys []string
	for _, l := range strings.Split(strings.TrimSpace(r.Outputs(OutputFiles{SARIF: "s", Findings: "f", Summary: "m"})), "\n") {
		keys = append(keys, strings.SplitN(l, "=", 2)[0])
	}
	for _, c := range Categories {
		if !contains(keys, c.Name) {
			t.Errorf("Go side does not write category output %q", c.Name)
		}
	}
	for _, k := range keys {
		if k == "summary" {
			continue // the summary goes to the step summary itself
		}
		o, ok := a.Outputs[k]
		if !ok {
			t.Errorf("action.yml does not expose output %q", k)
			continue
		}
		if want := "${{ steps.run.outputs." + k + " }}"; o.Value != want {
			t.Errorf("output %q = %q, want %q", k, o.Value, want)
		}
	}
	for k := range a.Outputs {
		if !contains(keys, k) {
			t.Errorf("action.yml exposes %q, which the Go side never writes", k)
		}
	}
}

func TestActionSteps(t *testing.T) {
	a := loadAction(t)
	expr := regexp.MustCompile(`\$\{\{`)
	var uses []string
	var build, run bool
	for _, s := range a.Runs.Steps {
		if expr.MatchString(s.Run) {
			t.Errorf("step %q splices a ${{ }} expression into its script; pass it through env instead", s.Name)
		}
		if s.Uses != "" {
			uses = append(uses, strings.SplitN(s.Uses, "@", 2)[0])
		}
		if strings.Contains(s.Run, `cd "$GITHUB_ACTION_PATH"`) && strings.Contains(s.Run, "go build") && strings.Contains(s.Run, "./cmd/assay") {
			build = true
		}
		if s.ID == "run" {
			run = true
			for _, flag := range []string{"__action run", "--config", "--out", "--fail-on"} {
				if !strings.Contains(s.Run, flag) {
					t.Errorf("run step does not pass %q", flag)
				}
			}
			for _, in := range []string{"config", "fail-on"} {
				found := false
				for _, v := range s.Env {
					if v == "${{ inputs."+in+" }}" {
						found = true
					}
				}
				if !found {
					t.Errorf("run step does not receive input %q through env", in)
				}
			}
		}
	}
	if !build {
		t.Error("no step builds ./cmd/assay from the action's own checkout")
	}
	if !run {
		t.Error("no step with id run")
	}
	sort.Strings(uses)
	if strings.Join(uses, ",") != "actions/setup-go,github/codeql-action/upload-sarif" {
		t.Errorf("actions used: %v", uses)
	}
	if _, ok := a.Inputs["fail-on"]; !ok {
		t.Error("no fail-on input")
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}
