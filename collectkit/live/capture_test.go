package live

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// fakeConn records what the capture connection lets through.
type fakeConn struct{ written []string }

func (f *fakeConn) Read(context.Context) (jsonrpc.Message, error) { select {} }
func (f *fakeConn) Write(_ context.Context, m jsonrpc.Message) error {
	if r, ok := m.(*jsonrpc.Request); ok {
		f.written = append(f.written, r.Method)
	}
	return nil
}
func (f *fakeConn) Close() error      { return nil }
func (f *fakeConn) SessionID() string { return "" }

// TestOnlyListingMethodsLeave: whatever the SDK is asked to send, only
// the handshake and listing methods reach a server.
func TestOnlyListingMethodsLeave(t *testing.T) {
	inner := &fakeConn{}
	c := newCaptureConn(inner, newRecorder(DefaultLimits), 0)
	id, _ := jsonrpc.MakeID(int64(1))
	allowed := []string{"initialize", "server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list", "ping"}
	refused := []string{"completion/complete", "logging/setLevel", "resources/subscribe", "subscriptions/listen", "tasks/get", "sampling/createMessage"}
	for _, m := range allowed {
		if err := c.Write(context.Background(), &jsonrpc.Request{ID: id, Method: m}); err != nil {
			t.Errorf("%s refused: %v", m, err)
		}
	}
	for _, m := range refused {
		err := c.Write(context.Background(), &jsonrpc.Request{ID: id, Method: m})
		if err == nil || !strings.Contains(err.Error(), "never sends") {
			t.Errorf("%s let through (err %v)", m, err)
		}
	}
	if strings.Join(inner.written, ",") != strings.Join(allowed, ",") {
		t.Errorf("written %v, want %v", inner.written, allowed)
	}
}
