package stitchgosdk_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/stitch"
)

// TestClientCapabilities: a handler sees the capabilities the client
// declared at initialize (encoded when it asks, stitch.WithInputCapabilities), and
// a tool that needs input the client did not declare it can answer gets
// the protocol's missing-capability error, with the capability in its data.
func TestClientCapabilities(t *testing.T) {
	tool := func(name string, run func(ctx context.Context) (stitch.Output, error)) stitch.Tool {
		return stitch.Tool{
			Name:        name,
			InputSchema: `{"type":"object"}`,
			Decode: func([]byte, stitch.DecodeOptions) (any, []string, []string, error) {
				return nil, nil, nil, nil
			},
			Run: func(ctx context.Context, _ any) (stitch.Output, error) { return run(ctx) },
		}
	}
	d, err := stitch.NewDispatcher(stitch.Options{}, []stitch.Tool{
		tool("caps", func(ctx context.Context) (stitch.Output, error) {
			return stitch.Output{Text: string(stitch.InputOf(ctx).Capabilities)}, nil
		}),
		tool("ask", func(ctx context.Context) (stitch.Output, error) {
			return stitch.Output{}, stitch.AskInput(nil, map[string]stitch.InputRequest{
				"confirm": stitch.Elicit("Go on?", json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}}}`)),
			})
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "caps", Version: "v0"}, nil)
	stitchgosdk.AddTools(server, d)
	// A client with no elicitation handler declares roots only.
	cs, ss, _ := connectTo(t, server, nil)
	declared, _ := json.Marshal(ss.InitializeParams().Capabilities)

	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "caps", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Content[0].(*mcp.TextContent).Text; got != string(declared) || got == "" || got == "null" {
		t.Errorf("the handler saw the capabilities %s, the session has %s", got, declared)
	}

	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ask", Arguments: map[string]any{}})
	var je *jsonrpc.Error
	if !asJSONRPC(err, &je) {
		t.Fatalf("ask: %v, want a JSON-RPC error", err)
	}
	const msg = "the tool needs the client to answer elicitation/create, and the client did not declare the capability elicitation"
	if je.Code != mcp.CodeMissingRequiredClientCapabilities || je.Message != msg || string(je.Data) != `{"requiredCapabilities":{"elicitation":{}}}` {
		t.Errorf("ask: code %d, message %q, data %s; want %d, %q, {\"requiredCapabilities\":{\"elicitation\":{}}}",
			je.Code, je.Message, je.Data, mcp.CodeMissingRequiredClientCapabilities, msg)
	}
}
