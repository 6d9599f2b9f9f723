package wire

import "testing"

func TestStateless(t *testing.T) {
	for _, c := range []struct {
		msg  string
		want bool
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}`, true},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`, true},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"progressToken":1}}}`, false},
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}`, false},
		{`[{"jsonrpc":"2.0","id":1,"method":"server/discover"}]`, false},
		{`not json`, false},
	} {
		if got := Stateless([]byte(c.msg)); got != c.want {
			t.Errorf("Stateless(%s) = %v, want %v", c.msg, got, c.want)
		}
	}
}
