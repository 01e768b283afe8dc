package supply

import (
	"os"
	"testing"
)

// FuzzParse: any bytes give records or one error, never a panic; every
// record it returns can be matched without a panic.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		`{"id":"A","affected":[{"package":{"ecosystem":"npm","name":"p"},"ranges":[{"type":"SEMVER","events":[{"introduced":"0"},{"fixed":"1.0.0"}]}]}]}`,
		`[{"id":"B","affected":[{"package":{"ecosystem":"PyPI","name":"q"},"versions":["1.0"],"ranges":[{"type":"ECOSYSTEM","events":[{"introduced":"1.0rc1"},{"last_affected":"2.0.post1"},{"limit":"*"}]}]}]}]`,
		`{"vulns":[]}`, `{"id":"C","affected":[]}`, `[`, ``, `{"id":1}`,
	} {
		f.Add([]byte(seed))
	}
	if data, err := os.ReadFile("testdata/osv-query-inspector.json"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := Parse(data, "fuzz")
		if err != nil && recs != nil {
			t.Fatal("records returned with an error")
		}
		for i := range recs {
			for _, v := range []string{"0", "1.0.0", "1.0", "2.0.post1", "latest", ""} {
				recs[i].Affects("npm", "p", v)
				recs[i].Affects("PyPI", "q", v)
			}
		}
	})
}
