package stitchmcpgo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/stitch"
)

// withInput puts in ctx the stitch.Input of a tools/call that answers an
// input-required result: the answers as JSON, the state opened with the
// dispatcher's sealer (an error, for the client, when it does not open),
// and the client's capabilities: the request's own under revision
// 2026-07-28, the initialized session's before (unknown otherwise).
//
// The capabilities are taken now and encoded only if the handler or
// inputRequired asks for them (stitch.WithInputCapabilities): most
// calls never do, and the encoding was a sizeable part of what the
// adapter cost a call.
func withInput(ctx context.Context, d *stitch.Dispatcher, name string, req *mcp.CallToolRequest) (context.Context, error) {
	var c *mcp.ClientCapabilities
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
		c = info.ClientCapabilities
		if c == nil {
			c = &mcp.ClientCapabilities{}
		}
	} else if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok && s.Initialized() {
		v := s.GetClientCapabilities()
		c = &v
	}
	in, err := stitch.ReadInput(d, name, req.Params.RequestState, req.Params.InputResponses, nil)
	if err != nil {
		return ctx, err
	}
	return stitch.WithInputCapabilities(ctx, in, c), nil
}

// inputRequired is the SDK's input-required result of ir, or an error
// when it asks for what the client did not declare it can answer. mcp-go
// answers a client of revision 2026-07-28 with the result; for an older
// one it sends the requests on the session and calls the tool again with
// the answers.
func inputRequired(ctx context.Context, ir *stitch.InputRequired) (*mcp.CallToolResult, error) {
	if m := stitch.Missing(ctx, ir.Requests); m != "" {
		return nil, mcp.MissingRequiredClientCapabilityError{Capability: stitch.CapabilityOf(m)}
	}
	reqs, err := InputRequests(ir.Requests)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{
		Result:               mcp.Result{ResultType: mcp.ResultTypeInputRequired},
		MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: reqs, RequestState: ir.RequestState},
	}, nil
}

// InputRequests converts stitch input requests to the SDK's.
func InputRequests(rs map[string]stitch.InputRequest) (mcp.InputRequests, error) {
	out := make(mcp.InputRequests, len(rs))
	for k, r := range rs {
		b, err := json.Marshal(struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params,omitempty"`
		}{r.Method, r.Params})
		if err != nil {
			return nil, fmt.Errorf("input request %q (%s): %v", k, r.Method, err)
		}
		var v mcp.InputRequest
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, fmt.Errorf("input request %q: %v", k, err)
		}
		out[k] = v
	}
	return out, nil
}
