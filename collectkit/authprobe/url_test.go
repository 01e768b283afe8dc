package authprobe

import (
	"testing"

	"github.com/assay-mcp/assay/report/model"
)

func TestReduce(t *testing.T) {
	cases := map[string]model.AuthURL{
		"https://AS.example/authorize?client_id=x#f": {Scheme: "https", Host: "as.example", Path: "/authorize"},
		"file:///C:/Windows/System32/calc.exe":       {Scheme: "file", Path: "/C:/Windows/System32/calc.exe"},
		"a:$(calc.exe)":                              {Scheme: "a", Metachars: "$()"},
		"https://x.example/t?q=`id`;":                {Scheme: "https", Host: "x.example", Path: "/t", Metachars: "`;"},
		"http://x .example/":                         {Scheme: "http", Invalid: true},
		"no scheme at all":                           {Invalid: true},
	}
	for in, want := range cases {
		if got := Reduce(in); got != want {
			t.Errorf("Reduce(%q) = %+v, want %+v", in, got, want)
		}
	}
	if fetchable(Reduce("javascript:alert(1)")) || fetchable(Reduce("https://x.example/$(id)")) || !fetchable(Reduce("https://x.example/a")) {
		t.Error("fetchable admits a URL it must refuse, or refuses a plain https URL")
	}
}
