package model

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/assay-mcp/assay/internal/testcorpus"
)

// decodeBoth decodes a bundle document by the fast path and by
// encoding/json; the fast path must either decline or agree exactly.
func decodeBoth(t *testing.T, name string, data []byte) (fast bool) {
	t.Helper()
	if err := checkDocument(name, data); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got, ok := fastBundle(data)
	var want Bundle
	err := strictDecode(data, &want)
	if !ok {
		return false
	}
	if err != nil {
		t.Fatalf("%s: the fast path took a document encoding/json refuses: %v", name, err)
	}
	if !reflect.DeepEqual(got, &want) {
		t.Fatalf("%s: fast decode differs from encoding/json:\n got %+v\nwant %+v", name, got, &want)
	}
	return true
}

// TestFastBundleMatchesStdlib: every corpus surface as a bundle (indented
// and compact), and bundles with every unusual shape of the raw lists,
// decode to what encoding/json gives, or take its path.
func TestFastBundleMatchesStdlib(t *testing.T) {
	files := testcorpus.Files()
	if len(files) == 0 {
		t.Fatal("corpus missing")
	}
	all := &Bundle{Kind: BundleKind, Generator: Generator{Name: "assay", Version: "t"}, Servers: []Server{}}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in, err := Decode(f, data)
		if err != nil {
			t.Fatal(err)
		}
		all.Servers = append(all.Servers, in.Bundle.Servers...)
	}
	indented, err := Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	compact, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	if !decodeBoth(t, "corpus indented", indented) || !decodeBoth(t, "corpus compact", compact) {
		t.Fatal("the corpus bundle did not take the fast path")
	}
	head := `{"kind":"assay.bundle/v1","generator":{"name":"g","version":"1"},`
	srv := `"name":"s","identity":"s|surface|","transport":"surface","source":"surface"`
	cases := map[string]struct {
		doc  string
		fast bool
	}{
		"lists of every shape":    {head + `"servers":[{` + srv + `,"tools":[ {"name":"a"} , {"name" : "b","x":[1, 2]}],"prompts":[],"resources":null,"resourceTemplates":[null, 1, "x"],"extra":{"y":1}}], "createdAt":"now"}`, true},
		"no lists":                {head + `"servers":[{` + srv + `}]}`, true},
		"no servers":              {head + `"servers":[]}`, true},
		"lists first":             {`{"servers":[{"tools":[{"name":"a"}],` + srv + `,"tokens":{"encoding":"o200k_base","tools":{"a":3},"toolsSum":3,"toolsList":4}}],"kind":"assay.bundle/v1","hashes":{"document":"x"}}`, true},
		"tools in another case":   {head + `"servers":[{` + srv + `,"Tools":[{"name":"a"}]}]}`, false},
		"servers in another case": {`{"kind":"assay.bundle/v1","Servers":[{` + srv + `}]}`, false},
		"tools not a list":        {head + `"servers":[{` + srv + `,"tools":{"name":"a"}}]}`, false},
		"a null server":           {head + `"servers":[null]}`, false},
		"name not a string":       {head + `"servers":[{"name":7}]}`, false},
	}
	for name, c := range cases {
		if got := decodeBoth(t, name, []byte(c.doc)); got != c.fast {
			t.Errorf("%s: fast path taken %v, want %v", name, got, c.fast)
		}
	}
}
