package stitchgosdk

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch"
)

// AddTools registers every tool of d on s, and a receiving middleware that
// hands a call to a tool s does not know to d as well, so that observers
// see it and the caller gets d's UNKNOWN_TOOL result (which lists the
// tools) instead of the SDK's JSON-RPC error. Tools s gets from elsewhere
// (s.AddTool) are served by the SDK as usual. Call it once per server.
func AddTools(s *mcp.Server, d *stitch.Dispatcher) {
	for _, t := range d.Tools() {
		s.AddTool(Tool(t), Handler(d, t.Name))
	}
	s.AddReceivingMiddleware(unknownTools(d))
}

// Tool is the SDK's description of t: the schemas as raw JSON, the
// annotations as declared. The SDK writes readOnlyHint and idempotentHint
// even when they are not declared (as false, their default).
func Tool(t stitch.Tool) *mcp.Tool {
	tool := &mcp.Tool{
		Name:        t.Name,
		Title:       t.Title,
		Description: t.Description,
		InputSchema: json.RawMessage(t.InputSchema),
	}
	if t.OutputSchema != "" {
		tool.OutputSchema = json.RawMessage(t.OutputSchema)
	}
	for _, ic := range t.Icons {
		tool.Icons = append(tool.Icons, mcp.Icon{Source: ic.Src, MIMEType: ic.MIMEType, Sizes: ic.Sizes, Theme: mcp.IconTheme(ic.Theme)})
	}
	if t.Meta != nil {
		tool.Meta = t.Meta
	}
	if a := t.Annotations; a != nil {
		tool.Annotations = &mcp.ToolAnnotations{
			ReadOnlyHint:    a.ReadOnlyHint != nil && *a.ReadOnlyHint,
			DestructiveHint: a.DestructiveHint,
			IdempotentHint:  a.IdempotentHint != nil && *a.IdempotentHint,
			OpenWorldHint:   a.OpenWorldHint,
		}
	}
	return tool
}

// Handler is the SDK's raw tool handler for the tool name of d.
func Handler(d *stitch.Dispatcher, name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return call(ctx, d, name, req)
	}
}

// call runs one call on d with the request in ctx and converts the result.
// Its error is a JSON-RPC error: a requestState that does not open, or a
// request for input the client cannot answer.
func call(ctx context.Context, d *stitch.Dispatcher, name string, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ctx = context.WithValue(ctx, requestKey{}, req)
	ctx = stitch.WithPeer(ctx, peer{req})
	if req.Params != nil {
		ctx = stitch.WithTrace(ctx, stitch.TraceFromMeta(req.Params.Meta))
	}
	ctx, err := withInput(ctx, d, name, req)
	if err != nil {
		return nil, err
	}
	var args []byte
	if req.Params != nil {
		args = req.Params.Arguments
	}
	r := d.Call(ctx, name, args)
	if r.InputRequired != nil {
		return inputRequired(ctx, r.InputRequired)
	}
	return Result(r), nil
}

// unknownTools is the middleware of AddTools: it lets d answer a call the
// SDK rejected as a call to an unknown tool.
func unknownTools(d *stitch.Dispatcher) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			ctr, ok := req.(*mcp.CallToolRequest)
			if method != "tools/call" || !ok || ctr.Params == nil || !isUnknownTool(err, ctr.Params.Name) {
				return res, err
			}
			r, err := call(ctx, d, ctr.Params.Name, ctr)
			if err == nil && r != nil && multiRoundTrip(ctr.Session) {
				r = complete(r)
			}
			return r, err
		}
	}
}

// revisionMRTR is the first protocol revision whose results say
// resultType (complete or input_required).
const revisionMRTR = "2026-07-28"

// multiRoundTrip reports whether the SDK marks the results of ss's tool
// calls with resultType, as it decides for the tools it runs itself: for
// a client of revision 2026-07-28 or later, and for one that sent no
// initialize (a stateless request: the latest revision).
func multiRoundTrip(ss *mcp.ServerSession) bool {
	if ss == nil {
		return true
	}
	p := ss.InitializeParams()
	return p == nil || p.ProtocolVersion >= revisionMRTR
}

// completeResult is a result whose only content is resultType complete,
// which the SDK lets nothing outside it set but its JSON decoding.
var completeResult = func() mcp.CallToolResult {
	var r mcp.CallToolResult
	if err := json.Unmarshal([]byte(`{"content":[],"resultType":"complete"}`), &r); err != nil {
		panic(err)
	}
	return r
}()

// complete returns r with resultType complete: the SDK sets it on the
// results of the tools it runs, and the dispatcher's answer to an unknown
// tool comes from this middleware instead. Every exported field is r's.
func complete(r *mcp.CallToolResult) *mcp.CallToolResult {
	out := completeResult
	dst, src := reflect.ValueOf(&out).Elem(), reflect.ValueOf(r).Elem()
	for i := range dst.NumField() {
		if f := dst.Field(i); f.CanSet() {
			f.Set(src.Field(i))
		}
	}
	return &out
}

// isUnknownTool reports whether err is the SDK's answer to a call of a
// tool it does not have (pinned by TestUnknownToolError against the SDK).
func isUnknownTool(err error, name string) bool {
	e, ok := err.(*jsonrpc.Error)
	return ok && e.Code == jsonrpc.CodeInvalidParams && e.Message == fmt.Sprintf("unknown tool %q", name)
}

type requestKey struct{}

// Request returns the SDK request of the tool call whose handler received
// ctx, or nil outside one: its Session reaches sampling (CreateMessage),
// elicitation (Elicit) and roots (ListRoots), its Params the call's _meta.
func Request(ctx context.Context) *mcp.CallToolRequest {
	r, _ := ctx.Value(requestKey{}).(*mcp.CallToolRequest)
	return r
}

// Result converts a dispatcher result to the SDK's.
func Result(r *stitch.Result) *mcp.CallToolResult {
	res := &mcp.CallToolResult{Content: make([]mcp.Content, 0, len(r.Content)), IsError: r.IsError}
	for _, c := range r.Content {
		res.Content = append(res.Content, content(c))
	}
	if r.Structured != nil {
		res.StructuredContent = r.Structured
	}
	return res
}
