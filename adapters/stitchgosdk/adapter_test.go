package stitchgosdk_test

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// recorder keeps the raw result of every JSON-RPC response the client reads.
type recorder struct {
	mcp.Transport
	mu      sync.Mutex
	results []json.RawMessage
}

type recConn struct {
	mcp.Connection
	r *recorder
}

func (r *recorder) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := r.Transport.Connect(ctx)
	return &recConn{c, r}, err
}

func (c *recConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if resp, ok := m.(*jsonrpc.Response); ok {
		c.r.mu.Lock()
		c.r.results = append(c.r.results, resp.Result)
		c.r.mu.Unlock()
	}
	return m, err
}

func (r *recorder) last() json.RawMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.results[len(r.results)-1]
}

// connect serves the fixture's tools (and extra, a plain SDK tool) with
// opt and returns a connected client session.
func connect(t *testing.T, opt stitch.Options, extra func(*mcp.Server)) (*mcp.ClientSession, *recorder) {
	t.Helper()
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	d, err := stitch.NewDispatcher(opt, fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "fixture", Version: "v0"}, nil)
	stitchgosdk.AddTools(server, d)
	if extra != nil {
		extra(server)
	}
	cs, _, rec := connectTo(t, server, nil)
	return cs, rec
}

// connectTo connects a client (of revision opt.ProtocolVersion when opt
// is not nil) to server over in-memory transports, the client's through a
// recorder, and closes both sessions when the test ends.
func connectTo(t *testing.T, server *mcp.Server, opt *mcp.ClientSessionOptions) (*mcp.ClientSession, *mcp.ServerSession, *recorder) {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Transport: ct}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(context.Background(), rec, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs, ss, rec
}

// TestToolsList: the served schemas are the generated constants, byte for
// byte, and the title is served.
func TestToolsList(t *testing.T) {
	cs, rec := connect(t, stitch.Options{}, nil)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	var list struct {
		Tools []struct {
			Name         string          `json:"name"`
			Title        string          `json:"title"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(rec.last(), &list); err != nil {
		t.Fatal(err)
	}
	want := map[string][3]string{
		"place_order": {"Place an order", fixture.PlaceOrderInputSchema, fixture.PlaceOrderOutputSchema},
		"ping":        {"", fixture.PingInputSchema, ""},
	}
	if len(list.Tools) != len(want) {
		t.Fatalf("tools/list has %d tools, want %d", len(list.Tools), len(want))
	}
	for _, tool := range list.Tools {
		w := want[tool.Name]
		if tool.Title != w[0] || string(tool.InputSchema) != w[1] || string(tool.OutputSchema) != w[2] {
			t.Errorf("%s: served %q\n%s\n%s\nwant %q\n%s\n%s", tool.Name, tool.Title, tool.InputSchema, tool.OutputSchema, w[0], w[1], w[2])
		}
	}
}

// TestCalls: arguments reach the dispatcher verbatim (a duplicate key the
// SDK would resolve is seen by the exact decoder), results convert, and
// failures are isError results.
func TestCalls(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	cs, _ := connect(t, stitch.Options{After: func(_ context.Context, c *stitch.Call) {
		mu.Lock()
		seen = append(seen, c.Tool+" "+string(c.Args))
		mu.Unlock()
	}}, nil)
	call := func(name, args string) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
		if err != nil {
			t.Fatalf("%s %s: protocol error %v", name, args, err)
		}
		return res
	}
	text := func(res *mcp.CallToolResult) string { return res.Content[0].(*mcp.TextContent).Text }

	res := call("place_order", `{"customerId":7}`)
	if res.IsError || text(res) != `{"orderId":"o-7","customerId":7}` || !reflect.DeepEqual(res.StructuredContent, map[string]any{"orderId": "o-7", "customerId": 7.0}) {
		t.Errorf("valid call: %+v %s", res, text(res))
	}
	res = call("place_order", `{"customerId":7,"customerId":8}`)
	if !res.IsError || text(res) != `{"error":"VALIDATION_ERROR","issues":[{"path":"/customerId","code":"duplicate_key","message":"duplicate key \"customerId\""}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}` || res.StructuredContent != nil {
		t.Errorf("duplicate key: %+v %s", res, text(res))
	}
	res = call("place_order", `{"customerId":7,"note":"content"}`)
	wantContent := []mcp.Content{&mcp.TextContent{Text: "order placed"}, &mcp.ImageContent{Data: []byte{0x89, 'P', 'N', 'G'}, MIMEType: "image/png"}}
	if res.IsError || !reflect.DeepEqual(res.Content, wantContent) {
		t.Errorf("content: %+v", res.Content)
	}
	res = call("ping", `{"echo":"\u0068i"}`)
	if res.IsError || text(res) != "pong hi" || res.StructuredContent != nil {
		t.Errorf("text tool: %+v %s", res, text(res))
	}
	res = call("nope", `{}`)
	if !res.IsError || text(res) != `{"error":"UNKNOWN_TOOL","message":"unknown tool \"nope\"; the tools are: place_order, ping","hint":"Call one of the listed tools."}` {
		t.Errorf("unknown tool: %+v %s", res, text(res))
	}
	mu.Lock()
	defer mu.Unlock()
	want := []string{`place_order {"customerId":7}`, `place_order {"customerId":7,"customerId":8}`, `place_order {"customerId":7,"note":"content"}`, `ping {"echo":"\u0068i"}`, `nope {}`}
	if !reflect.DeepEqual(seen, want) {
		t.Errorf("the observer saw\n %q\nwant %q", seen, want)
	}
}

// TestUnknownToolError pins the SDK's answer to a call of a tool it does
// not have, which AddTools' middleware recognises: a server without
// AddTools still gives it.
func TestUnknownToolError(t *testing.T) {
	cs, _, _ := connectTo(t, mcp.NewServer(&mcp.Implementation{Name: "plain", Version: "v0"}, nil), nil)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nope", Arguments: map[string]any{}})
	var je *jsonrpc.Error
	if !asJSONRPC(err, &je) || je.Code != jsonrpc.CodeInvalidParams || je.Message != `unknown tool "nope"` {
		t.Errorf("the SDK's unknown-tool error changed: %#v", err)
	}
}

func asJSONRPC(err error, je **jsonrpc.Error) bool {
	for err != nil {
		if e, ok := err.(*jsonrpc.Error); ok {
			*je = e
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// TestPlainToolsStillServed: a tool added with the SDK itself beside
// AddTools is served by the SDK, not taken for an unknown tool.
func TestPlainToolsStillServed(t *testing.T) {
	cs, _ := connect(t, stitch.Options{}, func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "plain", InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "plain"}}}, nil
			})
	})
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "plain", Arguments: map[string]any{}})
	if err != nil || res.IsError || res.Content[0].(*mcp.TextContent).Text != "plain" {
		t.Errorf("plain tool: %+v %v", res, err)
	}
}

// TestIconsAndMeta: a tool's icons and _meta (set by the service on the
// table) are served.
func TestIconsAndMeta(t *testing.T) {
	tool := stitchgosdk.Tool(stitch.Tool{Name: "t", InputSchema: `{"type":"object"}`,
		Icons: []stitch.Icon{{Src: "https://example.com/t.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "dark"}},
		Meta:  map[string]any{"example.com/owner": "shop"}})
	b, err := json.Marshal(tool)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Icons []map[string]any `json:"icons"`
		Meta  map[string]any   `json:"_meta"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	wantIcons := []map[string]any{{"src": "https://example.com/t.png", "mimeType": "image/png", "sizes": []any{"48x48"}, "theme": "dark"}}
	if !reflect.DeepEqual(got.Icons, wantIcons) || !reflect.DeepEqual(got.Meta, map[string]any{"example.com/owner": "shop"}) {
		t.Errorf("served %s", b)
	}
}
