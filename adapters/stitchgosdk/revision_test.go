package stitchgosdk_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// postRaw sends body with the protocol version header version and the
// Mcp-Method and Mcp-Name headers (each left out when "") and returns the
// HTTP status and the JSON-RPC message (fixture.PostMCP).
func postRaw(t *testing.T, url, version, method, name, body string) (int, string) {
	t.Helper()
	return fixture.PostMCP(t, url, map[string]string{"Mcp-Protocol-Version": version, "Mcp-Method": method, "Mcp-Name": name}, body)
}

// One HTTPHandler serves the session revisions and 2026-07-28: an
// initialize opens a session; a request of 2026-07-28, or of a revision
// the SDK does not know, goes to the stateless handler, which answers the
// latter with the versions it supports.
func TestRevisions(t *testing.T) {
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	d, err := stitch.NewDispatcher(stitch.Options{}, fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, nil)
	stitchgosdk.AddTools(s, d)
	srv := httptest.NewServer(stitchgosdk.HTTPHandler(s, nil))
	t.Cleanup(srv.Close)

	status, msg := postRaw(t, srv.URL, "", "", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"0"}}}`)
	if status != http.StatusOK || !strings.Contains(msg, `"protocolVersion":"2025-11-25"`) {
		t.Errorf("initialize: %d %s", status, msg)
	}
	meta := func(v string) string {
		return `"_meta":{"io.modelcontextprotocol/protocolVersion":"` + v + `","io.modelcontextprotocol/clientCapabilities":{}}`
	}
	status, msg = postRaw(t, srv.URL, "2026-07-28", "tools/list", "", `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{`+meta("2026-07-28")+`}}`)
	if status != http.StatusOK || !strings.Contains(msg, `"resultType":"complete"`) || !strings.Contains(msg, `"name":"place_order"`) {
		t.Errorf("tools/list of 2026-07-28: %d %s", status, msg)
	}
	status, msg = postRaw(t, srv.URL, "2099-01-01", "tools/list", "", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{`+meta("2099-01-01")+`}}`)
	if want := `{"jsonrpc":"2.0","id":2,"error":{"code":-32022,"message":"unsupported protocol version","data":{"supported":["2026-07-28","2025-11-25","2025-06-18","2025-03-26","2024-11-05"],"requested":"2099-01-01"}}}`; status != http.StatusBadRequest || msg != want {
		t.Errorf("unknown revision: %d %s\nwant 400 %s", status, msg, want)
	}
}

// An unknown tool's answer (the dispatcher's, through AddTools's
// middleware) carries resultType as the SDK's answers for its own tools
// do: "complete" for a client of 2026-07-28, nothing for an older one.
func TestUnknownToolResultType(t *testing.T) {
	const envelope = `"content":[{"type":"text","text":"{\"error\":\"UNKNOWN_TOOL\",\"message\":\"unknown tool \\\"nope\\\"; the tools are: place_order, ping\",\"hint\":\"Call one of the listed tools.\"}"}],"isError":true`
	for _, c := range []struct{ revision, ping, nope string }{
		{"2026-07-28",
			`{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fixture","version":"v0"}},"content":[{"type":"text","text":"pong hi"}],"resultType":"complete"}`,
			`{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"fixture","version":"v0"}},` + envelope + `,"resultType":"complete"}`},
		{"2025-11-25",
			`{"content":[{"type":"text","text":"pong hi"}]}`,
			`{` + envelope + `}`},
	} {
		t.Run(c.revision, func(t *testing.T) {
			h := fixture.NewHandler()
			t.Cleanup(func() { close(h.Release) })
			d, err := stitch.NewDispatcher(stitch.Options{}, fixture.StitchTools(h))
			if err != nil {
				t.Fatal(err)
			}
			server := mcp.NewServer(&mcp.Implementation{Name: "fixture", Version: "v0"}, nil)
			stitchgosdk.AddTools(server, d)
			cs, _, rec := connectTo(t, server, &mcp.ClientSessionOptions{ProtocolVersion: c.revision})
			for _, name := range []string{"ping", "nope"} {
				if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(`{"echo":"hi"}`)}); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			rec.mu.Lock()
			defer rec.mu.Unlock()
			n := len(rec.results)
			if n < 2 {
				t.Fatalf("%d results recorded", n)
			}
			if got := string(rec.results[n-2]); got != c.ping {
				t.Errorf("ping: %s\nwant %s", got, c.ping)
			}
			if got := string(rec.results[n-1]); got != c.nope {
				t.Errorf("nope: %s\nwant %s", got, c.nope)
			}
		})
	}
}
