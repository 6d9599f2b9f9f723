package stitchmcpgo

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/stitch"
)

// NewServer returns an mcp-go server named name at version serving every
// tool of d (AddTools). It has hooks, so that calls of unknown tools reach
// d, and the logging capability, so that a client can set the level of
// the messages a handler sends with stitch.Log. opts are mcp-go's server
// options, applied after those two; server.WithHooks among them replaces
// the hooks, which AddTools then extends.
func NewServer(name, version string, d *stitch.Dispatcher, opts ...server.ServerOption) *server.MCPServer {
	opts = append([]server.ServerOption{server.WithHooks(&server.Hooks{}), server.WithLogging()}, opts...)
	s := server.NewMCPServer(name, version, opts...)
	AddTools(s, d)
	return s
}

// AddTools registers every tool of d on s (Tool, Handler). When s has
// hooks (server.WithHooks; NewServer gives them), a call of a tool s does
// not have is handed to d as well, so that observers see it and the caller
// gets d's UNKNOWN_TOOL result (which lists the tools) instead of mcp-go's
// JSON-RPC error; without hooks mcp-go answers such a call itself. A tool
// of d that the service removes from s later (s.DeleteTools) is not run:
// mcp-go answers its calls with its JSON-RPC error for an unknown tool
// (d's result would list it among d's tools). Tools s
// gets from elsewhere (s.AddTool) are served by mcp-go as usual. Call it
// once per server, before serving it: mcp-go's hook lists are not safe to
// extend while requests run.
//
// mcp-go answers an unknown tool before any handler or middleware runs
// (MCPServer.handleToolCall), so the route goes through a tool of its own:
// a before-call hook renames a call of a tool s does not have (not a tool,
// a session tool or a task-augmented call) to the tool
// "stitchmcpgo/unknown-tool", whose handler calls d with the original
// name; an after-list hook keeps that tool out of tools/list. mcp-go's own
// hooks and tool middleware therefore see such a call under that name.
func AddTools(s *server.MCPServer, d *stitch.Dispatcher) {
	var tools []server.ServerTool
	own := make(map[string]bool)
	for _, t := range d.Tools() {
		tools = append(tools, server.ServerTool{Tool: Tool(t), Handler: Handler(d, t.Name)})
		own[t.Name] = true
	}
	if h := s.GetHooks(); h != nil {
		tools = append(tools, server.ServerTool{
			Tool:    mcp.Tool{Name: unknownTool, RawInputSchema: json.RawMessage(`{}`)},
			Handler: unknownHandler(d),
		})
		h.AddBeforeCallTool(routeUnknown(s, own))
		h.AddAfterListTools(hideUnknown)
	}
	s.AddTools(tools...)
}

// Tool is mcp-go's description of t: the schemas as raw JSON
// (RawInputSchema, RawOutputSchema), the title, the description and the
// annotations as declared (only the hints the directive wrote; mcp-go
// writes "annotations":{} for a tool without any). stitch.Tool has no
// icons or _meta; a service that wants them sets the Icons and Meta of
// the mcp.Tool before registering it with Handler.
func Tool(t stitch.Tool) mcp.Tool {
	tool := mcp.Tool{
		Name:           t.Name,
		Title:          t.Title,
		Description:    t.Description,
		RawInputSchema: json.RawMessage(t.InputSchema),
	}
	if t.OutputSchema != "" {
		tool.RawOutputSchema = json.RawMessage(t.OutputSchema)
	}
	for _, ic := range t.Icons {
		tool.Icons = append(tool.Icons, mcp.Icon{Src: ic.Src, MIMEType: ic.MIMEType, Sizes: ic.Sizes, Theme: mcp.IconTheme(ic.Theme)})
	}
	if t.Meta != nil {
		tool.Meta = &mcp.Meta{AdditionalFields: t.Meta}
	}
	if a := t.Annotations; a != nil {
		tool.Annotations = mcp.ToolAnnotation{
			ReadOnlyHint:    copyBool(a.ReadOnlyHint),
			DestructiveHint: copyBool(a.DestructiveHint),
			IdempotentHint:  copyBool(a.IdempotentHint),
			OpenWorldHint:   copyBool(a.OpenWorldHint),
		}
	}
	return tool
}

func copyBool(b *bool) *bool {
	if b == nil {
		return nil
	}
	v := *b
	return &v
}

// Handler is the mcp-go tool handler for the tool name of d. Every failure
// of the call is an isError result; its error, which mcp-go sends as a
// JSON-RPC error, is only for a requestState that does not open or a
// request for input the client did not declare it can answer.
func Handler(d *stitch.Dispatcher, name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return call(ctx, d, name, &req)
	}
}

// call runs one call on d with the request and the peer in ctx and
// converts the result. The arguments are the raw bytes mcp-go kept
// (CallToolParams.RawArguments). A request built in Go rather than decoded
// from JSON (a test calling a Handler) has none: its Arguments value is
// encoded with encoding/json instead, and a value that does not encode is
// passed as the encoder's error text, which the dispatcher rejects as a
// syntax error that its observers see. Its error, which mcp-go sends as a
// JSON-RPC error, is a requestState that does not open or a request for
// input the client did not declare it can answer.
func call(ctx context.Context, d *stitch.Dispatcher, name string, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ctx = context.WithValue(ctx, requestKey{}, req)
	if s := server.ServerFromContext(ctx); s != nil {
		ctx = stitch.WithPeer(ctx, peer{s: s, req: req})
	}
	args := []byte(req.Params.RawArguments)
	if len(args) == 0 && req.Params.Arguments != nil {
		b, err := json.Marshal(req.Params.Arguments)
		if err != nil {
			b = []byte(err.Error())
		}
		args = b
	}
	if m := req.Params.Meta; m != nil {
		ctx = stitch.WithTrace(ctx, stitch.TraceFromMeta(m.AdditionalFields))
	}
	ctx, err := withInput(ctx, d, name, req)
	if err != nil {
		return nil, err
	}
	r := d.Call(ctx, name, args)
	if r.InputRequired != nil {
		return inputRequired(ctx, r.InputRequired)
	}
	return Result(r), nil
}

type requestKey struct{}

// Request returns the mcp-go request of the tool call whose handler
// received ctx, or nil outside one: its Params hold the call's _meta
// (Params.Meta) and its Header the HTTP headers of a streamable-HTTP call.
// The same context reaches the rest of mcp-go: server.ServerFromContext(ctx)
// gives the server, whose RequestSampling, RequestElicitation and
// RequestRoots ask the client of this call, and
// server.ClientSessionFromContext(ctx) the session.
func Request(ctx context.Context) *mcp.CallToolRequest {
	r, _ := ctx.Value(requestKey{}).(*mcp.CallToolRequest)
	return r
}

// Result converts a dispatcher result to mcp-go's. The structured content
// is the dispatcher's bytes (RawStructuredContent, which mcp-go writes as
// it is, and StructuredContent as a json.RawMessage of the same bytes for
// middleware that reads it).
func Result(r *stitch.Result) *mcp.CallToolResult {
	res := &mcp.CallToolResult{Content: make([]mcp.Content, 0, len(r.Content)), IsError: r.IsError}
	for _, c := range r.Content {
		res.Content = append(res.Content, content(c))
	}
	if r.Structured != nil {
		res.RawStructuredContent = r.Structured
		res.StructuredContent = r.Structured
	}
	return res
}

// unknownTool is the name of the tool that answers calls of unknown tools
// (see AddTools). The slash keeps it apart from every tool name stitchgen
// accepts.
const unknownTool = "stitchmcpgo/unknown-tool"

// routedKey is the header key under which the before-call hook hands the
// original tool name to the unknown tool's handler. With its spaces it is
// no valid HTTP header name, so no client can send it.
const routedKey = "stitchmcpgo unknown tool"

// routeUnknown is the before-call hook of AddTools: it renames a call that
// mcp-go would answer as a call of an unknown tool to unknownTool, and
// keeps the original name in a copy of the request's header. A direct call
// of unknownTool is routed too (d then answers it as unknown); a
// task-augmented call is left to mcp-go. A call of one of d's tools (own)
// is never routed, without asking s: AddTools registered it, and if it
// was removed since (DeleteTools), d would run it, while the service
// removed it so that it does not run; mcp-go answers it as unknown
// instead.
func routeUnknown(s *server.MCPServer, own map[string]bool) server.OnBeforeCallToolFunc {
	return func(ctx context.Context, _ any, req *mcp.CallToolRequest) {
		name := req.Params.Name
		if own[name] {
			return
		}
		if _, routed := req.Header[routedKey]; routed {
			return
		}
		if name != unknownTool && (req.Params.Task != nil || known(ctx, s, name)) {
			return
		}
		h := req.Header.Clone()
		if h == nil {
			h = http.Header{}
		}
		h[routedKey] = []string{name}
		req.Header = h
		req.Params.Name = unknownTool
	}
}

// known reports whether s has a tool named name for the session of ctx.
func known(ctx context.Context, s *server.MCPServer, name string) bool {
	if s.GetTool(name) != nil {
		return true
	}
	if st, ok := server.ClientSessionFromContext(ctx).(server.SessionWithTools); ok {
		_, ok := st.GetSessionTools()[name]
		return ok
	}
	return false
}

// unknownHandler serves unknownTool: d answers the call under the name
// the client used.
func unknownHandler(d *stitch.Dispatcher) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		name := unknownTool
		if v := req.Header[routedKey]; len(v) == 1 {
			name = v[0]
		}
		delete(req.Header, routedKey) // the hook's copy, this call's own
		req.Params.Name = name
		return call(ctx, d, name, &req)
	}
}

// hideUnknown is the after-list hook of AddTools: tools/list does not
// show unknownTool.
func hideUnknown(_ context.Context, _ any, _ *mcp.ListToolsRequest, res *mcp.ListToolsResult) {
	res.Tools = slices.DeleteFunc(res.Tools, func(t mcp.Tool) bool { return t.Name == unknownTool })
}
