package stitchgosdk

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch"
)

// withInput puts in ctx the stitch.Input of a tools/call that answers an
// input-required result: the answers as JSON, the state opened with the
// dispatcher's sealer (an error, for the client, when it does not open),
// and the client's capabilities as the session knows them.
//
// The capabilities are encoded only if the handler or inputRequired
// asks for them (stitch.WithInputCapabilities), as in the mcp-go
// adapter: most calls never do.
func withInput(ctx context.Context, d *stitch.Dispatcher, name string, req *mcp.CallToolRequest) (context.Context, error) {
	var c *mcp.ClientCapabilities
	if req.Session != nil {
		if ip := req.Session.InitializeParams(); ip != nil {
			c = ip.Capabilities
		}
	}
	var state string
	var responses mcp.InputResponseMap
	if p := req.Params; p != nil {
		state, responses = p.RequestState, p.InputResponses
	}
	in, err := stitch.ReadInput(d, name, state, responses, nil)
	if err != nil {
		return ctx, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
	}
	return stitch.WithInputCapabilities(ctx, in, c), nil
}

// inputRequired is the SDK's input-required result of ir, or the
// protocol's missing-capability error (-32021) when it asks for what the
// client did not declare it can answer. The SDK marks the result
// input_required for a client of revision 2026-07-28; for an older one it
// sends the requests on the session and calls the tool again with the
// answers.
func inputRequired(ctx context.Context, ir *stitch.InputRequired) (*mcp.CallToolResult, error) {
	if m := stitch.Missing(ctx, ir.Requests); m != "" {
		data, _ := json.Marshal(map[string]map[string]map[string]any{"requiredCapabilities": {stitch.CapabilityOf(m): {}}})
		return nil, &jsonrpc.Error{Code: mcp.CodeMissingRequiredClientCapabilities, Data: data,
			Message: fmt.Sprintf("the tool needs the client to answer %s, and the client did not declare the capability %s", m, stitch.CapabilityOf(m))}
	}
	reqs, err := InputRequests(ir.Requests)
	if err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
	}
	return &mcp.CallToolResult{InputRequests: reqs, RequestState: ir.RequestState}, nil
}

// InputRequests converts stitch input requests to the SDK's.
func InputRequests(rs map[string]stitch.InputRequest) (mcp.InputRequestMap, error) {
	out := make(mcp.InputRequestMap, len(rs))
	for k, r := range rs {
		var v mcp.InputRequest
		switch r.Method {
		case stitch.MethodElicit:
			v = new(mcp.ElicitParams)
		case stitch.MethodSample:
			//lint:ignore SA1019 a handler may still ask for sampling during the deprecation window of revision 2026-07-28
			v = new(mcp.CreateMessageParams)
		case stitch.MethodListRoots:
			//lint:ignore SA1019 a handler may still ask for the roots during the deprecation window of revision 2026-07-28
			out[k] = new(mcp.ListRootsParams)
			continue
		default:
			return nil, fmt.Errorf("input request %q: unknown method %q", k, r.Method)
		}
		if err := json.Unmarshal(r.Params, v); err != nil {
			return nil, fmt.Errorf("input request %q (%s): %v", k, r.Method, err)
		}
		out[k] = v
	}
	return out, nil
}
