// Package gosdk is the everything server on the official MCP Go SDK
// (github.com/modelcontextprotocol/go-sdk): the tools of package
// examples/conformance/everything served by one stitch dispatcher through
// the go-sdk adapter (stitchgosdk), the session tools through
// stitchgosdk.Request, and json_schema_2020_12_tool, the resources, prompts
// and completions with the plain SDK.
package gosdk

import (
	"context"
	"net"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/examples/conformance/everything"
	"github.com/stitchgen/stitchgen/stitch"
)

// NewServer returns the everything server: the stitchgen tools served by
// one dispatcher with opt, and the plain SDK's tool, resources, prompts
// and completions.
func NewServer(opt stitch.Options) (*mcp.Server, error) {
	box := &serverBox{}
	d, err := stitch.NewDispatcher(opt, everything.StitchTools(handler{server: box}))
	if err != nil {
		return nil, err
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "stitchgen-everything", Version: "v1.0.0"}, &mcp.ServerOptions{
		CompletionHandler:  complete,
		SubscribeHandler:   subscribe,
		UnsubscribeHandler: unsubscribe,
		SetCacheable:       cacheable,
	})
	box.s = s
	stitchgosdk.AddTools(s, d)
	addPlain(s)
	return s, nil
}

// cacheable sets the caching hints (revision 2026-07-28) of the lists that
// do not change while the server runs: the resources and the resource
// templates, which every client may keep for everything.ListTTL. The tools
// and prompts change (test_trigger_tool_change, test_trigger_prompt_change)
// and a resource's content may (test://watched-resource): they keep the
// SDK's ttlMs 0.
func cacheable(_ context.Context, req mcp.Request, c *mcp.Cacheable) {
	switch req.(type) {
	case *mcp.ListResourcesRequest, *mcp.ListResourceTemplatesRequest:
		c.TTLMs, c.CacheScope = int(everything.ListTTL.Milliseconds()), "public"
	}
}

// HTTPHandler serves server over streamable HTTP with the adapter's
// serving defaults (docs/serving.md), stateful (the server's sampling and
// elicitation requests need a session), keeping each stream's events so
// that a client whose stream the server closed (test_reconnection) resumes
// it with Last-Event-ID. The SDK's DNS rebinding protection stays on: a
// request to a loopback address with another Host is refused.
func HTTPHandler(server *mcp.Server) http.Handler {
	return stitchgosdk.HTTPHandler(server, httpOptions())
}

// httpOptions are the options of HTTPHandler, each call with an event
// store of its own.
func httpOptions() *stitchgosdk.HTTPOptions {
	return &stitchgosdk.HTTPOptions{
		Streamable: mcp.StreamableHTTPOptions{EventStore: mcp.NewMemoryEventStore(nil)},
	}
}

// Serve serves server on ln over streamable HTTP (HTTPHandler) with the
// adapter's connection timeouts until ctx is done.
func Serve(ctx context.Context, ln net.Listener, server *mcp.Server) error {
	return stitchgosdk.Serve(ctx, server, ln, httpOptions())
}

// ServeStdio serves server on stdin and stdout, with the adapter's limits,
// until ctx is done or the client goes.
func ServeStdio(ctx context.Context, server *mcp.Server) error {
	return stitchgosdk.ServeStdio(ctx, server, nil)
}
