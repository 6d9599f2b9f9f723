// Package mcpgo is the everything server on mark3labs/mcp-go: the tools of
// package examples/conformance/everything served by one stitch dispatcher
// through the mcp-go adapter (stitchmcpgo), the session tools through the
// server of the call's context (server.ServerFromContext), and
// json_schema_2020_12_tool, the resources, prompts and completions with
// plain mcp-go. Where it differs from package gosdk, and why, is in
// docs/mcpgo.md ("What the conformance suite says").
package mcpgo

import (
	"context"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/examples/conformance/everything"
	"github.com/stitchgen/stitchgen/stitch"
)

// NewServer returns the everything server: the stitchgen tools served by
// one dispatcher with opt, and plain mcp-go's tool, resources, prompts and
// completions. It declares the capabilities the reference server declares
// (tools, resources with subscriptions, prompts, logging, completions);
// mcp-go accepts every subscription and keeps none for a session that
// does not track them, as the reference server does.
func NewServer(opt stitch.Options) (*server.MCPServer, error) {
	d, err := stitch.NewDispatcher(opt, everything.StitchTools(handler{}))
	if err != nil {
		return nil, err
	}
	s := stitchmcpgo.NewServer("stitchgen-everything", "v1.0.0", d,
		server.WithToolCapabilities(true),
		server.WithResourceCapabilities(true, true),
		server.WithPromptCapabilities(true),
		server.WithCompletions(),
		// The resources and resource templates do not change while the
		// server runs; the tools and prompts do (the trigger tools), and a
		// resource's content may: they keep mcp-go's ttlMs 0.
		server.WithMethodCacheHints(mcp.MethodResourcesList, everything.ListTTL.Milliseconds(), mcp.CacheScopePublic),
		server.WithMethodCacheHints(mcp.MethodResourcesTemplatesList, everything.ListTTL.Milliseconds(), mcp.CacheScopePublic))
	addPlain(s)
	return s, nil
}

// sessionIdleTTL is how long a streamable-HTTP session lives without a
// request; its recorded events go with it.
const sessionIdleTTL = 10 * time.Minute

// httpOptions are mcp-go's options for the everything server: stateful
// (the server's sampling and elicitation requests need a session; an
// unknown session id is refused), with an event store: without one,
// mcp-go's streamable-HTTP server can drop a notification sent near the
// end of a call (the log messages and progress of test_tool_with_logging
// and test_tool_with_progress; docs/mcpgo.md, gap 6). The store keeps a
// session's events until the session ends, so a session ends after
// sessionIdleTTL without a request. mcp-go's DNS rebinding protection
// stays on: a request to a loopback address with another Host is refused.
func httpOptions() (*stitchmcpgo.HTTPOptions, []server.StreamableHTTPOption) {
	return &stitchmcpgo.HTTPOptions{SessionTimeout: sessionIdleTTL},
		[]server.StreamableHTTPOption{server.WithStateful(true), server.WithEventStore(server.NewInMemoryEventStore())}
}

// HTTPHandler serves s over streamable HTTP with the adapter's serving
// defaults (docs/serving.md) and httpOptions.
func HTTPHandler(s *server.MCPServer) http.Handler {
	opt, opts := httpOptions()
	h, _ := stitchmcpgo.HTTPHandler(s, opt, opts...)
	return h
}

// Serve serves s on ln over streamable HTTP (HTTPHandler's, with the
// adapter's connection timeouts) until ctx is done.
func Serve(ctx context.Context, ln net.Listener, s *server.MCPServer) error {
	opt, opts := httpOptions()
	return stitchmcpgo.Serve(ctx, s, ln, opt, opts...)
}

// ServeStdio serves s on stdin and stdout, with the adapter's limits,
// until ctx is done or stdin ends.
func ServeStdio(ctx context.Context, s *server.MCPServer) error {
	return stitchmcpgo.ServeStdio(ctx, s, os.Stdin, os.Stdout, nil)
}
