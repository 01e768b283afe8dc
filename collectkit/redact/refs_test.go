package redact

import (
	"reflect"
	"testing"
)

func TestIsReference(t *testing.T) {
	yes := []string{"${env:GITHUB_TOKEN}", "${GITHUB_TOKEN}", "$GITHUB_TOKEN", "${workspaceFolder}", "${input:gh-token}", "${{ secrets.DOCS_KEY }}", "%APPDATA%", " ${A}${B} "}
	no := []string{"", "plain", "Bearer ${TOKEN}", "$", "${}", "100$", "ghp_x"}
	for _, v := range yes {
		if !IsReference(v) {
			t.Errorf("IsReference(%q) = false", v)
		}
	}
	for _, v := range no {
		if IsReference(v) {
			t.Errorf("IsReference(%q) = true", v)
		}
	}
}

func TestReferences(t *testing.T) {
	got := References("Bearer ${env:TOK} ${input:id} ${workspaceFolder}/x $HOME ${{ secrets.K }} ${X}")
	want := []Ref{{"env", "TOK"}, {"input", "id"}, {"workspace", "workspaceFolder"}, {"env", "HOME"}, {"secret", "K"}, {"env", "X"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("References = %v, want %v", got, want)
	}
}
