package model

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestReadListCache(t *testing.T) {
	i := func(n int64) *int64 { return &n }
	for _, c := range []struct {
		in   string
		want *ListCache
	}{
		{`{"tools":[]}`, nil},
		{`{"tools":[],"ttlMs":60000,"cacheScope":"private"}`, &ListCache{List: "tools", TTLMs: i(60000), CacheScope: "private"}},
		{`{"ttlMs":0,"cacheScope":"public"}`, &ListCache{List: "tools", TTLMs: i(0), CacheScope: "public"}},
		{`{"ttlMs":-1}`, &ListCache{List: "tools", Malformed: []string{"ttlMs"}}},
		{`{"ttlMs":1.5,"cacheScope":7}`, &ListCache{List: "tools", Malformed: []string{"ttlMs", "cacheScope"}}},
		{`{"ttlMs":"60","cacheScope":""}`, &ListCache{List: "tools", Malformed: []string{"ttlMs", "cacheScope"}}},
		{`{"ttlMs":1e3}`, &ListCache{List: "tools", Malformed: []string{"ttlMs"}}},
		{`{"cacheScope":"` + "ééééééééééééééééééé" + `"}`, &ListCache{List: "tools", CacheScope: "éééééééééééééééé"}},
	} {
		var head map[string]json.RawMessage
		if err := json.Unmarshal([]byte(c.in), &head); err != nil {
			t.Fatal(err)
		}
		if got := ReadListCache("tools", head); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.in, got, c.want)
		}
	}
}
