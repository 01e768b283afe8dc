package canon

import (
	"encoding/json"
	"testing"
)

func TestToolJSON(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"fields kept, sorted, others dropped",
			`{"name":"n","_meta":{"a":1},"icons":[],"execution":{},"description":"d","title":"T","annotations":{"readOnlyHint":true},"outputSchema":{"type":"object"},"inputSchema":{"type":"object"}}`,
			`{"annotations":{"readOnlyHint":true},"description":"d","inputSchema":{"type":"object"},"name":"n","outputSchema":{"type":"object"},"title":"T"}`},
		{"absent omitted, explicit null kept",
			`{"name":"n","title":null}`, `{"name":"n","title":null}`},
		{"keys sorted at every level, arrays keep order",
			"{\n  \"name\": \"n\",\n  \"inputSchema\": {\"type\":\"object\",\"required\":[\"z\",\"a\"],\"properties\":{\"z\":{\"type\":\"string\",\"description\":\"Z\"},\"a\":{\"enum\":[3,1,2]}}}\n}",
			`{"inputSchema":{"properties":{"a":{"enum":[3,1,2]},"z":{"description":"Z","type":"string"}},"required":["z","a"],"type":"object"},"name":"n"}`},
		{"no HTML escaping, non-ASCII and U+2028 literal",
			`{"name":"n","description":"a <b> & c \u003e ファイル 😀 \u2028 end"}`,
			"{\"description\":\"a <b> & c > ファイル 😀 \u2028 end\",\"name\":\"n\"}"},
		{"control characters escaped as JSON requires",
			`{"name":"n","description":"tab\there\u0001\n\"q\"\\"}`,
			`{"description":"tab\there\u0001\n\"q\"\\","name":"n"}`},
		{"numbers in ECMAScript form",
			`{"name":"n","inputSchema":{"maximum":1.0,"minimum":-0.0,"default":1e2,"multipleOf":0.10}}`,
			`{"inputSchema":{"default":100,"maximum":1,"minimum":0,"multipleOf":0.1},"name":"n"}`},
		{"keys ordered by UTF-16 code units",
			`{"name":"n","inputSchema":{"properties":{"｡":1,"😀":2,"a":3,"10":4,"2":5}}}`,
			`{"inputSchema":{"properties":{"10":4,"2":5,"a":3,"😀":2,"｡":1}},"name":"n"}`},
	}
	for _, c := range cases {
		got, err := ToolJSON(json.RawMessage(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

func TestToolJSONHostile(t *testing.T) {
	// RFC 8785 refuses these; the fallback still yields sorted JSON.
	got, err := ToolJSON(json.RawMessage(`{"name":"n","description":"lone \udc00 surrogate","inputSchema":{"b":1,"a":2,"a":3}}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "{\"description\":\"lone \ufffd surrogate\",\"inputSchema\":{\"a\":3,\"b\":1},\"name\":\"n\"}"; string(got) != want {
		t.Errorf("fallback:\n got %s\nwant %s", got, want)
	}
	for _, bad := range []string{`[1,2]`, `"s"`, `null`, `{`} {
		if _, err := ToolJSON(json.RawMessage(bad)); err == nil {
			t.Errorf("ToolJSON(%s) succeeded; want an error", bad)
		}
	}
	if got := CountText(json.RawMessage("[1, 2 ,3]"), ToolFields); string(got) != "[1,2,3]" {
		t.Errorf("CountText of a non-object = %s, want it compacted as served", got)
	}
}

func TestToolsListJSON(t *testing.T) {
	got := ToolsListJSON([]json.RawMessage{
		json.RawMessage(`{"title":"B","name":"b"}`),
		json.RawMessage(`{"name":"a","_meta":{}}`),
	})
	if want := `{"tools":[{"name":"b","title":"B"},{"name":"a"}]}`; string(got) != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if got := ToolsListJSON(nil); string(got) != `{"tools":[]}` {
		t.Errorf("empty list = %s", got)
	}
}

func TestFieldsJSONOtherListings(t *testing.T) {
	got, err := FieldsJSON(json.RawMessage(`{"uri":"file:///a","name":"a","size":12,"annotations":{"audience":["user"]},"_meta":{}}`), ResourceFields)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"name":"a","size":12,"uri":"file:///a"}`; string(got) != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
