package tokens

import (
	"errors"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pkoukk/tiktoken-go"
)

const offlineChildEnv = "ASSAY_TOKENS_OFFLINE_CHILD"

// TestOffline loads both encodings in a fresh process with no network: in
// a new network namespace (unshare -n) when the machine allows one, and in
// every case with HTTP routed to a transport that fails and counts calls,
// proxies pointing nowhere and the tokenizer's cache folder set to an empty
// directory that must stay empty. Before loading, the child puts back
// tiktoken-go's downloading loader, as another package might: Get must
// still take the ranks embedded in the binary.
func TestOffline(t *testing.T) {
	if os.Getenv(offlineChildEnv) == "1" {
		offlineChild(t)
		return
	}
	cache := t.TempDir()
	args := []string{os.Args[0], "-test.run=^TestOffline$", "-test.v", "-test.count=1"}
	isolated := exec.Command("unshare", "-n", "true").Run() == nil
	if isolated {
		args = append([]string{"unshare", "-n"}, args...)
	} else {
		t.Log("unshare -n is not available here: relying on the failing transport and the empty cache")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(),
		offlineChildEnv+"=1",
		"TIKTOKEN_CACHE_DIR="+cache,
		"DATA_GYM_CACHE_DIR="+cache,
		"HTTPS_PROXY=http://127.0.0.1:9",
		"HTTP_PROXY=http://127.0.0.1:9",
	)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("offline child failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "offline child counted") {
		t.Fatalf("offline child did not run its checks:\n%s", out)
	}
	entries, err := os.ReadDir(cache)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("tokenizer cache %s is not empty: %d entries", cache, len(entries))
	}
	t.Logf("isolated network namespace: %v", isolated)
}

// refuse is an HTTP transport that fails every request and counts them.
type refuse struct{ calls atomic.Int64 }

func (r *refuse) RoundTrip(*http.Request) (*http.Response, error) {
	r.calls.Add(1)
	return nil, errors.New("network use in an offline test")
}

func offlineChild(t *testing.T) {
	tr := &refuse{}
	http.DefaultTransport = tr
	http.DefaultClient.Transport = tr
	tiktoken.SetBpeLoader(tiktoken.NewDefaultBpeLoader())
	for _, enc := range Encodings {
		c, err := Get(enc)
		if err != nil {
			t.Fatalf("%s: %v", enc, err)
		}
		if n := c.Count("offline counting works"); n == 0 {
			t.Fatalf("%s: no tokens", enc)
		}
	}
	if n := tr.calls.Load(); n != 0 {
		t.Fatalf("%d HTTP requests while loading encodings", n)
	}
	t.Log("offline child counted with both encodings and made no request")
}
